"""A member's account in the club's money: typed entries in whole cents, and balances summed.

An entry's ``amount`` is what it does to the member's balance with the
club: positive, the club owes him more (he won an evening, was given a
prize, paid money in); negative, he owes the club more (he lost, a fee, a
drink, money paid out to him). A wrong entry is never edited: a reversal
is a new entry of the opposite amount that names it. Balances are sums of
entries, computed each time (beancount's rule), never stored.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
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
    """Money between the member and the club (in: positive; out to him: negative)."""
    PRIZE = "prize"
    REVERSAL = "reversal"
    """Undoes the entry it names (``reverses``), to the cent."""


FEES = (EntryKind.FEE_EVENING, EntryKind.FEE_SEASON, EntryKind.FEE_TABLE, EntryKind.FEE_LOST_GAME)
CHARGED = (*FEES, EntryKind.CHARGE)
"""The kinds that always lower the balance (the form takes them as positive sums)."""
METHODS = ("cash", "transfer")


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
    """Who received a payment (the treasurer's name, or a member's)."""
    table: int | None = None
    """The club table (game) whose settlement recorded a payment (migration m018)."""
    provisional: bool = False
    """Not a ledger row: an evening not closed (open or reopened), its result as the room
    has it now less what a close posted (``closing.pending``), shown and counted until it
    is closed, so a statement and the cash box say what the room says at every moment."""


def signed(kind: EntryKind, amount: int) -> int:
    """What an entry typed as a positive sum does to the balance: fees and charges lower it.

    >>> signed(EntryKind.FEE_SEASON, 2500), signed(EntryKind.PRIZE, 1000)
    (-2500, 1000)
    """
    return -amount if kind in CHARGED else amount


def as_of(entries: Iterable[Entry], on: str | None) -> list[Entry]:
    """The entries dated on or before ``on`` (every one for None)."""
    return [e for e in entries if on is None or e.on <= on]


def balances(entries: Iterable[Entry], on: str | None = None) -> dict[int, int]:
    """Each member's balance in cents: the sum of his entries up to ``on``, zero ones left out.

    >>> es = [Entry(1, 7, EntryKind.EVENING, -360, "2026-01-02"),
    ...       Entry(2, 7, EntryKind.PAYMENT, 360, "2026-01-05")]
    >>> balances(es), balances(es, "2026-01-03")
    ({}, {7: -360})
    """
    out: dict[int, int] = {}
    for entry in as_of(entries, on):
        out[entry.member] = out.get(entry.member, 0) + entry.amount
    return {member: cents for member, cents in out.items() if cents}


def reversed_ids(entries: Iterable[Entry]) -> set[int]:
    """The entries some reversal undoes already (a second reversal of one is refused)."""
    return {e.reverses for e in entries if e.reverses is not None}


def reversal(entry: Entry, new_id: int, on: str, note: str = "") -> Entry:
    """The entry that undoes ``entry``: the opposite amount, naming it, for the same evening."""
    if entry.kind is EntryKind.REVERSAL:
        raise ValueError("a reversal is not reversed: enter the entry again")
    return Entry(
        new_id, entry.member, EntryKind.REVERSAL, -entry.amount, on, note, entry.evening, entry.id
    )


@dataclass(frozen=True)
class Line:
    """A statement's line: the entry and the balance after it."""

    entry: Entry
    balance: int


def running(entries: Iterable[Entry]) -> Iterator[Line]:
    """A member's entries by date (then entry number), each with the balance after it."""
    balance = 0
    for entry in sorted(entries, key=lambda e: (e.on, e.id)):
        balance += entry.amount
        yield Line(entry, balance)


_AMOUNT = re.compile(r"([0-9]{1,7})(?:[.,]([0-9]{1,2}))?")


def parse_cents(text: object) -> int | None:
    """A sum typed as 12, 12.5, 12,50 (at most 9,999,999.99) in whole cents; None if it is not one.

    >>> parse_cents("12,5"), parse_cents(" 0.07 "), parse_cents("1e3"), parse_cents("-3")
    (1250, 7, None, None)
    """
    found = _AMOUNT.fullmatch(str(text or "").strip())
    if found is None:
        return None
    whole, part = found.group(1), (found.group(2) or "").ljust(2, "0")
    return int(whole) * 100 + int(part)


def plain(cents: int) -> str:
    """Cents as a plain decimal with a dot, for a file (no float on the way).

    >>> plain(-360), plain(5), plain(123456)
    ('-3.60', '0.05', '1234.56')
    """
    sign = "-" if cents < 0 else ""
    units, rest = divmod(abs(cents), 100)
    return f"{sign}{units}.{rest:02d}"
