"""A game's change log: one line per change, what the history page and redo read.

Each line says what was done (``Action``), to which coup, the coup (or rule
set) before and after in the game file's shape, and which phone did it. An
undo is a line too: its ``before`` is what a redo puts back.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

import sqlite_utils

from ..clock import now
from ..db import rows
from ..db.chain import CHANGES, append
from ..rules.seating import WAYS, SeatChange
from . import grants


class Action(StrEnum):
    """What a line of a game's change log records (the ``changes.action`` column)."""

    CREATE = "create"
    IMPORT = "import"
    RULES = "rules"
    MONEY = "money"
    MANAGER_LINK = "manager_link"
    PHONE_REMOVED = "phone_removed"
    PHONE_NAMED = "phone_named"
    ADD = "add"
    EDIT = "edit"
    DELETE = "delete"
    UNDO = "undo"
    REDO = "redo"
    HANDOVER_CODE = "handover_code"
    TAKEOVER = "takeover"
    CHAIN = "chain"
    """Not a change: the migration that began the hash chains recorded the game as it was
    then (``m011_hash_chains``); the log is checked from there (``store/audit.py``)."""
    PAID = "paid"
    """A transfer of the settlement ticked as paid (store/paid.py)."""
    UNPAID = "unpaid"
    """A tick taken back."""
    SEAT = "seat"
    """Someone else takes a seat from the next coup (store/seat_changes.py): its summary says
    who, at whose seat, from which coup and how (plays for them / takes over)."""
    STOP = "stop"
    """The table stopped after its last coup: the game ended as it stands (store/stops.py)."""
    RESUME = "resume"
    """The stop taken back: the table plays on (store/stops.py)."""


@dataclass(frozen=True)
class LogRow:
    """One line of a game's change log as the history page reads it."""

    at: str
    action: str
    position: int | None
    before: str | None
    """The coup (or rule set) before the change, as JSON text (the game file's shape)."""
    after: str | None
    grant_id: int | None
    """The link (grant) that made the change; None: made before links were kept."""
    phone: str | None
    """The name or label of that link's phone."""
    line: int = 0
    """The line's id (``seats_then`` is keyed by it)."""
    summary: str | None = None
    """The line's summary, in the log's own words (what a stop's line once said only so)."""

    @classmethod
    def of(cls, row: rows.Row) -> LogRow:
        """The line as stored (``rows.Damaged`` naming it: a column retyped behind the app)."""
        with rows.reading("changes", row):
            return cls(
                rows.text(row, "at"),
                rows.text(row, "action"),
                rows.whole_or_none(row, "position"),
                rows.text_or_none(row, "before"),
                rows.text_or_none(row, "after"),
                rows.whole_or_none(row, "grant_id"),
                rows.text_or_none(row, "phone"),
                rows.whole(row, "id"),
                rows.text_or_none(row, "summary"),
            )


Seats = tuple[SeatChange, ...]


def seats_then(
    db: sqlite_utils.Database, game_id: int, players: Sequence[str]
) -> dict[int, tuple[Seats, Seats]]:
    """The game's seat changes just before and just after each line of its change log (by
    the line's id), as the log records them (``audit.py`` checks the rows against the same
    lines): a game's start holds them all, a seat line adds one, a line that moved them
    (a deletion, an undo, a seat taken after coups undone) holds them all again.

    Who played a coup *then* (``seating.seated`` of these at its number then): the one
    way to name the player of a coup deleted since, whose number today is none. Empty
    when the log does not read as a game's (a junk line): nothing is said rather than a
    guess.
    """
    found: dict[int, tuple[Seats, Seats]] = {}
    seats: Seats = ()
    try:
        for row in db.query(
            "select id, action, after, state from changes where game_id = ? order by id",
            [game_id],
        ):
            before = seats
            state = json.loads(row["state"] or "{}")
            moved = state.get("seat_changes") if isinstance(state, dict) else None
            if row["action"] in (Action.CREATE, Action.IMPORT, Action.CHAIN):
                before = seats = ()
            if moved is not None:
                seats = tuple(_sound(SeatChange(**item), len(players)) for item in moved)
            if row["action"] == Action.SEAT:
                after = json.loads(row["after"])
                taken = SeatChange(
                    after["coup"], list(players).index(after["seat"]), after["player"], after["way"]
                )
                seats = (*seats, _sound(taken, len(players)))
            found[int(row["id"])] = (before, seats)
    except (KeyError, TypeError, ValueError, RecursionError):
        return {}
    return found


def _sound(change: SeatChange, seats: int) -> SeatChange:
    """A seat change as a game holds one (a coup from 1, a seat of the table, a name, a
    way), else ValueError: a log line changed by hand ("coup": 0, "5", 5.5) is no answer
    (the game page's notice once replayed it: a 500)."""
    coup, seat = change.coup, change.seat
    if not (isinstance(coup, int) and not isinstance(coup, bool) and 1 <= coup <= 10**6):
        raise ValueError(coup)
    if not (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < seats):
        raise ValueError(seat)
    if not isinstance(change.player, str) or change.way not in WAYS:
        raise ValueError(change.way)
    return change


