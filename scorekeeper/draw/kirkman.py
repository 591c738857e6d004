"""Kirkman and nearly Kirkman triple systems of 57 to 96 players, the rest of tables of 3 up
to 99 (issue 37): every n = 3 (mod 6) gets (n - 1) / 2 rounds, every n = 0 (mod 6) from 18
on (n - 2) / 2, with no pair twice.

93 = 3 * 31 by the direct construction of Ray-Chaudhuri and Wilson (``three_q``); 69 by
doubling a PBD on 34 points and pasting Kirkman systems of 9 and 15 (``from_pbd``). The
others found by ``tools/find_kirkman.c`` (its header says how to re-run it) and kept as text
(tables separated by spaces, points by commas). designs.py counts every pair's meetings
before a draw uses any of them, tests/draw/test_draw_records.py again:

- ``ROTATIONAL`` (57, 75): a 1-rotational Kirkman system on Z_2m and a fixed point
  (``one_rotational`` says why it works). It needs m = 1 (mod 3), and an even number of
  odd differences below m (each triple has 0 or 2 odd ones): m = 0 or 1 (mod 4), so
  not 69, 87 or 93 (m = 34, 43, 46).
- ``BASES``: base rounds of a shape of cyclic.py (rows of Z_m and fixed points, shifted):
  87 on Z_43 x 2 rows and one fixed point; the nearly Kirkman systems 60, 72, 78, 84, 96
  on Z_m x 2 rows and two fixed points, m = (n - 2) / 2.
"""

from __future__ import annotations

from collections.abc import Callable

from . import cyclic

Design = list[list[list[int]]]

ROTATIONAL: dict[int, str] = {
    57: "39,32,17 47,27,16 43,38,52 7,26,30 53,23,13 46,8,40 1,22,14 33,34,31 37,49,20",
    75: "24,33,11 15,40,68 5,45,13 63,32,28 1,72,34 22,49,73 41,53,67 17,10,27 39,19,20 "
    "66,55,60 62,44,46 58,14,43",
}
"""v -> the (v - 3) / 6 triples of Z_(v-1) that ``one_rotational`` develops (find_kirkman kts)."""

TEXT: dict[int, tuple[str, ...]] = {
    60: (
        "31,50,54 2,44,30 15,27,0 42,34,17 22,43,59 52,45,5 51,8,24 23,4,56 46,20,26 37,25,28 "
        "18,7,55 33,58,1 9,10,40 38,3,39 57,13,6 47,36,49 53,14,48 19,11,35 16,21,12 32,41,29",
    ),
    72: (
        "62,37,54 5,11,10 14,17,51 6,29,60 42,70,32 59,57,9 69,49,63 30,4,20 53,33,31 39,7,28 "
        "21,13,46 47,38,0 55,34,27 16,68,3 41,23,71 48,12,35 66,22,2 58,19,15 36,40,43 "
        "24,65,64 18,67,44 45,56,61 8,26,50 25,52,1",
    ),
    78: (
        "76,2,69 56,50,45 67,63,54 24,23,57 60,4,18 48,74,37 31,0,62 13,28,11 38,73,29 "
        "42,43,17 25,64,9 35,71,5 65,7,47 59,66,49 10,77,40 6,19,51 55,20,41 52,44,30 "
        "34,75,53 72,70,22 21,1,33 68,14,3 27,36,32 12,58,15 26,16,39 8,46,61",
    ),
    84: (
        "67,80,25 75,37,46 65,16,30 38,15,14 35,48,20 7,43,53 39,58,33 34,60,52 22,44,49 "
        "63,1,54 29,76,74 41,66,47 69,73,21 2,42,9 50,83,19 11,0,3 26,36,24 77,70,59 32,13,56 "
        "81,61,64 12,51,28 82,79,6 18,5,62 31,68,10 45,71,72 8,17,78 57,27,23 40,55,4",
    ),
    87: (
        "29,39,33 53,54,1 62,60,32 0,34,58 77,81,31 13,79,24 68,49,17 4,48,65 19,86,57 "
        "67,52,46 36,11,37 12,66,25 82,2,71 78,21,16 80,75,72 59,73,43 63,70,7 6,85,26 "
        "64,55,15 42,18,20 50,83,5 38,3,10 23,56,35 84,41,14 27,61,30 28,45,76 47,22,8 "
        "69,40,44 9,74,51",
    ),
    96: (
        "93,51,12 27,4,10 18,40,48 39,62,56 49,94,9 65,73,75 13,14,25 3,36,46 54,32,34 "
        "74,0,57 68,8,88 6,89,37 55,23,52 59,47,28 81,30,95 92,2,21 64,82,19 43,78,91 "
        "24,50,29 22,42,80 67,11,76 31,85,44 17,20,70 83,61,84 58,79,72 86,71,90 33,15,41 "
        "69,53,7 87,38,45 63,26,35 77,66,5 16,1,60",
    ),
}
"""n -> the base rounds of ``cyclic.shape_for("3", n)`` (find_kirkman nkts; 87: kts2).

Seed 1 (60: seed 2); the tool's moves have changed since some were found, so a run now
finds other base rounds, as good: any that passes designs.check may replace these."""

