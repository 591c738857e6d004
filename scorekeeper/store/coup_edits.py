"""Coups added, corrected, deleted, undone and redone: each validated by a replay, then written.

Nothing is written that the game's own rules refuse: the changed list of
coups is replayed first, as far as it needs (an added coup continues the
kept replay; a correction or a deletion is checked from the kept prefix
before it, ``StoredGame.check``), inside the change's transaction, against
the game as stored then.
"""

from __future__ import annotations

import json
from typing import Any

import sqlite_utils

from ..rules.kinds import dump_coup
from . import cache, coup_keys
from .changelog import Action, redoable, undone_coup
from .changing import Change, changing
from .errors import Conflict, NotFound
from .game_owner import GameOwner
from .repository import kept_after_append
from .stored import AnyReport, StoredGame


def _rewrite(
    db: sqlite_utils.Database,
    change: Change[StoredGame],
    coups: list[Any],
    position: int,
    before: Any,
    after: Any,
) -> AnyReport:
    """Validate the new list of coups by replaying it, then store the difference."""
    stored = change.stored
    game = stored.game.with_coups(coups)
    # raises GameError: the change's transaction is rolled back; an appended coup continues
    # the kept replay, a correction or deletion is checked from the kept prefix before it,
    # and as far as it differs from the game (the stored game, read in this transaction):
    # what a whole replay refuses, the check refuses
    appended = change.action in (Action.ADD, Action.REDO)
    if appended:
        report: AnyReport = stored.kind.extend(stored.replay(), game)
    else:
        report = stored.check(coups, position)
    if appended:
        assert after is not None
        if change.action is Action.REDO:  # the key it was sent under names it again
            coup_keys.coup_put_back(db, stored.id, position)
        db.table("coups").insert(
            {
                "game_id": stored.id,
                "position": position,
                "data": json.dumps(dump_coup(game, after), ensure_ascii=False),
            }
        )
    elif change.action is Action.EDIT:
        assert after is not None
        db.execute(
            "update coups set data = ? where game_id = ? and position = ?",
            [json.dumps(dump_coup(game, after), ensure_ascii=False), stored.id, position],
        )
    else:  # delete or undo: remove, then close the gap
        db.execute("delete from coups where game_id = ? and position = ?", [stored.id, position])
        coup_keys.coup_removed(db, stored.id, position, stored.version + 1)
        # two steps so the unique (game_id, position) index never sees a duplicate
        db.execute(
            "update coups set position = -position where game_id = ? and position > ?",
            [stored.id, position],
        )
        db.execute(
            "update coups set position = -position - 1 where game_id = ? and position < 0",
            [stored.id],
        )
    change.position = position
    change.before = None if before is None else dump_coup(game, before)
    change.after = None if after is None else dump_coup(game, after)
    return report


def add_coup(
    db: sqlite_utils.Database,
    game_id: int,
    coup: Any,
    version: int | None = None,
    by: int | None = None,
    key: str | None = None,
) -> AnyReport:
    """Append a coup; ``key``: the phone's key for it (a retry of a stored coup raises
    ``coup_keys.AlreadyStored``, storing nothing)."""
    with changing(db, GameOwner(game_id, key), version, Action.ADD, by) as change:
        coups = [*change.stored.game.coups, coup]
        report = _rewrite(db, change, coups, len(coups), None, coup)
        keep = kept_after_append(db, change.stored, report)
    if keep is not None:  # committed: the next page of this game needs no read of its coups
        cache.CACHE.put(*keep)
    return report


def redo_coup(
    db: sqlite_utils.Database, game_id: int, version: int | None = None, by: int | None = None
) -> AnyReport:
    """Put back the last undone coup, if nothing but undos (and redos) happened since."""
    with changing(db, GameOwner(game_id), version, Action.REDO, by) as change:
        stored = change.stored
        position = redoable(db, game_id)
        if position is None or position != len(stored.game.coups) + 1:
            raise Conflict(game_id)
        coup = stored.kind.load_coup(undone_coup(db, game_id), stored.game)
        coups = [*stored.game.coups, coup]
        return _rewrite(db, change, coups, position, None, coup)


def edit_coup(
    db: sqlite_utils.Database,
    game_id: int,
    position: int,
    coup: Any,
    version: int | None = None,
    by: int | None = None,
) -> AnyReport:
    with changing(db, GameOwner(game_id), version, Action.EDIT, by) as change:
        coups = list(change.stored.game.coups)
        if not 1 <= position <= len(coups):
            raise NotFound(position)
        before, coups[position - 1] = coups[position - 1], coup
        return _rewrite(db, change, coups, position, before, coup)


def delete_coup(
    db: sqlite_utils.Database,
    game_id: int,
    position: int | None = None,
    version: int | None = None,
    by: int | None = None,
) -> AnyReport:
    """Delete a coup; without a position, undo the last one (the log keeps it for a redo)."""
    action = Action.UNDO if position is None else Action.DELETE
    with changing(db, GameOwner(game_id), version, action, by) as change:
        coups = list(change.stored.game.coups)
        position = len(coups) if position is None else position
        if not 1 <= position <= len(coups):
            raise NotFound(position)
        before = coups.pop(position - 1)
        return _rewrite(db, change, coups, position, before, None)
