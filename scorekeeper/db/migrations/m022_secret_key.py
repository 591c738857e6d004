"""The server's secret key, kept in the database (``db/secret_key.py``), so backups carry it.

Empty here: the server stores its key at start, the key of the file an older version
wrote (``instance/secret_key``) when there is one, so that no phone loses its rights.
"""

from __future__ import annotations

import sqlite_utils


def migrate(db: sqlite_utils.Database) -> None:
    db.execute("create table secret_key (id integer primary key check (id = 1), key text not null)")
