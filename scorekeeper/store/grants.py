"""Rights kept in the database: which device may change which game, who is the admin.

The browser keeps only random tokens in its signed cookie; this module keeps
their SHA-256 and whether each right still holds. Every check reads the
database, so a right taken back here ends at once in every process and for
every copy of the cookie.
"""

from __future__ import annotations

from dataclasses import dataclass

import sqlite_utils

from ..clock import now


@dataclass(frozen=True)
class Grant:
    """A device's right to change a game."""

    id: int
    game_id: int
    device: str
    label: str
    created_at: str
    last_change_at: str | None
    name: str = ""
    """What the manager named the phone (empty: not named)."""

    @property
    def shown(self) -> str:
        """The phone as the pages name it: its given name, else what its browser said."""
        return self.name or self.label


def active(db: sqlite_utils.Database, game_id: int, device: str) -> Grant | None:
    """The device's standing right on the game, if it has one."""
    rows = list(
        db.query(
            "select * from grants where device = ? and game_id = ? and revoked_at is null"
            " order by id desc limit 1",
            [device, game_id],
        )
    )
    return _grant(rows[0]) if rows else None


def ever_held(db: sqlite_utils.Database, game_id: int, device: str) -> bool:
    """Whether the device held a right on the game, standing or since taken back: a phone
    whose right was taken back still follows the game (``rights.access.can_read``)."""
    rows = db.query(
        "select 1 from grants where device = ? and game_id = ? limit 1", [device, game_id]
    )
    return next(iter(rows), None) is not None


def _grant(row: dict[str, object]) -> Grant:
    return Grant(
        int(row["id"]),  # type: ignore[call-overload]
        int(row["game_id"]),  # type: ignore[call-overload]
        str(row["device"]),
        str(row["label"] or ""),
        str(row["created_at"]),
        None if row["last_change_at"] is None else str(row["last_change_at"]),
        str(row.get("name") or ""),
    )


def of_game(db: sqlite_utils.Database, game_id: int) -> list[Grant]:
    """The devices that may change the game, oldest first."""
    rows = db.query(
        "select * from grants where game_id = ? and revoked_at is null order by id", [game_id]
    )
    return [_grant(row) for row in rows]


def games_of(db: sqlite_utils.Database, device: str) -> set[int]:
    rows = db.query("select game_id from grants where device = ? and revoked_at is null", [device])
    return {int(row["game_id"]) for row in rows}


def give(db: sqlite_utils.Database, game_id: int, device: str, label: str) -> Grant:
    """The device may change the game (a no-op if it already may)."""
    with db.atomic():
        existing = active(db, game_id, device)
        if existing is not None:
            return existing
        db.table("grants").insert(
            {
                "game_id": game_id,
                "device": device,
                "label": label[:80],
                "created_at": now(),
                "last_change_at": None,
                "revoked_at": None,
            }
        )
    grant = active(db, game_id, device)
    assert grant is not None
    return grant


NAME_LENGTH = 40
"""The longest name a phone is given (the form says so and refuses longer)."""


def set_name(db: sqlite_utils.Database, game_id: int, grant_id: int, given: str) -> bool:
    """Name a phone that holds the right on the game; False if it holds none."""
    cursor = db.execute(
        "update grants set name = ? where id = ? and game_id = ? and revoked_at is null",
        [given[:NAME_LENGTH] or None, grant_id, game_id],
    )
    return cursor.rowcount == 1


def changed(db: sqlite_utils.Database, grant_id: int, at: str | None = None) -> None:
    """The device of this grant has just changed its game (``at``: when, default now)."""
    db.execute("update grants set last_change_at = ? where id = ?", [at or now(), grant_id])


def last_change(db: sqlite_utils.Database, grant_id: int) -> str | None:
    """When the device of this grant last changed its game, as recorded."""
    rows = list(db.query("select last_change_at from grants where id = ?", [grant_id]))
    return rows[0]["last_change_at"] if rows else None


def revoke(db: sqlite_utils.Database, game_id: int, grant_id: int) -> bool:
    """Take one device's right back; False if it was not a standing right on this game."""
    cursor = db.execute(
        "update grants set revoked_at = ? where id = ? and game_id = ? and revoked_at is null",
        [now(), grant_id, game_id],
    )
    return cursor.rowcount == 1


def revoke_others(db: sqlite_utils.Database, game_id: int, keep_device: str | None) -> int:
    """Take back every device's right on the game but ``keep_device``'s; how many were ended."""
    cursor = db.execute(
        "update grants set revoked_at = ? where game_id = ? and revoked_at is null"
        " and device is not ?",
        [now(), game_id, keep_device],
    )
    return int(cursor.rowcount)


def open_admin(db: sqlite_utils.Database, token: str, password_tag: str, label: str) -> None:
    db.table("admin_sessions").insert(
        {
            "token": token,
            "password_tag": password_tag,
            "label": label[:80],
            "created_at": now(),
            "revoked_at": None,
        }
    )


def admin_open(db: sqlite_utils.Database, token: str, password_tag: str) -> bool:
    """The admin session holds: not logged out, opened with today's admin password."""
    rows = list(
        db.query(
            "select 1 from admin_sessions where token = ? and password_tag = ?"
            " and revoked_at is null",
            [token, password_tag],
        )
    )
    return bool(rows)


def close_admin(db: sqlite_utils.Database, token: str) -> None:
    db.execute(
        "update admin_sessions set revoked_at = ? where token = ? and revoked_at is null",
        [now(), token],
    )
