"""Events as stored: the event, its players and its change log (one transaction per change).

Every change of an event goes through ``changing(db, EventOwner(event_id),
…)``, as a game's does: one write transaction taken before reading, the
version the page showed checked and moved on, a line on the event's
change log, a hash chain (``event_changes``, ``db/chain.py``). The
rounds and their tables are ``rounds.py``, the corrections ``corrections.py``.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import sqlite_utils

from ..clock import now
from ..clubs.part_names import finder
from ..db import transaction
from ..db.chain import EVENT_CHANGES, Chain, append
from ..db.rows import Damaged, Row, reading, text, text_or_none, whole, whole_or_none
from ..names import MAX_LENGTH, Clash, Roster, fault, said_once, tidy
from ..rules.errors import N_, GameError
from ..rules.settings import Nn_
from ..store.changing import Change, Owner, changing
from ..store.errors import Conflict
from .settings import EventSettings, settings_from

MAX_PLAYERS = 600
MAX_NAME = MAX_LENGTH  # a player's or a team's name: the app's bound (names.py)
MAX_EVENT_NAME = 80


@dataclass(frozen=True)
class Event:
    id: int
    club_id: int | None
    name: str
    settings: EventSettings
    seed: int
    manager_hash: str | None
    read_token: str
    version: int
    created_at: str
    updated_at: str
    damaged: ClassVar[None] = None


@dataclass(frozen=True)
class DamagedEvent:
    """An event of a list whose row was changed behind the app: its id and what is wrong.
    One such row made the home page and the list of events a 409 for whoever they listed
    it to."""

    id: int
    damaged: Damaged


@dataclass(frozen=True)
class Player:
    """A registered player: ``joined`` is the first round they may be drawn for;
    ``withdrawn`` the last round they played (None: still in)."""

    name: str
    team: str = ""
    together: str = ""
    """Players with the same mark registered together: kept apart by the draw."""
    partner: str = ""
    """Fixed pairs: the partner's name."""
    member_id: int | None = None
    joined: int = 1
    withdrawn: int | None = None

    def plays(self, round_no: int) -> bool:
        return self.joined <= round_no and (self.withdrawn is None or round_no <= self.withdrawn)


def _event_of(row: dict[str, object]) -> Event:
    """The event as stored (``rows.Damaged`` naming it: a column retyped behind the app, or
    settings that do not read as an event's)."""
    with reading("events", row):
        return Event(
            whole(row, "id"),
            whole_or_none(row, "club_id"),
            text(row, "name"),
            _settings(text(row, "settings")),
            whole(row, "seed"),
            text_or_none(row, "manager_hash"),
            text(row, "read_token"),
            whole(row, "version"),
            str(row["created_at"]),
            str(row["updated_at"]),
        )


def _settings(stored: str) -> EventSettings:
    try:
        found: object = json.loads(stored)
        if not isinstance(found, dict):
            raise TypeError(stored[:40])
        return settings_from(found)
    except (GameError, TypeError, ValueError, RecursionError):
        raise Damaged("settings", "junk") from None


def event(db: sqlite_utils.Database, event_id: int) -> Event | None:
    rows = list(db.query("select * from events where id = ?", [event_id]))
    return _event_of(rows[0]) if rows else None


def event_by_read(db: sqlite_utils.Database, token: str) -> Event | None:
    rows = list(db.query("select * from events where read_token = ?", [token]))
    return _event_of(rows[0]) if rows else None


def club_events(
    db: sqlite_utils.Database, club_id: int, limit: int = 20
) -> list[Event | DamagedEvent]:
    """A club's newest events (its page lists them; ``listed`` pages through them all). A
    row that cannot be read is listed as such, as ``listed`` does: one made the club's
    whole page a 409."""
    rows = db.query(
        "select * from events where club_id = ? order by id desc limit ?", [club_id, limit]
    )
    return [_listed(r) for r in rows]


def listed(
    db: sqlite_utils.Database,
    device: str | None,
    clubs: set[int] | None,
    limit: int,
    offset: int = 0,
) -> tuple[list[Event | DamagedEvent], int]:
    """The events a browser may run, newest first, a page at a time, and how many in all:
    those its device holds a right on (it created the event or opened its manager link)
    and those of the clubs it manages; ``clubs`` None: every event (the admin). A row that
    cannot be read is listed as such (its pages say the same, 409)."""
    if clubs is None:
        where, args = "1", []
    else:
        chosen = sorted(clubs)[-1000:]
        where = (
            "id in (select event_id from event_grants where device = ? and revoked_at is null)"
            f" or club_id in ({', '.join('?' * len(chosen))})"
        )
        args = [device or "", *chosen]
    total = db.execute(f"select count(*) from events where {where}", args).fetchone()[0]
    rows = db.query(
        f"select * from events where {where} order by id desc limit ? offset ?",
        [*args, limit, offset],
    )
    return [_listed(r) for r in rows], int(total)


