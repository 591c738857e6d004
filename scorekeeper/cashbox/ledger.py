"""The club's ledger rows: inserted by one function, read as entries, never updated or deleted.

``insert_entry`` is the only writer of the ``ledger`` table: each row is
the next link of its club's hash chain (``db/chain.py``: ``prev_hash``
and ``hash``, scope: the club; the database refuses a row without them).
It writes inside the caller's transaction: a change of the cash box
(scorekeeper/clubs/accounts.py, closing.py) is one transaction.
"""

from __future__ import annotations

from typing import Any

import sqlite_utils

from ..clock import now
from ..db.chain import LEDGER, append
from .entries import Entry, EntryKind

COLUMNS = (
    "club_id",
    "member_id",
    "kind",
    "amount",
    "on_date",
    "evening_id",
    "reverses",
    "method",
    "received_by",
    "paid_by",
    "note",
    "game_id",
    "other_side",
)


def insert_entry(db: sqlite_utils.Database, row: dict[str, Any]) -> int:
    """One ledger row (the columns of ``COLUMNS``; ``created_at`` is now); its id."""
    values = {column: row.get(column) for column in COLUMNS}
    values["amount"] = int(row["amount"])
    values["created_at"] = now()
    return append(db, LEDGER, values)


def entries(db: sqlite_utils.Database, club_id: int) -> list[Entry]:
    """The club's entries in the order entered, each for its member (a merged one: the one kept)."""
    merged = dict(
        db.execute("select id, merged_into from members where club_id = ?", [club_id]).fetchall()
    )
    rows = db.query("select * from ledger where club_id = ? order by id", [club_id])
    return [_entry(row, _kept(merged, int(row["member_id"]))) for row in rows]


def _kept(merged: dict[int, int | None], member: int) -> int:
    seen = set()
    while merged.get(member) is not None and member not in seen:
        seen.add(member)
        member = int(merged[member])  # type: ignore[arg-type]
    return member


def _entry(row: dict[str, Any], member: int) -> Entry:
    return Entry(
        int(row["id"]),
        member,
        EntryKind(row["kind"]),
        int(row["amount"]),
        row["on_date"],
        row["note"] or "",
        row["evening_id"],
        row["reverses"],
        row["method"] or "",
        row["received_by"] or "",
        row.get("game_id"),
        paid_by=row.get("paid_by") or "",
        other_side=row.get("other_side"),
    )
