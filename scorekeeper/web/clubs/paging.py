"""The treasurer's lists a page at a time: the cash box's entries and a member's statement.

A club's year is some 10,000 entries: drawn whole, the cash box cost 1.7 s of CPU
(6.4 s at 40,000), and a treasurer's page held a process the tables were waiting for
(docs/performance.md). The lists are drawn ``PAGE`` lines at a time, newest first, and
paged by their place (keyset paging: the line's date and entry number, never an offset,
so an entry recorded meanwhile moves no line to another page). Each page links to the
newer and the older one with plain links (no script needed): ``?before=<date>.<id>``
shows the lines older than that one, ``?after=<date>.<id>`` those newer. A cursor that is
not one (typed, cut) shows the first page, never an error. What the page sums — the
balances, the box, a statement's balance — is the whole ledger's, never the page's.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from ... import clubs
from ...cashbox import ledger
from ...cashbox.entries import Entry
from ...db import get_db

PAGE = 50
"""Lines a page."""

CURSOR = re.compile(r"(\d{4}-\d{2}-\d{2})\.(-?\d{1,12})")
"""A line's place as a link says it: its date and its entry number (``2026-03-01.1234``);
a statement's provisional line, no entry, its evening's number negated (``2026-03-01.-7``)."""

T = TypeVar("T")


def cursor(text: str | None) -> tuple[str, int] | None:
    """``2026-03-01.1234`` as (date, entry number); None for anything else (the first page).

    >>> cursor("2026-03-01.1234"), cursor("2026-03-01.-7"), cursor("x.1"), cursor(None)
    (('2026-03-01', 1234), ('2026-03-01', -7), None, None)
    """
    found = CURSOR.fullmatch(text or "")
    return None if found is None else (found.group(1), int(found.group(2)))


def said(place: tuple[str, int]) -> str:
    """A place as a link says it (``cursor`` reads it back).

    >>> said(("2026-03-01", 1234))
    '2026-03-01.1234'
    """
    return f"{place[0]}.{place[1]}"


@dataclass(frozen=True)
class Page(Generic[T]):
    """One page of a list, newest first, and where the pages beside it start."""

    lines: list[T]
    total: int
    """The lines of the whole list."""
    first: int
    """The place of the page's first line in the whole list, from 1 (0: an empty list)."""
    newer: str | None = None
    """The cursor of the newer page (``?after=``), None on the newest."""
    older: str | None = None
    """The cursor of the older page (``?before=``), None on the oldest."""

    @property
    def last(self) -> int:
        return self.first + len(self.lines) - 1 if self.lines else 0

    @property
    def paged(self) -> bool:
        """Whether the list is more than one page (the links and "x–y of n" are shown)."""
        return self.newer is not None or self.older is not None


def page_of(
    oldest_first: Sequence[T],
    place: Callable[[T], tuple[str, int]],
    before: str | None,
    after: str | None,
    size: int = PAGE,
) -> Page[T]:
    """The page of ``oldest_first`` that ``before`` or ``after`` asks, newest first: the
    ``size`` lines just older than the line ``before`` names, or just newer than the one
    ``after`` names (``before`` wins), else the newest ones. A cursor that names no line of
    the list (typed, or read as none) or with no line past it gives the newest page.

    >>> days = [(f"2026-01-{d:02d}", d) for d in range(1, 8)]
    >>> top = page_of(days, lambda x: x, None, None, 3)
    >>> [d for _, d in top.lines], top.first, top.newer, top.older
    ([7, 6, 5], 1, None, '2026-01-05.5')
    >>> mid = page_of(days, lambda x: x, top.older, None, 3)
    >>> [d for _, d in mid.lines], mid.first, mid.newer, mid.older
    ([4, 3, 2], 4, '2026-01-04.4', '2026-01-02.2')
    >>> [d for _, d in page_of(days, lambda x: x, None, mid.newer, 3).lines]
    [7, 6, 5]
    >>> [d for _, d in page_of(days, lambda x: x, "2026-01-02.2", None, 3).lines]
    [1]
    >>> [d for _, d in page_of(days, lambda x: x, "2026-01-01.1", None, 3).lines]
    [7, 6, 5]
    """
    total = len(oldest_first)
    keys = [place(line) for line in oldest_first]
    at = {key: n for n, key in enumerate(keys)}
    older_than, newer_than = cursor(before), cursor(after)
    end = total  # the page is oldest_first[start:end], drawn reversed
    if older_than is not None and at.get(older_than, 0) > 0:
        end = at[older_than]
    elif older_than is None and newer_than is not None and newer_than in at:
        end = min(at[newer_than] + 1 + size, total)
    start = max(end - size, 0)
    lines = list(reversed(oldest_first[start:end]))
    return Page(
        lines,
        total,
        total - end + 1 if lines else 0,
        newer=said(keys[end - 1]) if end < total else None,
        older=said(keys[start]) if start > 0 else None,
    )


