"""One "who pays whom" for a club: an evening's (or one table's) money, what is paid, what is left.

The cash box is the club's money. For an evening, each member's result in
cents is the room's net in chips at the club's chip value, by the largest
remainder of each of their tables, added (``closing.amounts``: what closing
posts, and once closed what it posted, ``closing.result``; a table's settlement
shows its own part, ``Room.cents``, and once closed its part of what was posted,
``posted_tables.as_posted``); what they have paid (or
received) for it is the sum of the cash box's payments recorded for that
evening, their reversals included (``Entry.evening``); what is left is
the two added. Nothing here is stored: every figure is read from the games
and the ledger each time, so the room's settlement, a table's settlement
and the cash box cannot disagree.

The suggested transfers are ``cashbox.settle.between_members`` over what
is left, the members in the club's order: the cash box's own function,
so the room's page and the cash box propose the same pairing, and a
suggestion paid leaves the others as they were. The pages show what is
paid signed as the result, as what is settled of it (``Purse.settled``). A club table's
settlement shows its own result in money (rounded over the table) and,
for its members, the evening's settled, left and suggestions: a payment is
for the evening wherever it is marked (``TablePurse``); one marked at a
table names it too (``Entry.table``), for the record.
Plain Python over the database: no request, no page.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import sqlite_utils

from ..cashbox.entries import Entry, is_payment, payments
from ..cashbox.open_items import settled_by_account
from ..cashbox.settle import Suggestion, between_members, parties
from ..store import closings
from .closing import pending
from .closing import result as evening_result
from .evening_tables import evening as evening_of
from .merging import entries
from .posted_tables import as_posted, held_first
from .records import Club, Evening, Refused
from .room import room_of
from .seats import club_order
from .ties import pay_order


@dataclass(frozen=True)
class Purse:
    """An evening's (or a table's) money per member, in whole cents."""

    order: list[int]
    """The members concerned, in the club's order (by name, then number)."""
    result: dict[int, int]
    """The result: positive, the club (the others) owe them; negative, they owe."""
    paid: dict[int, int]
    """Payments recorded for it: positive, they paid in; negative, they were paid."""
    suggestions: list[Suggestion]
    """Who pays whom for what is left (``between_members``)."""
    closed: bool = False

    @property
    def settled(self) -> dict[int, int]:
        """What of each member's result is settled, signed as their result: ``paid`` negated
        (a win paid out or set against their fees, +; a loss paid in or set against what the
        club owes them, −). The one figure the pages show under *Settled*
        (``templates/club/_purse.html``): shown signed as a payment, under *Paid*, a win set
        against the evening's fees read "−2,10 €" as money received (play19).

        >>> Purse([1, 2], {1: -135, 2: 135}, {1: 100, 2: -100}, []).settled
        {1: -100, 2: 100}
        """
        return {m: -c for m, c in self.paid.items()}

    @property
    def left(self) -> dict[int, int]:
        """What is left per member: their result less what is settled of it (zero: settled)."""
        return left(self.result, self.paid)


def left(result: Mapping[int, int], paid: Mapping[int, int]) -> dict[int, int]:
    """Result plus payments, per member (every member of either).

    >>> left({1: -135, 2: 135}, {1: 100, 2: -100})
    {1: -35, 2: 35}
    """
    return {m: result.get(m, 0) + paid.get(m, 0) for m in {**result, **paid}}


class NotOwed(Refused):
    """A payment for an evening the room does not owe (``owes``): the evening is closed
    (``closed``: its results are in the cash box, paid there), or not this payer, payee
    or amount."""

    def __init__(self, closed: bool) -> None:
        super().__init__("closed" if closed else "not owed")
        self.closed = closed


def owes(purse: Purse, payment: Suggestion) -> bool:
    """Whether the room owes ``payment`` now: the payer owes (what is left them is below
    zero), the payee is owed (above zero; the cash box a party only when the members' left
    does not sum to zero, as ``parties`` has it), and the amount is more than nothing and at
    most what both have left: a part allowed, never more, never the wrong way.

    >>> p = Purse([1, 2, 3], {1: -50, 2: -30, 3: 80}, {}, [])
    >>> [owes(p, Suggestion(*s)) for s in ((1, 3, 50), (1, 3, 20), (1, 3, 51), (3, 1, 5),
    ...                                    (1, 2, 5), (1, 0, 5), (2, 3, 0))]
    [True, True, False, False, False, False, False]
    """
    if purse.closed:
        return False
    balance = dict(parties(purse.left, purse.order))
    owing, owed = -balance.get(payment.payer, 0), balance.get(payment.payee, 0)
    return payment.payer != payment.payee and 0 < payment.amount <= min(owing, owed)


def _purse(result: dict[int, int], paid: dict[int, int], closed: bool) -> Purse:
    order = pay_order([*result, *paid])
    still = left(result, paid)
    return Purse(order, result, paid, between_members(still, order), closed)


