"""The club's ledger rows: inserted by one function, read as entries, never updated or deleted.

``insert_entry`` is the only writer of the ``ledger`` table: each row is
the next link of its club's hash chain (``db/chain.py``: ``prev_hash``
and ``hash``, scope: the club; the database refuses a row without them).
It writes inside the caller's transaction: a change of the cash box
(scorekeeper/clubs/accounts.py, closing.py) is one transaction.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import sqlite_utils

from ..clock import now
from ..db.chain import LEDGER, append
from ..db.rows import Damaged, Row, reading, text, text_or_none, whole, whole_or_none
from .entries import BOX_SIDE, FEES, MEMBER_SIDE, Entry, EntryKind

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


def entries(db: sqlite_utils.Database, club_id: int, kept: Mapping[int, int]) -> list[Entry]:
    """The club's entries in the order entered, each for its member (a merged one: the one
    kept), a payment's sides said as they are now (``_sides``). ``kept``: each member of the
    club → the member he now is (``clubs.merging.kept_members``, the one home of merges,
    above this layer)."""
    names = dict(
        _member(row)
        for row in db.query("select id, name from members where club_id = ?", [club_id])
    )
    rows = [
        _row(row)
        for row in db.query(
            f"select {READ}, s.paid_by as before_paid_by, s.received_by as before_received_by"
            " from ledger left join payment_sides s on s.entry_id = ledger.id"
            " where club_id = ? order by id",
            [club_id],
        )
    ]
    member_of = {int(row["id"]): int(row["member_id"]) for row in rows}
    fees = {int(row["id"]) for row in rows if row["kind"] in FEES}
    paid_to = {int(r["other_side"]): int(r["member_id"]) for r in rows if r["other_side"]}
    found = []
    for row in rows:
        if row["member_id"] not in kept:  # none of the club's: changed behind the app
            raise _strayed(db, row)
        other = member_of.get(row["other_side"]) if row["other_side"] else paid_to.get(row["id"])
        sides = _sides(row, other)
        said = [_said(side, words, names, kept) for side, words in zip(sides, _stored(row))]
        paid_by, received_by = said
        found.append(_entry(row, kept[row["member_id"]], paid_by, received_by, _of_fee(row, fees)))
    return found


def _strayed(db: sqlite_utils.Database, row: dict[str, Any]) -> Damaged:
    """An entry whose member is none of the club's: the member's row when he is there (his
    ``club_id`` changed: his seats say the same), else the entry's (its ``member_id``)."""
    there = db.execute("select 1 from members where id = ?", [row["member_id"]]).fetchone()
    if there is not None:
        return Damaged("club_id", "junk", int(row["member_id"]), "members")
    return Damaged("member_id", "junk", int(row["id"]), "ledger")


def _member(row: Row) -> tuple[int, str]:
    """A member's id and name (``Damaged``: retyped)."""
    with reading("members", row):
        return whole(row, "id"), text(row, "name")


LEDGER_TYPES = {
    "id": whole,
    "member_id": whole,
    "amount": whole,
    "on_date": text,
    "evening_id": whole_or_none,
    "reverses": whole_or_none,
    "game_id": whole_or_none,
    "other_side": whole_or_none,
    "method": text_or_none,
    "received_by": text_or_none,
    "paid_by": text_or_none,
    "note": text_or_none,
    "before_paid_by": whole_or_none,
    "before_received_by": whole_or_none,
}
"""The ledger's columns the entries read, by their reader (``db/rows.py``)."""
READ = ", ".join(f"ledger.{c}" for c in ("kind", *LEDGER_TYPES) if not c.startswith("before_"))
"""The ledger's columns ``entries`` selects: those it reads, not the chain's (its hash,
the time written), a fifth of the rows' bytes turned into Python at 40,000 entries."""


KINDS = frozenset(kind.value for kind in EntryKind)
"""The kinds a row may say (the set was once built again for each row: a tenth of the cash
box's CPU at 10,000 entries, docs/performance.md)."""


