"""The database: SQLite through sqlite-utils, in the data folder.

- ``folder``: where the data folder is (the one rule: a setting, a checkout, XDG);
- ``connection``: a connection kept per server thread, and the write transaction;
- ``migrations``: the schema, one small module per migration, applied in order, under
  the writers' lock; a database of a newer version refused;
- ``probe``: can the database be used and written (``/health``, the start);
- ``secret_key``: the server's secret key, kept in the database (backups carry it);
- ``chain``: the logs as hash chains (each row hashes the one before), append-only;
- ``write_queue``: writers wait for their turn instead of SQLite's busy loop;
- ``backup``: a consistent copy while serving, and its restore;
- ``serving_mark``: the lock ``serve`` holds beside its database, which ``restore`` tries.
- ``numbers``: a game's or a club's number never handed out twice, a restore included.

What the rest of the app calls is re-exported here (``from scorekeeper import db``).
"""

from __future__ import annotations

from .connection import (
    MAX_INTEGER,
    Database,
    close_db,
    connect,
    generation,
    get_db,
    init_app,
    init_db_command,
    new_generation,
    private_file,
    transaction,
)

__all__ = [
    "MAX_INTEGER",
    "Database",
    "close_db",
    "connect",
    "generation",
    "get_db",
    "init_app",
    "init_db_command",
    "new_generation",
    "private_file",
    "transaction",
]
