"""A round's first seating, before the search: neighbours in the standing (Swiss), or each
unit where it meets the fewest it met before (or dealt like cards to keep teams apart)."""

from __future__ import annotations

import random

from . import search


def first_seating(
    problem: search.Problem, seated: list[int], rng: random.Random
) -> list[list[int]]:
    """A first seating of one round, before the search.

    Swiss: neighbours in the standing, table by table. Otherwise each unit
    in a seeded order (those with most players to avoid first) takes the
    free seat where it meets the fewest it met before or must avoid; if that
    greedy seating puts kept-apart players together, dealing the units
    round the tables like cards, grouped by whom they avoid, is used
    instead when it does better (a group no larger than the number of
    tables is then always split).
    """
    sizes = problem.sizes
    if problem.rank is not None:
        rank = problem.rank
        ordered = sorted(seated, key=lambda u: rank[u])
        tables, k = [], 0
        for size in sizes:
            tables.append(ordered[k : k + size])
            k += size
        return tables
    order = list(seated)
    rng.shuffle(order)
    avoid = {u: sum(problem.apart[u][v] for v in seated) for u in seated}
    order.sort(key=lambda u: -avoid[u])
    tables = [[] for _ in sizes]
    for u in order:
        best, best_cost = -1, 0
        for t, table in enumerate(tables):
            if len(table) >= sizes[t]:
                continue
            cost = sum(
                search.APART * problem.apart[u][v] + search.REPEAT * problem.met[u][v]
                for v in table
            )
            if best < 0 or cost < best_cost:
                best, best_cost = t, cost
                if cost == 0:  # the first free seat with nobody met: enough, and fast
                    break
        tables[best].append(u)
    if any(problem.apart[a][b] for table in tables for a in table for b in table):
        dealt = _dealt(problem, seated, order)
        if _apart_count(problem, dealt) < _apart_count(problem, tables):
            return dealt
    return tables


def _dealt(problem: search.Problem, seated: list[int], order: list[int]) -> list[list[int]]:
    """Deal the units round the tables like cards, each group of kept-apart units together."""
    group_of: dict[int, int] = {}
    for u in order:
        if u not in group_of:
            group_of[u] = len(group_of)
            for v in order:
                if v not in group_of and problem.apart[u][v]:
                    group_of[v] = group_of[u]
    ranked = sorted(seated, key=lambda u: (group_of[u], order.index(u)))
    sizes = problem.sizes
    tables: list[list[int]] = [[] for _ in sizes]
    t = 0
    for u in ranked:
        while len(tables[t]) >= sizes[t]:
            t = (t + 1) % len(sizes)
        tables[t].append(u)
        t = (t + 1) % len(sizes)
    return tables


def _apart_count(problem: search.Problem, tables: list[list[int]]) -> int:
    return sum(
        problem.apart[a][b] for table in tables for i, a in enumerate(table) for b in table[i + 1 :]
    )
