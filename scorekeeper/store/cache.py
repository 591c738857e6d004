"""Games read once per version: each process keeps the games it served lately.

Every page of a game used to rebuild it from all its rows and replay it,
though phones re-read the same version many times. A process now keeps,
per game, the game as loaded and its replay, under the game's row as read
(version, updated_at, created_at, table token): a request reads that one
row — inside the write transaction for a change — and takes the kept game
only when the row is the same. Several processes share nothing but the
database, so nothing here is trusted without that check.

When the row moved on, the coups are read again as stored text; if the
kept coups are still their first ones (a coup was appended, in this
process or another), only the new ones are parsed and the replay is
continued from the kept report (``GameKind.extend``). A correction or a
deletion changes an old row, and the game is read whole; its replay goes
on from the kept report of a prefix the change left alone
(``checkpoints.py``: the stored game keeps them).

The cache is bounded (least recently used first out): ``GAMES`` games and
``COUPS`` coups in all, whichever is reached first. A database with no file
(``:memory:``) is not cached.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

import sqlite_utils

GAMES = 256
"""Games a process keeps: a club evening's tables, several times over."""
COUPS = 300_000
"""Coups a process keeps in all (a 3,000-coup game's replay is a few MB)."""

Key = tuple[str, int]
"""The database file and the game's id."""
Stamp = tuple[Any, ...]
"""What changes in the game's row on every change: (version, updated_at, created_at, token),
and the database's generation read with it (a restore in place brings back a version and a
time of change with other coups: issue 36)."""
Head = tuple[Any, ...]
"""The stored parts every coup is read against: (game, players, rules, first dealer)."""


@dataclass(frozen=True)
class Entry:
    stamp: Stamp
    head: Head
    data: tuple[str, ...]
    """The coups' rows as stored text, in order: a new read is compared with them."""
    stored: Any
    """The ``store.StoredGame`` built from them (its replay is kept on it once made)."""


class GameCache:
    """A bounded, thread-safe map from (database, game id) to the latest entry read."""

    def __init__(self, games: int = GAMES, coups: int = COUPS) -> None:
        self.games = games
        self.coups = coups
        self._entries: OrderedDict[Key, Entry] = OrderedDict()
        self._held = 0
        self._lock = threading.Lock()

    def get(self, key: Key) -> Entry | None:
        with self._lock:
            entry = self._entries.get(key)
            if entry is not None:
                self._entries.move_to_end(key)
            return entry

    def put(self, key: Key, entry: Entry) -> None:
        with self._lock:
            old = self._entries.pop(key, None)
            if old is not None:
                self._held -= len(old.data)
            if len(entry.data) > self.coups:
                return  # a game larger than the whole cache is read each time
            self._entries[key] = entry
            self._held += len(entry.data)
            while len(self._entries) > self.games or self._held > self.coups:
                _, dropped = self._entries.popitem(last=False)
                self._held -= len(dropped.data)

    def drop(self, key: Key) -> None:
        with self._lock:
            old = self._entries.pop(key, None)
            if old is not None:
                self._held -= len(old.data)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self._held = 0

    def __len__(self) -> int:
        return len(self._entries)


CACHE = GameCache()
"""This process's games."""

_FILE = "_scorekeeper_file"


def database_file(db: sqlite_utils.Database) -> str:
    """The file of the database's main schema ('' for an in-memory database), asked once."""
    known = getattr(db, _FILE, None)
    if isinstance(known, str):
        return known
    row = db.execute("pragma database_list").fetchone()
    name = str(row[2] or "") if row is not None else ""
    setattr(db, _FILE, name)
    return name


def key_of(db: sqlite_utils.Database, game_id: int) -> Key | None:
    name = database_file(db)
    return (name, game_id) if name else None


def stamp_of(row: dict[str, Any]) -> Stamp:
    return (
        row["version"],
        row["updated_at"],
        row["created_at"],
        row.get("table_token"),
        row.get("generation"),
    )


def head_of(row: dict[str, Any]) -> Head:
    return (row["game"], row["players"], row["rules"], row["first_dealer"])
