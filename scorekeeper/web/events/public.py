"""An event's read pages: the ranking on the phones, the wall, the results and their files.

All of them go by the read link (``/events/<token>``). They follow the event
live as the table link follows a game: the page's ETag is made from the
event's key (its version, its tables and their games' versions: one small
query), so a poll while nothing changed is answered 304 without reading a
table, and the ranking is computed once per change (``event_standing``).
"""

from __future__ import annotations

import hashlib
import json

from flask import Response, render_template, request
from flask_babel import get_locale

from ...db import generation, get_db
from ...events.results import results_csv, results_json
from ...store.event_standing import event_key
from ...store.events import Event
from ..blueprints import events as bp
from ..printing import pdf_response
from .director import round_end, standing_of
from .rights import read_event

RELEASE = "events-1"


def _tag(found: Event) -> str:
    """The page's ETag: what it shows depends on the event's key, the address and the language."""
    dark = request.args.get("dark") == "1"
    text = "\x1f".join(
        [
            RELEASE,
            generation(get_db()),
            found.read_token,
            event_key(get_db(), found.id),
            request.path,
            str(dark),
            str(get_locale()),
        ]
    )
    return hashlib.blake2b(text.encode(), digest_size=12).hexdigest()


def _followed(found: Event, page: str, **context: object) -> Response:
    tag = _tag(found)
    if tag in request.if_none_match:
        response = Response(status=304)
    else:
        standing = standing_of(found)
        html = render_template(
            page,
            event=found,
            standing=standing,
            ends=round_end(standing),
            etag=tag,
            **context,
        )
        response = Response(html, mimetype="text/html")
    response.set_etag(tag)
    response.headers["Cache-Control"] = "private, no-cache"
    return response


@bp.get("/events/<token>")
def public(token: str) -> Response:
    """The ranking as the players' phones see it."""
    return _followed(read_event(token), "events/public.html")


@bp.get("/events/<token>/wall")
def wall(token: str) -> Response:
    """The big screen: the ranking, the round clock, the next round's seating."""
    return _followed(read_event(token), "events/wall.html", dark=request.args.get("dark") == "1")


@bp.get("/events/<token>/results")
def results(token: str) -> Response:
    return _followed(read_event(token), "events/results.html", pdf=False)


@bp.get("/events/<token>/results.pdf")
def results_pdf(token: str) -> Response:
    found = read_event(token)
    standing = standing_of(found)
    html = render_template("events/results.html", event=found, standing=standing, pdf=True)
    return pdf_response(html, f"event-{found.id}-results.pdf")


@bp.get("/events/<token>/results.csv")
def results_file(token: str) -> Response:
    found = read_event(token)
    standing = standing_of(found)
    text = results_csv(standing.lines, found.settings.rounds)
    return Response(
        text,
        mimetype="text/csv",
        headers={"Content-Disposition": f"attachment; filename=event-{found.id}-results.csv"},
    )


@bp.get("/events/<token>/results.json")
def results_data(token: str) -> Response:
    found = read_event(token)
    standing = standing_of(found)
    data = results_json(found.name, found.settings, found.seed, standing.lines, standing.plays)
    return Response(json.dumps(data, ensure_ascii=False, indent=1), mimetype="application/json")
