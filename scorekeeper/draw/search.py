"""The local search: simulated annealing over swaps of two units in one round.

A *unit* is what the draw moves: a player, or a fixed pair. Every cost is
kept in integer matrices (how often two units met, were partners, must be
kept apart), so a swap is judged by a few additions. The work is bounded by
a count of moves, never by the clock: the same seed gives the same draw on
any machine.
"""

from __future__ import annotations

import math
import random
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
    rank: list[int] | None = None
    """Position in the standing (Swiss): tables of neighbours are cheaper."""
    rounds: list[list[list[int]]] = field(default_factory=list)
    """The draft: rounds of tables of units in seat order."""
    benches: list[list[int]] = field(default_factory=list)
    """Who sits out each round of the draft."""
    turn: list[tuple[int, int]] = field(default_factory=list)
    """Each unit's (rounds played, byes) before the draft: units with the same may trade
    their turns to sit out, which keeps the rotation fair."""


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
    """Count (step=1) or uncount (step=-1) the meetings of one table."""
    met, partners = problem.met, problem.partners
    for i, a in enumerate(table):
        for b in table[i + 1 :]:
            met[a][b] += step
            met[b][a] += step
    if problem.paired and len(table) == 4:
        for a, b in ((table[0], table[2]), (table[1], table[3])):
            partners[a][b] += step
            partners[b][a] += step


def total_cost(problem: Problem) -> int:
    """The whole cost of the draft: repeats (history included), partners, apart, standing."""
    n = problem.n
    cost = 0
    for a in range(n):
        row_m, row_p = problem.met[a], problem.partners[a]
        for b in range(a + 1, n):
            m, p = row_m[b], row_p[b]
            if m > 1:
                cost += REPEAT * m * (m - 1) // 2
            if p > 1:
                cost += PARTNER * p * (p - 1) // 2
    for tables in problem.rounds:
        for table in tables:
            cost += table_cost(problem, table)
    return cost


def _partner_at(table: Sequence[int], position: int) -> int:
    return table[(position + 2) % 4]


def swap_delta(problem: Problem, a_table: list[int], i: int, b_table: list[int], j: int) -> int:
    """The change in cost if a_table[i] and b_table[j] (two tables of one round) swap seats."""
    u, v = a_table[i], b_table[j]
    met_u, met_v = problem.met[u], problem.met[v]
    apart_u, apart_v = problem.apart[u], problem.apart[v]
    rep = 0
    apart = 0
    for k, w in enumerate(a_table):
        if k != i:
            rep += met_v[w] - met_u[w] + 1
            apart += apart_v[w] - apart_u[w]
    for k, w in enumerate(b_table):
        if k != j:
            rep += met_u[w] - met_v[w] + 1
            apart += apart_u[w] - apart_v[w]
    delta = REPEAT * rep + APART * apart
    if problem.paired and len(a_table) == 4 and len(b_table) == 4:
        pa, pb = _partner_at(a_table, i), _partner_at(b_table, j)
        part_u, part_v = problem.partners[u], problem.partners[v]
        delta += PARTNER * (part_v[pa] - part_u[pa] + 1 + part_u[pb] - part_v[pb] + 1)
    if problem.rank is not None:
        rank = problem.rank
        old = _spread(rank, a_table) + _spread(rank, b_table)
        a_table[i], b_table[j] = v, u
        new = _spread(rank, a_table) + _spread(rank, b_table)
        a_table[i], b_table[j] = u, v
        delta += new - old
    return delta


def _spread(rank: list[int], table: Sequence[int]) -> int:
    ranks = [rank[u] for u in table]
    return max(ranks) - min(ranks)


def do_swap(problem: Problem, a_table: list[int], i: int, b_table: list[int], j: int) -> None:
    add_table(problem, a_table, -1)
    add_table(problem, b_table, -1)
    a_table[i], b_table[j] = b_table[j], a_table[i]
    add_table(problem, a_table, 1)
    add_table(problem, b_table, 1)


