"""Can this database be used and written? For ``/health`` and for the server's start.

A server whose disk is full, or whose database file is read-only, still reads:
``/health`` used to say ok while every coup answered 500. The probe takes the
write lock and changes a row (rolled back: nothing is written to the disk),
which SQLite refuses on a read-only file or file system; and it asks the file
system for room, since a full disk refuses the next commit or checkpoint, not
a rolled-back change. The answer is one of a few fixed reasons (no path, no
error text): ``/health`` shows it to whoever asks.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import sqlite_utils

from .migrations import migrations, unknown

HEADROOM = 1 << 20
"""Bytes the database's file system must have free (a checkpoint writes up to a few MB):
below it the disk counts as full."""

NO_DATABASE = "no database"
NOT_A_DATABASE = "not a database"
OTHER_VERSION = "database of another version"
PENDING = "migrations pending"
READ_ONLY = "database read-only"
BUSY = "database busy"
DISK_FULL = "disk full"
UNWRITABLE = "database cannot be written"

_READONLY, _BUSY, _LOCKED, _FULL, _CANTOPEN, _NOTADB = 8, 5, 6, 13, 14, 26
"""SQLite's primary result codes (sqlite3.h)."""


def reason(error: sqlite3.Error, path: Path) -> str:
    """The fixed reason for SQLite's error on the database at ``path``.

    A database in WAL mode cannot even be opened where its ``-shm`` file cannot be
    made (a read-only file system): that is read-only too, not a missing database.
    """
    code = getattr(error, "sqlite_errorcode", 0) & 0xFF
    if code == _CANTOPEN and path.is_dir():  # a folder where the file should be: no modes
        return NOT_A_DATABASE
    if code == _CANTOPEN and path.exists():
        writable = os.access(path, os.W_OK) and os.access(path.parent, os.W_OK)
        return UNWRITABLE if writable else READ_ONLY
    return {
        _READONLY: READ_ONLY,
        _BUSY: BUSY,
        _LOCKED: BUSY,
        _FULL: DISK_FULL,
        _CANTOPEN: NO_DATABASE,
        _NOTADB: NOT_A_DATABASE,
    }.get(code, UNWRITABLE)


def room(folder: Path) -> int:
    """Bytes free for this user in ``folder``'s file system."""
    stat = os.statvfs(folder)
    return stat.f_bavail * stat.f_frsize


def write_trouble(conn: sqlite3.Connection, path: Path) -> str | None:
    """Why this (open, migrated) database cannot be written, or None: a change rolled back."""
    try:
        conn.execute("BEGIN IMMEDIATE")
        try:
            conn.execute("update generation set token = token where id = 1")
        finally:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
    except sqlite3.Error as error:
        return reason(error, path)
    return None


def trouble(database: str | Path, headroom: int = HEADROOM) -> str | None:
    """None when the server can serve from ``database``, else why not (a fixed reason)."""
    path = Path(database).absolute()
    try:  # first: on a full disk SQLite may fail to make its -shm file, and say only that
        if headroom and path.is_file() and room(path.parent) < headroom:
            return DISK_FULL
    except OSError:
        return NO_DATABASE
    try:
        # mode=rw: a missing database is unhealthy, not silently created empty
        uri = path.as_uri() + "?mode=rw"
        conn = sqlite3.connect(uri, uri=True, timeout=2, isolation_level=None)
    except sqlite3.Error as error:
        return reason(error, path)
    try:
        try:
            conn.execute("select 1").fetchone()
            wrapped = sqlite_utils.Database(conn)
            if unknown(wrapped):
                return OTHER_VERSION
            if migrations.pending(wrapped):
                return PENDING
        except sqlite3.Error as error:
            return reason(error, path)
        return write_trouble(conn, path)
    finally:
        conn.close()
