"""A club: its members, its evenings of several tables, and the rights on it.

Games keep their own player names (their rows and game files never change
here); a ``seats`` row links each seat of a game to a member, which is the
player's identity across games. Renaming a member renames him on the club's
pages; merging two members points the one at the other (``merged_into``),
so every seat of either counts for the one kept. Every standing is derived
by replaying the games, as everywhere else.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal

import sqlite_utils

from .db import change
from .rules.money import Money


class Conflict(Exception):
    """The club changed since the page that sent this change."""


class Refused(ValueError):
    """A change that cannot be made (an unknown member, a merge with himself)."""


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


@dataclass(frozen=True)
class Club:
    id: int
    name: str
    money: Money | None
    manager_hash: str | None
    read_token: str
    version: int


@dataclass(frozen=True)
class Member:
    id: int
    name: str
    short_name: str


@dataclass(frozen=True)
class Evening:
    id: int
    club_id: int
    date: str
    title: str


def club(db: sqlite_utils.Database, club_id: int) -> Club | None:
    rows = list(db.query("select * from clubs where id = ?", [club_id]))
    if not rows:
        return None
    row = rows[0]
    money = None
    if row["chip_value"]:
        money = Money(Decimal(row["chip_value"]), row["currency"] or "")
    return Club(
        row["id"], row["name"], money, row["manager_hash"], row["read_token"], row["version"]
    )


def create(
    db: sqlite_utils.Database, name: str, money: Money | None, manager_hash: str | None
) -> int:
    row = {
        "name": name,
        "chip_value": None if money is None else str(money.chip_value),
        "currency": None if money is None else money.currency,
        "manager_hash": manager_hash,
        "read_token": secrets.token_urlsafe(18),
        "version": 1,
        "created_at": now(),
    }
    club_id = db.table("clubs").insert(row).last_pk
    assert isinstance(club_id, int)
    return club_id


def _bump(db: sqlite_utils.Database, club_id: int, version: int) -> None:
    """Inside a change: the club moves on one version, or Conflict if it already had."""
    cursor = db.execute(
        "update clubs set version = version + 1 where id = ? and version = ?", [club_id, version]
    )
    if cursor.rowcount != 1:
        raise Conflict(club_id)


def set_manager_hash(
    db: sqlite_utils.Database, club_id: int, manager_hash: str, version: int
) -> None:
    """A new manager link: every device's right on the club ends."""
    with change(db):
        _bump(db, club_id, version)
        db.execute("update clubs set manager_hash = ? where id = ?", [manager_hash, club_id])
        db.execute(
            "update club_grants set revoked_at = ? where club_id = ? and revoked_at is null",
            [now(), club_id],
        )


# Members


def members(db: sqlite_utils.Database, club_id: int) -> list[Member]:
    """The club's members (merged ones apart), by name."""
    rows = db.query(
        "select id, name, short_name from members where club_id = ? and merged_into is null"
        " order by name collate nocase, id",
        [club_id],
    )
    return [Member(r["id"], r["name"], r["short_name"] or "") for r in rows]


def kept(db: sqlite_utils.Database, member_id: int) -> int:
    """The member a merged one now is (himself if never merged)."""
    seen = set()
    while member_id not in seen:
        seen.add(member_id)
        rows = list(db.query("select merged_into from members where id = ?", [member_id]))
        if not rows or rows[0]["merged_into"] is None:
            return member_id
        member_id = int(rows[0]["merged_into"])
    return member_id


def member_named(db: sqlite_utils.Database, club_id: int, name: str) -> int:
    """The member of that name (the one kept, if merged), made if there is none."""
    rows = list(
        db.query(
            "select id from members where club_id = ? and name = ? order by merged_into is not null"
            ", id limit 1",
            [club_id, name],
        )
    )
    if rows:
        return kept(db, int(rows[0]["id"]))
    row = {"club_id": club_id, "name": name, "short_name": None, "merged_into": None}
    member_id = db.table("members").insert(row).last_pk
    assert isinstance(member_id, int)
    return member_id


def _member_of(db: sqlite_utils.Database, club_id: int, member_id: int) -> None:
    rows = list(
        db.query(
            "select 1 from members where id = ? and club_id = ? and merged_into is null",
            [member_id, club_id],
        )
    )
    if not rows:
        raise Refused(member_id)


def rename(
    db: sqlite_utils.Database,
    club_id: int,
    member_id: int,
    name: str,
    short_name: str,
    version: int,
) -> None:
    """A member's name on every club page; his games keep the names they were played with."""
    with change(db):
        _member_of(db, club_id, member_id)
        _bump(db, club_id, version)
        db.execute(
            "update members set name = ?, short_name = ? where id = ?",
            [name, short_name or None, member_id],
        )


