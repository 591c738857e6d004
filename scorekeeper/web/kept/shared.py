"""Followers' pages drawn once per version for all the server's processes, not once in each.

``make run`` serves with one process per core (serve.py). Each process
keeps the pages it drew (memory.py), so after a coup the four phones of
a table, spread over the processes, had the same page drawn once in each
process: drawing the game page is most of a request's CPU. A page drawn by
one process is written here, in a small SQLite file beside the database,
and any other process hands it out as it is. Its key is the page's ETag
(conditional.py: the page's address, the game's version and table token, the
language, the release), so a page read here is exactly the page that
process would draw.

The file is a cache, never a record: written without waiting for the
disk (``synchronous=off``), recreated empty when the app starts, and a game's
older versions are dropped when a newer one is written. It is bounded in
bytes: the pages it holds weigh at most ``BUDGET`` (32 MB; the oldest written
go first), the space of dropped pages is given back to the disk
(``auto_vacuum = incremental``), and the write-ahead log is cut back to
``JOURNAL_LIMIT`` after each checkpoint: the file and its log stay under
``BOUND`` (48 MB) whatever is asked for. Anything wrong
with it (missing folder, locked, damaged) costs a draw, never an answer:
every error is swallowed and the page is drawn as before.
``SHARED_PAGES`` in the config names the file (default: the database's
path with ``-drawn``); an empty value turns it off.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import threading
from pathlib import Path

from flask import Flask

from ...here import current_application

log = logging.getLogger(__name__)

SCHEMA = """
create table if not exists pages (
    tag text primary key,
    game_id integer not null,
    version integer not null,
    body blob not null,
    headers text not null
);
create index if not exists pages_game on pages (game_id, version);
"""
BUSY_MS = 50
"""How long a read or write waits for another process's write: past that, draw the page."""
LARGEST = 8 << 20
"""A page larger than this (a long game's PDF) is not shared: each process keeps its own."""
BUDGET = 32 << 20
"""The bytes of pages the file holds at most: past that, the oldest written are dropped."""
JOURNAL_LIMIT = 4 << 20
"""The write-ahead log is truncated to this after a checkpoint (SQLite's journal_size_limit)."""
BOUND = BUDGET + LARGEST + JOURNAL_LIMIT + (4 << 20)
"""What the file and its log weigh at most on the disk (pages, one page being written, the
log, SQLite's own pages and index): 48 MB."""


class SharedPages:
    """The pages of one file, with one connection per thread."""

    def __init__(self, path: str, budget: int = BUDGET) -> None:
        self.path = path
        self.budget = budget
        self._local = threading.local()

    def _conn(self) -> sqlite3.Connection:
        conn: sqlite3.Connection | None = getattr(self._local, "conn", None)
        if conn is None:
            conn = sqlite3.connect(self.path, timeout=BUSY_MS / 1000, isolation_level=None)
            conn.execute("pragma journal_mode = wal")
            conn.execute("pragma synchronous = off")
            conn.execute(f"pragma journal_size_limit = {JOURNAL_LIMIT}")
            conn.executescript(SCHEMA)
            self._local.conn = conn
        return conn

    def get(self, tag: str) -> tuple[bytes, dict[str, str]] | None:
        try:
            row: tuple[bytes, str] | None = (
                self._conn()
                .execute("select body, headers from pages where tag = ?", [tag])
                .fetchone()
            )
        except (sqlite3.Error, OSError) as error:
            log.debug("shared pages unread: %s", error)
            return None
        if row is None:
            return None
        try:
            headers: dict[object, object] = json.loads(row[1])
            return bytes(row[0]), {str(k): str(v) for k, v in headers.items()}
        except (ValueError, TypeError, AttributeError) as error:  # a damaged row: draw it
            log.debug("shared page unreadable: %s", error)
            return None

    def put(
        self, tag: str, game_id: int, version: int, body: bytes, headers: dict[str, str]
    ) -> None:
        if len(body) > min(LARGEST, self.budget):
            return
        try:
            conn = self._conn()
            with conn:
                conn.execute("begin immediate")
                conn.execute(
                    "delete from pages where game_id = ? and version < ?", [game_id, version]
                )
                self._make_room(conn, len(body))
                conn.execute(
                    "insert or ignore into pages values (?, ?, ?, ?, ?)",
                    [tag, game_id, version, body, json.dumps(headers)],
                )
            conn.executescript("pragma incremental_vacuum")  # the space back (all steps)
        except (sqlite3.Error, OSError) as error:
            log.debug("shared page unwritten: %s", error)

    def _make_room(self, conn: sqlite3.Connection, size: int) -> None:
        """Drop the oldest pages written until ``size`` more bytes fit in the budget."""
        held = conn.execute("select coalesce(sum(length(body)), 0) from pages").fetchone()[0]
        if held + size <= self.budget:
            return
        dropped: list[int] = []
        for rowid, length in conn.execute("select rowid, length(body) from pages order by rowid"):
            if held + size <= self.budget:
                break
            dropped.append(rowid)
            held -= length
        conn.executemany("delete from pages where rowid = ?", [[r] for r in dropped])

    def empty(self) -> None:
        """Recreate the file empty (at start: the pages of another release never match anyway).

        The table is dropped and the file vacuumed, so its space goes back to the disk
        and an older file (without ``auto_vacuum``) takes it from now on.
        """
        try:
            conn = sqlite3.connect(self.path, timeout=1, isolation_level=None)
            try:
                conn.execute("drop table if exists pages")
                conn.execute("pragma auto_vacuum = incremental")  # takes effect with vacuum
                conn.execute("vacuum")
                conn.execute("pragma journal_mode = wal")
                conn.execute(f"pragma journal_size_limit = {JOURNAL_LIMIT}")
                conn.executescript(SCHEMA)
                conn.execute("pragma wal_checkpoint(truncate)")
            finally:
                conn.close()
        except (sqlite3.Error, OSError) as error:
            log.warning("shared pages not emptied (%s): each process draws its own", error)


EXTENSION = "scorekeeper.shared_pages"


def pages() -> SharedPages | None:
    """This app's shared pages, or None when they are turned off."""
    found: SharedPages | None = current_application().extensions.get(EXTENSION)
    return found


def init_app(app: Flask) -> None:
    path = app.config.get("SHARED_PAGES")
    if path is None:
        path = app.config["DATABASE"] + "-drawn"
    if not path or not Path(path).parent.is_dir():
        app.extensions[EXTENSION] = None
        return
    kept = SharedPages(path)
    kept.empty()
    app.extensions[EXTENSION] = kept
