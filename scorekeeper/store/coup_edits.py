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

from ..rules.kind import Game, Report, Standing
from ..rules.kinds import dump_coup
from ..rules.seating import after_removal
from . import cache, coup_keys
from .changelog import Action, undone
from .changing import Change, changing
from .errors import Conflict, NotFound
from .game_owner import GameOwner
from .repository import kept_after_append
from .seat_changes import move
from .stored import StoredGame


def _appended(change: Change[StoredGame], coups: list[Any]) -> tuple[Game, Report]:
    """The game with ``coups`` (the stored ones and one more), continued from its kept replay.

    Raises GameError: the change's transaction is rolled back.
    """
    stored = change.stored
    game = stored.game.with_coups(coups)
    return game, stored.kind.extend(stored.replay(), game)


def _changed(change: Change[StoredGame], coups: list[Any], position: int) -> tuple[Game, Standing]:
    """The game with ``coups``, changed at ``position``, checked from the kept prefix before it.

    As far as it differs from the game (the stored game, read in this
    transaction): what a whole replay refuses (GameError), the check refuses.
    """
    return change.stored.game.with_coups(coups), change.stored.check(coups, position)


def _rewrite(
    db: sqlite_utils.Database,
    change: Change[StoredGame],
    game: Game,
    position: int,
    before: Any,
    after: Any,
    undone_at: int | None = None,
) -> str:
    """Store the difference of ``game`` (validated by its replay) from the stored game; the
    coup appended as stored text ("" for another change). ``undone_at``: a redo's, the
    version of the undo it takes back."""
    stored = change.stored
    appended = change.action in (Action.ADD, Action.REDO)
    text = ""
    if appended:
        assert after is not None
        if change.action is Action.REDO:  # the key it was sent under names it again
            coup_keys.coup_put_back(db, stored.id, position, undone_at)
        # a plain INSERT: sqlite-utils' ``insert`` reads the schema and wraps a savepoint
        text = json.dumps(dump_coup(game, after), ensure_ascii=False)
        db.execute(
            "insert into coups (game_id, position, data) values (?, ?, ?)",
            [stored.id, position, text],
        )
    elif change.action is Action.EDIT:
        assert after is not None
        dumped = dump_coup(game, after)
        db.execute(
            "update coups set data = ? where game_id = ? and position = ?",
            [json.dumps(dumped, ensure_ascii=False), stored.id, position],
        )
        # the key it was sent under keeps that the game holds another coup than the one sent
        digest = coup_keys.digest_of(dumped)
        coup_keys.coup_corrected(db, stored.id, position, change.version, digest)
    else:  # delete or undo: remove, then close the gap
        count = len(stored.game.coups)  # the seat changes stay with the coups they began at
        move(db, change, stored.seat_changes, after_removal(stored.seat_changes, position, count))
        db.execute("delete from coups where game_id = ? and position = ?", [stored.id, position])
        coup_keys.coup_removed(db, stored.id, position, change.version, str(change.action))
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
    return text


def add_coup(
    db: sqlite_utils.Database,
    game_id: int,
    coup: Any,
    version: int | None = None,
    by: int | None = None,
    key: str | None = None,
    replayed: tuple[StoredGame, Report] | None = None,
) -> Report:
    """Append a coup; ``key``: the phone's key for it (a retry of a stored coup raises
    ``coup_keys.AlreadyStored``, storing nothing). ``replayed``: the stored game the request
    checked the coup against and its replay with the coup (``web/table/coups.candidate``); taken
    as the change's own when the game read in the transaction is that very game (the kept
    one of the same row), else the coup is replayed again."""
    owner = GameOwner(game_id, key)
    with changing(db, owner, version, Action.ADD, by) as change:
        coups = [*change.stored.game.coups, coup]
        if replayed is not None and replayed[0] is change.stored:
            report = replayed[1]
            game = report.game
        else:
            game, report = _appended(change, coups)
        text = _rewrite(db, change, game, len(coups), None, coup)
        assert owner.row is not None
        written = (change.version, change.at, text)
        keep = kept_after_append(db, owner.row, change.stored, report, written)
    if keep is not None:  # committed: the next page of this game needs no read of its coups
        cache.CACHE.put(*keep)
    return report


def redo_coup(
    db: sqlite_utils.Database, game_id: int, version: int | None = None, by: int | None = None
) -> Report:
    """Put back the last undone coup, if nothing but undos (and redos) happened since."""
    with changing(db, GameOwner(game_id), version, Action.REDO, by) as change:
        stored = change.stored
        back = undone(db, game_id)
        if back is None or back.position != len(stored.game.coups) + 1:
            raise Conflict(game_id)
        coup = stored.kind.load_coup(back.coup, stored.game)
        coups = [*stored.game.coups, coup]
        game, report = _appended(change, coups)
        _rewrite(db, change, game, back.position, None, coup, back.version)
        return report


def unchanged(game: Game, position: int, coup: Any) -> bool:
    """Whether ``coup`` is coup ``position`` of ``game`` as stored (the game file's shape)."""
    return dump_coup(game, game.coups[position - 1]) == dump_coup(game, coup)


class _Unchanged(Exception):
    """A correction that changes nothing: its change is rolled back (no version, no line)."""

    def __init__(self, standing: Standing) -> None:
        super().__init__()
        self.standing = standing


def edit_coup(
    db: sqlite_utils.Database,
    game_id: int,
    position: int,
    coup: Any,
    version: int | None = None,
    by: int | None = None,
) -> Standing:
    """Correct coup ``position``; a coup identical to the stored one changes nothing (no line
    in the log, the version and a redo kept) and answers the game's replay."""
    try:
        with changing(db, GameOwner(game_id), version, Action.EDIT, by) as change:
            coups = list(change.stored.game.coups)
            if not 1 <= position <= len(coups):
                raise NotFound(position)
            if unchanged(change.stored.game, position, coup):
                raise _Unchanged(change.stored.replay())
            before, coups[position - 1] = coups[position - 1], coup
            game, checked = _changed(change, coups, position)
            _rewrite(db, change, game, position, before, coup)
            return checked
    except _Unchanged as same:
        return same.standing


def delete_coup(
    db: sqlite_utils.Database,
    game_id: int,
    position: int | None = None,
    version: int | None = None,
    by: int | None = None,
) -> Standing:
    """Delete a coup; without a position, undo the last one (the log keeps it for a redo)."""
    action = Action.UNDO if position is None else Action.DELETE
    with changing(db, GameOwner(game_id), version, action, by) as change:
        coups = list(change.stored.game.coups)
        position = len(coups) if position is None else position
        if not 1 <= position <= len(coups):
            raise NotFound(position)
        before = coups.pop(position - 1)
        game, checked = _changed(change, coups, position)
        _rewrite(db, change, game, position, before, None)
        return checked
