"""An evening's chips in whole cents, the zero sum kept: the largest-remainder rule
(``rules.ledger.to_cents``, the one rounding of chips into money, a table's on its own too).

Each member's exact amount is their net times the chip value, in cents
(a Decimal: a chip of 0.025 makes half cents). Everyone first gets the
exact amount rounded down (towards minus infinity); the cents this leaves
over (the nets sum to zero, so the exact amounts do too, and the
round-downs fall short by a whole number of cents, fewer than the members)
go one each to the members with the largest remainders (exact − rounded
down); between equal remainders, the member first in the order given
(by the member number they sat under, ``clubs.ties.tie_order``: no rename or merge
moves it). So the amounts sum to
exactly zero and each is within one cent of its exact value.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal

from ..rules.ledger import to_cents


def table_cents(
    chips: Mapping[int, int], chip_value: Decimal, order: Sequence[int]
) -> dict[int, int]:
    """One table's chips per member in whole cents (``to_cents``), ties in ``order`` (by the
    member number each sat under, ``clubs.ties.tie_order``); members at zero left out. The
    table's column sums to zero.

    >>> table_cents({7: -31, 8: 13, 9: 18}, Decimal("0.025"), [8, 9, 7])  # −77.5, 32.5, 45
    {8: 33, 9: 45, 7: -78}
    """
    ranked = [m for m in order if m in chips]
    cents = to_cents([chips[m] for m in ranked], chip_value)
    return {m: c for m, c in zip(ranked, cents, strict=True) if c}


def evening_cents(
    tables: Iterable[tuple[Mapping[int, int], Sequence[int]]], chip_value: Decimal
) -> dict[int, int]:
    """An evening's money per member: each table (its chips per member, and the order of
    its ties) rounded on its own (``table_cents``) and a member's evening the sum of their
    tables' figures, so that every table's settlement, the room, the cash box and the
    season show the same cents and every column sums to zero.

    (Rounding the room's sums instead cannot keep each table at zero: two tables each of
    ½ and −½ cent give the room's two round-ups to the first table's members, leaving it
    +1 and the other −1.) A member who sat at one table is within a cent of their exact
    amount; at ``k`` tables, within ``k`` cents.

    >>> evening_cents([({1: 1, 2: -1}, [1, 2]), ({3: 1, 4: -1}, [3, 4])], Decimal("0.005"))
    {1: 1, 2: -1, 3: 1, 4: -1}
    """
    total: dict[int, int] = {}
    for chips, order in tables:
        for member, cents in table_cents(chips, chip_value, order).items():
            total[member] = total.get(member, 0) + cents
    return {m: c for m, c in total.items() if c}
