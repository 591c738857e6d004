"""A casual table stops here, or plays on after all: one versioned change of the game each.

The stop is an input of the game, as a coup is (``rules/stopping.py``: the
game file's ``"stopped": true``): the game ends as it stands after its last
coup, by its kind's end rule (``GameKind.stop``), and its settlement is
final. The game's row keeps it (``games.stopped``, m022), and the change's
log line records that column, so ``verify`` checks it. Taking it back is the
undo of a stopped table (its coups can change only once it plays on).

Only a casual table stops so: an event's table ends with its round, and a
closed evening's tables are locked already (the owner refuses them).
"""

from __future__ import annotations

import sqlite_utils

from ..rules import stopping
from ..rules.errors import N_, GameError
from .changelog import Action
from .changing import changing
from .errors import Conflict
from .game_owner import GameOwner
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
