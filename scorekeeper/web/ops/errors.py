"""Error pages: a missing game, a bad request, an expired form, a database that cannot write."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from flask import Blueprint, Response, current_app, jsonify, render_template, request
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import BadHost, HTTPException

from ...db import probe, rows
from ...here import request_globals
from ..formats.words import damaged_sentence
from .not_found import NOT_FOUND

bp = Blueprint("errors", __name__)

CANNOT_STORE = frozenset({probe.DISK_FULL, probe.READ_ONLY})
"""What SQLite says when the server cannot store anything: the operator's to mend."""


@bp.app_errorhandler(sqlite3.OperationalError)
def cannot_store(error: sqlite3.OperationalError) -> tuple[str, int, dict[str, str]]:
    """A full disk or a read-only database: 503 and a sentence, not a generic 500.

    The change was rolled back whole (its transaction); a phone's outbox keeps a coup
    answered 503 and sends it again later, where a 500 marked it refused. Any other
    database error stays a 500.
    """
    if probe.reason(error, Path(current_app.config["DATABASE"])) not in CANNOT_STORE:
        raise error
    message = _(
        "The server cannot save anything just now: its disk is full or its database"
        " cannot be written. Nothing was saved; try again later."
    )
    return render_template("error.html", code=503, message=message), 503, {"Retry-After": "30"}


@bp.app_errorhandler(rows.Damaged)
def damaged(error: rows.Damaged) -> tuple[str, int] | Response:
    """A stored row changed behind the app (a BLOB where text was written, text that is not
    JSON): 409 naming the row, as ``scorekeeper verify`` does, never a 500. The row readers
    (``db/rows.py``'s ``reading``) name it; nothing is written.

    The phone's outbox, which asks for JSON, gets it in JSON (``error: damaged``): its plain
    409 means "another phone changed the game" and it opened the conflict's choice, then a
    page that only said the row; in JSON the sentence is shown beside the coup it keeps,
    as any refusal of the server's, and the coup is sent again on the next page."""
    current_app.logger.warning("damaged row: %s", error)
    if request.accept_mimetypes.best == "application/json":
        answer = jsonify(
            error="damaged",
            table=error.table,
            row=error.row,
            column=error.column,
            message=damaged_sentence(error),
        )
        answer.status_code = 409
        return answer
    said = damaged_sentence(error)  # one sentence for the page and the outbox
    message = _("This page cannot be shown: %(why)s", why=said[:1].lower() + said[1:])
    return render_template("error.html", code=409, message=message), 409


@bp.app_errorhandler(CSRFError)
def csrf_error(error: CSRFError) -> tuple[str, int]:
    message = _("This form has expired. Reload the page and try again.")
    return render_template("error.html", code=400, message=message), 400


NOTHING_HERE = (
    # a phone's or a link's: nothing to name
    (frozenset({"grant_id", "token"}), _l("Nothing here: this page does not exist.")),
    (frozenset({"game_id"}), _l("Nothing here: this game or coup does not exist.")),
    (frozenset({"entry_id"}), _l("Nothing here: this club or cash entry does not exist.")),
    (frozenset({"member_id"}), _l("Nothing here: this club or member does not exist.")),
    (frozenset({"evening_id"}), _l("Nothing here: this evening does not exist.")),
    (frozenset({"event_id"}), _l("Nothing here: this event does not exist.")),
    (frozenset({"club_id"}), _l("Nothing here: this club does not exist.")),
)
"""A 404's words by what its address names, the most precise first."""


def nothing_here() -> str:
    """A 404's words, for what its address names (play19: a member's or a cash entry's 404
    spoke of a game or a coup): what ``not_found`` (not_found.py) was raised for, else the
    most precise thing its route names (``NOTHING_HERE``); none (no route): neutral."""
    raised = request_globals().get(NOT_FOUND)
    asked = set((request.view_args or {}) if request.url_rule is not None else ())
    asked = {raised} if isinstance(raised, str) else asked
    for names, words in NOTHING_HERE:
        if asked & names:
            return str(words)
    return _("Nothing here: this page does not exist.")


def no_right() -> str:
    """A 403's words, for what was refused: a game (``access.managed``) or a club's page
    (``access.managed_club``: its evening's close page said "this game" of an evening)."""
    if request.url_rule is not None and "game_id" in (request.view_args or {}):
        return _("This phone may follow this game but not change it.")
    return _("This phone may read this club's pages but not change them.")


@bp.app_errorhandler(HTTPException)
def http_error(error: HTTPException) -> tuple[str, int] | Response:
    code = error.code or 500
    messages = {
        400: _("This request could not be read. Reload the page and try again."),
        403: no_right(),
        404: nothing_here(),
        405: _("This page cannot be used that way."),
        413: _("This file is too large."),
        428: _(
            "This change does not say which state of the game it was made from, so it was"
            " not applied. Reload the page and try again."
        ),
        429: _("Too many attempts from this address. Wait a minute, then try again."),
    }
    # never werkzeug's English description under a page in another language
    message = messages.get(code, _("Something went wrong (error %(code)s).", code=code))
    if isinstance(error, BadHost):
        # a Host no address is made of ("a..b", a label past 63 letters): the page's links
        # cannot be built with it, and the error page drawn with them was a 500
        return Response(message, code, mimetype="text/plain")
    return render_template("error.html", code=code, message=message), code