def evening_purse(
    db: sqlite_utils.Database,
    club: Club,
    evening: Evening,
    read: Sequence[Entry] | None = None,
) -> Purse | None:
    """The evening's money per member; None for a club without a chip value. ``read``: the
    rows already read in this request, else the club's read here: the rows of the members
    the evening speaks of do (``cash_reads.of_evening``: the cash box's evening view and the
    room's settlement; tests/cashbox/test_cash_sums.py)."""
    if club.money is None:
        return None
    found = entries(db, club.id) if read is None else read
    paid = payments(e for e in found if e.evening == evening.id)
    result = evening_result(db, club, evening, found)
    for member, cents in by_account(db, club, found, {*result, *paid}, evening.id).items():
        paid[member] = paid.get(member, 0) + cents
    return _purse(result, paid, closings.closed(db, evening.id))


def by_account(
    db: sqlite_utils.Database,
    club: Club,
    found: Sequence[Entry],
    concerned: set[int],
    evening_id: int,
) -> dict[int, int]:
    """What settles this evening on each member's account besides its own payments: their
    payments tied to no evening (the cash box's own), and, once it is closed, what they are
    owed or owe on their other items not an open evening (``cashbox.open_items.
    settled_by_account``: a member's open items, oldest first, every evening's result
    counted, provisional or posted). Nothing is read further when nothing can settle it:
    no payment of theirs tied to no evening, and (the evening open, or none of them with
    another item that is not an open evening) nothing to set against it."""
    kinds = {e.id: e.kind for e in found}
    paid = any(e.member in concerned and e.evening is None and is_payment(e, kinds) for e in found)
    still_open = closings.open_evenings(db, club.id)
    if not paid and (
        evening_id in still_open
        or not any(
            e.member in concerned and e.evening != evening_id and e.evening not in still_open
            for e in found
        )
    ):
        return {}
    extra = pending(db, club, found, still_open) if paid else []  # open: payments only
    settled = settled_by_account([*found, *extra], still_open)
    return {m: c for (m, e), c in settled.items() if e == evening_id}


@dataclass(frozen=True)
class TablePurse:
    """A club table's money: its own result, and the evening's paid, left and transfers.

    What is paid is paid for the evening (a member who sat at two tables
    owes the room their sum): the table shows its own result in money, and for
    its members what the room shows — paid, left and the evening's
    suggestions that concern them — so a payment made on the room's page is
    not asked again at the table, nor the other way round.
    """

    result: dict[int, int]
    """The table's own nets in cents per member: the largest remainder over the table
    (``Room.cents``) while its evening is open; once closed, what its close posted, split
    back to its tables (``posted_tables.as_posted``). Each is the cash box's."""
    members: list[int]
    """Its members, in the club's order."""
    evening: Purse
    shown: tuple[int, ...] = ()
    """The money of each line of its settlement, in ``StoredGame.people()`` order (each
    seat's player, or each person who sat): their member's figure of ``result``, once."""
    ties: tuple[int, ...] = ()
    """Its members in the order of ties under which the largest remainder gives its chips
    ``result`` (``Table.order``; closed, ``posted_tables.held_first``): its spreadsheet's."""

    @property
    def suggestions(self) -> list[Suggestion]:
        """The evening's suggestions where one of this table's members pays or is paid."""
        mine = set(self.members)
        return [s for s in self.evening.suggestions if s.payer in mine or s.payee in mine]


def table_purse(db: sqlite_utils.Database, club: Club, game_id: int) -> TablePurse | None:
    """A club table's money, by member as the room bills it (each person who sat, once
    someone took a seat); None without a chip value, an evening, or chips moved."""
    evening_id = table_evening(db, game_id)
    found = None if evening_id is None else evening_of(db, evening_id)
    if club.money is None or found is None or found.club_id != club.id:
        return None
    room = room_of(db, found, club)
    table = next((t for t in room.tables if t.stored.id == game_id), None)
    if table is None or table.nets is None:
        return None
    evening = evening_purse(db, club, found)
    assert evening is not None
    # closed, the cents its close posted, split back to its tables (the cash box's, one home);
    # open or reopened, the table's own now (docs/cashbox.md, "A closed evening's tables")
    value = club.money.chip_value
    closed = as_posted(room, evening.result) if evening.closed else None
    result = room.cents(table) if closed is None else closed.get(table.no, {})
    once: list[int] = []
    for member in table.seats:  # a member who sat twice is shown their figure once
        once.append(0 if member in table.seats[: len(once)] else result.get(member, 0))
    ties = table.order() if closed is None else held_first(table, result, value)
    order = club_order(room.members, table.seats)
    return TablePurse(result, order, evening, tuple(once), tuple(ties))


def table_evening(db: sqlite_utils.Database, game_id: int) -> int | None:
    """The evening a table belongs to (None: a table outside any evening)."""
    row = db.execute("select evening_id from evening_games where game_id = ?", [game_id]).fetchone()
    return None if row is None else int(row[0])
