"""The server's secret key, kept in its database, so that a backup carries it.

The key signs the session cookie, where each phone keeps its rights (its
device token, the games it manages). It used to live in a file beside the
database that backups left out: restored on a new machine, every manager's
phone got 404 until its link was given again. In the database it travels with
every backup and restore. Reading it gives nobody more than the database
already gives (its grants, the games' links): both are the server's user's only
(0600). ``SCOREKEEPER_SECRET_KEY``, when set, wins and is never stored.
"""

from __future__ import annotations

import secrets
from pathlib import Path

import sqlite_utils

from .connection import transaction

OLD_FILE = "secret_key"
"""Where versions before this one kept it, in the data folder: adopted once, on upgrade."""


def _kept(db: sqlite_utils.Database) -> str | None:
    row = db.conn.execute("select key from secret_key where id = 1").fetchone()
    return str(row[0]) if row else None


def secret_key(db: sqlite_utils.Database, folder: Path | None) -> str:
    """The key kept in ``db``; made on the first start, or taken from the file an older
    version wrote in ``folder`` (the phones keep their rights across the upgrade).

    Several processes may start at once: the first key stored is everyone's.
    """
    kept = _kept(db)
    if kept:
        return kept
    old = folder / OLD_FILE if folder is not None else None
    try:
        key = old.read_text().strip() if old is not None else ""
    except OSError:
        key = ""
    with transaction(db):
        db.conn.execute(
            "insert or ignore into secret_key (id, key) values (1, ?)",
            [key or secrets.token_hex(32)],
        )
    kept = _kept(db)
    assert kept
    return kept
