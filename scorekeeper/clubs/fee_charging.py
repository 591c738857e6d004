"""A fee charged to several members at once (the cash box's Fee form), and which evening
it names.

Apart from accounts.py (the accounts read, the entries typed to one member) because a fee
carries one rule of its own: the evening it is for, stored on each of its rows
(``evening_id``, read back as ``Entry.charged_at``), which decides in which evening's view
and room it is listed (docs/cashbox.md, "A fee names its evening").
"""

from __future__ import annotations

from enum import StrEnum

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


class WhyNoEvening(StrEnum):
    """Why a fee cannot name the evening given (``evening_refused``)."""

    NOT_HELD = "not_held"
    """Not one of the club's evenings held on the fee's date: another club's, another
    day's, no evening at all."""
    SEASON_DUES = "season_dues"
    """Season dues are the season's, never an evening's (``EVENING_FEES``): they name none."""


class EveningRefused(Refused):
    """A fee given an evening it cannot name (``why``): nothing written. It was once stored
    naming none, with no word, and the pages kept a rule of their own to refuse it first;
    now the pages ask ``evening_refused`` and this is what a change meanwhile meets."""

    def __init__(self, evening: int, why: WhyNoEvening) -> None:
        super().__init__(evening)
        self.evening, self.why = evening, why


def evening_refused(
    db: sqlite_utils.Database, club_id: int, evening: int, on: str, kind: EntryKind | None
) -> WhyNoEvening | None:
    """Why a fee of ``kind`` dated ``on`` cannot name ``evening``, or None when it can: the
    one rule of which evening a fee names, which ``charge`` applies before it writes and a
    page asks as it checks a form, so each field refused is said at once. The evening must
    be one of the club's held on ``on`` (checked first), and the fee one of an evening's
    (``EVENING_FEES``); ``kind`` None (a form whose fee is refused already): the evening
    alone."""
    # beyond SQLite's integers (or not a number, read as 0 by a page): none of the club's
    found = evening_of(db, evening) if 0 < evening < 2**63 else None
    if found is None or (found.club_id, found.date) != (club_id, on):
        return WhyNoEvening.NOT_HELD
    if kind is not None and kind not in EVENING_FEES:
        return WhyNoEvening.SEASON_DUES
    return None


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
    page: cash22), stored on each row (``evening_id``, read back as ``Entry.charged_at``);
    None: a fee of the day, naming none. Refused (nothing written) unless ``kind`` is a fee,
    the amount one entry's, every member the club's (not merged), once; an evening it cannot
    name (``evening_refused``): ``EveningRefused``, saying why (charge22: it was stored
    naming none, with no word).
    """
    if kind not in FEES or not 0 < amount <= MAX_CENTS:
        raise Refused(kind)
    if not 0 < len(charged) <= MOST_AT_ONCE or len(set(charged)) != len(charged):
        raise Refused(len(charged))
    with changing(db, ClubOwner(club_id), version, "entry") as change:
        if evening is not None and (why := evening_refused(db, club_id, evening, on, kind)):
            raise EveningRefused(evening, why)
        for member in charged:
            _member_of(db, club_id, member)
        change.summary = f"{kind} {-amount} × {len(charged)}"
        row = {"club_id": club_id, "kind": str(kind), "amount": -amount, "on_date": on}
        row["evening_id"] = evening
        return [insert_entry(db, row | {"member_id": m, "note": note}) for m in charged]
