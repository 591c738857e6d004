"""Why a table takes no coup now, and what its event says of it: one read of its rows.

A table stops taking coups when its club's evening is closed, when it is a
table of an event whose round is closed or whose result the director has
locked, or — for new coups only — when it has played its round's deals
(corrections of those deals stay allowed until the round is closed); and a
casual table once it stopped here (until the stop is taken back).
``changing`` refuses the coups inside the coup's own transaction; the game
pages ask the same here and show the reason in place of the coup form, so
nobody types a coup that would be refused.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum

import sqlite_utils

from ..db import rows
from ..rules.errors import N_, GameError
from ..rules.kinds import find_kind, stops_after


class Lock(StrEnum):
    """What stops a table, in the order they are told (the first that holds)."""

    EVENING = "evening"
    """Its club's evening is closed (the club's manager may reopen it)."""
    ROUND = "round"
    """Its event's round is closed."""
    LOCKED = "locked"
    """The director locked its result."""
    DEALS = "deals"
    """Its round's deals are played: no new coup (corrections still)."""
    STOPPED = "stopped"
    """The table stopped here (``stops.py``): no coup, until the stop is taken back."""


@dataclass(frozen=True)
class EventSeat:
    """The table as a table of an event: which event, which round, how many deals."""

    event_id: int
    name: str
    round: int
    rounds: int
    deals: int | None
    round_closed: bool
    locked: bool
    ends: str | None = None
    """When the round ends by its clock (ISO time, UTC), if it has one and is open."""
    stops: int | None = None
    """The deals after which the round stops the table (``kinds.stops_after``): its deals,
    unless the table's rules play on past them (the 1709 poule's "continue"); None: never."""


EVENT_TABLE = N_(
    "this table belongs to a competition: its players and rules are fixed by the competition"
)


@dataclass(frozen=True)
class TableState:
    """Everything that may stop a table, read once."""

    evening_closed: bool
    event: EventSeat | None
    coups: int
    stopped: bool = False
    """The table stopped after its last coup (``games.stopped``)."""

    @property
    def lock(self) -> Lock | None:
        """Why the table takes no new coup now; None: it does."""
        if self.evening_closed:
            return Lock.EVENING
        if self.event is None:
            return Lock.STOPPED if self.stopped else None
        if self.event.round_closed:
            return Lock.ROUND
        if self.event.locked:
            return Lock.LOCKED
        if self.event.stops is not None and self.coups >= self.event.stops:
            return Lock.DEALS
        return None

    def refuses(self, adds: bool) -> Lock | None:
        """The lock that refuses a change: a new coup (``adds``) or a change of one entered."""
        lock = self.lock
        return lock if adds or lock is not Lock.DEALS else None

    def setup_refusal(self, coups: int | None = None) -> GameError | None:
        """Why its players and rules can no longer change by their own rule, if they cannot:
        a competition's table, or a coup entered (``coups``: as the caller counted them in
        the game it holds; else the state's count). ``game_setup.setup_refused`` says it."""
        if self.event is not None:
            return GameError("players", EVENT_TABLE)
        if self.coups if coups is None else coups:
            return GameError("rules", N_("the rule set is frozen once the first coup is entered"))
        return None

    @property
    def takes_setup(self) -> bool:
        """Whether its players and rules may still change: no refusal of their own
        (``setup_refusal``) and no lock (a closed evening, a stop). The set-up page asks it,
        and the game page before it offers the link."""
        return self.setup_refusal() is None and self.refuses(False) is None

    @property
    def key(self) -> str:
        """What a kept page of the table depends on besides the game's version."""
        return str(self.lock or "")


STATE_COLUMNS = """
  (select action from evening_closings where evening_id =
     (select evening_id from evening_games where game_id = :game)
   order by id desc limit 1) as lock_closing,
  (select count(*) from coups where game_id = :game) as lock_coups,
  (select json_array(t.event_id, {name}, {round}, {settings}, {closed_at}, {locked}, {started})
   from event_tables t join events e on e.id = t.event_id
   left join event_rounds r on r.event_id = t.event_id and r.number = t.round
   where t.game_id = :game) as lock_event""".format(
    **{
        name: f"case when typeof({column}) = 'blob' then json_object('blob', 1) else {column} end"
        for name, column in (
            ("name", "e.name"),
            ("round", "t.round"),
            ("settings", "e.settings"),
            ("closed_at", "r.closed_at"),
            ("locked", "t.locked"),
            ("started", "r.started_at"),
        )
    }
)
"""The table's locks as three columns of a read (``:game``: the game's id): a change reads
them with the game's row, in one statement (``game_owner.py``), as a request's visit does
(``repository.row_and_grant``); the game's own ``stopped`` is a column of that row."""
LOCK_COLUMNS = ("lock_closing", "lock_coups", "lock_event")
"""The names of ``STATE_COLUMNS``, in the order ``state_of`` takes them."""