def repair_delta(problem: Problem, table: list[int], k: int) -> int:
    """The change in partners' cost if seats k (1 or 3) and 2 swap: the table re-paired.

    Seats 0&2 and 1&3 are partners; swapping seat 2 with seat 1 or 3 gives
    each of the other two pairings of the four.
    """
    partners = problem.partners
    a, b, c, d = table
    old = partners[a][c] - 1 + partners[b][d] - 1
    new = partners[a][b] + partners[c][d] if k == 1 else partners[a][d] + partners[b][c]
    return PARTNER * (new - old)


def do_repair(problem: Problem, table: list[int], k: int) -> None:
    add_table(problem, table, -1)
    table[k], table[2] = table[2], table[k]
    add_table(problem, table, 1)


def in_trouble(problem: Problem) -> list[tuple[int, int, int]]:
    """(round, table, seat) of every unit seated with someone it met before or must avoid."""
    found = []
    for r, tables in enumerate(problem.rounds):
        for t, table in enumerate(tables):
            for i, a in enumerate(table):
                met_a, apart_a = problem.met[a], problem.apart[a]
                # a repeated partner is a repeated table-mate too
                if any(met_a[b] > 1 or apart_a[b] for b in table if b != a):
                    found.append((r, t, i))
    return found


Snapshot = tuple[list[list[list[int]]], list[list[int]]]


def snapshot(problem: Problem) -> Snapshot:
    return [[list(t) for t in tables] for tables in problem.rounds], [
        list(b) for b in problem.benches
    ]


def load(problem: Problem, rounds: list[list[list[int]]], benches: list[list[int]]) -> None:
    """Make ``rounds`` the draft, its meetings counted in place of the old draft's."""
    for tables in problem.rounds:
        for table in tables:
            add_table(problem, table, -1)
    problem.rounds = [[list(t) for t in tables] for tables in rounds]
    problem.benches = [list(b) for b in benches]
    for tables in problem.rounds:
        for table in tables:
            add_table(problem, table, 1)