BASES: dict[int, cyclic.Base] = {
    n: tuple(tuple(tuple(int(p) for p in t.split(",")) for t in r.split()) for r in rounds)
    for n, rounds in TEXT.items()
}

THREE_Q = {93: 31}
"""Kirkman systems of 3q by ``three_q`` (q prime, q = 1 mod 6)."""

PBD_DOUBLED = (69,)
"""Kirkman systems of 2u + 1 by ``from_pbd`` from the PBD of ``pbd_34`` (u = 34)."""

SIZES = frozenset(ROTATIONAL) | frozenset(BASES) | frozenset(THREE_Q) | frozenset(PBD_DOUBLED)
"""The players this module has a design for (tables of 3)."""


def one_rotational(v: int, triples: list[list[int]]) -> Design:
    """A Kirkman triple system of v = 2m + 1 on Z_2m and the fixed point 2m: m rounds.

    The triples' residues mod m are 1 .. m - 1, each once, and their differences (both
    signs) are every element of Z_2m but 0 and m, each once. The base round is
    {2m, 0, m}, each triple T and T + m (a partition: T and T + m hold both lifts of T's
    residues); round s is the base round plus s, s < m. The fixed point meets s and s + m
    in round s; x and x + m meet in round x mod m. Two points x, y at any other
    difference: it is b - a for exactly one a, b of one triple T, so x = a + u and
    y = b + u for one u in Z_2m: they meet at T + u in round u if u < m, else at
    (T + m) + (u - m) in round u - m. So every pair meets exactly once.
    """
    m = (v - 1) // 2
    base = [[2 * m, 0, m]] + triples + [[(p + m) % (2 * m) for p in t] for t in triples]
    return [[[p if p == 2 * m else (p + s) % (2 * m) for p in t] for t in base] for s in range(m)]


