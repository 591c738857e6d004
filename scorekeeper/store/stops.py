"""A casual table stops here, or plays on after all: one versioned change of the game each.

The stop is an input of the game, as a coup is (``rules/stopping.py``: the
game file's ``"stopped": true``): the game ends as it stands after its last
coup, by its kind's end rule (``GameKind.stop``), and its settlement is
final. The game's row keeps it (``games.stopped``, m022), and the change's
log line records that column, so ``verify`` checks it. Taking it back is the
undo of a stopped table (its coups can change only once it plays on).

Only a casual table stops so: an event's table ends with its round, and a
club evening's with its evening. The evening's close stops each of its tables
still playing (``with_evening``: its money is posted ended, as "We stop here"
would end it, never with a 1709 bête left open and unpaid); reopened, those the
close stopped play on, and a table that had stopped itself stays stopped. The round
stops its tables itself (``with_round``): closed, each table that played is
stopped as it stands, so that every reader of its game — its settlement, the
club's room, cash box and season, the ratings, its file — has it ended as the
ranking counts it (``GameKind.ended_tally``: the 1709 poule's open bêtes
shared); reopened, they play on.
"""

from __future__ import annotations

import json

import sqlite_utils

from ..rules import stopping
from ..rules.errors import N_, GameError
from ..rules.ledger import NetChange, person_changes
from .changelog import Action
from .changing import Change, changing
from .errors import Conflict
from .game_owner import GameOwner
from .repository import load
from .stored import StoredGame
from .table_locks import table_state

EVENT_TABLE = N_("a competition's table ends with its round: the director closes it")


def stop(
    db: sqlite_utils.Database, game_id: int, version: int | None = None, by: int | None = None
) -> int:
    """The table stops after its last coup; returns that coup's number."""
    with changing(db, GameOwner(game_id), version, Action.STOP, by) as change:
        stored = change.stored
        if table_state(db, game_id).event is not None:
            raise GameError(stopping.KEY, EVENT_TABLE)
        refused = stopping.refusal(stored.game, stored.seat_changes)
        if refused is not None:
            raise refused
        if stored.replay().finished:
            raise GameError(stopping.KEY, N_("the game is over already: there is nothing to stop"))
        db.execute("update games set stopped = 1 where id = ?", [game_id])
        last = len(stored.game.coups)
        change.position = last
        change.after = {stopping.KEY: True}
        change.summary = f"stopped after coup {last}"
    return last


def resume(
    db: sqlite_utils.Database, game_id: int, version: int | None = None, by: int | None = None
) -> int:
    """The stop taken back: the table plays on from the coup after its last; returns it."""
    with changing(db, GameOwner(game_id), version, Action.RESUME, by) as change:
        stored = change.stored
        if not stored.stopped:
            raise Conflict(game_id)
        db.execute("update games set stopped = 0 where id = ?", [game_id])
        last = len(stored.game.coups)
        change.position = last
        change.before = {stopping.KEY: True}
        change.summary = f"plays on after coup {last}"
    return last + 1


class _ByRound(GameOwner):
    """A table's game stopped or played on by its event: the round (or the director's lock)
    is what locks its tables, so their event locks do not refuse it; a closed evening's do
    (``with_round`` refuses first, saying so)."""

    def refuse(self, db: sqlite_utils.Database, change: Change[StoredGame]) -> None:
        change.kept = self.columns


EVENING_CLOSED = N_("table {table}: its evening is closed in the club: reopen the evening first")
WAITING = N_("table {table}: {name} sits down for the next coup: take the seat back first")
ROUND_OPEN = N_(
    "table {table}: a competition's table ends with its round: the director closes it first"
)


