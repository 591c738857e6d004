"""A fee charged to several members at once (the cash box's Fee form), and which evening
it names.

Apart from accounts.py (the accounts read, the entries typed to one member) because a fee
carries one rule of its own: the evening it is for, stored on each of its rows
(``evening_id``, read back as ``Entry.charged_at``), which decides in which evening's view
and room it is listed (docs/cashbox.md, "A fee names its evening").
"""

from __future__ import annotations

import sqlite_utils

from ..cashbox.entries import EVENING_FEES, FEES, EntryKind
from ..cashbox.ledger import insert_entry
from ..store.changing import changing
from ..store.club_log import ClubOwner
from .accounts import MAX_CENTS
from .evening_tables import evening as evening_of
from .records import Refused
from .seats import _member_of

MOST_AT_ONCE = 200
"""Members charged one fee in one form at most (a club's evening, with room to spare)."""


def charge(
    db: sqlite_utils.Database,
    club_id: int,
    version: int,
    charged: list[int],
    kind: EntryKind,
    amount: int,
    on: str,
    note: str = "",
    evening: int | None = None,
) -> list[int]:
    """One fee to each of ``charged`` (``amount``, typed positive, lowers each balance): one
    change of the club, one ledger row per member, in the order given; their ids.
    ``evening``: the one the fee is for (the view it was typed on, or chosen on the plain
    page: cash22), stored on each row (``evening_id``, read back as ``Entry.charged_at``) when
    it is one of the club's held on ``on``, else none. Refused (nothing written) unless
    ``kind`` is a fee, the amount one entry's, every member the club's (not merged), once.
    """
    if kind not in FEES or not 0 < amount <= MAX_CENTS:
        raise Refused(kind)
    if not 0 < len(charged) <= MOST_AT_ONCE or len(set(charged)) != len(charged):
        raise Refused(len(charged))
    with changing(db, ClubOwner(club_id), version, "entry") as change:
        for member in charged:
            _member_of(db, club_id, member)
        change.summary = f"{kind} {-amount} × {len(charged)}"
        row = {"club_id": club_id, "kind": str(kind), "amount": -amount, "on_date": on}
        # a season's dues are no evening's, wherever typed (EVENING_FEES): they name none
        row["evening_id"] = _charged_at(db, club_id, evening, on) if kind in EVENING_FEES else None
        return [insert_entry(db, row | {"member_id": m, "note": note}) for m in charged]


def _charged_at(
    db: sqlite_utils.Database, club_id: int, evening: int | None, on: str
) -> int | None:
    """``evening`` when it is one of the club's evenings held on ``on``, else None."""
    if evening is None or not 0 < evening < 2**63:  # beyond SQLite's integers: none of them
        return None
    found = evening_of(db, evening)
    return evening if found is not None and (found.club_id, found.date) == (club_id, on) else None
