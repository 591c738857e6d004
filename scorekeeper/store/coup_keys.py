"""The keys under which a manager's phone sent its coups: a coup sent twice is stored once.

The phone makes a random key for each coup it saves and sends it with the
coup, again on every retry (its outbox, issue 26). When the first request
reached the server but its answer was lost, the retry finds its key here
and is answered as if the coup had just been stored: nothing is stored
twice, and the version check does not refuse the phone's own coup as
"another phone's change". A key is tied to its game: a key of one game says
nothing about another.
"""

from __future__ import annotations

import re

import sqlite_utils

KEY = re.compile(r"[A-Za-z0-9_-]{16,64}")
"""What a phone may send as a key: 16 to 64 URL-safe characters (a stranger's junk is
refused before anything is read, and a row stays small)."""


class AlreadyStored(Exception):  # not an error: the answer of a retry
    """The coup sent under this key is stored already: at ``position``, which made ``version``."""

    def __init__(self, position: int, version: int) -> None:
        super().__init__(position, version)
        self.position = position
        self.version = version


def stored_under(db: sqlite_utils.Database, game_id: int, key: str) -> AlreadyStored | None:
    """The coup this game stored under ``key``, if any."""
    row = db.execute(
        "select position, version from coup_keys where game_id = ? and key = ?", [game_id, key]
    ).fetchone()
    return None if row is None else AlreadyStored(int(row[0]), int(row[1]))


def remember(
    db: sqlite_utils.Database, game_id: int, key: str, position: int, version: int
) -> None:
    """Keep the key of a coup just stored (inside the change's transaction)."""
    db.execute(
        "insert into coup_keys (game_id, key, position, version) values (?, ?, ?, ?)",
        [game_id, key, position, version],
    )