def table_state(db: sqlite_utils.Database, game_id: int, stopped: bool | None = None) -> TableState:
    """The table's state; ``stopped``: the game's own column, when its row was read already
    (the request's visit), so that only the locks are read."""
    if stopped is not None:
        closing, coups, event = db.execute(f"select {STATE_COLUMNS}", {"game": game_id}).fetchone()
        return state_of(closing, coups, event, stopped)
    try:
        row: tuple[object, ...] = db.execute(
            f"select {STATE_COLUMNS}, (select stopped from games where id = :game)",
            {"game": game_id},
        ).fetchone()
    except sqlite3.OperationalError as error:  # a database not yet at m023 (a migration's test)
        if "stopped" not in str(error):
            raise
        row = (*db.execute(f"select {STATE_COLUMNS}", {"game": game_id}).fetchone(), 0)
    return state_of(row[0], row[1], row[2], row[3])


def state_of(closing: object, coups: object, event: object, stopped: object = 0) -> TableState:
    """The table's state from the three ``STATE_COLUMNS`` as read, and the game's ``stopped``."""
    seat = None
    if event is not None:
        event_id, name, round_no, settings, closed_at, locked, started = _event_columns(event)
        try:
            loaded: object = json.loads(settings)
        except (ValueError, RecursionError):
            raise rows.Damaged("settings", "junk", event_id, "events") from None
        data: Mapping[str, object] = loaded if isinstance(loaded, Mapping) else {}
        deals, clock, rounds = data.get("deals"), data.get("clock"), data.get("rounds") or 0
        if not isinstance(rounds, int):
            raise rows.Damaged("settings", "junk", event_id, "events")
        kind, rules = find_kind(str(data.get("kind", ""))), data.get("rules")
        stops = deals if isinstance(deals, int) else None
        if kind is not None and isinstance(rules, Mapping):
            stops = stops_after(kind, rules, stops)
        ends = None
        if isinstance(clock, int) and started and closed_at is None:
            try:
                start = datetime.fromisoformat(started)
            except ValueError:
                raise rows.Damaged("started_at", "junk", None, "event_rounds") from None
            ends = (start + timedelta(minutes=clock)).isoformat(timespec="seconds")
        seat = EventSeat(
            _whole(event_id),
            str(name),
            _whole(round_no),
            _whole(rounds),
            deals if isinstance(deals, int) else None,
            closed_at is not None,
            locked is not None,
            ends,
            stops,
        )
    return TableState(closing == "close", seat, _whole(coups), bool(stopped))


EVENT_COLUMNS = (
    ("event_tables", "event_id", int),
    ("events", "name", str),
    ("event_tables", "round", int),
    ("events", "settings", str),
    ("event_rounds", "closed_at", str | None),
    ("event_tables", "locked", str | None),
    ("event_rounds", "started_at", str | None),
)
"""What ``lock_event`` lists: each value's table, column and type as the app writes it."""


def _event_columns(
    event: object,
) -> tuple[int, str, int, str, str | None, str | None, str | None]:
    """``lock_event`` read typed: a value retyped behind the app (a BLOB is listed as
    ``{"blob": 1}``: JSON holds none) is ``rows.Damaged`` naming its column, and the event's
    row where it is the event's, never a 500 on every page of the table."""
    values = json.loads(str(event))
    event_id = values[0] if type(values[0]) is int else None
    for value, (table, column, kind) in zip(values, EVENT_COLUMNS, strict=True):
        if not isinstance(value, kind) or isinstance(value, bool):
            held = "blob" if isinstance(value, dict) else rows.held(value)
            raise rows.Damaged(column, held, event_id if table == "events" else None, table)
    event_id, name, round_no, settings, closed_at, locked, started = values
    return event_id, name, round_no, settings, closed_at, locked, started


def _whole(value: object) -> int:
    """A count or an id as SQLite gives it (or an event's settings hold it)."""
    if not isinstance(value, int):
        raise TypeError(f"not a whole number: {value!r}")
    return value
