"""A game as the owner of versioned changes (``changing(db, GameOwner(game_id), …)``).

A game is read whole (``load``) in the change's transaction; a coup sent
again under a phone's key already stored is answered before the version
check (``AlreadyStored``: the version moved on by that very change); a
coup at a locked table (a closed evening, a closed event round, past the round's deals)
is refused (``Closed``). Its line in
the change log holds the columns of the game's row the change wrote
(``state``: what ``audit.py`` checks the stored row against).
"""

from __future__ import annotations

from typing import Any, ClassVar

import sqlite_utils

from ..db.chain import CHANGES, RECORDED, Chain
from . import changelog, coup_keys
from .changelog import Action
from .changing import Change, Owner
from .errors import Closed, NotFound
from .game_rows import GamesRow
from .repository import GAME_COLUMNS, row_game
from .stored import StoredGame
from .table_locks import LOCK_COLUMNS, STATE_COLUMNS, Lock, TableState, state_of

COUPS = frozenset(
    {
        Action.ADD,
        Action.EDIT,
        Action.DELETE,
        Action.UNDO,
        Action.REDO,
        Action.SEAT,
        Action.STOP,
        Action.RESUME,
    }
)
"""The changes of a game's coups: refused at a table of a closed evening, of a closed event
round, locked by the director; a new coup past the round's deals too (store/table_locks.py).
Someone taking a seat and the table stopping (or playing on after all) are inputs of the game
as a coup is: refused at a locked table too — but the stop's own lock lets it be taken back."""
ADDS = frozenset({Action.ADD, Action.REDO})
ROW_UNTOUCHED = frozenset({Action.ADD, Action.EDIT, Action.DELETE, Action.UNDO, Action.REDO})
"""The changes whose bodies write coups, their keys and seat changes, never the game's row
(``coup_edits.py``): their line's columns are the version and time ``changing`` wrote, known
without reading the row again."""


class GameOwner(Owner[StoredGame]):
    """A stored game; ``key``: the phone's key of the coup this change stores (``coup_keys``)."""

    table: ClassVar[str] = "games"
    log: ClassVar[Chain] = CHANGES

    def __init__(self, game_id: int, key: str | None = None) -> None:
        super().__init__(game_id)
        self.key = key
        self.row: GamesRow | None = None
        """The game's row as read in the change's transaction (``read``)."""
        self.state: TableState | None = None
        """The table's locks, read with the row."""
        self.columns: dict[str, Any] = {}
        """The row's columns a change writes (its chain's record aside), as read."""

    def read(self, db: sqlite_utils.Database) -> StoredGame:
        """The game's row and its table's locks, one statement; the game kept for that row
        (``repository.row_game``: no coup read while the process keeps this version)."""
        if self.key is not None:
            earlier = coup_keys.stored_under(db, self.id, self.key)
            if earlier is not None:
                raise earlier
        found = list(
            db.query(
                f"select {GAME_COLUMNS}, {STATE_COLUMNS} from games where id = :game",
                {"game": self.id},
            )
        )
        if not found:
            raise NotFound(self.id)
        columns = found[0]
        closing, coups, event = (columns.pop(name) for name in LOCK_COLUMNS)
        self.state = state_of(closing, coups, event, columns.get("stopped", 0))
        self.row = GamesRow.of(columns)
        self.columns = {k: v for k, v in columns.items() if k not in RECORDED and k != "generation"}
        return row_game(db, self.row)

    def version_of(self, stored: StoredGame) -> int:
        return stored.version

    def refuse(self, db: sqlite_utils.Database, change: Change[StoredGame]) -> None:
        if change.action in COUPS:
            assert self.state is not None
            lock = self.state.refuses(change.action in ADDS)
            if lock is not None and not (change.action == Action.RESUME and lock is Lock.STOPPED):
                raise Closed(self.id, lock)
        change.kept = self.columns

    def line(self, db: sqlite_utils.Database, change: Change[StoredGame]) -> dict[str, Any]:
        was = change.kept
        if change.action in ROW_UNTOUCHED:
            now = {**was, "version": change.version, "updated_at": change.at}
        else:
            now = game_row(db, self.id)
        wrote = {k: v for k, v in now.items() if k not in was or was[k] != v}
        wrote |= change.wrote  # the seat changes a deletion moved (store/seat_changes.py)
        return changelog.line(
            db,
            self.id,
            Action(change.action),
            change.position,
            change.before,
            change.after,
            change.summary,
            change.by,
            wrote,
        )

    def logged(self, db: sqlite_utils.Database, change: Change[StoredGame]) -> None:
        if self.key is not None and change.position is not None:
            digest = None if change.after is None else coup_keys.digest_of(change.after)
            coup_keys.remember(db, self.id, self.key, change.position, change.version, digest)


def game_row(db: sqlite_utils.Database, game_id: int) -> dict[str, Any]:
    """The game's row as stored, every column a change writes (its chain's record aside)."""
    row = next(iter(db.query("select * from games where id = ?", [game_id])))
    return {k: v for k, v in row.items() if k not in RECORDED}