def anneal(
    problem: Problem,
    rng: random.Random,
    moves: int,
    *,
    floor: int = -1,
    hot: float = 2.0 * REPEAT,
    cold: float = 0.05 * REPEAT,
) -> None:
    """Improve the draft by at most ``moves`` seeded moves; leave the best draft met in place.

    Temperature falls geometrically from ``hot`` to ``cold`` (by default from
    about two repeats to a twentieth of one); most moves take a unit that is
    in trouble (it met someone again) and swap it with a random unit of
    another table of the same round. The search stops early at ``floor``, a
    cost nothing can beat (the history's own repeats). A last pass takes only
    improving moves, so the standing (which costs far less than a repeat) is
    tidied without undoing what was won.
    """
    rounds = problem.rounds
    ntables = len(problem.sizes)
    can_trade = bool(problem.turn) and any(problem.benches)
    if (
        not rounds
        or moves <= 0
        or ntables == 0
        or (ntables == 1 and not (can_trade or problem.paired))
    ):
        return
    cost = total_cost(problem)
    best, best_cost = snapshot(problem), cost
    factor = (cold / hot) ** (1.0 / moves)
    temperature = hot
    trouble = in_trouble(problem)
    for step in range(moves):
        if best_cost <= floor:
            break
        if step % 256 == 0 and step:
            trouble = in_trouble(problem)
        temperature *= factor
        delta = _try_move(problem, rng, trouble, temperature)
        if delta is not None:
            cost += delta
            if cost < best_cost:
                best_cost = cost
                best = snapshot(problem)
    load(problem, *best)
    if problem.rank is not None:
        for _ in range(moves // 4):
            _try_move(problem, rng, [], 0.0)


def _try_move(
    problem: Problem, rng: random.Random, trouble: list[tuple[int, int, int]], temperature: float
) -> int | None:
    """One seeded move, made if it pays (or by the Metropolis rule); its cost change, or None."""
    rounds = problem.rounds
    ntables = len(problem.sizes)
    alone = ntables == 1  # one table: only trading turns and re-pairing can help
    if problem.turn and rng.random() < (0.5 if alone else 0.1):
        return _try_turns(problem, rng, temperature)
    if trouble and rng.random() < 0.8:
        r, t, i = trouble[rng.randrange(len(trouble))]
    else:
        r = rng.randrange(len(rounds))
        t = rng.randrange(ntables)
        i = rng.randrange(len(rounds[r][t]))
    tables = rounds[r]
    a_table = tables[t]
    if problem.paired and len(a_table) == 4 and (alone or rng.random() < 0.15):
        k = rng.choice((1, 3))
        delta = repair_delta(problem, a_table, k)
        if _accept(delta, temperature, rng):
            do_repair(problem, a_table, k)
            return delta
        return None
    if alone:
        return None
    o = rng.randrange(ntables - 1)
    o += o >= t
    b_table = tables[o]
    j = rng.randrange(len(b_table))
    delta = swap_delta(problem, a_table, i, b_table, j)
    if _accept(delta, temperature, rng):
        do_swap(problem, a_table, i, b_table, j)
        return delta
    return None


def replace_delta(problem: Problem, table: list[int], i: int, v: int) -> int:
    """The change in cost if unit ``v`` (sitting out) takes seat ``i`` of ``table``."""
    u = table[i]
    met_u, met_v = problem.met[u], problem.met[v]
    apart_u, apart_v = problem.apart[u], problem.apart[v]
    rep = apart = 0
    for k, w in enumerate(table):
        if k != i:
            rep += met_v[w] - met_u[w] + 1
            apart += apart_v[w] - apart_u[w]
    delta = REPEAT * rep + APART * apart
    if problem.paired and len(table) == 4:
        p = _partner_at(table, i)
        delta += PARTNER * (problem.partners[v][p] - problem.partners[u][p] + 1)
    if problem.rank is not None:
        old = _spread(problem.rank, table)
        table[i] = v
        delta += _spread(problem.rank, table) - old
        table[i] = u
    return delta


def do_replace(problem: Problem, table: list[int], i: int, v: int) -> None:
    add_table(problem, table, -1)
    table[i] = v
    add_table(problem, table, 1)


def _seat_of(tables: list[list[int]], u: int) -> tuple[int, int]:
    for t, table in enumerate(tables):
        if u in table:
            return t, table.index(u)
    raise ValueError(u)


def _try_turns(problem: Problem, rng: random.Random, temperature: float) -> int | None:
    """A unit sitting out trades its turn with a seated one of the same (played, byes).

    If the seated one sits out in another round of the draft where the other
    plays, they trade there too, so each keeps as many byes as before.
    """
    r = rng.randrange(len(problem.rounds))
    bench = problem.benches[r]
    if not bench:
        return None
    v = bench[rng.randrange(len(bench))]
    tables = problem.rounds[r]
    t = rng.randrange(len(tables))
    i = rng.randrange(len(tables[t]))
    u = tables[t][i]
    if problem.turn[u] != problem.turn[v]:
        return None
    other = [k for k, b in enumerate(problem.benches) if k != r and (u in b or v in b)]
    if len(other) > 1 or (
        other and (u not in problem.benches[other[0]] or v in problem.benches[other[0]])
    ):
        return None
    delta = replace_delta(problem, tables[t], i, v)
    do_replace(problem, tables[t], i, v)
    if other:
        o = other[0]
        t2, j = _seat_of(problem.rounds[o], v)
        delta += replace_delta(problem, problem.rounds[o][t2], j, u)
        do_replace(problem, problem.rounds[o][t2], j, u)
    if _accept(delta, temperature, rng):
        bench[bench.index(v)] = u
        if other:
            problem.benches[other[0]][problem.benches[other[0]].index(u)] = v
        return delta
    if other:
        do_replace(problem, problem.rounds[other[0]][t2], j, v)
    do_replace(problem, tables[t], i, u)
    return None


def _accept(delta: int, temperature: float, rng: random.Random) -> bool:
    if delta < 0:
        return True
    if temperature <= 0.0:
        return False
    return delta == 0 or rng.random() < math.exp(-delta / temperature)