def three_q(q: int) -> Design:
    """A Kirkman triple system of 3q, q = 6t + 1 a prime: (3q - 1) / 2 rounds (Ray-Chaudhuri
    and Wilson 1971, as in the Handbook of Combinatorial Designs).

    Player (x, j), x in GF(q), j in Z3, is ``x + q*j``; g generates GF(q)* and w = g^(2t)
    is a cube root of 1. The tables A_i = {(g^i, 0), (g^(i+2t), 1), (g^(i+4t), 2)} hold
    one player of each copy, at mixed differences g^i (w - 1), g^i (w^2 - 1) and
    g^i w (w - 1): over the 6t values of i each nonzero mixed difference once. The base
    round C is {(0, 0), (0, 1), (0, 2)}, B_ij = {g^i, g^(i+2t), g^(i+4t)} in copy j
    (i < t: their pure differences g^i w^k (w - 1) are every nonzero element once, up
    to sign) and the A_i with i // t odd; its q shifts are q rounds. Each A_i with i // t
    even gives one more round: its q shifts. Every pair meets once (designs.check counts).
    """
    t = (q - 1) // 6
    factors = [f for f in range(2, q) if (q - 1) % f == 0 and all(f % d for d in range(2, f))]
    g = next(x for x in range(2, q) if all(pow(x, (q - 1) // f, q) != 1 for f in factors))

    def power(e: int) -> int:
        return pow(g, e, q)

    def across(i: int) -> list[int]:
        return [power(i), power(i + 2 * t) + q, power(i + 4 * t) + 2 * q]

    def shifted(table: list[int], s: int) -> list[int]:
        return [p - p % q + (p % q + s) % q for p in table]

    base = [[0, q, 2 * q]]
    base += [[power(i + 2 * k * t) + q * j for k in range(3)] for i in range(t) for j in range(3)]
    base += [across(i) for i in range(6 * t) if i // t % 2]
    rounds = [[shifted(table, s) for table in base] for s in range(q)]
    rounds += [[shifted(across(i), s) for s in range(q)] for i in range(6 * t) if i // t % 2 == 0]
    return rounds


def pbd_34() -> list[list[int]]:
    """A pairwise balanced design on 34 points with blocks of 4 and 7: every two points in
    exactly one block (Brouwer's, in Beth, Jungnickel and Lenz, Design Theory).

    Points (x, y) of Z9 x Z3 are ``x + 9*y``, then 27 .. 33. Blocks: the 27 shifts of
    {(0,0), (1,1), (2,0), (4,1)}; {(0,0), (1,0), (4,2)} shifted by (i, i + j) with
    27 + j; {(0,0), (2,2), (5,0)} shifted by (i + j, 2i + j) with 30 + j (i in Z9, j in
    Z3); {(i, i), (i, i + 1), (i, i + 2), 33}; and {27, .., 33}. 90 blocks of 4 and one of
    7: 90 * 6 + 21 = 561 pairs, all of them (``from_pbd``'s check counts them).
    """

    def point(x: int, y: int) -> int:
        return x % 9 + 9 * (y % 3)

    blocks = []
    for i in range(9):
        for j in range(3):
            blocks.append([point(x + i, y + j) for x, y in ((0, 0), (1, 1), (2, 0), (4, 1))])
            blocks.append([point(x + i, y + i + j) for x, y in ((0, 0), (1, 0), (4, 2))] + [27 + j])
            shifted = [point(x + i + j, y + 2 * i + j) for x, y in ((0, 0), (2, 2), (5, 0))]
            blocks.append([*shifted, 30 + j])
        blocks.append([point(i, i + y) for y in range(3)] + [33])
    blocks.append(list(range(27, 34)))
    return blocks


def from_pbd(u: int, blocks: list[list[int]], small: dict[int, Design]) -> Design | None:
    """A Kirkman triple system of 2u + 1 from a PBD on u points (Beth, Jungnickel and Lenz,
    Lemma IX.6.4): u rounds; None if the PBD is not one.

    Each point x is doubled (players 2x and 2x + 1) and the fixed player 2u added. On
    every block B of k points lies a Kirkman system of 2k + 1 (``small[k]``) whose k
    rounds each seat its fixed point with one pair: the pair of round i is named x, x'
    for the i-th point x of B, and round i joins the big round x (without its table of
    the fixed point). The big round x is {x, x', fixed} and, for each block through x,
    that block's round of x: every other point y shares one block with x, so y and y'
    are seated once. Two copies of y and z meet in the one small system of the block
    holding y and z, once; y and y' and the fixed player in round y.
    """
    pairs = [
        frozenset((a, b)) for block in blocks for i, a in enumerate(block) for b in block[i + 1 :]
    ]
    if len(pairs) != len(set(pairs)) or len(pairs) != u * (u - 1) // 2:
        return None
    fixed = 2 * u
    rounds: Design = [[[2 * x, 2 * x + 1, fixed]] for x in range(u)]
    for block in blocks:
        k = len(block)
        names = {2 * k: fixed}
        for i, tables in enumerate(small[k]):
            a, b = next([p for p in t if p != 2 * k] for t in tables if 2 * k in t)
            names[a], names[b] = 2 * block[i], 2 * block[i] + 1
        for i, tables in enumerate(small[k]):
            rounds[block[i]] += [[names[p] for p in t] for t in tables if 2 * k not in t]
    return rounds


def design(n: int, smaller: Callable[[int], Design | None]) -> Design | None:
    """The Kirkman or nearly Kirkman system of ``n`` players, or None if not kept here;
    ``smaller`` gives the Kirkman systems of 9 and 15 that ``from_pbd`` pastes."""
    if n in PBD_DOUBLED:
        nine, fifteen = smaller(9), smaller(15)
        if nine is None or fifteen is None:
            return None
        return from_pbd((n - 1) // 2, pbd_34(), {4: nine, 7: fifteen})
    if n in ROTATIONAL:
        triples = [[int(p) for p in t.split(",")] for t in ROTATIONAL[n].split()]
        return one_rotational(n, triples)
    if n in THREE_Q:
        return three_q(THREE_Q[n])
    shape = cyclic.shape_for("3", n)
    if n in BASES and shape is not None:
        return cyclic.developed(shape, BASES[n])
    return None
