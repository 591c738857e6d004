"""A member's account in the club's money: typed entries in whole cents, and balances summed.

An entry's ``amount`` is what it does to the member's balance with the
club: positive, the club owes them more (they won an evening, was given a
prize, paid money in); negative, they owe the club more (they lost, a fee, a
drink, money paid out to them). A wrong entry is never edited: a reversal
is a new entry of the opposite amount that names it. Balances are sums of
entries, computed each time (beancount's rule), never stored.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from enum import StrEnum


class EntryKind(StrEnum):
    """What an entry records (the ``ledger.kind`` column)."""

    EVENING = "evening"
    """An evening's result: the member's net of the room, in money (posted on closing)."""
    FEE_EVENING = "fee_evening"
    FEE_SEASON = "fee_season"
    """Season dues."""
    FEE_TABLE = "fee_table"
    FEE_LOST_GAME = "fee_lost_game"
    CHARGE = "charge"
    """Another charge: drinks, a cancellation."""
    PAYMENT = "payment"
    """Money between the member and the club (in: positive; out to them: negative)."""
    PRIZE = "prize"
    REVERSAL = "reversal"
    """Undoes the entry it names (``reverses``), to the cent."""


FEES = (EntryKind.FEE_EVENING, EntryKind.FEE_SEASON, EntryKind.FEE_TABLE, EntryKind.FEE_LOST_GAME)
EVENING_FEES = tuple(kind for kind in FEES if kind is not EntryKind.FEE_SEASON)
"""The fees of an evening's play (every fee but the season's dues): those an evening
lists as its fees (``cashbox.open_items.of_evening``). Season dues are the season's, never
an evening's, wherever they were typed (fix19a: a due typed on an evening's day was listed,
and counted as still owed, under both evenings of that day)."""
CHARGED = (*FEES, EntryKind.CHARGE)
"""The kinds that always lower the balance (the form takes them as positive sums)."""
METHODS = ("cash", "transfer")
NOT_BY_HAND = (EntryKind.EVENING, EntryKind.REVERSAL)
"""The kinds never reversed by hand (``Entry.by_hand``): closing posts an evening's result."""


BOX_SIDE = "=box"
"""What a payment row stores in ``paid_by`` or ``received_by`` for the cash box (m029), and
what an ``Entry`` says there: no language's words, the page says them in the reader's."""
MEMBER_SIDE = "=member"
"""What a payment row stores in ``paid_by`` or ``received_by`` for a member (m029): the
row's own member, or the member of its other side (``other_side``); never a name, which
the member may change: the page says their name as it is now."""


@dataclass(frozen=True)
class Entry:
    """One line of a member's account."""

    id: int
    member: int
    kind: EntryKind
    amount: int
    """Whole cents; its sign is what it does to the member's balance (module docstring)."""
    on: str
    """Its date, ISO (YYYY-MM-DD): what "as of a date" compares."""
    note: str = ""
    evening: int | None = None
    """The evening an evening's result (or its reversal) belongs to."""
    reverses: int | None = None
    """The entry a reversal undoes."""
    method: str = ""
    """A payment's way: ``cash`` or ``transfer``."""
    received_by: str = ""
    """Who received a payment, as the page says it: a member's current name, the cash box
    (``BOX_SIDE``: the page says it in the reader's language), or the words typed in the
    "Received by" field of a payment typed by hand (``cashbox.ledger.entries`` derives it
    from the row's facts: m029)."""
    table: int | None = None
    """The club table (game) whose settlement recorded a payment (migration m018)."""
    paid_by: str = ""
    """Who handed a payment over, for a payment between members or with the cash box
    recorded from a suggestion (migration m026), said as ``received_by``; empty on a
    payment typed in."""
    other_side: int | None = None
    """A payment between two members recorded from a suggestion is a row on each side: the
    payee's row names the payer's (migration m028; and the reversal of the payee's row the
    reversal of the payer's). The two are one payment: reversed together (``sides``)."""
    charged_at: int | None = None
    """The evening a fee was charged from (its Fee form opened on the evening's view), or
    the one the fee a reversal undoes names: the ledger's ``evening_id`` on such a row, read
    apart from ``evening`` (``cashbox.ledger.entries``). It names where the fee is listed
    (``cashbox.open_items.fees_on``), never what settles it: the fee stays an item of its
    own, owed to the club, not part of the evening's room (docs/cashbox.md)."""
    games_lost: int | None = None
    """A fee per lost game: the games its member had lost that evening when it was charged
    (its amount the sum typed times this: m036); None on any other entry and on such a fee
    charged before m036. Compared with what the evening's games say now
    (``clubs.fee_charging.lost_since``), never rewritten."""
    provisional: bool = False
    """Not a ledger row: an evening not closed (open or reopened), its result as the room
    has it now less what a close posted (``closing.pending``), shown and counted until it
    is closed, so a statement and the cash box say what the room says at every moment."""

    @property
    def by_hand(self) -> bool:
        """Whether the treasurer may reverse it by hand: not an evening's result, nor a
        reversal (a close's or their own), nor a provisional line.

        Only closing posts an evening's result, and closing again reverses and re-posts it
        for a member whose result changed: the way to change one is to reopen the evening.
        A result reversed by hand left the room, the table and the season saying one figure
        and the cash box another (a member at +2,17 € on the room and 0,00 € in their
        account, and the box "holding" their winnings as if they were a fee).
        """
        return not self.provisional and self.kind not in NOT_BY_HAND


