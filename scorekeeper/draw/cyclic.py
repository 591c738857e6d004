"""Cyclic designs: a few base rounds over Z_m, shifted round after round.

The points are ``rows`` copies of Z_m (point ``r*m + i`` is i of row r)
and a few fixed points after them. Shifting a base round by s adds s to
every point of every row and leaves the fixed points in place. Two points
of one row at difference d, or of rows r < s at difference d (the second
minus the first), meet once over the m shifts for each time a base round
holds such a pair; a fixed point meets a whole row once for each base
round where it sits with a point of that row. So a draw with no pair twice
is a base round (or a few) in which every difference occurs at most once,
and a *design* (everyone meets everyone once, or everyone but a partner
group) one where the wanted ones occur exactly once: a small problem that
``tools/find_base.py`` solves by search and ``records.py`` stores.

Whist tournaments (``"pairs"``) are the same with partners and opponents
told apart: in the base round every difference is a partner once and an
opponent twice, so over the m rounds every two players are partners once
and opponents twice (Z-cyclic whist tournaments, Anderson and Finizio).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

Key = tuple[int, ...]
"""What a pair of a base table covers: (kind, ...) with kinds below."""
PURE, MIXED, FIXED, BOTH_FIXED, PARTNER, OPPONENT = range(6)

Base = tuple[tuple[tuple[int, ...], ...], ...]
"""Base rounds, each a tuple of tables of point numbers."""


@dataclass(frozen=True)
class Shape:
    """How a cyclic design of ``points`` players is laid out."""

    m: int
    rows: int
    fixed: int
    k: int
    """Players a table."""
    bases: int = 1
    """Base rounds, each shifted m times: ``bases * m`` rounds (``short``: m/(k-1) each)."""
    excluded: frozenset[Key] = frozenset()
    """Differences that must not occur: the pairs that never meet (a partner group)."""
    sits_out: bool = False
    """Whist on Z_m alone: point 0 is out of the base round (so each round one sits out)."""
    short: bool = False
    """One fixed point, q = k - 1 dividing m: each base round is its own shift by m/q, so
    gives m/q rounds. Its first table is the fixed point and (0, r), (m/q, r), ... of row
    r for base round r (the fixed point meets row r, and row r's differences that are
    multiples of m/q are covered); its other tables are one of each q tables T, T + m/q,
    ...: the rounds hold them all."""

    @property
    def step(self) -> int:
        """The shift that leaves a ``short`` base round as it is."""
        return self.m // (self.k - 1) if self.short else self.m

    @property
    def points(self) -> int:
        return self.rows * self.m + self.fixed

    def needed(self, whist: bool = False) -> dict[Key, int]:
        """Each key the base rounds must cover, and how often."""
        m = self.m
        need: dict[Key, int] = {}
        if whist:
            for d in range(1, m // 2 + 1):
                need[(PARTNER, d)] = 1
                need[(OPPONENT, d)] = 2
            if self.fixed:
                need[(PARTNER, -1)] = 1
                need[(OPPONENT, -1)] = 2
            return need
        for r in range(self.rows):
            for d in range(1, (m - 1) // 2 + 1):  # an even m's half difference meets twice
                if d % self.step:  # (short: the first tables cover the multiples of the step)
                    need[(PURE, r, d)] = 1
            for s in range(r + 1, self.rows):
                for d in range(m):
                    need[(MIXED, r, s, d)] = 1
            for j in range(0 if self.short else self.fixed):
                need[(FIXED, j, r)] = 1
        for key in self.excluded:
            need[key] = 0
        return {key: c for key, c in need.items() if c}


def pair_key(shape: Shape, p: int, q: int) -> Key:
    """What the pair p, q of a base table covers."""
    m, edge = shape.m, shape.rows * shape.m
    if p >= edge and q >= edge:
        return (BOTH_FIXED,)
    if p >= edge or q >= edge:
        j, other = (p - edge, q) if p >= edge else (q - edge, p)
        return (FIXED, j, other // m)
    (r, i), (s, j) = sorted((divmod(p, m), divmod(q, m)))
    if r == s:
        d = (j - i) % m
        return (PURE, r, min(d, m - d))
    return (MIXED, r, s, (j - i) % m)


def pair_keys(shape: Shape, table: list[int] | tuple[int, ...]) -> list[Key]:
    """The keys of every pair of one base table."""
    return [pair_key(shape, p, q) for x, p in enumerate(table) for q in table[x + 1 :]]


def whist_key(shape: Shape, kind: int, p: int, q: int) -> Key:
    """What p and q cover as partners or opponents (kind) in a base table of a whist tournament."""
    m = shape.m
    if p >= m or q >= m:
        return (kind, -1)
    d = (q - p) % m
    return (kind, min(d, m - d))


def whist_keys(shape: Shape, table: list[int] | tuple[int, ...]) -> list[Key]:
    """Partners (seats 1&3, 2&4) and opponents of one base table of a whist tournament."""
    key = functools.partial(whist_key, shape)
    n, e, s, w = table  # north and south against east and west
    return [
        key(PARTNER, n, s),
        key(PARTNER, e, w),
        key(OPPONENT, n, e),
        key(OPPONENT, n, w),
        key(OPPONENT, s, e),
        key(OPPONENT, s, w),
    ]


def developed(shape: Shape, base: Base) -> list[list[list[int]]]:
    """Every round: each base round shifted by 0 .. m-1 (``short``: 0 .. m/q - 1)."""
    m, edge = shape.m, shape.rows * shape.m

    def moved(p: int, s: int) -> int:
        return p if p >= edge else p - p % m + (p % m + s) % m

    if shape.short:
        step = shape.step
        rounds = [
            [[moved(p, s) for p in tables[0]]]
            + [[moved(p, s + h) for p in t] for t in tables[1:] for h in range(0, m, step)]
            for tables in base
            for s in range(step)
        ]
    else:
        rounds = [[[moved(p, s) for p in t] for t in tables] for tables in base for s in range(m)]
    return rounds


def _apart(*pairs: tuple[int, int]) -> frozenset[Key]:
    """Exclude difference 0 between the rows of each pair: i of one never meets i of the other."""
    return frozenset((MIXED, r, s, 0) for r, s in pairs)


SHAPES: dict[tuple[str, int], Shape] = {}
"""(seating, players) -> shape of the stored base rounds (records.py)."""


def _add(seating: str, n: int, shape: Shape) -> None:
    assert shape.points == n, (seating, n)
    SHAPES[(seating, n)] = shape


# Kirkman triple systems, n = 2m + 1 (m odd) or 2cm + 1 with c base rounds on 2c rows
# (15 and 39: designs.CYCLIC; 45, 63 and 99 tripled from 15, 21 and 33: designs.tripled)
for _n in (51, 87):  # (57 and 75: kirkman.one_rotational, on Z_(n-1) and one fixed)
    _add("3", _n, Shape(m=(_n - 1) // 2, rows=2, fixed=1, k=3))
_add("3", 21, Shape(m=5, rows=4, fixed=1, k=3, bases=2))
# 2m + 1 with m even: two base rounds, each its own shift by m/2. Not for 69 and 93 (m = 34,
# 46): each triple covers an even number of odd differences, and they need an odd number
# (kirkman.py builds them otherwise), nor needed for 57 (kirkman.one_rotational)
for _n in (33,):
    _add("3", _n, Shape(m=(_n - 1) // 2, rows=2, fixed=1, k=3, bases=2, short=True))
# nearly Kirkman systems: 2m + 2 players, the pairs left out (i, 0)-(i, 1) and the two fixed
# (m odd), or the half differences (i, r)-(i + m/2, r) and the two fixed (m even)
for _n in (30, 54, 60, 72, 78, 84, 96):  # 24, 36, 48: designs.CYCLIC; 42, 66, 90: doubled
    # (60 .. 96: kirkman.py)
    _m = (_n - 2) // 2
    _add(
        "3",
        _n,
        Shape(m=_m, rows=2, fixed=2, k=3, excluded=_apart((0, 1)) if _m % 2 else frozenset()),
    )
# tables of 4: resolvable designs (n = 3m + 1) and partner groups of three (n = 3m + 3, the
# three rows of a point and the fixed three) or of two (n = 6m + 2 on six rows, two bases)
for _n in (28, 40, 52):  # on Z_(n-1) and one fixed, each base round its own shift by m/3
    _add("4", _n, Shape(m=_n - 1, rows=1, fixed=1, k=4, short=True))
for _n in (24, 36, 48, 60):
    _add(
        "4",
        _n,
        Shape(m=(_n - 3) // 3, rows=3, fixed=3, k=4, excluded=_apart((0, 1), (0, 2), (1, 2))),
    )
for _n in (32, 44, 56):  # Z_((n-2)/3) on three rows and two fixed: a partner by half turn
    _add("4", _n, Shape(m=(_n - 2) // 3, rows=3, fixed=2, k=4))
# whist tournaments: Z_(n-1) and one fixed player (n = 4t), or Z_n with one out (n = 4t + 1)
for _n in range(8, 65, 4):
    _add("pairs", _n, Shape(m=_n - 1, rows=1, fixed=1, k=4))
for _n in range(5, 65, 4):
    _add("pairs", _n, Shape(m=_n, rows=1, fixed=0, k=4, sits_out=True))


def shape_for(seating: str, n: int) -> Shape | None:
    return SHAPES.get((seating, n))
