"""Rights kept on the server, so that they can be taken back.

A browser's cookie carries only a random device token; a ``grants`` row
(its hash) says that device may change a game, an ``admin_sessions`` row
that it is logged in as the admin. Revoking the row ends the right at once,
for every copy of the cookie.
"""

from __future__ import annotations

import sqlite_utils


def migrate(db: sqlite_utils.Database) -> None:
    db.table("grants").create(
        {
            "id": int,
            "game_id": int,
            "device": str,  # SHA-256 of the device token
            "label": str,  # what the browser said it was, for the links page
            "created_at": str,
            "last_change_at": str,
            "revoked_at": str,
        },
        pk="id",
        foreign_keys=[("game_id", "games", "id")],
        not_null={"game_id", "device", "created_at"},
    )
    db.table("grants").create_index(["device", "game_id"])
    db.table("grants").create_index(["game_id"])
    db.table("admin_sessions").create(
        {
            "id": int,
            "token": str,  # SHA-256 of the session's token
            "password_tag": str,  # which admin password it was opened with
            "label": str,
            "created_at": str,
            "revoked_at": str,
        },
        pk="id",
        not_null={"token", "password_tag", "created_at"},
    )
    db.table("admin_sessions").create_index(["token"], unique=True)