def signed(kind: EntryKind, amount: int) -> int:
    """What an entry typed as a positive sum does to the balance: fees and charges lower it.

    >>> signed(EntryKind.FEE_SEASON, 2500), signed(EntryKind.PRIZE, 1000)
    (-2500, 1000)
    """
    return -amount if kind in CHARGED else amount


def as_of(entries: Iterable[Entry], on: str | None) -> list[Entry]:
    """The entries dated on or before ``on`` (every one for None); a reversal counts once the
    entry it undoes does too, never without it.

    A reversal cannot be dated before its entry (``clubs.accounts.reverse`` refuses it), but
    a ledger written before that rule may hold one: as of a day between the two, counting
    the reversal alone undid a payment not yet made (the member owed their dues twice).

    >>> pay = Entry(1, 7, EntryKind.PAYMENT, 1000, "2026-10-20")
    >>> undo = Entry(2, 7, EntryKind.REVERSAL, -1000, "2026-10-10", reverses=1)
    >>> as_of([pay, undo], "2026-10-15"), len(as_of([pay, undo], "2026-10-20"))
    ([], 2)
    """
    listed = list(entries)
    if on is None:
        return listed
    dated = {e.id: e.on for e in listed if not e.provisional}
    return [
        e
        for e in listed
        if e.on <= on and (e.reverses is None or dated.get(e.reverses, e.on) <= on)
    ]


def balances(entries: Iterable[Entry], on: str | None = None) -> dict[int, int]:
    """Each member's balance in cents: the sum of their entries up to ``on``, zero ones left out.

    >>> es = [Entry(1, 7, EntryKind.EVENING, -360, "2026-01-02"),
    ...       Entry(2, 7, EntryKind.PAYMENT, 360, "2026-01-05")]
    >>> balances(es), balances(es, "2026-01-03")
    ({}, {7: -360})
    """
    out: dict[int, int] = {}
    for entry in as_of(entries, on):
        out[entry.member] = out.get(entry.member, 0) + entry.amount
    return {member: cents for member, cents in out.items() if cents}


