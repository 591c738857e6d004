"""The order that breaks the ties of the largest remainder at a club's table: by the member
number each member sat under there, which no rename, merge or reader's language moves.

The largest remainder (cashbox/rounding.py) hands a cent left over to one of two equal
remainders. It went to the first by name (``seats.club_order``, the pairing's order):
renamed after their evening closed, a member's table settlement (computed now) moved a cent
that the cash box (posted at the close) did not, and on an open evening a member who had
paid what the room said was asked a cent again; by the number of the member kept, a merge
moved the cent of another member of the table (tests/clubs/test_money_ties_by_number.py).
Plain Python over the database: no request, no page.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import sqlite_utils

from ..db import rows
from .merging import kept


def tie_order(ids: Iterable[int], numbers: Mapping[int, int] | None = None) -> list[int]:
    """``ids`` as the largest remainder breaks its ties at a table (cashbox/rounding.py): by
    the member number each sat under there (``numbers``: ``seated_numbers``; their own where
    not given), given once and never changed (module docstring).

    >>> tie_order([7, 3, 12, 3]), tie_order([7, 3, 12], {12: 2})
    ([3, 7, 12], [12, 3, 7])
    """
    given = numbers or {}
    return sorted(set(ids), key=lambda m: (given.get(m, m), m))


def pay_order(ids: Iterable[int]) -> list[int]:
    """``ids`` in the order who pays whom pairs them (``cashbox.settle.between_members``:
    the debtors laid end to end, the creditors too): by member number (the member kept),
    which no rename moves. By name, a rename after the close reshuffled who pays whom with
    no amount changed (the room, a table's settlement and the cash box: one home, here).

    >>> pay_order([7, 3, 12, 3])
    [3, 7, 12]
    """
    return sorted(set(ids))


def seated_numbers(db: sqlite_utils.Database, game_id: int) -> dict[int, int]:
    """Each member of a club table (the one kept) → the member number they sat under there:
    its ``seats`` rows as written (a seat's, a newcomer's), which a merge does not rewrite;
    the least where two rows are theirs (a newcomer merged into the member they took over
    from). What ``tie_order`` ranks a table's ties by."""
    out: dict[int, int] = {}
    found = db.query("select rowid as id, seat, member_id from seats where game_id = ?", [game_id])
    for row in found:
        with rows.reading("seats", row):
            number = rows.whole(row, "member_id")
        member = kept(db, number, named=True)
        out[member] = min(out.get(member, number), number)
    return out
