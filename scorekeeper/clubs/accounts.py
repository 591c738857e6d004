"""A club's accounts as read (``Accounts``), and the treasurer's entries typed to one
member (a fee, a charge, a payment, a prize), reversals and suggestions paid. A fee charged
to several members at once, and the evening it names, is fee_charging.py's.

Each is one transaction checked against the club's version (a page shown
before another change is refused: ``Conflict``), writing ledger rows only
through ``cashbox.ledger.insert_entry``. What the accounts show is derived:
``accounts`` reads the entries and the members, the balances and
suggestions are cashbox/'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property

import sqlite_utils

from ..cashbox.entries import (
    BOX_SIDE,
    MEMBER_SIDE,
    Box,
    Entry,
    EntryKind,
    as_of,
    balances,
    box,
    reversed_ids,
    sides,
)
from ..cashbox.ledger import entries as ledger_entries
from ..cashbox.ledger import insert_entry
from ..cashbox.open_items import (
    DayFees,
    at_most,
    fees_on,
    held_for_winners,
    on_open_evenings,
    payable,
)
from ..cashbox.settle import BOX, Suggestion
from ..store import closings
from ..store.changing import changing
from ..store.club_log import ClubOwner
from .closing import NOTHING_READ, Provisional, Read, pending, provisional
from .evening_tables import evening as evening_of
from .merging import entries, entries_about, kept_members
from .purse import NotOwed, evening_purse, owes
from .records import Evening, Member, Refused
from .records import club as club_of
from .seats import _member_of, members
from .ties import pay_order

MAX_CENTS = 100_000_000
"""One entry is at most a million in the club's money (a typing slip, not a sum)."""


@dataclass(frozen=True)
class Accounts:
    """A club's members (by name) and its entries (in the order entered)."""

    members: list[Member]
    entries: list[Entry]
    """The ledger's rows."""
    pending: list[Entry] = field(default_factory=list)
    """The results of the evenings not closed, as their rooms have them now, less what a
    close posted (``closing.pending``): provisional lines, counted in every balance."""
    open_evenings: frozenset[int] = frozenset()
    """The club's evenings not closed (open, or reopened)."""
    _open: dict[str | None, dict[tuple[int, int], int]] = field(
        default_factory=dict, compare=False, repr=False
    )
    """``open_left`` by its day, worked out once: the cash box's page asked it four times
    (balances, box, open rooms), each a pass over every entry's open items."""

    @property
    def order(self) -> list[int]:
        """The members as who pays whom pairs them (``ties.pay_order``: by number)."""
        return pay_order(m.id for m in self.members)

    def balances(self, on: str | None = None) -> dict[int, int]:
        return balances([*self.entries, *self.pending], on)

    def open_left(self, on: str | None = None) -> dict[tuple[int, int], int]:
        """What is left of each member's evenings not closed, by (member, evening): their
        rooms settle it (``cashbox.open_items.on_open_evenings``)."""
        if on not in self._open:
            listed = as_of([*self.entries, *self.pending], on)
            self._open[on] = on_open_evenings(listed, self.open_evenings)
        return self._open[on]

    def payable(self, on: str | None = None) -> dict[int, int]:
        """Each member's balance as the cash box settles it: their evenings not closed apart,
        their rooms settle them (``cashbox.open_items.payable``)."""
        listed = as_of([*self.entries, *self.pending], on)
        return payable(listed, self.open_evenings, self.open_left(on))

    def box(self, on: str | None = None) -> Box:
        """The cash box's line: what members owe, what it owes, what the payments brought,
        what it holds for the evenings not closed."""
        return box(self.entries, self.payable(on), on, self.open_left(on))

    def fees_on(self, evening: Evening, order: Sequence[int] = (), evenings: int = 1) -> DayFees:
        """The fees of ``evening`` not reversed, each with what is left of it, and their
        sums, by member as ``order`` ranks them (``cashbox.open_items.fees_on``, the settling
        every page reads): the fees of its play (``EVENING_FEES``, never season dues) charged
        for it, and those naming none dated its day, apart when ``evenings`` (the club's that
        day, ``cash_reads.sharing_its_day``) are two or more (docs/cashbox.md)."""
        found = self.entries, self.pending, self.open_evenings
        return fees_on(*found, evening.id, evening.date, order, evenings)

    def provisional(self, entry: Entry) -> Provisional | None:
        """Whether (and why) a line of theirs is an evening's result not final: a provisional
        line (``pending``), or a result a close posted — or its reversal by a later close —
        of an evening reopened since (``closing.provisional``, the one rule: the cash box's
        journal asks it too, cash22)."""
        undone = self._by_id.get(entry.reverses or 0)
        return provisional(entry, self.open_evenings, undone, self._posted_for)

    @cached_property
    def _by_id(self) -> dict[int, Entry]:
        """The ledger rows by id: what a reversal undoes, read once for a statement."""
        return {e.id: e for e in self.entries}

    @cached_property
    def _posted_for(self) -> frozenset[tuple[int, int]]:
        """(member, evening) with a result a close posted: their provisional line a change."""
        return frozenset(
            (e.member, e.evening or 0) for e in self.entries if e.kind is EntryKind.EVENING
        )

    def of(self, member: int) -> list[Entry]:
        """Their lines: their ledger rows and their provisional results."""
        return [e for e in [*self.entries, *self.pending] if e.member == member]

    def entry(self, entry_id: int) -> Entry | None:
        return self._by_id.get(entry_id)


