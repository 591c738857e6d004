"""Whist tournaments from 32 to 64 players (issue 37, pairs): stored base rounds, 45 built
on a product of fields, 57 on Z_56 and a fixed round.

A whist tournament Wh(n) seats two partners face to face against two opponents, so that
every two players are partners exactly once and opponents exactly twice: n - 1 rounds
for n = 0 (mod 4), n rounds with one player out each round (each once) for n = 1
(mod 4). The stored ones are Z-cyclic (cyclic.py says how they develop): for n = 4t the
players are Z_(n-1) and one fixed player (point n - 1), for n = 4t + 1 they are Z_n and 0
is out of the base round; the round of s adds s to every point. In the base round each
difference d (up to sign) is once a difference of partners and twice one of opponents
(the fixed player: partner once, opponent twice), so the developed rounds are a whist
tournament. ``tools/find_whist.c`` found the base rounds (its header says how to re-run
it; each line below names its seed), but 56's and 60's. ``tools/find_whist_mult56.c``
searched only base rounds that multiplying by 21 maps onto themselves (21^2 = 1 mod 55),
which halves what is searched, and found 56 in 11 s where find_whist.c had failed for
hours of CPU over two sessions; no multiplier of Z_59 can fix a base round, and
``tools/find_whist_tabu.c`` (the best swap each move, with a memory of the seats each point
left) found 60 where the annealing never came closer than one difference too many and one
too few. 57 is 1-rotational (``rotational_tournament``), its base round fixed by
multiplying by 9 (``tools/find_whist_mult57.c``). 45 = 5 * 9 is ``ring_tournament``.
designs.py counts every pair before any draw uses them; tests/draw/test_draw_records.py
counts again.

A table is north, east, south, west: north and south are partners, east and west.
"""

from __future__ import annotations

import itertools

from . import cyclic
from .cyclic import Base

Element = tuple[int, ...]
"""An element of a product of fields: one coordinate a field, each numbered as below."""

TEXT: dict[int, str] = {
    # found by tools/find_whist.c N SEED 600 3.0 0.2 5000000, the seed named in each comment
    # seed 1 (2.0 0.01 200000)
    32: "27,3,31,30 24,7,6,19 15,0,9,26 25,17,8,2 1,29,4,22 11,13,12,23 5,21,14,10 28,18,20,16",
    # seed 3
    33: "22,31,11,19 4,30,24,6 9,12,26,20 8,18,1,13 17,3,21,5 28,23,27,29 7,14,10,32 16,25,2,15",
    # seed 5
    36: (
        "29,18,0,25 7,27,11,22 21,33,20,15 1,3,34,28 10,23,32,2 6,13,14,4 30,31,19,16 "
        "5,24,17,8 9,26,12,35"
    ),
    # seed 6
    40: (
        "36,1,5,2 21,13,28,23 17,34,22,7 19,6,16,25 18,4,32,0 24,15,8,26 9,29,3,20 "
        "27,35,10,33 11,38,37,14 39,30,31,12"
    ),
    # seed 5
    44: (
        "43,35,24,42 29,5,10,32 13,17,34,25 1,31,4,27 40,6,11,39 36,7,30,38 33,20,28,18 "
        "2,41,19,21 3,9,16,0 23,37,12,22 14,8,15,26"
    ),
    # seed 13
    48: (
        "6,9,22,44 24,1,18,34 21,25,8,28 5,0,15,17 40,29,33,30 10,42,2,23 32,31,43,16 "
        "35,46,13,41 4,47,27,26 19,11,39,37 3,36,7,45 12,38,14,20"
    ),
    # seed 5
    52: (
        "6,9,20,43 39,49,3,2 23,25,45,50 28,37,4,47 42,14,36,26 38,0,40,21 35,31,22,15 "
        "12,5,30,24 48,18,17,46 11,27,19,32 51,44,29,33 41,8,34,7 16,10,13,1"
    ),
    # tools/find_whist_mult56.c: /tmp/find_whist_mult56 1 30 3.0 0.2 5000000; fixed by x -> 21x
    56: (
        "55,11,0,44 22,2,33,42 17,14,27,19 34,18,54,48 1,6,7,24 21,16,37,9 53,8,10,35 "
        "13,3,45,20 25,31,4,40 30,46,29,15 26,49,23,47 51,39,43,52 50,28,36,32 5,38,41,12"
    ),
    # tools/find_whist_tabu.c: /tmp/find_whist_tabu 60 1 600 10 10 (a tabu search; 364 s)
    60: (
        "41,43,32,27 55,22,13,25 36,26,35,0 48,40,12,15 18,5,50,56 46,14,57,16 29,49,51,44 "
        "23,54,17,7 2,38,21,9 52,33,34,37 59,53,47,1 20,42,10,28 31,30,11,6 58,3,45,24 "
        "8,19,39,4"
    ),
}
"""Players -> the base round: its tables separated by spaces, a table's points by commas."""

