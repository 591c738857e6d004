"""A statement pages every line once, two open evenings of one day among them (review18).

A statement line is placed, in its page links, by its entry's date and number
(web/clubs/paging.py); an evening not closed is a provisional line, number 0, so two
evenings of one day still open (an afternoon's room and an evening's, docs/cashbox.md)
gave a member two lines of one place. Where a page ended between them, the older page's
link named the newer of the two, and "Newer" skipped it: a line of their statement no page
showed.
"""

from __future__ import annotations

from scorekeeper.cashbox.entries import Entry, EntryKind, Line
from scorekeeper.web.clubs import statement
from scorekeeper.web.clubs.paging import page_of

DAY = "2026-11-03"


def _lines() -> list[Line]:
    """Four fees on four days before, then their two open evenings of 3 November (evenings
    7 and 8, provisional: entry number 0), then a fee after: seven lines, oldest first."""
    fees = [Entry(n, 1, EntryKind.FEE_SEASON, -100, f"2026-10-0{n}") for n in range(1, 5)]
    rooms = [
        Entry(0, 1, EntryKind.EVENING, amount, DAY, evening=e, provisional=True)
        for e, amount in ((7, -150), (8, 250))
    ]
    after = [Entry(9, 1, EntryKind.FEE_SEASON, -100, "2026-11-04")]
    return [Line(e, 0) for e in [*fees, *rooms, *after]]


def _walk(lines: list[Line], size: int) -> tuple[list[Line], list[Line]]:
    """Every line seen going to older pages from the newest, then back to newer ones."""
    place = statement._place
    page = page_of(lines, place, None, None, size)
    pages = [page]
    while page.older is not None and len(pages) <= len(lines):  # a loop ends the walk
        page = page_of(lines, place, page.older, None, size)
        pages.append(page)
    older = [line for p in pages for line in p.lines]
    newer = list(page.lines)
    while page.newer is not None and len(newer) <= len(lines):
        page = page_of(lines, place, None, page.newer, size)
        newer = [*page.lines, *newer]
    return older, newer


def test_each_line_is_on_one_page_both_ways():
    lines = _lines()
    newest_first = list(reversed(lines))
    for size in (1, 2, 3, 4):  # size 2 ends a page between the two evenings
        older, newer = _walk(lines, size)
        assert older == newest_first, size
        assert newer == newest_first, size