def _listed(row: dict[str, object]) -> Event | DamagedEvent:
    try:
        return _event_of(row)
    except Damaged as damaged:
        return DamagedEvent(int(str(row["id"])), damaged)  # INTEGER PRIMARY KEY


def create_event(
    db: sqlite_utils.Database,
    name: str,
    settings: EventSettings,
    manager_hash: str | None,
    club_id: int | None = None,
    seed: int | None = None,
) -> int:
    """A new event, no player yet; its seed is drawn here (shown, so anyone can re-run the draw)."""
    name = name.strip()
    if not name or len(name) > MAX_EVENT_NAME:
        raise GameError("name", N_("a name is 1 to {top} characters"), top=MAX_EVENT_NAME)
    with transaction(db):
        stamp = now()
        event_id = (
            db.table("events")
            .insert(
                {
                    "club_id": club_id,
                    "name": name,
                    "settings": json.dumps(settings.to_mapping()),
                    "seed": secrets.randbelow(10**6) if seed is None else seed,
                    "manager_hash": manager_hash,
                    "read_token": secrets.token_urlsafe(18),
                    "version": 1,
                    "created_at": stamp,
                    "updated_at": stamp,
                }
            )
            .last_pk
        )
        assert isinstance(event_id, int)
        log(db, event_id, 1, "create", name)
    return event_id


def log(db: sqlite_utils.Database, event_id: int, version: int, action: str, summary: str) -> None:
    """One line of the event's change log outside a change (its creation), on its chain."""
    append(db, EVENT_CHANGES, _line(event_id, version, action, summary))


def _line(event_id: int, version: int, action: str, summary: str) -> dict[str, Any]:
    return {
        "event_id": event_id,
        "version": version,
        "action": action,
        "summary": summary,
        "at": now(),
    }


class EventOwner(Owner[Event]):
    """An event as the owner of versioned changes: ``changing(db, EventOwner(event_id), …)``.

    An event gone is a ``Conflict`` (its page was of another state); its log
    line is the version made, the action and the body's summary.
    """

    table: ClassVar[str] = "events"
    log: ClassVar[Chain] = EVENT_CHANGES

    def read(self, db: sqlite_utils.Database) -> Event:
        found = event(db, self.id)
        if found is None:
            raise Conflict(self.id)
        return found

    def version_of(self, stored: Event) -> int:
        return stored.version

    def line(self, db: sqlite_utils.Database, change: Change[Event]) -> dict[str, Any]:
        return _line(self.id, change.version, change.action, change.summary)


def players(db: sqlite_utils.Database, event_id: int) -> list[Player]:
    return [
        _player(row)
        for row in db.query(
            "select * from event_players where event_id = ? order by id", [event_id]
        )
    ]


def _player(row: Row) -> Player:
    """A player as stored (``rows.Damaged`` naming them: a column retyped behind the app)."""
    with reading("event_players", row):
        return Player(
            text(row, "name"),
            text_or_none(row, "team") or "",
            text_or_none(row, "together") or "",
            text_or_none(row, "partner") or "",
            whole_or_none(row, "member_id"),
            whole(row, "joined"),
            whole_or_none(row, "withdrawn"),
        )


def rounds_drawn(db: sqlite_utils.Database, event_id: int) -> int:
    row = db.execute(
        "select coalesce(max(number), 0) from event_rounds where event_id = ?", [event_id]
    ).fetchone()
    return int(row[0])


def finished(db: sqlite_utils.Database, event_id: int) -> bool:
    """Every round of the event is closed (``EventSettings.unplayed``, as its standing
    reads it: ``Standing.finished``)."""
    found = event(db, event_id)
    closed = db.execute(
        "select count(*) from event_rounds where event_id = ? and closed_at is not null",
        [event_id],
    ).fetchone()[0]
    return found is not None and found.settings.unplayed(int(closed)) == 0


def check_name(name: str) -> str:
    """The name as kept, by the one rule of every name (``names.fault``), else GameError."""
    found = fault(name)
    if found is not None:
        raise GameError("names", found.template, **found.params)
    return tidy(name)


TEAM_PAST = Nn_(
    "{name}: a team's name has at most {num} character",
    "{name}: a team's name has at most {num} characters",
)
TOGETHER_PAST = Nn_(
    "{name}: a “registered together” mark has at most {num} character",
    "{name}: a “registered together” mark has at most {num} characters",
)


def past_bound(text: str, said: tuple[str, str]) -> str:
    """A team or a mark as registered, refused past the names' bound (``MAX_NAME``, as kept:
    ``tidy``) with ``said`` (GameError); it was cut to the bound in silence (fix27a). The
    director's box refuses it first, naming its line (web/events/actions.too_long)."""
    if len(tidy(text)) > MAX_NAME:
        raise GameError("names", said, name=tidy(text)[:MAX_NAME] + "…", num=MAX_NAME)
    return text