class Keyset(Protocol):
    """A list read a page at a time where it is kept (the cash box's: ``cashbox.ledger``),
    newest first by place: what ``page_read`` asks of it."""

    def placed(
        self, limit: int, older_than: Place | None = None, newer_than: Place | None = None
    ) -> list[Place]: ...

    def counted(self, newer_than: Place | None = None) -> int: ...

    def listed_at(self, place: Place) -> bool: ...


Place = tuple[str, int]


def page_read(
    found: Keyset, before: str | None, after: str | None, size: int = PAGE
) -> Page[Place]:
    """The page ``page_of`` gives of the whole list, read a page's places at a time (the
    places of its lines, newest first: the caller reads the lines at them). The same page,
    cursors and counts as ``page_of`` for every cursor (tests/cashbox/test_cash_sums.py)."""
    older_than, newer_than = cursor(before), cursor(after)
    lines: list[Place] = []
    if older_than is not None:
        if found.listed_at(older_than):
            lines = found.placed(size + 1, older_than=older_than)
    elif newer_than is not None and found.listed_at(newer_than):
        lines = found.placed(size, newer_than=newer_than)
        lines = lines + found.placed(1, older_than=lines[-1]) if len(lines) == size else []
    if not lines:  # none asked, or none past it: the newest page
        lines = found.placed(size + 1)
    more = len(lines) > size
    lines = lines[:size]
    if not lines:
        return Page([], 0, 0)
    first = found.counted(lines[0]) + 1
    return Page(
        lines,
        found.counted(),
        first,
        newer=said(lines[0]) if first > 1 else None,
        older=said(lines[-1]) if more else None,
    )


def entry_place(entry: Entry) -> tuple[str, int]:
    """An entry's place in the cash box's list: its date, then its number."""
    return (entry.on, entry.id)


@dataclass(frozen=True)
class _Listing:
    """The cash box's list of entries as of ``on``, where it is kept (a ``Keyset``)."""

    club_id: int
    on: str | None

    def placed(
        self, limit: int, older_than: Place | None = None, newer_than: Place | None = None
    ) -> list[Place]:
        return ledger.placed(get_db(), self.club_id, self.on, limit, older_than, newer_than)

    def counted(self, newer_than: Place | None = None) -> int:
        return ledger.counted(get_db(), self.club_id, self.on, newer_than)

    def listed_at(self, place: Place) -> bool:
        return ledger.listed_at(get_db(), self.club_id, self.on, place)


def entries_page(
    club_id: int, on: str | None, before: str | None, after: str | None
) -> tuple[Page[Entry], dict[int, Entry], set[int]]:
    """The cash box's page of entries as of ``on`` (``page_read``: its lines alone read),
    the entries its reversals undo by number, and which of its entries are reversed."""
    places = page_read(_Listing(club_id, on), before, after)
    read = {e.id: e for e in clubs.entries_at(get_db(), club_id, [n for _, n in places.lines])}
    lines = [read[n] for _, n in places.lines if n in read]
    shown = Page(lines, places.total, places.first, places.newer, places.older)
    undone = [e.reverses for e in lines if e.reverses is not None]
    by_id = {e.id: e for e in clubs.entries_at(get_db(), club_id, undone)}
    return shown, by_id, ledger.reversed_among(get_db(), club_id, on, [e.id for e in lines])
