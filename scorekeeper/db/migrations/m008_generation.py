"""The database's generation: a random token that a restore replaces.

A kept page's key holds it, so that a database restored in place (the same
games, versions and table tokens as before, then other coups) never gets the
pages kept from before the restore (``backup.restore``, ``web/kept``).
"""

from __future__ import annotations

import secrets

import sqlite_utils


def migrate(db: sqlite_utils.Database) -> None:
    db.table("generation").create({"id": int, "token": str}, pk="id", not_null={"token"})
    db.table("generation").insert({"id": 1, "token": secrets.token_hex(12)})