def register(
    db: sqlite_utils.Database, event_id: int, version: int | None, entries: Sequence[Player]
) -> None:
    """Add players (a late arrival joins the next round drawn); a name twice is refused,
    and so is one that is another's but for case, accents or spaces, or reads like it
    (``names.clash``: "ANNE", "Anné", a Cyrillic "Аnne" beside Anne). Two such names in
    one list are named as a list's repeat, not as someone registered already; the very name
    again is said once (``names.said_once``: "Anne is registered already", not "… as
    Anne"). At a club,
    two names of one member ("Anne Martin", "Anne" her short name) are refused too, and a
    name that reads like a member's but is not theirs (``clubs.NameTaken``, as the club's
    member form refuses it: ``part_names.finder``'s ``kept_names``). Nobody
    registers once the event is ``finished``: as a withdrawal, a registration is about the
    rounds still to come, and there are none (reopening the last round makes some again)."""
    with changing(db, EventOwner(event_id), version, "register") as change:
        if finished(db, event_id):
            raise GameError("names", N_("the event is finished: nobody registers any more"))
        before = players(db, event_id)
        registered = [p.name for p in before]
        present = Roster(registered)
        # None for all at an event of no club; a look-alike of a member: NameTaken
        means = finder(db, change.stored.club_id, kept_names=True)
        # the players registered already are found as a table finds them, never refused: a
        # look-alike registered before its member joined the club blocked every later
        # registration (review24)
        registered_as = finder(db, change.stored.club_id)
        whose = {m: p.name for p in before if (m := registered_as(p.name, p.member_id)) is not None}
        joined = rounds_drawn(db, event_id) + 1
        batch: set[str] = set()  # names of this list, told apart from those registered
        if len(registered) + len(entries) > MAX_PLAYERS:
            raise GameError("names", N_("at most {top} players"), top=MAX_PLAYERS)
        for entry in entries:
            name = check_name(entry.name)
            found = present.find(name)
            if found is not None and found[0] in batch and said_once(name, found[0]):
                raise GameError("names", N_("{name} is twice in the list"), name=name)
            if found is not None and found[0] in batch:
                raise GameError(
                    "names",
                    N_("{name} and {other} are the same name twice in the list"),
                    name=name,
                    other=found[0],
                )
            if found is not None and said_once(name, found[0]):  # "Anne ... as Anne"
                raise GameError("names", N_("{name} is registered already"), name=name)
            if found is not None and found[1] is Clash.SAME:
                raise GameError(
                    "names",
                    N_("{name} is registered already as {other}"),
                    name=name,
                    other=found[0],
                )
            if found is not None:
                raise GameError(
                    "names",
                    N_("{name} reads like {other}, registered already: give another name"),
                    name=name,
                    other=found[0],
                )
            member = means(name, entry.member_id)
            if member is not None and whose.setdefault(member, name) != name:
                (said,) = db.execute("select name from members where id = ?", [member]).fetchone()
                raise GameError(
                    "names",
                    N_("{name} and {other} are one member, {member}: one person plays once"),
                    name=name,
                    member=said,
                    other=whose[member],
                )
            present.add(name)
            batch.add(name)
            db.table("event_players").insert(
                {
                    "event_id": event_id,
                    "name": name,
                    "team": past_bound(entry.team, TEAM_PAST),
                    "together": past_bound(entry.together, TOGETHER_PAST),
                    "partner": entry.partner[:MAX_NAME],  # its own entry: check_name
                    "member_id": entry.member_id,
                    "joined": joined,
                    "withdrawn": None,
                }
            )
        change.summary = ", ".join(e.name for e in entries)


def withdraw(db: sqlite_utils.Database, event_id: int, version: int | None, name: str) -> None:
    """The player leaves after the rounds drawn so far: the next draw leaves them out."""
    with changing(db, EventOwner(event_id), version, "withdraw") as change:
        drawn = rounds_drawn(db, event_id)
        if finished(db, event_id):
            raise GameError("name", N_("the event is finished: nobody withdraws any more"))
        cursor = db.execute(
            "update event_players set withdrawn = ? where event_id = ? and name = ?"
            " and withdrawn is null",
            [drawn, event_id, name],
        )
        if cursor.rowcount != 1:
            raise GameError("name", N_("{name} is not playing"), name=name)
        change.summary = name


# Rights: a device that opened the manager link (or created the event), as a club's.


def give(db: sqlite_utils.Database, event_id: int, device: str) -> None:
    with db.atomic():
        if not holds(db, event_id, device):
            db.table("event_grants").insert(
                {"event_id": event_id, "device": device, "created_at": now(), "revoked_at": None}
            )


def holds(db: sqlite_utils.Database, event_id: int, device: str) -> bool:
    rows = db.query(
        "select 1 from event_grants where event_id = ? and device = ? and revoked_at is null",
        [event_id, device],
    )
    return bool(list(rows))
