"""Who may see and run an event: as a game's or a club's links.

The *manager link* (its secret stored hashed) gives the browser that opens
it a right kept in the database (``event_grants``, by the device's hash);
the creator gets it at once; a club's managers manage the club's events;
the admin manages all. The *read link* is the event's read token in the
address (``/events/<token>``): it shows the ranking, the wall and the
results, and changes nothing. Anyone else gets 404, as if it did not exist,
from the event's row alone, before any table is read.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Hashable

from flask import abort, current_app, url_for

from ...db import generation, get_db
from ...events import records as stored
from ...events.records import Event
from ...events.standing import event_key
from ...rights import access, tokens
from ..ops.deployment import external_url

MAX_TOKEN = 64


def can_manage_event(found: Event) -> bool:
    if access.is_admin():
        return True
    if found.club_id is not None and access.can_manage_club(found.club_id):
        return True
    held = access.device_hash()
    return held is not None and stored.holds(get_db(), found.id, held)


def event_page(found: Event) -> str:
    """The event's page this browser may open: the director's page to whoever runs it (its
    manager link's holders, the club's managers, the admin), else the read link's ranking,
    as the club's page links its events. The director's address is never shown to a reader
    (it would 404 for them: it says nothing they can open)."""
    if can_manage_event(found):
        return url_for("events.director", event_id=found.id)
    return url_for("events.public", token=found.read_token)


def managed_event(event_id: int) -> Event:
    """The event if this browser may run it; else 404 (a reader sees the read pages only)."""
    found = stored.event(get_db(), event_id) if 1 <= event_id <= access.MAX_ID else None
    if found is None or not can_manage_event(found):
        abort(404)
    return found


def read_event(token: str) -> Event:
    """The event of a read link; 404 for any other token."""
    found = stored.event_by_read(get_db(), token) if len(token) <= MAX_TOKEN else None
    if found is None:
        abort(404)
    return found


def results_key(token: str, **_: object) -> Hashable:
    """The results' PDF (``kept.expensive``): access first (404), then the event's key."""
    found = read_event(token)
    return (found.id, found.read_token, event_key(get_db(), found.id), generation(get_db()))


def slips_key(event_id: int, **_: object) -> Hashable:
    """The slips' PDF: the event's managers only (404), then what the slips show: the
    event's own version (its name, rounds, seeds, who sits out), each table's game (its
    link) and players as seated, and the address their links begin with. A deal at a
    table changes none of it: keyed by the event's key, which moves at every deal, a slip
    reprinted mid-round drew the 136 slips of a championship again (4.4-5.9 s of CPU)."""
    found = managed_event(event_id)
    # the columns as stored, not joined into one text: a BLOB retyped behind the app into
    # a table's number was an undecodable text there, a 500 (the view says it, 409)
    seating = tuple(
        get_db().execute(
            "select event_tables.round, event_tables.table_no, event_tables.game_id,"
            " games.players from event_tables join games on games.id = event_tables.game_id"
            " where event_tables.event_id = ? order by event_tables.round, event_tables.table_no",
            [found.id],
        )
    )
    base = external_url("events.slips", event_id=found.id)
    return (found.id, found.read_token, found.version, seating, base, generation(get_db()))


def grant_event(event_id: int) -> None:
    token = access.device(create=True)
    assert token is not None
    stored.give(get_db(), event_id, tokens.token_hash(token))


def table_token(game_id: int) -> str:
    """A table's manager link secret: derived from the app's secret, never stored.

    The director's page and the table slips show it again whenever asked;
    the game keeps only its hash, as any game's manager link.
    """
    key = str(current_app.config["SECRET_KEY"]).encode()
    digest = hmac.new(key, f"event-table:{game_id}".encode(), hashlib.sha256).digest()
    return digest[:18].hex()


def table_hash(game_id: int) -> str:
    return tokens.token_hash(table_token(game_id))
