"""The search's moves: swap two units of a round, re-pair a table, trade turns to sit out.

Each ``*_delta`` says what a move would change in the cost, from the
matrices alone; each ``do_*`` makes it, keeping the matrices right.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from .costs import APART, PARTNER, REPEAT, Problem, add_table, partner_at, spread
from .seeded import below

TRIES = 3
"""A swap takes the best of this many partners drawn at random (3 sheds a quarter of the
repeats a single try leaves on the tight sizes, for under twice the work)."""

Uphill = Callable[[], None] | None
"""Called before an uphill move is made (the search keeps its best draft then)."""


def swap_delta(problem: Problem, a_table: list[int], i: int, b_table: list[int], j: int) -> int:
    """The change in cost if a_table[i] and b_table[j] (two tables of one round) swap seats.

    The hottest function of the search (millions of calls in a large draw): each sum runs
    over a whole table, and the term of the seat that moves is taken back out after, which
    spares a test per seat; kept-apart units are counted only if there are any.
    """
    u, v = a_table[i], b_table[j]
    met_u, met_v = problem.met[u], problem.met[v]
    # each seat but the two that swap meets one unit more and one less: +1 - 1 + the counts
    rep = len(a_table) + len(b_table) - 2 - (met_v[u] - met_u[u] + met_u[v] - met_v[v])
    for w in a_table:
        rep += met_v[w] - met_u[w]
    for w in b_table:
        rep += met_u[w] - met_v[w]
    if problem.excess:  # a meeting added to a pair that met: +1; taken from one met twice: -1
        extra = -((met_v[u] > 0) - (met_u[u] > 1) + (met_u[v] > 0) - (met_v[v] > 1))
        for w in a_table:
            extra += (met_v[w] > 0) - (met_u[w] > 1)
        for w in b_table:
            extra += (met_u[w] > 0) - (met_v[w] > 1)
        rep += problem.excess * extra
    delta = REPEAT * rep
    if problem.any_apart:
        apart_u, apart_v = problem.apart[u], problem.apart[v]
        apart = -(apart_v[u] - apart_u[u] + apart_u[v] - apart_v[v])
        for w in a_table:
            apart += apart_v[w] - apart_u[w]
        for w in b_table:
            apart += apart_u[w] - apart_v[w]
        delta += APART * apart
    if problem.paired and len(a_table) == 4 and len(b_table) == 4:
        pa, pb = partner_at(a_table, i), partner_at(b_table, j)
        part_u, part_v = problem.partners[u], problem.partners[v]
        delta += PARTNER * (part_v[pa] - part_u[pa] + 1 + part_u[pb] - part_v[pb] + 1)
    if problem.rank is not None:
        rank = problem.rank
        old = spread(rank, a_table) + spread(rank, b_table)
        a_table[i], b_table[j] = v, u
        new = spread(rank, a_table) + spread(rank, b_table)
        a_table[i], b_table[j] = u, v
        delta += new - old
    return delta


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


def try_move(
    problem: Problem,
    rng: random.Random,
    trouble: list[tuple[int, int, int]],
    temperature: float,
    uphill: Uphill,
) -> int | None:
    """One seeded move, made if it pays (or by the Metropolis rule); its cost change, or None."""
    rounds = problem.rounds
    ntables = len(problem.sizes)
    alone = ntables == 1  # one table: only trading turns and re-pairing can help
    if problem.turn and rng.random() < (0.5 if alone else 0.1):
        return try_turns(problem, rng, temperature, uphill)
    if trouble and rng.random() < 0.8:
        r, t, i = trouble[below(rng, len(trouble))]
    else:
        r = below(rng, len(rounds))
        t = below(rng, ntables)
        i = below(rng, len(rounds[r][t]))
    tables = rounds[r]
    a_table = tables[t]
    if problem.paired and len(a_table) == 4 and (alone or rng.random() < 0.15):
        k = rng.choice((1, 3))
        delta = repair_delta(problem, a_table, k)
        if accept(delta, temperature, rng, uphill):
            do_repair(problem, a_table, k)
            return delta
        return None
    if alone:
        return None
    delta, o, j = 0, -1, -1
    for _ in range(TRIES):
        other = below(rng, ntables - 1)
        other += other >= t
        seat = below(rng, len(tables[other]))
        tried = swap_delta(problem, a_table, i, tables[other], seat)
        if o < 0 or tried < delta:
            delta, o, j = tried, other, seat
    b_table = tables[o]
    if accept(delta, temperature, rng, uphill):
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
            if problem.excess:
                rep += problem.excess * ((met_v[w] > 0) - (met_u[w] > 1))
            apart += apart_v[w] - apart_u[w]
    delta = REPEAT * rep + APART * apart
    if problem.paired and len(table) == 4:
        p = partner_at(table, i)
        delta += PARTNER * (problem.partners[v][p] - problem.partners[u][p] + 1)
    if problem.rank is not None:
        old = spread(problem.rank, table)
        table[i] = v
        delta += spread(problem.rank, table) - old
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


def try_turns(
    problem: Problem, rng: random.Random, temperature: float, uphill: Uphill
) -> int | None:
    """A unit sitting out trades its turn with a seated one of the same (played, byes).

    If the seated one sits out in another round of the draft where the other
    plays, they trade there too, so each keeps as many byes as before.
    """
    r = below(rng, len(problem.rounds))
    bench = problem.benches[r]
    if not bench:
        return None
    v = bench[below(rng, len(bench))]
    tables = problem.rounds[r]
    t = below(rng, len(tables))
    i = below(rng, len(tables[t]))
    u = tables[t][i]
    if problem.turn[u] != problem.turn[v]:
        return None
    other = [k for k, b in enumerate(problem.benches) if k != r and (u in b or v in b)]
    if len(other) > 1 or (
        other and (u not in problem.benches[other[0]] or v in problem.benches[other[0]])
    ):
        return None
    o = other[0] if other else -1
    delta = replace_delta(problem, tables[t], i, v)
    if o >= 0:  # the second trade is judged with the first made
        do_replace(problem, tables[t], i, v)
        t2, j = _seat_of(problem.rounds[o], v)
        delta += replace_delta(problem, problem.rounds[o][t2], j, u)
        do_replace(problem, tables[t], i, u)
    if not accept(delta, temperature, rng, uphill):
        return None
    do_replace(problem, tables[t], i, v)
    bench[bench.index(v)] = u
    if o >= 0:
        do_replace(problem, problem.rounds[o][t2], j, u)
        problem.benches[o][problem.benches[o].index(u)] = v
    return delta


def accept(delta: int, temperature: float, rng: random.Random, uphill: Uphill) -> bool:
    """The Metropolis rule: better or equal always, worse with odds exp(-delta / T)."""
    if delta <= 0:
        return True
    if temperature <= 0.0 or rng.random() >= math.exp(-delta / temperature):
        return False
    if uphill is not None:
        uphill()
    return True