def accounts(db: sqlite_utils.Database, club_id: int) -> Accounts:
    found = entries(db, club_id)
    club = club_of(db, club_id)
    if club is None:
        return Accounts(members(db, club_id), found)
    still_open = closings.open_evenings(db, club_id)
    provisional = pending(db, club, found, still_open)
    return Accounts(members(db, club_id), found, provisional, frozenset(still_open))


def of_members(
    db: sqlite_utils.Database,
    club_id: int,
    now: set[int],
    kept: dict[int, int] | None = None,
    known: Read = NOTHING_READ,
) -> Accounts:
    """``accounts`` read for the members ``now`` (as they now are) alone: their rows and
    their provisional results, as ``accounts`` says them (cash20, cash21). ``kept``
    (``merging.kept_members``), ``known`` (``closing.Read``): read by the caller already
    (cash22)."""
    kept = kept_members(db, club_id) if kept is None else kept
    found = ledger_entries(db, club_id, kept, members=stored_as(kept, now))
    club = club_of(db, club_id)
    if club is None:
        return Accounts(members(db, club_id), found)
    still_open = closings.open_evenings(db, club_id)
    provisional = [e for e in pending(db, club, found, still_open, known) if e.member in now]
    return Accounts(members(db, club_id), found, provisional, frozenset(still_open))


def stored_as(kept: dict[int, int], now: set[int]) -> set[int]:
    """The member numbers as stored of the members ``now`` (a merged one's: every number
    merged into them)."""
    return {stored for stored, is_now in kept.items() if is_now in now}


class Overpaid(Refused):
    """A payment typed in the cash box of more than the member's balance has open: in, more
    than they owe the club; out, more than it owes them (``balance``: what they may settle that
    way with money tied to no evening, in cents, ``cashbox.open_items.at_most``: below zero
    what they may pay in, above what they may be paid out; ``waiting``: what they
    won on evenings not closed and is not paid yet, which their rooms pay, never the box;
    ``held``: what of ``balance`` paid in is their loss on evenings not closed, which the box
    holds for their winners and pays on to them, so the page says it: "owes the club" alone
    read wrong of a figure the club does not keep).
    The club takes no advance: an overpayment would silently become money the club owes."""

    def __init__(
        self, member: int, balance: int, paid_in: bool = True, waiting: int = 0, held: int = 0
    ) -> None:
        super().__init__(member)
        self.member, self.balance, self.paid_in = member, balance, paid_in
        self.waiting, self.held = waiting, held


