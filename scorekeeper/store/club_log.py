"""A club as the owner of versioned changes, and its change log (``club_changes``).

Every change of a club's members, evenings, presets, manager link and cash
box goes through ``changing(db, ClubOwner(club_id), version, action)``: the
version the club's page showed is checked (a page shown before another
change is refused: ``Conflict``), the club moves on one version, and one
line on the club's chain says what was done (``action``: ``member_add``,
``member_rename``, ``member_merge``, ``manager_link``, ``evening``,
``preset``, ``entry``, ``reversal``, ``payment``, ``close``, ``reopen``; its first,
``create``). Each line carries the club's facts the change wrote (its members, evenings…:
``db/facts.py``), so that ``verify`` replays the club from its log.
The cash box's rows themselves are on the club's other chain, its ledger
(``ledger.py``).
"""

from __future__ import annotations

from typing import Any, ClassVar

import sqlite_utils

from ..clock import now
from ..db import facts
from ..db.chain import CLUB_CHANGES, Chain, append
from .changing import Change, Owner
from .errors import Conflict


class ClubOwner(Owner[int]):
    """A club, read as its version only: what its changes read they read themselves."""

    table: ClassVar[str] = "clubs"
    log: ClassVar[Chain] = CLUB_CHANGES
    stamp: ClassVar[str | None] = None

    def read(self, db: sqlite_utils.Database) -> int:
        found = db.execute("select version from clubs where id = ?", [self.id]).fetchone()
        if found is None:
            raise Conflict(self.id)
        return int(found[0])

    def version_of(self, stored: int) -> int:
        return stored

    def line(self, db: sqlite_utils.Database, change: Change[int]) -> dict[str, Any]:
        return {
            "club_id": self.id,
            "version": change.version,
            "action": change.action,
            "summary": change.summary,
            "at": now(),
        }


def created(db: sqlite_utils.Database, club_id: int, summary: str) -> None:
    """Inside a club's creation: its first line (version 1), holding its row (``db/facts.py``).

    A database not yet migrated to the facts (m021) gets the club's line from m021.
    """
    if facts.watch(db):
        line = {"club_id": club_id, "version": 1, "action": "create", "summary": summary}
        append(db, CLUB_CHANGES, {**line, "at": now()})


def club_changes(
    db: sqlite_utils.Database, club_id: int, limit: int = 200
) -> list[dict[str, object]]:
    """The club's change log, newest first."""
    return list(
        db.query(
            "select version, action, summary, at from club_changes where club_id = ?"
            " order by id desc limit ?",
            [club_id, limit],
        )
    )
