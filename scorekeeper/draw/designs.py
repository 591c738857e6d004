"""Known designs: draws with no pair twice, built by construction or stored.

Each design is a list of rounds, each round a list of tables of unit
numbers ``0 .. n-1``; the draw relabels the units by its seed. Tests check
every design (tests/test_draw.py).
"""

from __future__ import annotations

from .stored import STORED

Design = list[list[list[int]]]

_GF4_TIMES = [
    [0, 0, 0, 0],
    [0, 1, 2, 3],
    [0, 2, 3, 1],
    [0, 3, 1, 2],
]
"""Multiplication in GF(4) = {0, 1, x, x+1} written 0..3; addition is exclusive or."""


def affine_plane(q: int) -> Design:
    """AG(2, q) for q = 3 or 4: q*q players, q+1 rounds of q tables of q, no pair twice.

    The points are (x, y); each round is one slope's parallel lines
    y = m*x + b (and the vertical lines x = c), so two points share exactly
    one line.
    """
    if q not in (3, 4):
        raise ValueError(q)

    def add(a: int, b: int) -> int:
        return (a + b) % 3 if q == 3 else a ^ b

    def times(a: int, b: int) -> int:
        return (a * b) % 3 if q == 3 else _GF4_TIMES[a][b]

    rounds: Design = [[[q * x + y for y in range(q)] for x in range(q)]]
    for m in range(q):
        rounds.append([[q * x + add(times(m, x), b) for x in range(q)] for b in range(q)])
    return rounds


def circle(m: int) -> Design:
    """The circle method: m units two by two, m-1 rounds (m if odd, one out a round), all new.

    Unit m-1 stays put (the dummy when m is odd: its partner of the round sits
    out, so the rounds' byes rotate through everyone once).
    """
    size = m + (m % 2)
    rounds: Design = []
    ring = list(range(size - 1))
    for r in range(size - 1):
        order = ring[r:] + ring[:r]
        tables = [[order[0], size - 1]]
        for k in range(1, size // 2):
            tables.append([order[k], order[-k]])
        rounds.append([t for t in tables if max(t) < m])
    return rounds


def design(kind: str, n: int) -> Design | None:
    """A design for ``n`` units at tables of ``kind`` ("3", "4" or "2" for pairs of pairs)."""
    if kind == "2":
        return circle(n) if n >= 2 else None
    if kind == "3" and n == 9:
        return affine_plane(3)
    if kind == "4" and n == 16:
        return affine_plane(4)
    found = STORED.get((kind, n))
    return [[list(t) for t in r] for r in found] if found is not None else None
