"""The SQLite database: a connection kept per server thread, and its write transaction.

Only inputs are stored (games, coups as entered, the change log); every
standing is derived by replaying. The schema is ``migrations.py``; backups
and their restore are ``backup.py``.
"""

from __future__ import annotations

import os
import secrets
import sqlite3
import threading
from collections.abc import Generator, Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

import click
import sqlite_utils
from flask import Flask, current_app

from ..here import current_application, request_globals
from . import chain, facts
from .migrations import migrate as apply_migrations
from .write_queue import queued

MAX_INTEGER = 2**63 - 1
"""SQLite's largest integer: an id or a number a request names beyond it is none stored."""


@contextmanager
def transaction(db: sqlite_utils.Database) -> Iterator[sqlite_utils.Database]:
    """One write transaction, its lock taken before reading (BEGIN IMMEDIATE).

    Taking the write lock first means the state read inside is the state the
    change is written on: two phones saving at once are serialised, never
    interleaved. A deferred BEGIN would not do: in WAL mode a transaction that
    has read cannot take the write lock once another connection has written
    since, and SQLite answers "database is locked" at once, without waiting
    (fifty phones creating games together got 500s from it, the load test).
    BEGIN IMMEDIATE waits for the lock (the connection's timeout). Every write
    transaction of the app is this one; sqlite-utils writes inside become
    savepoints. The writers wait for their turn in a queue first
    (``write_queue``), not in SQLite's sleeping busy loop. Before it commits, the
    facts written for an owner whose log has no line of this transaction go onto that
    log (``chain.flush``).
    """
    watched = facts.watch(db)  # its journal made outside any transaction: never rolled back
    with queued(getattr(db, "file", None)):
        db.conn.execute("BEGIN IMMEDIATE")
        try:
            yield db
            if watched:
                chain.flush(db)
        except BaseException:
            if db.conn.in_transaction:
                db.conn.execute("ROLLBACK")
            raise
        finally:
            facts.writer(db, "")
        try:
            db.conn.execute("COMMIT")
        except BaseException:
            if db.conn.in_transaction:
                db.conn.execute("ROLLBACK")
            raise


class Database(sqlite_utils.Database):
    """sqlite-utils' database, its reads without a savepoint around each.

    sqlite-utils 4 runs every ``query`` inside SAVEPOINT … RELEASE so that a
    row-returning write can be rolled back; a plain SELECT in autocommit mode
    is one atomic statement already, and the two extra statements made up
    half of the SQL of a request that reads one row.
    """

    file: str | None = None
    """The database's file (None in memory): its writers queue on it (``write_queue``)."""

    def query(
        self, sql: str, params: Sequence[Any] | dict[str, Any] | None = None
    ) -> Generator[dict[str, Any], None, None]:
        if sql.lstrip()[:6].lower() != "select":
            return super().query(sql, params)
        cursor = self.conn.execute(sql, () if params is None else params)
        names = [column[0] for column in cursor.description]
        return (dict(zip(names, row, strict=True)) for row in cursor)

    @contextmanager
    def atomic(self) -> Iterator[Database]:
        """sqlite-utils' transaction, but one that takes the write lock first (``transaction``).

        sqlite-utils begins with a deferred BEGIN; its own writes (an insert
        outside a change) come here too.
        """
        if self.conn.in_transaction:
            with super().atomic():  # a savepoint inside the open transaction
                yield self
            return
        with transaction(self), super().atomic():
            yield self


def private_file(path: str | Path) -> None:
    """Create ``path`` empty, readable and writable by its owner only, if it is missing.

    SQLite would create it with the umask's mode (0644 when the server is not run
    by the systemd unit): every local user could read the games and the grants.
    Its -wal and -shm files take the mode of the database file (SQLite's rule).
    """
    with suppress(FileExistsError):
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))


