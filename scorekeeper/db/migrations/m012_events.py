"""Competitions (issue 27): an event, its players, rounds, tables, penalties and change log.

An event's tables are ordinary games (``event_tables.game_id``); a club's
event also opens an evening of the club per round, so its tables join the
season. The manager link's secret is stored hashed, as a game's.
"""

from __future__ import annotations

import sqlite_utils


def migrate(db: sqlite_utils.Database) -> None:
    db.table("events").create(
        {
            "id": int,
            "club_id": int,
            "name": str,
            "settings": str,
            "seed": int,
            "manager_hash": str,
            "read_token": str,
            "version": int,
            "created_at": str,
            "updated_at": str,
        },
        pk="id",
        not_null={"name", "settings", "seed", "read_token", "version"},
        foreign_keys=[("club_id", "clubs", "id")],
    )
    db.table("events").create_index(["read_token"], unique=True)
    db.table("event_grants").create(
        {"id": int, "event_id": int, "device": str, "created_at": str, "revoked_at": str},
        pk="id",
        foreign_keys=[("event_id", "events", "id")],
    )
    db.table("event_grants").create_index(["device", "event_id"])
    db.table("event_players").create(
        {
            "id": int,
            "event_id": int,
            "name": str,
            "team": str,
            "together": str,
            "partner": str,
            "member_id": int,
            "joined": int,
            "withdrawn": int,
        },
        pk="id",
        not_null={"event_id", "name", "joined"},
        foreign_keys=[("event_id", "events", "id")],
    )
    db.table("event_players").create_index(["event_id", "name"], unique=True)
    db.table("event_rounds").create(
        {
            "event_id": int,
            "number": int,
            "seed": int,
            "sitting_out": str,
            "evening_id": int,
            "started_at": str,
            "closed_at": str,
        },
        pk=("event_id", "number"),
        foreign_keys=[("event_id", "events", "id")],
    )
    db.table("event_tables").create(
        {
            "event_id": int,
            "round": int,
            "table_no": int,
            "game_id": int,
            "locked": str,
            "locked_version": int,
        },
        pk=("event_id", "round", "table_no"),
        foreign_keys=[("event_id", "events", "id"), ("game_id", "games", "id")],
    )
    db.table("event_tables").create_index(["game_id"], unique=True)
    db.table("event_penalties").create(
        {
            "id": int,
            "event_id": int,
            "player": str,
            "points": int,
            "reason": str,
            "round": int,
            "created_at": str,
        },
        pk="id",
        foreign_keys=[("event_id", "events", "id")],
    )
    db.table("event_changes").create(
        {"id": int, "event_id": int, "version": int, "action": str, "summary": str, "at": str},
        pk="id",
        foreign_keys=[("event_id", "events", "id")],
    )
    db.table("event_changes").create_index(["event_id", "id"])
