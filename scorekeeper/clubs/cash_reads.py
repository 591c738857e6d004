"""The cash box's figures read from the rows that carry them, not the club's every row (cash20).

``accounts`` turns every ledger row of the club into an entry: 0.55 s of CPU at 40,000
rows, on every view of the cash box (docs/performance.md). What a page shows needs less:
the balances are sums (SQLite's, ``cashbox.ledger.sums``), and a member's open items are
settled by their own entries alone (``cashbox.open_items``), so a statement, the open
evenings' rooms and an evening's view read the rows of the members they speak of. Each
gives the cents ``accounts`` gives over the whole ledger (tests/cashbox/test_cash_sums.py).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import sqlite_utils

from ..cashbox.entries import Box, as_of
from ..cashbox.ledger import entries as ledger_entries
from ..cashbox.ledger import sums
from ..cashbox.open_items import on_open_evenings
from ..store import closings
from .accounts import Accounts, of_members, stored_as
from .closing import Read, amounts, pending
from .evening_tables import evenings
from .merging import kept_members
from .records import Club, Evening, Member
from .records import club as club_of
from .seats import members
from .ties import pay_order


def evenings_by_id(db: sqlite_utils.Database, club_id: int) -> dict[int, Evening]:
    """The club's evenings by id, newest first (``evening_tables.evenings``): what names a
    line of one (``entry_words``, a member's history), the fee form's evenings of its day,
    the open rooms. Read once per page: the cash box's read them three times (cash22)."""
    return {e.id: e for e in evenings(db, club_id)}


def sharing_its_day(found: Iterable[Evening], evening: Evening) -> int:
    """How many of the club's evenings ``found`` are held on ``evening``'s day, it among
    them: two or more, a fee naming no evening is none of theirs (``open_items.of_evening``).
    """
    return max(sum(1 for e in found if e.date == evening.date and e.club_id == evening.club_id), 1)


def of_member(db: sqlite_utils.Database, club_id: int, member_id: int) -> Accounts:
    """``accounts`` for one member's statement: their rows alone (every member number merged
    into them, ``merging.kept_members``) and their provisional results. A member's items are
    settled by their own entries (``cashbox.open_items``), so their ``of``, ``open_left``,
    ``payable`` and ``provisional`` are what the whole ledger's ``accounts`` gives them
    (tests/cashbox/test_cash_sums.py); a statement no longer reads the club's every row
    (docs/performance.md, cash20)."""
    return of_members(db, club_id, {member_id})


def of_evening(
    db: sqlite_utils.Database, club: Club, evening: Evening, every: Sequence[Evening] | None = None
) -> Accounts:
    """``accounts`` read for an evening's view of the cash box: the rows of the members it
    speaks of (``evening_members``), whose purse and fees are the whole ledger's. The merge
    map and its room's results read once (cash22); ``every``: the club's evenings, when the
    page read them already."""
    result = amounts(db, club, evening)
    kept = kept_members(db, club.id)
    now = evening_members(db, evening, list(result), kept)
    return of_members(db, club.id, now, kept, Read({evening.id: result}, every))


def evening_members(
    db: sqlite_utils.Database,
    evening: Evening,
    result: Sequence[int],
    kept: dict[int, int] | None = None,
) -> set[int]:
    """The members (as they now are) an evening's view of the cash box speaks of: those with a
    row naming it (a result, a payment for it, a fee charged from it), a row dated its day (a
    fee typed outside it), or a result there (``result``: the room's members with one).
    ``kept``: ``merging.kept_members``, when read already."""
    kept = kept_members(db, evening.club_id) if kept is None else kept
    # two searches by the indexes on (club_id, evening_id) and (club_id, on_date), not one
    # "or" SQLite read through the index on the club, every row of it (review21)
    found = db.execute(
        "select id, member_id from ledger where club_id = ? and evening_id = ? union"
        " select id, member_id from ledger where club_id = ? and on_date = ?",
        [evening.club_id, evening.id, evening.club_id, evening.date],
    ).fetchall()
    strays = [row for row, member in found if member not in kept]
    if strays:  # retyped behind the app: named (409) as the whole ledger's read names it
        ledger_entries(db, evening.club_id, kept, ids=strays)
    return {kept[member] for _, member in found if member in kept} | set(result)


@dataclass(frozen=True)
class Summed:
    """What the cash box's page sums, as of one day, read without the club's every row: the
    balances summed by SQLite (``cashbox.ledger.sums``, each member the one they now are:
    ``merging.kept_members``, as ``entries`` has them), the open items worked out over the
    rows of the members with an evening not closed alone (an open evening's item is
    settled by its member's own entries: ``cashbox.open_items``). The same cents as
    ``Accounts``' over the whole ledger in every state (tests/cashbox/test_cash_sums.py);
    40,000 rows are not turned into entries to show 50 of them (docs/performance.md)."""

    members: list[Member]
    on: str | None
    balances: dict[int, int]
    """Each member's balance as of ``on`` (``Accounts.balances``), zero ones left out."""
    open_left: dict[tuple[int, int], int]
    """``Accounts.open_left``."""
    payable: dict[int, int]
    """``Accounts.payable``."""
    box: Box
    """``Accounts.box``."""
    open_evenings: frozenset[int] = frozenset()

    @property
    def order(self) -> list[int]:
        return pay_order(m.id for m in self.members)


def summed(
    db: sqlite_utils.Database,
    club_id: int,
    on: str | None = None,
    every: Sequence[Evening] | None = None,
) -> Summed:
    """The cash box's sums as of ``on`` (``Summed``): what ``accounts`` gives, read from the
    rows that carry them. ``every``: the club's evenings, when the page read them already."""
    kept = kept_members(db, club_id)
    club = club_of(db, club_id)
    still_open = closings.open_evenings(db, club_id) if club is not None else set()
    theirs = _open_members(db, club_id, kept, still_open)
    found = ledger_entries(db, club_id, kept, members=stored_as(kept, theirs))
    provisional = [] if club is None else pending(db, club, found, still_open, Read(evenings=every))
    more = {e.member for e in provisional} - theirs
    if more:  # a result on an evening not closed and no row of it yet: their rows too
        found += ledger_entries(db, club_id, kept, members=stored_as(kept, more))
        found.sort(key=lambda e: e.id)
    open_left = on_open_evenings(as_of([*found, *provisional], on), still_open)
    totals, held = sums(db, club_id, kept, on)
    for entry in as_of(provisional, on):
        totals[entry.member] = totals.get(entry.member, 0) + entry.amount
    balance = {m: c for m, c in totals.items() if c}
    out = dict(balance)
    for (member, _), cents in open_left.items():
        out[member] = out.get(member, 0) - cents
    payable_now = {m: c for m, c in out.items() if c}
    debts = [-b for b in payable_now.values() if b < 0]
    credits = [b for b in payable_now.values() if b > 0]
    line = Box(sum(debts), len(debts), sum(credits), len(credits), held, sum(open_left.values()))
    return Summed(
        members(db, club_id), on, balance, open_left, payable_now, line, frozenset(still_open)
    )


def _open_members(
    db: sqlite_utils.Database, club_id: int, kept: dict[int, int], still_open: set[int]
) -> set[int]:
    """The members (as they now are) with a ledger row naming an evening not closed."""
    out: set[int] = set()
    listed = sorted(still_open)
    for at in range(0, len(listed), 500):
        part = listed[at : at + 500]
        for (member,) in db.execute(
            "select distinct member_id from ledger where club_id = ?"
            f" and evening_id in ({','.join('?' * len(part))})",
            [club_id, *part],
        ):
            out.add(kept.get(member, member))
    return out
