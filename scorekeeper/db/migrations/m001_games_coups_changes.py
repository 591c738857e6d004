"""The first schema: games, their coups as entered, and the change log."""

from __future__ import annotations

import sqlite_utils


def migrate(db: sqlite_utils.Database) -> None:
    db.table("games").create(
        {
            "id": int,
            "game": str,  # "hombre"
            "players": str,  # JSON list, seat order
            "first_dealer": int,
            "rules": str,  # JSON object, every setting
            "created_at": str,
            "updated_at": str,
            "version": int,  # +1 on every change
        },
        pk="id",
        not_null={"game", "players", "first_dealer", "rules", "created_at", "version"},
    )
    db.table("coups").create(
        {"id": int, "game_id": int, "position": int, "data": str},
        pk="id",
        foreign_keys=[("game_id", "games", "id")],
        not_null={"game_id", "position", "data"},
    )
    db.table("coups").create_index(["game_id", "position"], unique=True)
    db.table("changes").create(
        {
            "id": int,
            "game_id": int,
            "at": str,
            "action": str,  # create, import, add, edit, delete, undo, rules
            "position": int,
            "before": str,  # JSON of the coup (or rules) before, if any
            "after": str,
            "summary": str,
        },
        pk="id",
        foreign_keys=[("game_id", "games", "id")],
        not_null={"game_id", "at", "action"},
    )
    db.table("changes").create_index(["game_id"])
