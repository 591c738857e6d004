"""The evenings not closed, on the cash box's page: what is left of each per member and its
room's suggestions (moved out of cash.py, which had grown past tests/shape's 450 lines), and
whether the page says that such an evening is settled on its room (``settled_on_rooms``)."""

from __future__ import annotations

from dataclasses import dataclass

from ... import clubs
from ...cashbox.settle import Suggestion, between_members
from ...clubs import cash_reads


@dataclass(frozen=True)
class OpenRoom:
    """An evening not closed, on the cash box's page: what is left of it per member (its
    room's *left*), in the reader's collation, and its room's suggestions (paid for it)."""

    evening: clubs.Evening
    left: list[tuple[int, int]]
    suggestions: list[Suggestion]


def open_rooms(
    book: cash_reads.Summed, people: list[clubs.Member], every: dict[int, clubs.Evening]
) -> list[OpenRoom]:
    """Each evening not closed with something left, by its day: its rooms' figures, read
    from the accounts (``Accounts.open_left``: the room's left, ``clubs.purse``), so the
    box proposes what the room does (``between_members``, the club's order)."""
    found = book.open_left
    if not found:
        return []
    out = []
    for evening in sorted(every.values(), key=lambda e: (e.date, e.id)):
        left = {m: c for (m, e), c in found.items() if e == evening.id}
        if left:
            shown = [(m.id, left[m.id]) for m in people if m.id in left]
            out.append(OpenRoom(evening, shown, between_members(left, book.order)))
    return out


def settled_on_rooms(book: cash_reads.Summed, evening: clubs.Evening | None) -> bool:
    """Whether the cash box's page says "An evening not closed is settled on its room…"
    (``#pending``): an evening it speaks of is not closed and something of it is left on its
    room, kept apart from the balances (``Summed.open_left``: the rooms' *left*, of the
    evenings not closed alone). The plain page speaks of every evening of the club, an
    evening's view (``?evening=``) of its own: one fact for both, so they cannot disagree.
    The view never said it (it drew no open rooms of its own, the condition the plain page
    asked), even of an evening reopened, whose balances above left it out all the same."""
    left = {at for _, at in book.open_left}
    return bool(left) if evening is None else evening.id in left