HELD: dict[object, tuple[type, bool]] = {whole: (int, False), whole_or_none: (int, True)}
HELD |= {text: (str, False), text_or_none: (str, True)}
"""What each reader of ``LEDGER_TYPES`` takes: the type, and whether NULL is one."""
CHECKS = tuple((column, *HELD[read]) for column, read in LEDGER_TYPES.items())


def _as_written(row: dict[str, Any]) -> bool:
    """Whether every column holds what the app writes and the kind is one: the check of
    ``_row`` at a glance, for the rows that pass it (all but a row changed behind the app).
    The readers and their ``reading`` context cost a third of the cash box's CPU at 40,000
    entries (docs/performance.md); a row this refuses goes through them, which name why."""
    for column, kind, nullable in CHECKS:
        value = row.get(column)
        if not (isinstance(value, kind) or (nullable and value is None)):
            return False
    return row["kind"] in KINDS


def _row(row: dict[str, Any]) -> dict[str, Any]:
    """A ledger row whose columns hold what the app writes (``Damaged`` naming it: a value
    retyped behind the app, or a kind of entry there is none of)."""
    if _as_written(row):
        return row
    with reading("ledger", row):
        for column, read in LEDGER_TYPES.items():
            read(row, column)
        if text(row, "kind") not in KINDS:
            raise Damaged("kind", "junk")
    return row


def _stored(row: dict[str, Any]) -> tuple[str, str]:
    return row["paid_by"] or "", row["received_by"] or ""


def _said(side: int | None, stored: str, names: dict[int, str], kept: Mapping[int, int]) -> str:
    """A side in the entry's words: a member's name as it is now (a merged one's: the one
    kept), the box's mark, or the words as stored (``side`` None)."""
    if side is None:
        return stored
    return BOX_SIDE if side == 0 else names.get(kept.get(side, side), stored)


MARKS = (BOX_SIDE, MEMBER_SIDE)


def _sides(row: dict[str, Any], other: int | None) -> tuple[int | None, int | None]:
    """Who a payment row's ``paid_by`` and ``received_by`` are: a member's id (its name is
    said as it is now), 0 the cash box, None the words as stored (typed by hand).

    A row written before m029 names anyone as the migration read its words
    (``payment_sides``); one written since by ``clubs.accounts.pay`` holds marks: the box
    (``BOX_SIDE``), or a member (``MEMBER_SIDE``): the row's own, or the member of its other
    side (``other``: the row it names, or the row that names it). The payer's balance rises:
    a row above zero is its member's payment, one below zero his receipt.
    """
    if row["before_paid_by"] is not None or row["before_received_by"] is not None:
        return row["before_paid_by"], row["before_received_by"]
    marks = (row["paid_by"], row["received_by"])
    if marks[0] not in MARKS or marks[1] not in MARKS:
        return None, None
    own = int(row["member_id"])
    payer, payee = (own, other) if int(row["amount"]) > 0 else (other, own)
    return (
        0 if marks[0] == BOX_SIDE else payer,
        0 if marks[1] == BOX_SIDE else payee,
    )


def _of_fee(row: dict[str, Any], fees: set[int]) -> bool:
    """A fee's row, or a reversal of one: its ``evening_id`` is the evening it was charged
    from (``Entry.charged_at``), not an evening's item."""
    return int(row["id"]) in fees or (row["kind"] == EntryKind.REVERSAL and row["reverses"] in fees)


def _entry(
    row: dict[str, Any], member: int, paid_by: str, received_by: str, fee: bool = False
) -> Entry:
    return Entry(
        int(row["id"]),
        member,
        EntryKind(row["kind"]),
        int(row["amount"]),
        row["on_date"],
        row["note"] or "",
        None if fee else row["evening_id"],
        row["reverses"],
        row["method"] or "",
        received_by,
        row.get("game_id"),
        paid_by=paid_by,
        other_side=row.get("other_side"),
        charged_at=row["evening_id"] if fee else None,
    )
