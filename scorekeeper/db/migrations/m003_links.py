"""The manager link (its hash only) and the read-only table link of each game."""

from __future__ import annotations

import secrets

import sqlite_utils


def migrate(db: sqlite_utils.Database) -> None:
    db.table("games").add_column("manager_hash", str)
    db.table("games").add_column("table_token", str)
    for row in list(db.query("select id from games")):
        db.execute(
            "update games set table_token = ? where id = ?",
            [secrets.token_urlsafe(18), row["id"]],
        )