def history(db: sqlite_utils.Database, game_id: int) -> list[LogRow]:
    """The change log of a game, newest first, with the label of the phone that made each."""
    return [
        LogRow.of(row)
        for row in db.query(
            "select changes.*, coalesce(grants.name, grants.label) as phone from changes"
            " left join grants on grants.id = changes.grant_id"
            " where changes.game_id = ? order by changes.id desc",
            [game_id],
        )
    ]


def chain_started(db: sqlite_utils.Database, game_id: int) -> str | None:
    """When the game's chain began at the migration (``Action.CHAIN``); None: at its creation."""
    found = db.execute(
        "select at from changes where game_id = ? and action = ? order by id desc limit 1",
        [game_id, str(Action.CHAIN)],
    ).fetchone()
    return None if found is None else str(found[0])


def redoable(db: sqlite_utils.Database, game_id: int) -> int | None:
    """The position of the coup a redo would put back, if the last changes were undos.

    Undos stack: after undoing coups 7 and 6, redo puts 6 back, then 7. Any
    other change since (a coup added, corrected, deleted, a new link…) ends it.
    """
    row = _undo_to_redo(db, game_id)
    return None if row is None else int(row["position"])


@dataclass(frozen=True)
class Undone:
    """What a redo puts back: the coup (the undo's ``before``, the file's shape), at
    ``position``, taken out by the undo that made ``version`` (its line's ``state``; None for
    a line older than the states, m011)."""

    position: int
    coup: Any
    version: int | None


def undone(db: sqlite_utils.Database, game_id: int) -> Undone | None:
    """What a redo would put back (``Undone``), if the last changes were undos."""
    row = _undo_to_redo(db, game_id)
    if row is None:
        return None
    # read for this line alone: the log's walk leaves the states out (a creation's holds
    # every coup of an imported game)
    found = db.execute("select state from changes where id = ?", [row["id"]]).fetchone()
    state = json.loads(found[0]) if found and found[0] else {}
    version = state.get("version") if isinstance(state, dict) else None
    return Undone(
        int(row["position"]),
        json.loads(row["before"]),
        version if isinstance(version, int) else None,
    )


def _undo_to_redo(db: sqlite_utils.Database, game_id: int) -> dict[str, Any] | None:
    """The undo line whose coup a redo puts back: the newest not redone, while only undos
    and redos (and the chain's marker) have been logged since."""
    return coup_changes(db, game_id).redo


COUP_ACTIONS = frozenset({Action.ADD, Action.EDIT, Action.DELETE, Action.UNDO, Action.REDO})
"""The changes to the coups themselves."""


@dataclass(frozen=True)
class CoupChanges:
    """What the change log's end says of the coups: the undo line a redo would put back
    (``redoable``) and the last change to the coups (a game page's notice), found in one
    read of the log from its newest line."""

    redo: dict[str, Any] | None
    last: dict[str, Any] | None


def coup_changes(db: sqlite_utils.Database, game_id: int) -> CoupChanges:
    """The game's ``CoupChanges``: the log read from its newest line until both are known
    (after a coup added, its own line says both)."""
    skip = 0
    redo: dict[str, Any] | None = None
    redo_known = False
    last: dict[str, Any] | None = None
    for row in db.query(
        "select id, action, position, before, after from changes where game_id = ?"
        " order by id desc",
        [game_id],
    ):
        action = row["action"]
        if last is None and action in COUP_ACTIONS:
            last = row
        if not redo_known and action != Action.CHAIN:
            if action == Action.REDO:
                skip += 1
            elif action == Action.UNDO and skip:
                skip -= 1
            else:
                redo, redo_known = (row if action == Action.UNDO else None), True
        if redo_known and last is not None:
            break
    return CoupChanges(redo, last)


def log(
    db: sqlite_utils.Database,
    game_id: int,
    action: Action,
    position: int | None = None,
    before: object = None,
    after: object = None,
    summary: str = "",
    by: int | None = None,
    state: dict[str, Any] | None = None,
) -> None:
    """One line of the change log, the next link of the game's hash chain (``chain.py``).

    For the lines written outside a change (a game's creation, the chain's
    marker of the migration); a change's own line is written by ``changing``.
    """
    append(db, CHANGES, line(db, game_id, action, position, before, after, summary, by, state))


def line(
    db: sqlite_utils.Database,
    game_id: int,
    action: Action,
    position: int | None = None,
    before: object = None,
    after: object = None,
    summary: str = "",
    by: int | None = None,
    state: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The columns of one line of the change log; the grant that made the change gets its time.

    ``before`` and ``after``: the coup (or the rule set) in the game file's shape.
    ``state``: the columns of the game's row the change wrote, with their new
    values (a creation: the whole row and its coups), so that the stored game
    can be checked against its log (``audit.py``).

    In the change's own transaction: a second write after the answer
    (access.note_change) would cost every coup another commit.
    """
    at = now()
    if by is not None:
        grants.changed(db, by, at)
    return {
        "game_id": game_id,
        "at": at,
        "action": str(action),
        "position": position,
        "before": None if before is None else json.dumps(before, ensure_ascii=False),
        "after": None if after is None else json.dumps(after, ensure_ascii=False),
        "summary": summary,
        "grant_id": by,
        "state": None if state is None else _json(state),
    }


def _json(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
