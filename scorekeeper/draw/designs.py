"""Known designs: draws with no pair twice (and whist tournaments), built by construction
or from stored base rounds.

Each design is a list of rounds, each round a list of tables of unit
numbers ``0 .. n-1``; the draw relabels the units by its seed. Each is
counted pair by pair when first built (``check``) and again by the tests
(tests/draw/test_draw.py, tests/draw/test_draw_records.py).
"""

from __future__ import annotations

import itertools
from collections import Counter
from functools import lru_cache

from . import cyclic, kirkman, whist
from .records import BASES
from .stored import STORED

Design = list[list[list[int]]]

_GF4_TIMES = [
    [0, 0, 0, 0],
    [0, 1, 2, 3],
    [0, 2, 3, 1],
    [0, 3, 1, 2],
]
"""Multiplication in GF(4) = {0, 1, x, x+1} written 0..3; addition is exclusive or."""


def affine_space(q: int, k: int) -> Design:
    """AG(k, q) for q = 3 or 4: q**k players at tables of q, no pair twice, in
    (q**k - 1) / (q - 1) rounds, the most possible.

    The points are the vectors of GF(q)^k (a player's number written in base
    q); a round is one direction d, its tables the lines {p + t*d}. Two points
    lie on exactly one line, so they meet exactly once. AG(2, 3): 9 players,
    4 rounds; AG(3, 3): 27, 13; AG(2, 4): 16, 5; AG(3, 4): 64, 21.
    """
    if q not in (3, 4):
        raise ValueError(q)

    def add(a: int, b: int) -> int:
        return (a + b) % 3 if q == 3 else a ^ b

    def times(a: int, b: int) -> int:
        return (a * b) % 3 if q == 3 else _GF4_TIMES[a][b]

    def digits(p: int) -> list[int]:
        return [p // q**e % q for e in range(k)]

    def number(v: list[int]) -> int:
        return sum(d * q**e for e, d in enumerate(v))

    n = q**k
    directions = [
        digits(d) for d in range(1, n) if digits(d)[max(e for e in range(k) if digits(d)[e])] == 1
    ]
    rounds: Design = []
    for d in directions:
        seen: set[int] = set()
        tables = []
        for p in range(n):
            if p in seen:
                continue
            line = [number([add(x, times(t, y)) for x, y in zip(digits(p), d)]) for t in range(q)]
            seen.update(line)
            tables.append(line)
        rounds.append(tables)
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


KIRKMAN_15 = ((0, 7, 14), (1, 2, 4), (3, 8, 12), (6, 9, 10), (5, 11, 13))
"""Kirkman's fifteen schoolgirls, 1-rotational: points i + 7*row (i in Z7, row 0 or 1)
and 14 fixed; the seven rounds are this base round shifted by 0..6
(found by tools/find_cyclic.py, which says why such a base round works)."""


NEARLY_KIRKMAN_24 = (
    (22, 0, 12),
    (23, 1, 11),
    (2, 3, 9),
    (4, 7, 20),
    (5, 13, 19),
    (6, 8, 15),
    (10, 14, 16),
    (17, 18, 21),
)
"""A nearly Kirkman triple system of 24, 1-rotational: points i + 11*row (i in Z11, row 0
or 1) and 22, 23 fixed; eleven rounds, this base round shifted by 0..10. Each pure
difference 1..5 of each row and each mixed difference but 0 occurs once in the base
round, so every pair meets once except 22-23 and each i with i + 11 (found by
tools/find_cyclic.py, as Kirkman's 15 was)."""


CYCLIC: dict[int, tuple[int, tuple[tuple[int, ...], ...]]] = {
    15: (7, KIRKMAN_15),
    24: (11, NEARLY_KIRKMAN_24),
    # nearly Kirkman systems of 36 and 48 (17 and 23 rounds) and a Kirkman system of 39
    # (19 rounds), the same way over Z17, Z23 and Z19
    36: (
        17,
        (
            (34, 0, 18),
            (35, 1, 17),
            (2, 3, 5),
            (4, 8, 13),
            (6, 12, 19),
            (7, 14, 22),
            (9, 20, 29),
            (10, 31, 32),
            (11, 25, 30),
            (15, 21, 24),
            (16, 26, 28),
            (23, 27, 33),
        ),
    ),
    48: (
        23,
        (
            (46, 0, 24),
            (47, 1, 23),
            (2, 3, 5),
            (4, 8, 13),
            (6, 12, 19),
            (7, 15, 25),
            (9, 20, 26),
            (10, 29, 31),
            (11, 39, 43),
            (14, 40, 45),
            (16, 27, 41),
            (17, 33, 44),
            (18, 30, 38),
            (21, 28, 34),
            (22, 36, 37),
            (32, 35, 42),
        ),
    ),
    39: (
        19,
        (
            (38, 0, 19),
            (1, 2, 4),
            (3, 7, 12),
            (5, 11, 20),
            (6, 13, 23),
            (8, 16, 22),
            (9, 29, 31),
            (10, 21, 34),
            (14, 32, 37),
            (15, 27, 36),
            (17, 30, 33),
            (18, 25, 26),
            (24, 28, 35),
        ),
    ),
}
"""Players -> (m, base round) of the 1-rotational designs: points i + m*row, 2m on fixed."""


def developed(base: tuple[tuple[int, ...], ...], m: int, fixed: int) -> Design:
    """The rounds of a cyclic design: ``base`` shifted by s = 0 .. m-1 on each row of m
    points, the points from ``fixed`` on left in place."""
    return [
        [[p if p >= fixed else p - p % m + (p % m + s) % m for p in t] for t in base]
        for s in range(m)
    ]


def nearly_kirkman_18() -> Design:
    """A nearly Kirkman triple system of 18: 8 rounds of 6 tables of 3, no pair twice.

    Two copies (0 and 1) of the nine points (x, y) of AG(2, 3); the two copies
    of one point never meet (the pairs left over). The plane's four parallel
    classes go in two couples: the rows y = b with the lines y = x + b
    (a point's place on its row is x), the columns x = c with the lines
    y = 2x + b (its place on its column is y). Each couple gives four
    rounds, one per even-weight word w of three bits: on a row (column) the
    point at place p is taken in copy w[p], on the other class's line in the
    other copy. Two points on a row or column sit at different places, and
    the four even words show every two places every pair of bits once; a
    line of the other class meets each row (column) once, at three different
    places, so the same holds for it: every pair of copies of two distinct
    points meets exactly once.
    """
    words = ((0, 0, 0), (0, 1, 1), (1, 0, 1), (1, 1, 0))

    def point(x: int, y: int, copy: int) -> int:
        return 9 * copy + 3 * (x % 3) + y % 3

    def row(b: int) -> list[tuple[int, int]]:
        return [(x, b) for x in range(3)]

    def column(b: int) -> list[tuple[int, int]]:
        return [(b, y) for y in range(3)]

    def slope(m: int, b: int) -> list[tuple[int, int]]:
        return [(x, m * x + b) for x in range(3)]

    rounds: Design = []
    for place, m in ((0, 1), (1, 2)):
        first = row if place == 0 else column
        for word in words:
            tables = [[point(x, y, word[(x, y)[place]]) for x, y in first(b)] for b in range(3)]
            tables += [
                [point(x, y, 1 - word[(x, y)[place] % 3]) for x, y in slope(m, b)] for b in range(3)
            ]
            rounds.append(tables)
    return rounds


def tripled(kirkman: Design, v: int) -> Design:
    """A Kirkman triple system of 3v from one of v: (3v - 1) / 2 rounds.

    Player (x, i) is ``3*x + i`` (x a player of the small system, i in Z3). Each round of
    the small system gives three: table {a, b, c} becomes {(a, i), (b, i + s), (c, i + 2s)}
    for i in Z3 in the round s (s in Z3); a last round seats each x's three copies
    together. Two copies of different players a, b meet in the one round s = j - i of
    their small table (and a, c in s = 2(k - i), b, c in s = k - j); two copies of one
    player in the last round: every pair exactly once.
    """
    rounds: Design = []
    for tables in kirkman:
        for s in range(3):
            rounds.append(
                [
                    [3 * a + i, 3 * b + (i + s) % 3, 3 * c + (i + 2 * s) % 3]
                    for a, b, c in tables
                    for i in range(3)
                ]
            )
    rounds.append([[3 * x, 3 * x + 1, 3 * x + 2] for x in range(v)])
    return rounds


def whist_field(q: int) -> Design:
    """A whist tournament of q players, q = p or p^2 (p an odd prime) and q = 1 (mod 4): q
    rounds, one player out a round, each once.

    The players are the elements of GF(q) (for p^2: a + b*r with r^2 a non-residue mod p,
    numbered a + p*b). With g a generator of the nonzero elements, q = 4t + 1 and e = g^t
    (so e^2 = -1), the base round is the t tables (x, e*x, -x, -e*x) for x = g^i, i < t,
    with 0 out: partners at differences 2x and 2ex, that is 2g^j for j < 2t, every
    difference up to sign once; opponents at (1 - e)x twice and (1 + e)x = e(1 - e)x
    twice ((1 + e)^2 = 2e), that is (1 - e)g^j for j < 2t, every difference twice. The
    round of s adds s to everyone (s out), so every two players are partners once and
    opponents twice.
    """
    p = next(d for d in range(2, q + 1) if q % d == 0)
    if q % 4 != 1 or q not in (p, p * p):
        raise ValueError(q)
    r = next(c for c in range(2, p) if pow(c, (p - 1) // 2, p) == p - 1) if q > p else 0

    def mul(x: int, y: int) -> int:
        a, b, c, d = x % p, x // p, y % p, y // p
        return (a * c + b * d * r) % p + p * ((a * d + b * c) % p)

    def add(x: int, y: int) -> int:
        return (x + y) % p + p * ((x // p + y // p) % p)

    def power(x: int, k: int) -> int:
        out = 1
        for _ in range(k):
            out = mul(out, x)
        return out

    def order(x: int) -> int:
        k, y = 1, x
        while y != 1:
            y, k = mul(y, x), k + 1
        return k

    g = next(x for x in range(2, q) if order(x) == q - 1)
    t = (q - 1) // 4
    e, minus = power(g, t), power(g, 2 * t)
    base = []
    for i in range(t):
        x = power(g, i)
        base.append([x, mul(e, x), mul(minus, x), mul(minus, mul(e, x))])
    return [[[add(u, s) for u in table] for table in base] for s in range(q)]


def doubled(kirkman: Design, v: int) -> Design | None:
    """A nearly Kirkman triple system of 2v from a Kirkman system of v = 1 (mod 4): v - 1
    rounds (as ``nearly_kirkman_18`` does for v = 9), or None if no coupling is found.

    The rounds of the small system go in couples (P, Q) with a *place* 0, 1, 2 for each
    player such that every table of P and every table of Q holds the three places (a
    proper 3-colouring, found depth first). Each couple gives four rounds, one per
    even-weight word w of three bits: at a table of P the player at place p comes as copy
    w[p] (player ``x + v*copy``), at a table of Q as copy 1 - w[p]. Two players of one table
    have different places, and the four even words show every two places every pair of
    bits once: every pair of copies of two players who met once meets once; the two
    copies of one player never meet (the pairs left over).
    """
    words = ((0, 0, 0), (0, 1, 1), (1, 0, 1), (1, 1, 0))
    rest = list(range(len(kirkman)))
    rounds: Design = []
    while rest:
        first = rest.pop(0)
        for other in rest:
            place = _three_places(kirkman[first] + kirkman[other], v)
            if place is not None:
                rest.remove(other)
                break
        else:
            return None
        for w in words:
            rounds.append(
                [[x + v * w[place[x]] for x in t] for t in kirkman[first]]
                + [[x + v * (1 - w[place[x]]) for x in t] for t in kirkman[other]]
            )
    return rounds


def _three_places(tables: list[list[int]], v: int) -> list[int] | None:
    """Places 0, 1, 2 such that every table holds all three, depth first (None: none)."""
    neighbours: list[set[int]] = [set() for _ in range(v)]
    for t in tables:
        for a in t:
            neighbours[a].update(b for b in t if b != a)
    place = [-1] * v

    def extend(x: int) -> bool:
        if x == v:
            return True
        for c in range(3):
            if all(place[y] != c for y in neighbours[x]):
                place[x] = c
                if extend(x + 1):
                    return True
        place[x] = -1
        return False

    return place if extend(0) else None


DOUBLED = {42: 21, 66: 33, 90: 45}
"""Nearly Kirkman systems made by ``doubled`` from a Kirkman system of half as many."""

TRIPLED = {45: 15, 63: 21, 99: 33}
"""Kirkman systems made by ``tripled`` from a smaller one."""

WHIST_FIELDS = (5, 9, 13, 17, 25, 29, 37, 41, 49, 53, 61)
"""The primes and squares of primes = 1 (mod 4) up to 64: whist tournaments by ``whist_field``."""


def design(size: str, n: int) -> Design | None:
    """A design for ``n`` units at tables of ``size``: "3", "4", "2" (fixed pairs: pairs of
    pairs), or "whist" (tables of 4 as two pairs, every two players partners once and
    opponents twice). Built once, checked pair by pair (``check``), then copied."""
    found = _built(size, n)
    return [[list(t) for t in r] for r in found] if found is not None else None


@lru_cache(maxsize=64)
def _built(size: str, n: int) -> tuple[tuple[tuple[int, ...], ...], ...] | None:
    made = _construct(size, n)
    if made is None:
        return None
    check(made, n, size)
    return tuple(tuple(tuple(t) for t in r) for r in made)


def _construct(size: str, n: int) -> Design | None:
    if size == "2":
        return circle(n) if n >= 2 else None
    if size == "3" and n in (9, 27, 81):
        return affine_space(3, {9: 2, 27: 3, 81: 4}[n])
    if size == "3" and n == 18:
        return nearly_kirkman_18()
    if size == "3" and n in TRIPLED:
        small = design("3", TRIPLED[n])
        return tripled(small, TRIPLED[n]) if small is not None else None
    if size == "3" and n in DOUBLED:
        small = design("3", DOUBLED[n])
        return doubled(small, DOUBLED[n]) if small is not None else None
    if size == "3" and n in kirkman.SIZES:
        return kirkman.design(n, lambda v: design("3", v))
    if size == "3" and n in CYCLIC:
        m, base = CYCLIC[n]
        return developed(base, m, 2 * m)
    if size == "4" and n in (16, 64, 256):
        return affine_space(4, {16: 2, 64: 3, 256: 4}[n])
    if size == "whist" and n in WHIST_FIELDS:
        return whist_field(n)
    if size == "whist" and n in whist.SIZES:
        return whist.tournament(n)
    if size == "whist" and n == 64:  # AG(3, 4)'s 21 rounds with each of the three pairings
        return whist.three_pairings(affine_space(4, 3))
    seating = "pairs" if size == "whist" else size
    shape = cyclic.shape_for(seating, n)
    if shape is not None and (seating, n) in BASES:
        return cyclic.developed(shape, BASES[(seating, n)])
    found = STORED.get((size, n))
    return [[list(t) for t in r] for r in found] if found is not None else None


class BrokenDesign(AssertionError):
    """A stored or constructed design that does not do what it claims: a bug, never input."""


def check(rounds: Design, n: int, size: str) -> None:
    """Count every pair's meetings: each round seats each unit at most once; no pair meets
    twice (a whist tournament: every two are partners exactly once and opponents twice)."""
    met: Counter[tuple[int, int]] = Counter()
    partners: Counter[tuple[int, int]] = Counter()
    for tables in rounds:
        seated = [u for t in tables for u in t]
        if len(set(seated)) != len(seated) or not set(seated) <= set(range(n)):
            raise BrokenDesign(f"{size} {n}: a round seats a unit twice or an unknown unit")
        for t in tables:
            for a, b in itertools.combinations(t, 2):
                met[(min(a, b), max(a, b))] += 1
            if size == "whist":
                for a, b in ((t[0], t[2]), (t[1], t[3])):
                    partners[(min(a, b), max(a, b))] += 1
    if size != "whist":
        if met and max(met.values()) > 1:
            raise BrokenDesign(f"{size} {n}: a pair meets twice")
        return
    every = list(itertools.combinations(range(n), 2))
    if any(partners[p] != 1 or met[p] != 3 for p in every):
        raise BrokenDesign(f"whist {n}: not every two partners once and opponents twice")