def with_round(
    db: sqlite_utils.Database, game_id: int, closed: bool, table: int = 0, lock: bool = False
) -> bool:
    """An event's table ends (``closed``: its round closed, or the director locked it): its
    game stops as it stands; or it plays on (the round reopened, the table unlocked). One
    change of the game each, in the event's transaction, its line saying which (``ROUND``;
    ``LOCK`` for the director's ``lock`` and unlock). A table with no coup, or whose game
    is over, is left as it is. True when the game changed.

    Refused (GameError naming the ``table``) where the end cannot be kept: the table's
    evening is closed in its club (its money is posted: the game would change under it),
    or someone waits to sit down at the next coup (the table would stay unended, the
    ranking ending it)."""
    stored = load(db, game_id)
    if closed and not playing(stored):
        return False
    if not closed and not stored.stopped:
        return False
    if table_state(db, game_id, stored.stopped).evening_closed:
        raise GameError("round", EVENING_CLOSED, table=table)
    _end(db, stored, _ByRound(game_id), closed, ("round", table), LOCK if lock else ROUND)
    return True


WITH = "with"
"""The key of a stop's line (its ``after``) and of its taking back's (its ``before``) that
says what ended the table when its manager did not: ``EVENING`` (the evening's close, and
its reopening), ``ROUND`` (its event's round closed, and reopened) or ``LOCK`` (the
director locked the table, and unlocked it: no round closed or reopened). A fact of the
change, read by the reopening (``_stopped_with_evening``) and by the game's change log
page; the summary's words are for a reader of the file only."""
EVENING = "evening"
ROUND = "round"
LOCK = "lock"
BY_EVENING = "with its evening"
"""The words of an evening's close and reopening in their log lines' summaries (``_end``)."""
BY_ROUND = "with its event"
"""The words of a round's (and a lock's) in theirs."""
_WORDS_BEFORE = {EVENING: "with its evening", ROUND: "with its event"}
"""What a summary said before ``WITH`` was kept (the only record of those lines): frozen
here, whatever ``BY_EVENING`` and ``BY_ROUND`` become."""


def _end(
    db: sqlite_utils.Database,
    stored: StoredGame,
    owner: GameOwner,
    closed: bool,
    table: tuple[str, int],
    by: str,
) -> None:
    """The game stopped as it stands (``closed``) or played on, by its round, its lock or its
    evening (``by``: ``ROUND``, ``LOCK``, ``EVENING``): one change of the game, its line
    saying so (``WITH``) and its summary too. Refused (GameError under the key and naming
    the number of ``table``) when someone waits to sit down at the next coup: they would sit
    at a game over."""
    waiting = [c for c in stored.seat_changes if c.coup > len(stored.game.coups)]
    if closed and waiting:
        key, number = table
        raise GameError(key, WAITING, table=number, name=waiting[0].player)
    action = Action.STOP if closed else Action.RESUME
    with changing(db, owner, None, action) as change:
        db.execute("update games set stopped = ? where id = ?", [int(closed), stored.id])
        last = len(change.stored.game.coups)
        change.position = last
        said = {stopping.KEY: True, WITH: by}
        change.before, change.after = (None, said) if closed else (said, None)
        why = BY_EVENING if by == EVENING else BY_ROUND
        change.summary = f"{'stopped' if closed else 'plays on'} {why}, coup {last}"


def with_evening(db: sqlite_utils.Database, game_id: int, closed: bool, table: int = 0) -> bool:
    """A club evening's table ends with its evening (``closed``): its game stops as it
    stands, as its manager's *We stop here* would stop it, so that the money the close posts
    is the game ended (the 1709 poule's open bêtes shared, the jetons' pot returned, a sheet
    final). The evening reopened, a table its close stopped plays on; one stopped by its own
    manager before stays stopped. One change of the game each, in the club's transaction;
    a table with no coup, or whose game is over, or an event's its round ended, is left
    as it is. True when it changed.

    Refused (GameError naming the ``table``) where the end cannot be kept: someone waits to
    sit down at the next coup (the close would leave the table unended), or an event's table
    still plays in its open round (the close would post it with a bête open: the director
    closes the round first, ``with_round`` ending it)."""
    stored = load(db, game_id)
    if closed:
        refused = evening_refusal(db, stored, table)
        if refused is not None:
            raise refused
        if not evening_stops(db, stored):
            return False
    elif table_state(db, game_id, stored.stopped).event is not None or not (
        stored.stopped and _stopped_with_evening(db, game_id)
    ):
        return False
    _end(db, stored, GameOwner(game_id), closed, ("evening", table), EVENING)
    return True