def payments(found: Iterable[Entry], every: Iterable[Entry] | None = None) -> dict[int, int]:
    """Each member's payments among ``found`` and the reversals of those payments, summed.

    What a reversal undoes is read in ``every`` (the whole ledger; ``found`` if None):
    ``found`` may be a part of it (as of a date, for an evening) that leaves the payment out.

    >>> payments([Entry(1, 7, EntryKind.PAYMENT, 250, "2026-01-05"),
    ...           Entry(2, 7, EntryKind.FEE_EVENING, -250, "2026-01-05"),
    ...           Entry(3, 8, EntryKind.PAYMENT, 100, "2026-01-05"),
    ...           Entry(4, 8, EntryKind.REVERSAL, -100, "2026-01-06", reverses=3)])
    {7: 250, 8: 0}
    """
    listed = list(found)
    kinds = {e.id: e.kind for e in (listed if every is None else every) if not e.provisional}
    out: dict[int, int] = {}
    for entry in listed:
        if is_payment(entry, kinds):
            out[entry.member] = out.get(entry.member, 0) + entry.amount
    return out


def is_payment(entry: Entry, kinds: Mapping[int, EntryKind]) -> bool:
    """A payment, or the reversal of one (``kinds``: every entry's kind by id)."""
    return entry.kind is EntryKind.PAYMENT or (
        entry.kind is EntryKind.REVERSAL
        and entry.reverses is not None
        and kinds.get(entry.reverses) is EntryKind.PAYMENT
    )


def place(what: str, number: int, on: str) -> tuple[str, int, int]:
    """An item's place in a member's row of open items (``settled_by_account``): its date
    (an evening's is its day: its results, provisional or posted, and their reversals are
    dated so), then on one day an evening's result before any other entry, then the
    evening's number or the entry's. Nothing in it changes when an evening is closed,
    reopened or paid: a provisional line has no entry number, and a close posts its rows
    after the fees typed meanwhile — the entry numbers of a result are no place.

    Why an evening's result before a fee of its day: the result is what the member owes
    the other players (the winners wait for it), the fee what the member owes the club
    itself; a treasurer takes the money first for what others are owed, which is also what
    the room shows the member as their debt of the evening (docs/cashbox.md).

    >>> sorted([place("entry", 9, "2026-01-03"), place("evening", 4, "2026-01-03"),
    ...         place("entry", 2, "2026-01-02")])
    [('2026-01-02', 1, 2), ('2026-01-03', 0, 4), ('2026-01-03', 1, 9)]
    """
    return (on, 0 if what == "evening" else 1, number)


@dataclass(frozen=True)
class Box:
    """What the cash box's balance line says, all summed from the entries (nothing stored).

    The box keeps no account of its own: the members' balances say what they owe
    the club (``owed``, the debts summed) and what the club owes them (``owing``),
    and the payments say what money came in or went out (``held``). What the box
    will hold once every balance is paid, ``held + owed − owing``, is what the fees
    and charges brought in less the prizes (an evening's results sum to zero).
    """

    owed: int
    """What the members who owe the club owe it, in all (cents, never below zero)."""
    debtors: int
    """How many members owe the club."""
    owing: int
    """What the club owes the members it owes, in all (never below zero)."""
    creditors: int
    held: int
    """The payments entered: what members paid in less what was paid out to them. A payment
    between two members (a suggestion paid) is one in and one out: it moves nothing here."""
    for_open: int = 0
    """What is left of the evenings not closed, summed over their members
    (``on_open_evenings``): what the box holds for their winners (the payments recorded for
    them, or settling them). Their rooms settle them, outside the balances it shows."""

    @property
    def settled(self) -> int:
        """What the box holds once every balance is paid, the open evenings' too."""
        return self.held + self.owed - self.owing - self.for_open


def box(
    ledger: Iterable[Entry],
    balances: Mapping[int, int],
    on: str | None = None,
    open_left: Mapping[tuple[int, int], int] | None = None,
) -> Box:
    """The box's line from the ledger's entries (as of ``on``), the balances it shows
    (``payable``) and what is left of the evenings not closed (``on_open_evenings``).

    >>> es = [Entry(1, 7, EntryKind.FEE_EVENING, -250, "2026-01-02")]
    >>> box(es, balances(es))  # a fee charged, nothing paid yet
    Box(owed=250, debtors=1, owing=0, creditors=0, held=0, for_open=0)
    >>> es += [Entry(2, 7, EntryKind.PAYMENT, 250, "2026-01-05")]
    >>> box(es, balances(es)).held, box(es, balances(es)).settled
    (250, 250)
    """
    debts = [-b for b in balances.values() if b < 0]
    credits = [b for b in balances.values() if b > 0]
    every = list(ledger)
    held = sum(payments(as_of(every, on), every).values())
    for_open = sum((open_left or {}).values())
    return Box(sum(debts), len(debts), sum(credits), len(credits), held, for_open)


