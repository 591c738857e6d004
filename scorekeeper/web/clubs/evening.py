"""An evening's pages: its tables as they stand, followed live, and the room's settlement.

The room (scorekeeper/clubs/room.py) is computed from the games; here it
is put in words: each chip table's nets by member, each points table's
standing as its own sheet shows it.
"""

from __future__ import annotations

from flask import Response, abort, jsonify, render_template
from flask_babel import gettext as _
from werkzeug.wrappers import Response as BaseResponse

from ... import access, clubs
from ...clubs.room import Room, Table, room_of
from ...db import get_db
from ...store import closings
from .. import blueprints, registry
from ..forms import ActionForm
from ..kept.expensive import evening_key, expensive
from ..printing import pdf_response
from ..registry import standing

bp = blueprints.clubs


def _evening(evening_id: int) -> tuple[clubs.Evening, clubs.Club]:
    """The evening and its club, if this browser may read the club; else 404."""
    found = clubs.evening(get_db(), evening_id) if 1 <= evening_id <= access.MAX_ID else None
    if found is None:
        abort(404)
    return found, access.readable_club(found.club_id)


def _room(evening_id: int) -> tuple[Room, dict[int, list[str]]]:
    """The evening's room, and where each table stands in words (by table number)."""
    found, club = _evening(evening_id)
    room = room_of(get_db(), found, club)
    return room, {table.no: _lines(table, room) for table in room.tables}


def _lines(table: Table, room: Room) -> list[str]:
    """A chip table: each member's net; a points table: its standing, a line each."""
    if table.nets is None:
        return standing(table.stored.replay())
    return [f"{room.members[m].name} {_signed(n)}" for m, n in table.members_nets()]


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else ("−" + str(-n) if n < 0 else "0")


def _kind_links(evening_id: int) -> list[tuple[str, str]]:
    """Where to open a new table of each game for this evening (the registry's games)."""
    return [
        (_(web.label or web.title), web.new_game_url(evening=evening_id)) for web in registry.WEBS
    ]


@bp.get("/evenings/<int:evening_id>")
def evening(evening_id: int) -> str:
    room, lines = _room(evening_id)
    manager = access.can_manage_club(room.club.id)
    closed = closings.closed(get_db(), evening_id)
    return render_template(
        "club/evening.html",
        version=clubs.evening_version(get_db(), room.evening.id),
        room=room,
        lines=lines,
        manager=manager,
        closed=closed,
        closing_form=ActionForm(formdata=None, version=str(room.club.version)),
        new_tables=_kind_links(evening_id) if manager and not closed else [],
    )


@bp.get("/evenings/<int:evening_id>/version")
def evening_version(evening_id: int) -> BaseResponse:
    """What the evening's page polls to follow every table live (static/follow.js)."""
    found, _club = _evening(evening_id)
    response = jsonify(version=clubs.evening_version(get_db(), found.id))
    response.headers["Cache-Control"] = "no-store"
    return response


def _settlement_page(evening_id: int, pdf: bool) -> str:
    room, lines = _room(evening_id)
    return render_template("club/settlement.html", room=room, lines=lines, pdf=pdf)


@bp.get("/evenings/<int:evening_id>/settlement")
def settlement(evening_id: int) -> str:
    return _settlement_page(evening_id, pdf=False)


@bp.get("/evenings/<int:evening_id>/settlement.pdf")
@expensive(evening_key)
def settlement_pdf(evening_id: int) -> Response:
    html = _settlement_page(evening_id, pdf=True)
    return pdf_response(html, f"evening-{evening_id}.pdf")