def connect(path: str | Path, migrate: bool = False) -> sqlite_utils.Database:
    """Open the database in autocommit mode with WAL and foreign keys on (made 0600).

    ``migrate``: refuse a database of a newer version (``migrations.OtherSchema``), then
    bring its schema up to date, holding the writers' queue of the file the whole time
    (``write_queue``: an ``flock`` between processes). Two processes starting on one fresh
    database at once (``serve`` and ``serve --https``) each read "nothing applied" and
    created the same tables: one crashed in 3 of 6 tries. Under the lock the second finds
    everything applied.
    """
    if str(path) != ":memory:" and not str(path).startswith("file:"):
        private_file(path)
    conn = sqlite3.connect(str(path), timeout=10, isolation_level=None)
    db = Database(conn)
    if str(path) != ":memory:" and not str(path).startswith("file:"):
        db.file = os.path.abspath(path)
    db.execute("PRAGMA foreign_keys = ON")
    if not migrate:
        db.enable_wal()
        return db
    try:
        with queued(db.file):
            db.enable_wal()
            apply_migrations(db, path)
    except BaseException:
        db.close()
        raise
    return db


class _Kept(threading.local):
    """This thread's connection, the file it was opened on and that file's identity."""

    path: str | None = None
    identity: tuple[int, int] | None = None
    db: sqlite_utils.Database | None = None


_kept = _Kept()


def _identity(path: str) -> tuple[int, int] | None:
    try:
        stat = os.stat(path)
    except OSError:
        return None
    return stat.st_dev, stat.st_ino


def get_db() -> sqlite_utils.Database:
    """The request's connection: the one this thread keeps, opened again only when needed.

    Opening a connection (and its pragmas) then closing it cost a third of a
    request that answers "nothing changed" from one row: the server's threads
    keep theirs. It is opened again when the app points at another file or the
    file was replaced (a restore of a damaged database puts a new file in place).
    Each statement commits by itself (autocommit); a request that ends inside a
    transaction has it rolled back (``close_db``), so a kept connection never
    carries one over.
    """
    here = request_globals()  # asked a dozen times a request: g itself, not its proxy
    db: sqlite_utils.Database | None = here.get("db")
    if db is not None:
        return db
    path = str(current_application().config["DATABASE"])
    identity = _identity(path)
    db = _kept.db
    if db is None or _kept.path != path or identity is None or _kept.identity != identity:
        if db is not None:
            db.close()
            _kept.db = None
        db = _kept.db = connect(path)
        _kept.path, _kept.identity = path, _identity(path)
    here["db"] = db
    return db


def shut(path: str) -> None:
    """The server stopped: this thread's kept connection closed and the write-ahead log
    written into the file, then emptied (``wal_checkpoint(TRUNCATE)``), so that the file
    alone holds every change. Its processes ended on SIGTERM with their connections open,
    which left the last changes in ``-wal``: an operator who copied the database file
    after a stop lost them (the copy's docs name ``scorekeeper backup``; a stopped server's
    file should not need it). The last connection closed removes ``-wal`` too."""
    if _kept.db is not None:
        _kept.db.close()
        _kept.db = None
    conn = sqlite3.connect(path)
    try:
        conn.execute("pragma wal_checkpoint(TRUNCATE)")
    finally:
        conn.close()


def close_db(_: BaseException | None = None) -> None:
    """End of the request: the connection stays open for the thread's next one."""
    db: object = request_globals().pop("db", None)
    if isinstance(db, sqlite_utils.Database) and db.conn.in_transaction:
        db.conn.execute("ROLLBACK")


def generation(db: sqlite_utils.Database) -> str:
    """The database's generation, which a restore replaces (``migrations.m008_generation``)."""
    row: tuple[object] | None = db.conn.execute(
        "select token from generation where id = 1"
    ).fetchone()
    return str(row[0]) if row else ""


def new_generation(db: sqlite_utils.Database) -> None:
    """A new generation: the pages kept of this database before are never handed out again.
    A row deleted behind the app (a restored backup's) is made again: the generation and
    the numbers given (``numbers.keep_given``) live in it, and an update alone kept neither;
    made again, it records its log of the numbers given as it is (m033), as m015 filled the
    owners' records."""
    db.conn.execute(
        "insert into generation (id, token, log_length, log_head) select 1, ?, count(*),"
        " (select hash from numbers_given order by id desc limit 1) from numbers_given"
        " where true on conflict (id) do update set token = excluded.token",
        [secrets.token_hex(12)],
    )


@click.command("init-db")
def init_db_command() -> None:
    """Create the database, or bring its schema up to date."""
    connect(current_app.config["DATABASE"], migrate=True).close()
    click.echo(f"database ready: {current_app.config['DATABASE']}")


def init_app(app: Flask) -> None:
    app.teardown_appcontext(close_db)
    app.cli.add_command(init_db_command)