def _over(book: Accounts, member: int, amount: int) -> None:
    """Refuse (``Overpaid``) ``amount`` paid in by ``member`` (below zero: paid out to them)
    beyond what they may settle with money tied to no evening (``cashbox.open_items.at_most``):
    paid in, at most what they owe, an open evening's loss included; paid out, at most what
    is posted of the club's debt to them (an open evening's win is its room's to pay)."""
    open_left = book.open_left()
    paid_in, paid_out = at_most(book.payable(), open_left, member)
    if amount > paid_in or -amount > paid_out:
        wins = sum(c for (m, _), c in open_left.items() if m == member and c > 0)
        held = held_for_winners(open_left, member)
        raise Overpaid(member, -paid_in if amount > 0 else paid_out, amount > 0, wins, held)


def post(
    db: sqlite_utils.Database,
    club_id: int,
    version: int,
    member: int,
    kind: EntryKind,
    amount: int,
    on: str,
    note: str = "",
    method: str = "",
    received_by: str = "",
) -> int:
    """One entry typed by the treasurer; ``amount`` already signed (cashbox.entries.signed).

    A payment is at most what the member's balance has open (``Overpaid``). Its typed
    ``received_by`` never starts with "=": that starts the marks ``pay`` writes for a side
    (``cashbox.entries.BOX_SIDE``), and a typed "=box" read as the cash box."""
    if kind is EntryKind.EVENING or kind is EntryKind.REVERSAL or not 0 < abs(amount) <= MAX_CENTS:
        raise Refused(member)
    with changing(db, ClubOwner(club_id), version, "entry") as change:
        _member_of(db, club_id, member)
        if kind is EntryKind.PAYMENT:  # never more than their balance has open, read here
            _over(of_members(db, club_id, {member}), member, amount)  # their rows (cash21)
        change.summary = f"{kind} {amount}"
        return insert_entry(
            db,
            {
                "club_id": club_id,
                "member_id": member,
                "kind": str(kind),
                "amount": amount,
                "on_date": on,
                "note": note,
                "method": method,
                "received_by": received_by.lstrip("=").strip(),
            },
        )


class NotByHand(Refused):
    """An entry the treasurer may not reverse by hand (``Entry.by_hand``): an
    evening's result (reopen the evening: closing it again posts what changed) or a
    reversal."""

    def __init__(self, entry: Entry) -> None:
        super().__init__(entry.id)
        self.entry = entry


class TooEarly(Refused):
    """A reversal dated before the entry it undoes (``on``: that entry's date): as of a day
    between the two, the cash box would count the reversal without its entry."""

    def __init__(self, on: str) -> None:
        super().__init__(on)
        self.on = on


def reverse(
    db: sqlite_utils.Database, club_id: int, version: int, entry_id: int, on: str, note: str
) -> list[int]:
    """The entries undoing ``entry_id``: one reversal per row of its payment (``sides``: a
    payment between two members recorded from a suggestion is two rows, reversed together),
    in one change; their ids.

    Refused, nothing written: an entry not the club's or reversed already (``Refused``), one
    not to be reversed by hand (``NotByHand``), a date before the entry's (``TooEarly``).
    """
    with changing(db, ClubOwner(club_id), version, "reversal") as change:
        found = entries_about(db, club_id, entry_id)  # not the club's every row (cash21)
        entry = next((e for e in found if e.id == entry_id), None)
        if entry is None:
            raise Refused(entry_id)
        if not entry.by_hand:
            raise NotByHand(entry)
        rows = sides(entry, found)
        if any(e.id in reversed_ids(found) for e in rows):
            raise Refused(entry_id)
        if on < max(e.on for e in rows):
            raise TooEarly(max(e.on for e in rows))
        change.summary = " ".join(str(e.id) for e in rows)
        written: list[int] = []
        for side in rows:
            member = db.execute("select member_id from ledger where id = ?", [side.id]).fetchone()
            row = {
                "club_id": club_id,
                "member_id": int(member[0]),
                "kind": str(EntryKind.REVERSAL),
                "amount": -side.amount,
                "on_date": on,
                # an evening's result or payment: its evening; a fee: where it was charged
                "evening_id": side.evening if side.evening is not None else side.charged_at,
                "game_id": side.table,
                "reverses": side.id,
                "note": note,
                "other_side": written[0] if written else None,
            }
            written.append(insert_entry(db, row))
        return written