BASES: dict[int, Base] = {
    n: (tuple(tuple(int(p) for p in table.split(",")) for table in text.split()),)
    for n, text in TEXT.items()
}


def past_note(n: int, rounds: int) -> str:
    """A sentence naming the whist tournament past its rounds (after a space), else ''.

    Partners must repeat past them: in n - 1 rounds each player partners all n - 1 others
    (n = 4t + 1: in n rounds each plays n - 1; one round more seats someone an n-th time).
    Only n = 0 or 1 (mod 4) have a whist tournament."""
    if n < 4 or n % 4 not in (0, 1):
        return ""
    whole = n - 1 if n % 4 == 0 else n
    if rounds <= whole:
        return ""
    return (
        f" Past {whole} rounds partners must repeat: a whist tournament of {n} players "
        f"(every two partners exactly once, opponents exactly twice) is the most."
    )


def _field(q: int) -> tuple[int, int]:
    """GF(q) for q = p or p^2 (p an odd prime): (p, r), r a non-residue mod p for p^2 (its
    elements a + b*sqrt(r) numbered a + p*b, as designs.whist_field numbers them), else 0."""
    p = next(d for d in range(2, q + 1) if q % d == 0)
    if q not in (p, p * p) or p == 2:
        raise ValueError(q)
    return p, next(c for c in range(2, p) if pow(c, (p - 1) // 2, p) == p - 1) if q > p else 0


def _times(field: tuple[int, int], x: int, y: int) -> int:
    p, r = field
    a, b, c, d = x % p, x // p, y % p, y // p
    return (a * c + b * d * r) % p + p * ((a * d + b * c) % p)


def _plus(field: tuple[int, int], x: int, y: int) -> int:
    p = field[0]
    return (x + y) % p + p * ((x // p + y // p) % p)


def ring_tournament(orders: tuple[int, ...]) -> list[list[list[int]]]:
    """A whist tournament of n = q1 * q2 * ... players, each q = p or p^2 = 1 (mod 4): on the
    product R of the fields GF(q), n rounds, one player out a round (designs.whist_field's
    construction, on a ring: 45 = 5 * 9).

    Take e in R with e^2 = -1 (one in each field, as q = 1 mod 4). Multiplying by e moves
    every nonzero x through four different elements x, ex, -x, -ex (e - 1, -2 and e + 1 are
    units: nonzero in every field), so R - {0} falls into (n - 1)/4 such orbits; the base
    round seats one table (x, ex, -x, -ex) per orbit, 0 out. Partners differ by 2x and 2ex:
    2 times each orbit, every nonzero element once. Opponents differ by +-(1 - e)x twice
    and +-(1 + e)x = +-e(1 - e)x twice: (1 - e) times each orbit, twice each, 1 - e a unit.
    The round of s adds s to everyone (s is out): every two players are partners once and
    opponents twice. Player numbers: x = (x1, x2, ...) is x1 + q1*x2 + q1*q2*x3 + ...
    """
    fields = [_field(q) for q in orders]
    minus_one = [f[0] - 1 for f in fields]  # p - 1 + p*0
    e = tuple(
        next(x for x in range(q) if _times(f, x, x) == m)
        for f, q, m in zip(fields, orders, minus_one)
    )

    def times(x: Element, y: Element) -> Element:
        return tuple(_times(f, a, b) for f, a, b in zip(fields, x, y))

    def plus(x: Element, y: Element) -> Element:
        return tuple(_plus(f, a, b) for f, a, b in zip(fields, x, y))

    def number(x: Element) -> int:
        place, total = 1, 0
        for a, q in zip(x, orders):
            total, place = total + a * place, place * q
        return total

    elements = list(itertools.product(*(range(q) for q in orders)))
    zero = elements[0]
    seen: set[Element] = {zero}
    base: list[list[Element]] = []
    for x in elements[1:]:
        if x not in seen:
            orbit = [x, times(e, x), times(e, times(e, x)), times(e, times(e, times(e, x)))]
            seen.update(orbit)
            base.append([orbit[0], orbit[1], orbit[2], orbit[3]])  # north, east, south, west
    return [[[number(plus(u, s)) for u in table] for table in base] for s in elements]


RINGS: dict[int, tuple[int, ...]] = {45: (5, 9)}
"""Players -> the orders of the fields whose product ``ring_tournament`` uses."""


def three_pairings(resolvable: list[list[list[int]]]) -> list[list[list[int]]]:
    """A whist tournament from a resolvable design with tables of 4 (every two players at one
    table once, in (n - 1) / 3 rounds): its rounds three times over, each time with other
    partners (a, c against b, d; then a, b against c, d; then a, d against b, c), n - 1
    rounds in all. Two players sit at one table of the design, so they meet three times,
    partners in exactly one of the three pairings and opponents in the other two. The
    first (n - 1) / 3 rounds are the design itself: nobody meets anyone twice."""
    seatings = ((0, 1, 2, 3), (0, 2, 1, 3), (0, 1, 3, 2))  # north, east, south, west
    return [
        [[table[i] for i in seats] for table in tables]
        for seats in seatings
        for tables in resolvable
    ]


ROTATIONAL: dict[int, str] = {
    # tools/find_whist_mult57.c: /tmp/find_whist_mult57 1 15 3.0 0.2 20000; 0 out; fixed by 9
    57: (
        "56,7,28,21 14,42,35,49 54,1,41,53 38,9,33,29 6,25,17,37 43,39,2,45 51,15,18,13 "
        "11,23,50,5 30,4,3,20 46,36,27,12 22,44,19,52 31,26,32,48 55,10,8,40 47,34,16,24"
    ),
}
"""Players n = 4t + 1 -> the base round of a 1-rotational whist tournament on Z_(n - 1) and a
fixed player n - 1 (``rotational_tournament``)."""


def rotational_tournament(n: int, text: str) -> list[list[list[int]]]:
    """A whist tournament of n = 4t + 1 players: Z_m (m = n - 1) and a fixed player m.

    One round is fixed: the cosets x, x + m/4, x + m/2, x + 3m/4 of the subgroup K of order
    4 are its tables (x and x + m/2 partners), the fixed player out. In it two players at
    difference m/2 are partners, and two at difference +-m/4 opponents, each pair once. The
    other m rounds add s in Z_m to every point of the base round (the fixed player stays; one
    point is out of it, so each is out once). In the base round each difference d (up to
    sign) outside K is once of partners and twice of opponents, +-m/4 once of each, and m/2
    once of opponents and never of partners (a pair at difference m/2 comes back in the round
    of s + m/2: twice), and the fixed player is once a partner and twice an opponent: over
    the n rounds every two players are partners once and opponents twice."""
    m = n - 1
    quarter = m // 4
    fixed = [[x, x + quarter, x + 2 * quarter, x + 3 * quarter] for x in range(quarter)]
    base = [[int(point) for point in table.split(",")] for table in text.split()]
    moved = [[[x if x == m else (x + s) % m for x in table] for table in base] for s in range(m)]
    return [fixed, *moved]


SIZES = frozenset(BASES) | frozenset(RINGS) | frozenset(ROTATIONAL)
"""The numbers of players this module has a whist tournament for."""


def tournament(n: int) -> list[list[list[int]]] | None:
    """The whist tournament of ``n`` players: stored base round, ring or 1-rotational, or
    None."""
    if n in RINGS:
        return ring_tournament(RINGS[n])
    if n in ROTATIONAL:
        return rotational_tournament(n, ROTATIONAL[n])
    shape = cyclic.shape_for("pairs", n)
    if shape is None or n not in BASES:
        return None
    return cyclic.developed(shape, BASES[n])
