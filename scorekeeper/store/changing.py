"""Every change of a stored game, one way: ``with changing(db, game_id, version, action)``.

A change is one write transaction taken before reading (``db.change``), so
the game read inside is the game the change is written on; a page shown at
another version is refused (``Conflict``) before anything is written; the
game moves on one version and the change leaves its line in the change log,
with the columns of the game's row it wrote (``state``: what ``audit.py``
checks the stored row against).
Whatever the body raises (a rule the change breaks, a ``Conflict`` of its
own) rolls all of it back.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import sqlite_utils

from ..clock import now
from ..db import change as transaction
from . import changelog, coup_keys
from .changelog import Action
from .errors import Closed, Conflict
from .repository import load
from .stored import StoredGame
from .table_locks import table_state

COUPS = frozenset({Action.ADD, Action.EDIT, Action.DELETE, Action.UNDO, Action.REDO})
"""The changes of a game's coups: refused at a table of a closed evening, of a closed event
round, locked by the director; a new coup past the round's deals too (store/table_locks.py)."""
ADDS = frozenset({Action.ADD, Action.REDO})


@dataclass
class Change:
    """A change under way: the game as read in its transaction, and its change-log line.

    The body fills in what the line says once it knows (the coup's position,
    the coup before and after in the file's shape, a summary, the phone).
    """

    stored: StoredGame
    action: Action
    position: int | None = None
    before: object = None
    after: object = None
    summary: str = ""
    by: int | None = None
    """The grant (phone) that made the change; None for the admin or the command line."""


@contextmanager
def changing(
    db: sqlite_utils.Database,
    game_id: int,
    version: int | None,
    action: Action,
    by: int | None = None,
    key: str | None = None,
) -> Iterator[Change]:
    """Read the game for a change, refuse a stale ``version``, bump it, log the change.

    ``version`` None: no page to be stale against (the command line). The new
    version is written before the body runs, so what the body reads back of
    the game's row (the cache's entry for an appended coup) is the version
    being made.

    ``key``: the phone's key for this change (a coup sent from its outbox,
    ``coup_keys``); a change already stored under it raises ``AlreadyStored``
    before the version check (the version moved on by that very change), and
    a new one is kept under it.
    """
    with transaction(db):
        if key is not None:
            earlier = coup_keys.stored_under(db, game_id, key)
            if earlier is not None:
                raise earlier
        stored = load(db, game_id)
        if version is not None and version != stored.version:
            raise Conflict(game_id)
        if action in COUPS:
            lock = table_state(db, game_id).refuses(action in ADDS)
            if lock is not None:
                raise Closed(game_id, lock)
        was = game_row(db, game_id)
        db.execute(
            "update games set version = ?, updated_at = ? where id = ?",
            [stored.version + 1, now(), stored.id],
        )
        line = Change(stored, action, by=by)
        yield line
        changelog.log(
            db,
            game_id,
            line.action,
            line.position,
            line.before,
            line.after,
            line.summary,
            line.by,
            {k: v for k, v in game_row(db, game_id).items() if k not in was or was[k] != v},
        )
        if key is not None and line.position is not None:
            coup_keys.remember(db, game_id, key, line.position, stored.version + 1)


def game_row(db: sqlite_utils.Database, game_id: int) -> dict[str, Any]:
    """The game's row as stored, every column."""
    return dict(next(iter(db.query("select * from games where id = ?", [game_id]))))
