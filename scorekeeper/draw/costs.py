"""What the search counts: the units' matrices, and the cost of a draft of rounds.

A *unit* is what the draw moves: a player, or a fixed pair. Every cost is
kept in integer matrices (how often two units met, were partners, must be
kept apart), so a move is judged by a few additions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

APART = 10**16
"""Cost of seating two kept-apart units together: above everything else."""
PARTNER = 10**10
"""Cost of a repeated partner: above any number of repeated table-mates that can occur."""
REPEAT = 10**6
"""Cost of a repeated meeting; the standing's spread (a rank a unit) stays below it."""


@dataclass
class Problem:
    """What the search must respect: units, tables, and what already happened."""

    n: int
    sizes: tuple[int, ...]
    """Seats of each table of a round (units per table)."""
    paired: bool
    """Tables of 4 individuals seated as two pairs: seats 0&2 and 1&3 are partners."""
    met: list[list[int]]
    """met[a][b]: rounds a and b already shared a table (history, then the draft)."""
    partners: list[list[int]]
    apart: list[list[int]]
    """apart[a][b]: 1 if a and b must not share a table (teammates, registered together);
    never changed once the problem is made."""
    rank: list[int] | None = None
    """Position in the standing (Swiss): tables of neighbours are cheaper."""
    rounds: list[list[list[int]]] = field(default_factory=list)
    """The draft: rounds of tables of units in seat order."""
    benches: list[list[int]] = field(default_factory=list)
    """Who sits out each round of the draft."""
    excess: int = 0
    """Weight of a repeat as ``Quality`` counts it (a pair met m times: m - 1) beside
    m (m - 1) / 2: a pair met m times costs ``excess * (m - 1) + m (m - 1) / 2`` repeats."""
    turn: list[tuple[int, int]] = field(default_factory=list)
    """Each unit's (rounds played, byes) before the draft: units with the same may trade
    their turns to sit out, which keeps the rotation fair."""
    any_apart: bool = field(init=False)
    """Whether anyone must be kept apart at all: most draws have no teams, and a move then
    need not look at ``apart``."""

    def __post_init__(self) -> None:
        self.any_apart = any(map(any, self.apart))


def table_cost(problem: Problem, table: Sequence[int]) -> int:
    """What one table adds to the cost, given everything else already counted."""
    cost = 0
    for i, a in enumerate(table):
        for b in table[i + 1 :]:
            cost += APART * problem.apart[a][b]
    if problem.rank is not None and table:
        ranks = [problem.rank[u] for u in table]
        cost += max(ranks) - min(ranks)
    return cost


def add_table(problem: Problem, table: Sequence[int], step: int) -> None:
    """Count (step=1) or uncount (step=-1) the meetings of one table (every move of the
    search calls it four times: the pairs of a table of 3 and of 4 are written out)."""
    met = problem.met
    if len(table) == 4:
        a, b, c, d = table
        row_a, row_b, row_c, row_d = met[a], met[b], met[c], met[d]
        row_a[b] += step
        row_a[c] += step
        row_a[d] += step
        row_b[a] += step
        row_b[c] += step
        row_b[d] += step
        row_c[a] += step
        row_c[b] += step
        row_c[d] += step
        row_d[a] += step
        row_d[b] += step
        row_d[c] += step
        if problem.paired:
            partners = problem.partners
            partners[a][c] += step
            partners[c][a] += step
            partners[b][d] += step
            partners[d][b] += step
    elif len(table) == 3:
        a, b, c = table
        row_a, row_b, row_c = met[a], met[b], met[c]
        row_a[b] += step
        row_a[c] += step
        row_b[a] += step
        row_b[c] += step
        row_c[a] += step
        row_c[b] += step
    else:
        for i, a in enumerate(table):
            for b in table[i + 1 :]:
                met[a][b] += step
                met[b][a] += step


def total_cost(problem: Problem) -> int:
    """The whole cost of the draft: repeats (history included), partners, apart, standing."""
    n = problem.n
    cost = 0
    for a in range(n):
        row_m, row_p = problem.met[a], problem.partners[a]
        for b in range(a + 1, n):
            m, p = row_m[b], row_p[b]
            if m > 1:
                cost += REPEAT * (problem.excess * (m - 1) + m * (m - 1) // 2)
            if p > 1:
                cost += PARTNER * p * (p - 1) // 2
    for tables in problem.rounds:
        for table in tables:
            cost += table_cost(problem, table)
    return cost


def partner_at(table: Sequence[int], position: int) -> int:
    return table[(position + 2) % 4]


def spread(rank: list[int], table: Sequence[int]) -> int:
    """The distance in the standing between a table's highest and lowest (one loop: a
    Swiss draw calls this four times a move, and a list with max and min cost 2.7× more)."""
    low = high = rank[table[0]]
    for u in table:
        r = rank[u]
        if r < low:
            low = r
        elif r > high:
            high = r
    return high - low
