"""A club's own rows: the club, its version, its manager link and the devices that may manage it.

Games keep their own player names (their rows and game files never change
here); a ``seats`` row links each seat of a game to a member, which is the
player's identity across games (seats.py). An evening is a date and its
tables (evening_tables.py). Every change to a club's members, evenings,
presets or cash box moves the club on one version and leaves a line on its
change log (``changing(db, ClubOwner(club_id), …)``, store/club_log.py), so
a page sent from an older version is refused, not applied over what
changed. Every standing is derived by replaying the games, as everywhere
else (room.py, season.py).
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from decimal import Decimal
from typing import ClassVar, NamedTuple

import sqlite_utils

from ..clock import now
from ..db import numbers, rows, transaction
from ..rules.money import Money
from ..store.changing import changing
from ..store.club_log import ClubOwner, created


class Refused(ValueError):
    """A change that cannot be made (an unknown member, a merge with themselves)."""


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
    damaged: ClassVar[None] = None


@dataclass(frozen=True)
class DamagedEvening:
    """An evening of the club's list whose row was changed behind the app: its id and what
    is wrong. One such row made the club's whole page a 409."""

    id: int
    damaged: rows.Damaged


class ClubName(NamedTuple):
    id: int
    name: str


def club_names(db: sqlite_utils.Database, visible: set[int] | None) -> list[ClubName]:
    """The clubs by name (then number): those in ``visible``, or all for None (the admin).

    Only the rows of ``visible`` are read (by their ids), whatever the number of clubs.
    """
    if visible is None:
        rows: list[tuple[int, str]] = db.execute(
            "select id, name from clubs order by name collate nocase, id"
        ).fetchall()
    elif not visible:
        return []
    else:
        rows = db.execute(
            "select id, name from clubs where id in (select value from json_each(?))"
            " order by name collate nocase, id",
            [json.dumps(sorted(visible))],
        ).fetchall()
    return [ClubName(*row) for row in rows]


def club(db: sqlite_utils.Database, club_id: int) -> Club | None:
    """The club as stored (``rows.Damaged`` naming it: a column changed behind the app; it
    was read untyped, and a BLOB currency or a chip value that is no number was a 500)."""
    found = list(db.query("select * from clubs where id = ?", [club_id]))
    if not found:
        return None
    row = found[0]
    with rows.reading("clubs", row):
        money = None
        chip_value = rows.text_or_none(row, "chip_value")
        if chip_value:
            money = Money(
                _decimal(chip_value, "chip_value"), rows.text_or_none(row, "currency") or ""
            )
        return Club(
            rows.whole(row, "id"),
            rows.text(row, "name"),
            money,
            rows.text_or_none(row, "manager_hash"),
            rows.text(row, "read_token"),
            rows.whole(row, "version"),
        )


def _decimal(text: str, column: str) -> Decimal:
    """A decimal as the app writes one (``str(Decimal)``): anything else is junk."""
    try:
        value = Decimal(text)
    except ArithmeticError:
        raise rows.Damaged(column, "junk") from None
    if not value.is_finite():
        raise rows.Damaged(column, "junk")
    return value


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
    with transaction(db):
        # above a number a restore took back: a phone may still read that one (db/numbers.py)
        club_id = db.table("clubs").insert({**numbers.unused(db, "clubs"), **row}).last_pk
        assert isinstance(club_id, int)
        created(db, club_id, name)  # its log's first line holds the club's row
    return club_id


def set_manager_hash(
    db: sqlite_utils.Database, club_id: int, manager_hash: str, version: int
) -> None:
    """A new manager link: every device's right on the club ends."""
    with changing(db, ClubOwner(club_id), version, "manager_link"):
        db.execute("update clubs set manager_hash = ? where id = ?", [manager_hash, club_id])
        db.execute(
            "update club_grants set revoked_at = ? where club_id = ? and revoked_at is null",
            [now(), club_id],
        )


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