def playing(stored: StoredGame) -> bool:
    """Whether the table is still playing: a coup played, and its game neither over nor
    stopped. A table where no coup was played has nothing to end: no close stops it."""
    return bool(stored.game.coups) and not stored.stopped and not stored.replay().finished


def evening_stops(db: sqlite_utils.Database, stored: StoredGame) -> bool:
    """Whether the evening's close stops this table (``with_evening``, unless it refuses):
    one still playing (``playing``) that no event's round ends. The close's question names
    these tables and no other."""
    return playing(stored) and table_state(db, stored.id, stored.stopped).event is None


def evening_refusal(
    db: sqlite_utils.Database, stored: StoredGame, table: int = 0
) -> GameError | None:
    """Why the evening's close cannot end this table now (what ``with_evening`` refuses), or
    None: an event's table still playing in its open round (its round ends it; posted now, a
    bête would stay open and unpaid), or someone waiting to sit down at the next coup. The
    close's question asks it too, so that the manager reads it before they confirm."""
    if not playing(stored):
        return None
    if table_state(db, stored.id, stored.stopped).event is not None:
        return GameError("evening", ROUND_OPEN, table=table)
    waiting = [c for c in stored.seat_changes if c.coup > len(stored.game.coups)]
    if waiting:
        return GameError("evening", WAITING, table=table, name=waiting[0].player)
    return None


def _stopped_with_evening(db: sqlite_utils.Database, game_id: int) -> bool:
    """Whether the game's last stop was its evening's close (its log's last stop line)."""
    return stopped_by(db, game_id) == EVENING


def stopped_by(db: sqlite_utils.Database, game_id: int) -> str | None:
    """What stopped a stopped table (``ended_by`` of its log's last stop line): ``EVENING``,
    ``ROUND``, ``LOCK``, or None (its manager, or a table that plays on). A settlement
    says it beside "the table stopped here": a treasurer reading a table that stopped with
    its evening's close was not told why."""
    row = db.execute(
        "select action, before, after, summary from changes where game_id = ?"
        " and action in (?, ?) order by id desc limit 1",
        [game_id, str(Action.STOP), str(Action.RESUME)],
    ).fetchone()
    if row is None or row[0] != Action.STOP:
        return None
    return ended_by(*row)


def ended_by(action: str, before: str | None, after: str | None, summary: str | None) -> str | None:
    """What stopped the table (a ``stop`` line) or took its stop back (a ``resume`` line):
    ``EVENING``, ``ROUND``, ``LOCK``, or None (its manager). Its line's ``WITH`` (the stop's
    ``after``, the resume's ``before``); a line written before that was kept says it in its
    summary's words only ("stopped with its evening, coup 4"): read so, as written then."""
    said = _json(after if action == Action.STOP else before)
    if isinstance(said, dict) and WITH in said:
        by = said[WITH]
        return by if by in (EVENING, ROUND, LOCK) else None
    words = "stopped" if action == Action.STOP else "plays on"
    for by, why in _WORDS_BEFORE.items():
        if str(summary or "").startswith(f"{words} {why}"):
            return by
    return None


def _json(text: str | None) -> object:
    """A line's JSON column (None for none, or for text that is not JSON: a line changed
    by hand says nothing)."""
    try:
        loaded: object = json.loads(text or "null")
    except (ValueError, RecursionError):
        return None
    return loaded


def end_changes(stored: StoredGame) -> list[NetChange]:
    """What the end does to each seat's standing, as it stands now: the seats it moves;
    once someone took a seat, to each person's result (whose money the seat is: the one
    played for, not their stand-in; a leaver's own net, not their seat's), as the undo and the
    correction say it."""
    now = stored.replay()
    ended = stored.kind.stop(now)
    if stored.seat_changes:
        return person_changes(stored.by_person(), stored.people_in(ended, stored.seat_changes))
    return [
        NetChange(name, before, after)
        for name, before, after in zip(stored.game.players, now.tally, ended.tally)
        if before != after
    ]
