"""An evening's chips in whole cents, the zero sum kept: the largest-remainder rule.

Each member's exact amount is his net times the chip value, in cents
(a Decimal: a chip of 0.025 makes half cents). Everyone first gets the
exact amount rounded down (towards minus infinity); the cents this leaves
over (the nets sum to zero, so the exact amounts do too, and the
round-downs fall short by a whole number of cents, fewer than the members)
go one each to the members with the largest remainders (exact − rounded
down); between equal remainders, the member first in the order given
(the club's order: by name, then member number). So the amounts sum to
exactly zero and each is within one cent of its exact value.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from math import floor


def to_cents(nets: Sequence[int], chip_value: Decimal) -> list[int]:
    """Each net in whole cents, summing to zero, each within a cent of ``net × chip_value``.

    Ties go to the earlier position (``nets`` in the club's order).

    >>> to_cents([1, 1, -2], Decimal("0.005"))  # exact ½, ½, −1 cent: the first ½ goes up
    [1, 0, -1]
    >>> to_cents([-72, -9, 81], Decimal("0.05"))
    [-360, -45, 405]
    """
    if sum(nets) != 0:
        raise ValueError("nets must sum to zero")
    exact = [net * chip_value * 100 for net in nets]
    down = [floor(x) for x in exact]
    remainders = [x - d for x, d in zip(exact, down, strict=True)]
    left = -sum(down)  # whole cents still to hand out, 0 <= left < len(nets)
    order = sorted(range(len(nets)), key=lambda i: (-remainders[i], i))
    for i in order[:left]:
        down[i] += 1
    return down
