"""Fitting a design to teams: which player takes which point of the design.

A design seats points; any numbering of the players by the points is as
good for repeats, but not for teams. This search renumbers so that
teammates (and those registered together) meet as late in the design as
possible: if they meet only after the rounds asked for, the design serves
the draw. The weight of a meeting does not depend on how many rounds are
asked, so an event drawing round by round gets the same numbering each time.
"""

from __future__ import annotations

import math
import random

from .designs import Design
from .seeded import below

SWAPS = 100_000
"""Attempted swaps of two players' points: a bound on the work, not on the clock."""


def meeting_round(found: Design, n: int) -> list[list[int]]:
    """meeting_round[a][b]: the round in which points a and b share a table, or -1."""
    when = [[-1] * n for _ in range(n)]
    for r, tables in enumerate(found):
        for table in tables:
            for a in table:
                for b in table:
                    if a != b and when[a][b] < 0:
                        when[a][b] = r
    return when


def fit(found: Design, apart: list[list[int]], order: list[int], rng: random.Random) -> list[int]:
    """A numbering (point -> unit), improved from ``order``, that keeps apart units' meetings
    late: a meeting in round r of L costs (L - r)**3, never meeting costs nothing."""
    n = len(order)
    last = len(found)
    when = meeting_round(found, n)
    weight = [(last - r) ** 3 for r in range(last)]
    avoid = [[v for v in range(n) if apart[u][v]] for u in range(n)]
    movable = [u for u in range(n) if avoid[u]]
    if not movable:
        return order
    point = [0] * n
    for p, u in enumerate(order):
        point[u] = p

    def cost_of(u: int, at: int, skip: int) -> int:
        total = 0
        for v in avoid[u]:
            if v != skip:
                r = when[at][point[v]]
                if r >= 0:
                    total += weight[r]
        return total

    temperature, factor = float(weight[0]), (0.05 / weight[0]) ** (1.0 / SWAPS)
    for _ in range(SWAPS):
        temperature *= factor
        u = movable[below(rng, len(movable))]
        v = below(rng, n)
        if u == v:
            continue
        pu, pv = point[u], point[v]
        delta = cost_of(u, pv, v) + cost_of(v, pu, u) - cost_of(u, pu, v) - cost_of(v, pv, u)
        if delta <= 0 or rng.random() < math.exp(-delta / temperature):
            point[u], point[v] = pv, pu
    numbering = [0] * n
    for u, p in enumerate(point):
        numbering[p] = u
    return numbering
