"""The local search: simulated annealing over the moves of moves.py, seeded.

The work is bounded by a count of moves, never by the clock: the same seed
gives the same draw on any machine.
"""

from __future__ import annotations

import random

from .costs import APART, PARTNER, REPEAT, Problem, add_table, total_cost
from .moves import try_move

__all__ = ["APART", "PARTNER", "REPEAT", "Problem", "add_table", "anneal", "load", "total_cost"]


def in_trouble(problem: Problem) -> list[tuple[int, int, int]]:
    """(round, table, seat) of every unit seated with someone it met before or must avoid."""
    found = []
    met, apart = problem.met, problem.apart
    for r, tables in enumerate(problem.rounds):
        for t, table in enumerate(tables):
            bad = 0  # a bit a seat; a repeated partner is a repeated table-mate too
            for i in range(len(table) - 1):
                met_a, apart_a = met[table[i]], apart[table[i]]
                for j in range(i + 1, len(table)):
                    b = table[j]
                    if met_a[b] > 1 or apart_a[b]:
                        bad |= (1 << i) | (1 << j)
            if bad:
                found += [(r, t, i) for i in range(len(table)) if bad >> i & 1]
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
) -> int:
    """Improve the draft by at most ``moves`` seeded moves; leave the best draft met in place;
    return the moves made.

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
        return 0
    cost = best_cost = total_cost(problem)
    best: Snapshot | None = None  # None: the draft in hand is the best met

    def leaving_best() -> None:
        """Before an uphill move: keep a copy if the draft in hand is the best (copies are
        what a big draw spends its time on; most improvements come in runs)."""
        nonlocal best
        if best is None and cost == best_cost:
            best = snapshot(problem)

    factor = (cold / hot) ** (1.0 / moves)
    temperature = hot
    trouble = in_trouble(problem)
    made = 0
    for step in range(1, moves + 1):
        if best_cost <= floor:
            break
        made = step
        if step % (256 if trouble else 2048) == 0:
            trouble = in_trouble(problem)
        temperature *= factor
        delta = try_move(problem, rng, trouble, temperature, leaving_best)
        if delta is not None:
            cost += delta
            if cost < best_cost:
                best_cost, best = cost, None
    if best is not None and cost > best_cost:
        load(problem, *best)
    if problem.rank is not None:
        for _ in range(moves // 4):
            try_move(problem, rng, [], 0.0, None)
        made += moves // 4
    return made
