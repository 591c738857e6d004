"""Money paid for an evening's result that a later close made smaller: whose it is.

A member's payments tied to no evening (the cash box's own, its suggestions paid) settle their
open items oldest first (``open_items``). Paid for what a close posted, they may be more than
every item asks once the evening is reopened and its result changed (fix25b: Frida was paid
her win of 46,00 at the box, a corrected coup left her 34,75, and the room said "Everything
is paid" while the box asked her 11,25 back). What is paid beyond is that evening's, as a
payment recorded on its room is: its room asks it back, or pays it on, as the box does.
Plain Python over entries: no database.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from .entries import Entry, EntryKind

Item = tuple[int, str, int]
"""One open item of a member's account: (member, "evening", evening) or (member, "entry",
the entry it is, or the one a reversal undoes)."""


def moved(found: Sequence[Entry]) -> set[Item]:
    """The evenings whose result moved after a close posted it: a later close reversed it
    (``closing._post``), or, reopened, its provisional line says what changed of it
    (``Provisional.CHANGED``). Money paid for what was posted may be more than it asks now.

    >>> won = Entry(1, 6, EntryKind.EVENING, 4600, "2026-11-30", evening=1)
    >>> undone = Entry(2, 6, EntryKind.REVERSAL, -4600, "2026-11-30", evening=1, reverses=1)
    >>> change = Entry(0, 6, EntryKind.EVENING, -1125, "2026-11-30", evening=1, provisional=True)
    >>> moved([won]), moved([won, undone]), moved([won, change]), moved([change])
    (set(), {(6, 'evening', 1)}, {(6, 'evening', 1)}, set())
    """
    kinds = {e.id: e.kind for e in found if not e.provisional}
    posted = {(e.member, e.evening) for e in found if kinds.get(e.id) is EntryKind.EVENING}
    out: set[Item] = set()
    for e in found:
        if e.evening is None:
            continue
        undone = e.kind is EntryKind.REVERSAL and kinds.get(e.reverses or 0) is EntryKind.EVENING
        if undone or (e.provisional and (e.member, e.evening) in posted):
            out.add((e.member, "evening", e.evening))
    return out


def overpaid(
    ordered: Sequence[Item],
    settled: Mapping[Item, int],
    moved: Collection[Item],
    member: int,
    over: int,
) -> Item | None:
    """Where ``member``'s money left over (``over``: paid in beyond their debts, +; paid out
    beyond what they are owed, −) settles more than is asked: the latest evening whose result
    moved since it was posted (``moved``: reopened and changed, or closed again) that money of
    its side settled, or none of it settled; else None (a fee paid then reversed, a payment
    typed before the box refused overpayments: no result moved; it stays on their account)."""
    if not over:
        return None
    # of their side, or none of it (their result is nil now: a loss of 17,00 paid, then 0)
    found = [k for k in ordered if k[0] == member and k in moved and settled.get(k, 0) * over >= 0]
    return found[-1] if found else None