def sides(entry: Entry, entries: Iterable[Entry]) -> list[Entry]:
    """The rows of the payment ``entry`` is one of, in the order written: the payer's and the
    payee's for a payment between two members recorded from a suggestion (m028: the payee's
    row names the payer's, ``other_side``), else the entry alone — a payment recorded before
    m028 too, whose rows are reversed one by one as they were (docs/cashbox.md).

    >>> paid = Entry(5, 7, EntryKind.PAYMENT, 90, "2026-10-02")
    >>> got = Entry(6, 8, EntryKind.PAYMENT, -90, "2026-10-02", other_side=5)
    >>> [e.id for e in sides(paid, [paid, got])], [e.id for e in sides(got, [paid, got])]
    ([5, 6], [5, 6])
    """
    listed = list(entries)
    first = entry.other_side if entry.other_side is not None else entry.id
    found = [e for e in listed if e.id == first or (e.other_side == first and not e.provisional)]
    return sorted(found, key=lambda e: e.id) if entry in found else [entry]


def reversed_ids(entries: Iterable[Entry]) -> set[int]:
    """The entries some reversal undoes already (a second reversal of one is refused)."""
    return {e.reverses for e in entries if e.reverses is not None}


def reversal(entry: Entry, new_id: int, on: str, note: str = "") -> Entry:
    """The entry that undoes ``entry``: the opposite amount, naming it, for the same evening
    (a fee's: charged from the same evening)."""
    if entry.kind is EntryKind.REVERSAL:
        raise ValueError("a reversal is not reversed: enter the entry again")
    return Entry(
        new_id,
        entry.member,
        EntryKind.REVERSAL,
        -entry.amount,
        on,
        note,
        entry.evening,
        entry.id,
        charged_at=entry.charged_at,
    )


@dataclass(frozen=True)
class Line:
    """A statement's line: the entry and the balance after it."""

    entry: Entry
    balance: int


def order(entry: Entry) -> tuple[str, int, int, bool, int]:
    """An entry's place on a member's statement: its item's (``place``: by date, on one day
    an evening's lines before any other entry, then the evening's number or the entry's),
    then the rows posted before a provisional line, then by entry number.

    The statement once sorted by date and entry number, so on the evening's day its result
    came before a fee while the evening was open (a provisional line is number 0) and after
    it once closed (the close's rows are written after the fee): the running balance moved.

    >>> fee = Entry(3, 7, EntryKind.FEE_EVENING, -200, "2026-10-02")
    >>> ahead = Entry(0, 7, EntryKind.EVENING, -165, "2026-10-02", evening=1, provisional=True)
    >>> posted = Entry(9, 7, EntryKind.EVENING, -165, "2026-10-02", evening=1)
    >>> [[e.id for e in sorted([fee, result], key=order)] for result in (ahead, posted)]
    [[0, 3], [9, 3]]
    """
    what = "entry" if entry.evening is None else "evening"
    number = entry.evening if entry.evening is not None else entry.reverses or entry.id
    return (*place(what, number, entry.on), entry.provisional, entry.id)


def running(entries: Iterable[Entry]) -> Iterator[Line]:
    """A member's entries in their order (``order``), each with the balance after it."""
    balance = 0
    for entry in sorted(entries, key=order):
        balance += entry.amount
        yield Line(entry, balance)


def plain(cents: int) -> str:
    """Cents as a plain decimal with a dot, for a file (no float on the way).

    >>> plain(-360), plain(5), plain(123456)
    ('-3.60', '0.05', '1234.56')
    """
    sign = "-" if cents < 0 else ""
    units, rest = divmod(abs(cents), 100)
    return f"{sign}{units}.{rest:02d}"