def merge(db: sqlite_utils.Database, club_id: int, member_id: int, into: int, version: int) -> None:
    """Two members are one person: every seat of ``member_id`` now counts for ``into``."""
    if member_id == into:
        raise Refused(member_id)
    with change(db):
        _member_of(db, club_id, member_id)
        _member_of(db, club_id, into)
        _bump(db, club_id, version)
        db.execute("update members set merged_into = ? where id = ?", [into, member_id])
        db.execute("update members set merged_into = ? where merged_into = ?", [into, member_id])


def link_seats(
    db: sqlite_utils.Database, club_id: int, game_id: int, players: Sequence[str]
) -> None:
    """Each seat of the game to the member of its name (a new name becomes a member)."""
    for seat, name in enumerate(players):
        db.table("seats").insert(
            {"game_id": game_id, "seat": seat, "member_id": member_named(db, club_id, name)},
            replace=True,
        )


def seat_members(db: sqlite_utils.Database, game_id: int) -> dict[int, int]:
    """Seat → member (the one kept) of a game."""
    rows = db.query("select seat, member_id from seats where game_id = ?", [game_id])
    return {int(r["seat"]): kept(db, int(r["member_id"])) for r in rows}


def names(db: sqlite_utils.Database, club_id: int) -> dict[int, Member]:
    return {m.id: m for m in members(db, club_id)}


# Evenings


def create_evening(
    db: sqlite_utils.Database, club_id: int, date: str, title: str, version: int
) -> int:
    with change(db):
        _bump(db, club_id, version)
        row = {"club_id": club_id, "date": date, "title": title, "created_at": now()}
        evening_id = db.table("evenings").insert(row).last_pk
    assert isinstance(evening_id, int)
    return evening_id


def evening(db: sqlite_utils.Database, evening_id: int) -> Evening | None:
    rows = list(db.query("select * from evenings where id = ?", [evening_id]))
    if not rows:
        return None
    r = rows[0]
    return Evening(r["id"], r["club_id"], r["date"], r["title"] or "")


def evening_version(db: sqlite_utils.Database, evening_id: int) -> str:
    """What the evening's page polls: its tables and the sum of their versions.

    Any coup entered, corrected or undone at any table, and any new table,
    changes it (a game's version only grows).
    """
    row = db.execute(
        """select count(*), coalesce(sum(games.version), 0) from evening_games
        join games on games.id = evening_games.game_id where evening_games.evening_id = ?""",
        [evening_id],
    ).fetchone()
    return f"{row[0]}.{row[1]}"


def evenings(
    db: sqlite_utils.Database, club_id: int, start: str = "", end: str = "9999"
) -> list[Evening]:
    """The club's evenings from ``start`` to ``end`` (ISO dates, both included), newest first."""
    rows = db.query(
        "select * from evenings where club_id = ? and date >= ? and date <= ?"
        " order by date desc, id desc",
        [club_id, start, end],
    )
    return [Evening(r["id"], r["club_id"], r["date"], r["title"] or "") for r in rows]


def add_table(
    db: sqlite_utils.Database, evening: Evening, game_id: int, players: Sequence[str]
) -> int:
    """Inside the game's creation: the game is the evening's next table; its seats, members."""
    row = db.execute(
        "select coalesce(max(table_no), 0) + 1 from evening_games where evening_id = ?",
        [evening.id],
    ).fetchone()
    table_no = int(row[0])
    db.table("evening_games").insert(
        {"evening_id": evening.id, "game_id": game_id, "table_no": table_no}
    )
    link_seats(db, evening.club_id, game_id, players)
    return table_no


def tables(db: sqlite_utils.Database, evening_id: int) -> list[tuple[int, int]]:
    """(table number, game id) of the evening, in table order."""
    rows = db.query(
        "select table_no, game_id from evening_games where evening_id = ? order by table_no",
        [evening_id],
    )
    return [(int(r["table_no"]), int(r["game_id"])) for r in rows]


# Rights


def give(db: sqlite_utils.Database, club_id: int, device: str) -> None:
    """The device may manage the club (a no-op if it already may)."""
    with db.atomic():
        if not holds(db, club_id, device):
            db.table("club_grants").insert(
                {"club_id": club_id, "device": device, "created_at": now(), "revoked_at": None}
            )


def holds(db: sqlite_utils.Database, club_id: int, device: str) -> bool:
    rows = db.query(
        "select 1 from club_grants where club_id = ? and device = ? and revoked_at is null",
        [club_id, device],
    )
    return bool(list(rows))


def managed_by(db: sqlite_utils.Database, device: str) -> set[int]:
    rows = db.query(
        "select club_id from club_grants where device = ? and revoked_at is null", [device]
    )
    return {int(r["club_id"]) for r in rows}