def pay(
    db: sqlite_utils.Database,
    club_id: int,
    version: int,
    suggestion: Suggestion,
    on: str,
    method: str,
    evening: int | None = None,
    table: int | None = None,
) -> list[int]:
    """A suggested transfer paid: a payment entry on each member's side (the box has none);
    their numbers, the payer's first (what the page says was recorded).

    The payer's balance rises by the amount, the payee's falls by it;
    ``received_by`` says who got the money and ``paid_by`` who handed it over, on both
    entries, as marks (``BOX_SIDE``, ``MEMBER_SIDE``: m029), never words: each statement
    names the other side as the pages say it then (a member's name as it is now, the box in
    the reader's language); the member is the row's own or its other side's.
    ``evening`` (and ``table``): what the payment settles, when it was
    recorded from the room's or a table's settlement (clubs/purse.py reads
    them back); the evening must be the club's and the table the evening's.
    """
    if not 0 < suggestion.amount <= 100 * MAX_CENTS or suggestion.payer == suggestion.payee:
        raise Refused(suggestion.payer)
    both = [(suggestion.payer, suggestion.amount), (suggestion.payee, -suggestion.amount)]
    with changing(db, ClubOwner(club_id), version, "payment") as change:
        by_id = {m.id: m for m in members(db, club_id)}
        if any(member != BOX and member not in by_id for member, _ in both):
            raise Refused(suggestion.payer)
        if not _settles(db, club_id, evening, table):
            raise Refused(suggestion.payer)
        if evening is not None:  # for an evening: only what its room owes, while it is open
            _owed(db, club_id, evening, suggestion)
        else:  # the cash box's own suggestion: never more than either balance has open
            _within(db, club_id, suggestion)
        change.summary = f"{suggestion.payer} → {suggestion.payee} {suggestion.amount}"
        receiver = BOX_SIDE if suggestion.payee == BOX else MEMBER_SIDE
        payer = BOX_SIDE if suggestion.payer == BOX else MEMBER_SIDE
        written: list[int] = []  # the payee's row names the payer's: one payment (m028)
        for member, amount in both:
            if member != BOX:
                row = {"club_id": club_id, "member_id": member, "kind": str(EntryKind.PAYMENT)}
                written.append(
                    insert_entry(
                        db,
                        row
                        | {"amount": amount, "on_date": on, "method": method}
                        | {"received_by": receiver, "paid_by": payer, "evening_id": evening}
                        | {"game_id": table, "other_side": written[0] if written else None},
                    )
                )
    return written


def _within(db: sqlite_utils.Database, club_id: int, payment: Suggestion) -> None:
    """Refuse (``Overpaid``) a payment tied to no evening of more than the payer owes or the
    payee is owed as the box settles them (``_over``), read in the payment's own
    transaction (the box has no balance), from their rows alone (``of_members``, cash21)."""
    book = of_members(db, club_id, {payment.payer, payment.payee} - {BOX})
    if payment.payer != BOX:
        _over(book, payment.payer, payment.amount)
    if payment.payee != BOX:
        _over(book, payment.payee, -payment.amount)


def _settles(
    db: sqlite_utils.Database, club_id: int, evening: int | None, table: int | None
) -> bool:
    """The evening is the club's and the table (if any) one of its tables."""
    if evening is None:
        return table is None
    found = db.execute(
        "select 1 from evenings where id = ? and club_id = ?", [evening, club_id]
    ).fetchone()
    if found is None or table is None:
        return found is not None
    at = db.execute(
        "select 1 from evening_games where evening_id = ? and game_id = ?", [evening, table]
    ).fetchone()
    return at is not None


def _owed(db: sqlite_utils.Database, club_id: int, evening_id: int, payment: Suggestion) -> None:
    """Refuse (``NotOwed``) a payment for the evening that its room does not owe now, read in
    the payment's own transaction: a closed evening books none (its results are in the cash
    box), an open one only from a member who owes to one who is owed, at most what is left
    (``purse.owes``)."""
    club, evening = club_of(db, club_id), evening_of(db, evening_id)
    purse = None if club is None or evening is None else evening_purse(db, club, evening)
    if purse is None or purse.closed:
        raise NotOwed(closed=purse is not None)
    if not owes(purse, payment):
        raise NotOwed(closed=False)
