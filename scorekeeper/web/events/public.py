"""An event's read pages: the ranking on the phones, the wall, the results and their files.

All of them go by the read link (``/events/<token>``). They follow the event
live as the table link follows a game: the page's ETag is made from the key
of the standing it shows (the event's version, its tables and their games'
versions), so a poll while nothing changed is answered 304 without reading a
table. The ranking is computed once per change, and the read pages take one
up to a second old (``FRESH``): 500 phones and a wall polling a 136-table
championship share one ranking, and one drawing of each page, per second
at most, whatever the pace of the tables.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from collections.abc import Callable

from flask import Response, render_template, request

from ...db import generation, get_db
from ...events.drawing import read_asked
from ...events.records import Event
from ...events.results import results_csv, results_json
from ...events.standing import Standing
from ...i18n import language
from ...ratings.entry import at_entry, entry_key
from ..blueprints import events as bp
from ..kept.expensive import expensive
from ..ops.gzipped import html_sent, packed, varies
from ..printing.pdf import pdf_response, printed
from .director import for_reader, round_end, standing_of
from .rights import read_event, results_key
from .words import spreadsheet_headers, spreadsheet_number

RESULTS = printed("events/results.html")
"""The results, also the PDF's."""

BOM = "\ufeff"  # a spreadsheet reads UTF-8 CSV correctly with it

RELEASE = "events-1"
FRESH = 1.0
"""Seconds a read page may show a standing that a table has moved on from since."""
DRAWN_KEPT = 64
_drawn: OrderedDict[str, tuple[bytes, bytes]] = OrderedDict()
"""Each drawing by its ETag: the page and the page gzipped (a 544-player ranking is 55 kB,
6 kB gzipped; 500 phones fetch it again every 3 s at a championship's pace, over a café's
Wi-Fi). Compressed once per drawing, not per request (``KEPT_LEVEL``)."""
KEPT_LEVEL = 6
"""zlib's level for a read page's drawing: compressed once, sent to every phone."""
_lock = threading.Lock()


def _tag(found: Event, key: str) -> str:
    """The page's ETag: the standing's key, the address, the language (and the database's
    generation: a restore in place never matches a page drawn before it)."""
    dark = request.args.get("dark") == "1"
    text = "\x1f".join(
        [
            RELEASE,
            generation(get_db()),
            found.read_token,
            key,
            request.path,
            str(dark),
            language(),
        ]
    )
    return hashlib.blake2b(text.encode(), digest_size=12).hexdigest()


def _tagged(response: Response, tag: str) -> Response:
    """A read page's answer (or its 304) with its tag: the browser or the tool keeps it and
    asks each time whether it is still current."""
    response.set_etag(tag)
    response.headers["Cache-Control"] = "private, no-cache"
    return response


def _followed(
    found: Event,
    page: str,
    also: str = "",
    more: Callable[[Standing], dict[str, object]] | None = None,
    **context: object,
) -> Response:
    """``also``: what else the page is made of beside the standing (in its ETag); ``more``:
    what it draws of it, asked only when the page is drawn."""
    standing = standing_of(found, within=FRESH)
    tag = _tag(found, standing.key + also)
    if tag in request.if_none_match:
        response = varies(Response(status=304))
    else:
        with _lock:
            drawn = _drawn.get(tag)
        if drawn is None:
            standing = for_reader(standing)
            if more is not None:
                context = {**context, **more(standing)}
            html = render_template(
                page,
                event=found,
                standing=standing,
                ends=round_end(standing),
                etag=tag,
                **context,
            ).encode()
            drawn = (html, packed(html, KEPT_LEVEL))
            with _lock:
                _drawn[tag] = drawn
                while len(_drawn) > DRAWN_KEPT:
                    _drawn.popitem(last=False)
        response = html_sent(drawn[0], KEPT_LEVEL, kept=drawn[1])
    return _tagged(response, tag)


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
    """The results; a club's event shows its players' club ratings at entry beside them (the
    ranking never reads them), so the page follows the club's tables too."""
    found = read_event(token)
    db = get_db()
    key = entry_key(db, found)
    also = "" if key is None else hashlib.blake2b(repr(key).encode(), digest_size=12).hexdigest()

    def entry(standing: Standing) -> dict[str, object]:
        return {"entry": at_entry(db, found, standing.players, standing.rounds)}

    return _followed(found, RESULTS, also, entry, pdf=False)


@bp.get("/events/<token>/results.pdf")
@expensive(results_key)
def results_pdf(token: str) -> Response:
    found = read_event(token)
    standing = for_reader(standing_of(found))
    html = render_template(RESULTS, event=found, standing=standing, pdf=True)
    return pdf_response(html, f"event-{found.id}-results.pdf")


@bp.get("/events/<token>/results.csv")
def results_file(token: str) -> Response:
    found = read_event(token)
    standing = standing_of(found)
    if request.args.get("sep") == "semicolon":  # for people: their words, their numbers
        words = spreadsheet_headers()
        text = BOM + results_csv(standing.lines, standing.plays, words, spreadsheet_number, ";")
    else:
        text = results_csv(standing.lines, standing.plays)
    return Response(
        text,
        mimetype="text/csv",
        headers={"Content-Disposition": f"attachment; filename=event-{found.id}-results.csv"},
    )


@bp.get("/events/<token>/results.json")
def results_data(token: str) -> Response:
    """The results as data, polled by boards and tools: tagged as the read pages are
    (``_tag``: the standing's key), so a poll while nothing changed is a 304 without a
    ranking drawn or sent (it was the whole file, each time)."""
    standing = standing_of(read_event(token))
    # the event as the standing read it, at its key: the row read before the key could be
    # older than it, and its name or settings then kept under the newer key's tag
    found = standing.event
    tag = _tag(found, standing.key)
    if tag in request.if_none_match:
        response = Response(status=304)
    else:
        asked = {drawn.number: read_asked(drawn.asked) for drawn in standing.rounds}
        data = results_json(
            found.name,
            found.settings,
            found.seed,
            standing.lines,
            standing.plays,
            asked,
            standing.penalties,
        )
        text = json.dumps(data, ensure_ascii=False, indent=1)
        response = Response(text, mimetype="application/json")
    return _tagged(response, tag)
