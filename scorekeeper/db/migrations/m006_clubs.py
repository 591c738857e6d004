"""A club's members, its evenings of several tables, and who sat where.

A default club is made, and every player name of the games already stored
becomes one of its members, each seat linked to its member: the games
themselves (their rows, coups and files) are not changed.
"""

from __future__ import annotations

import json
import secrets

import sqlite_utils

from ...clock import now


def migrate(db: sqlite_utils.Database) -> None:
    db.table("clubs").create(
        {
            "id": int,
            "name": str,
            "chip_value": str,  # a decimal, e.g. "0.05"
            "currency": str,
            "manager_hash": str,  # SHA-256 of the club's manager link secret
            "read_token": str,  # the club link's secret (read only)
            "version": int,  # +1 on every change of members or evenings
            "created_at": str,
        },
        pk="id",
        not_null={"name", "read_token", "version", "created_at"},
    )
    db.table("members").create(
        {"id": int, "club_id": int, "name": str, "short_name": str, "merged_into": int},
        pk="id",
        foreign_keys=[("club_id", "clubs", "id"), ("merged_into", "members", "id")],
        not_null={"club_id", "name"},
    )
    db.table("members").create_index(["club_id", "name"])
    db.table("seats").create(
        {"game_id": int, "seat": int, "member_id": int},
        pk=("game_id", "seat"),
        foreign_keys=[("game_id", "games", "id"), ("member_id", "members", "id")],
        not_null={"member_id"},
    )
    db.table("seats").create_index(["member_id"])
    db.table("evenings").create(
        {"id": int, "club_id": int, "date": str, "title": str, "created_at": str},
        pk="id",
        foreign_keys=[("club_id", "clubs", "id")],
        not_null={"club_id", "date", "created_at"},
    )
    db.table("evenings").create_index(["club_id", "date"])
    db.table("evening_games").create(
        {"evening_id": int, "game_id": int, "table_no": int},
        pk=("evening_id", "game_id"),
        foreign_keys=[("evening_id", "evenings", "id"), ("game_id", "games", "id")],
        not_null={"table_no"},
    )
    db.table("evening_games").create_index(["game_id"], unique=True)
    db.table("club_grants").create(
        {"id": int, "club_id": int, "device": str, "created_at": str, "revoked_at": str},
        pk="id",
        foreign_keys=[("club_id", "clubs", "id")],
        not_null={"club_id", "device", "created_at"},
    )
    db.table("club_grants").create_index(["device", "club_id"])
    stamp = now()
    club = {"name": "Club", "read_token": secrets.token_urlsafe(18), "version": 1}
    club_id = int(db.table("clubs").insert({**club, "created_at": stamp}).last_pk or 0)
    members: dict[str, int] = {}
    for row in list(db.query("select id, players from games order by id")):
        for seat, name in enumerate(json.loads(row["players"])):
            if name not in members:
                member = {"club_id": club_id, "name": name, "short_name": None}
                members[name] = int(db.table("members").insert(member).last_pk or 0)
            db.table("seats").insert(
                {"game_id": row["id"], "seat": seat, "member_id": members[name]}
            )
