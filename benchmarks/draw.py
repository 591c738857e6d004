"""The draw against two plain methods, side by side in one run (issue 27's targets), and
the records table (issue 37).

    .venv/bin/python benchmarks/draw.py [--swap-seconds 20]

For each target: the best of 200 random draws, a plain swap search (random
swaps of two players in a round, kept when the repeats do not grow) bounded
by ``--swap-seconds``, and ours. Each prints its repeated table-mates (and
repeated partners for pairs) and its time; the time ratio is ours over the
200 random draws, measured in the same run on the same machine (the
baseline: a draw that does no search at all).
"""

from __future__ import annotations

import argparse
import datetime
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from scorekeeper.draw import Entrant, Round, Seating, Table, draw, quality
from scorekeeper.draw.quality import most_rounds, table_sizes

TARGETS: tuple[tuple[int, Seating, int], ...] = (
    (12, "3", 4),
    (16, "4", 5),
    (200, "3", 8),
    (20, "pairs", 5),
    (18, "3", 8),
    (544, "pairs", 3),
)


@dataclass(frozen=True)
class Result:
    method: str
    repeats: int
    partners: int
    seconds: float


def _score(rounds: Sequence[Round], seating: Seating, entrants: list[Entrant]) -> tuple[int, int]:
    q = quality(rounds, seating, entrants)
    return q.repeated_tablemates, q.repeated_partners


def _random_round(names: list[str], sizes: tuple[int, ...], rng: random.Random) -> Round:
    order = names[:]
    rng.shuffle(order)
    tables, k = [], 0
    for size in sizes:
        tables.append(Table(tuple(order[k : k + size])))
        k += size
    return Round(tuple(tables), tuple(order[k:]))


def best_of_random(n: int, seating: Seating, rounds: int, tries: int = 200) -> Result:
    entrants = [Entrant(f"P{k}") for k in range(n)]
    names = [e.name for e in entrants]
    sizes = table_sizes(n, seating)
    rng = random.Random(1)
    started = time.perf_counter()
    best = min(
        _score([_random_round(names, sizes, rng) for _ in range(rounds)], seating, entrants)
        for _ in range(tries)
    )
    return Result(f"best of {tries} random", *best, time.perf_counter() - started)


def plain_swaps(n: int, seating: Seating, rounds: int, seconds: float) -> Result:
    """Random swaps of two players of one round, kept unless the repeats grow; stops at 0."""
    entrants = [Entrant(f"P{k}") for k in range(n)]
    names = [e.name for e in entrants]
    sizes = table_sizes(n, seating)
    rng = random.Random(2)
    started = time.perf_counter()
    plan = [[list(t.seats) for t in _random_round(names, sizes, rng).tables] for _ in range(rounds)]

    def score() -> tuple[int, int]:
        made = [Round(tuple(Table(tuple(t)) for t in r)) for r in plan]
        return _score(made, seating, entrants)

    current = score()
    while current != (0, 0) and time.perf_counter() - started < seconds:
        r = plan[rng.randrange(rounds)]
        a, b = rng.sample(range(len(r)), 2)
        i, j = rng.randrange(len(r[a])), rng.randrange(len(r[b]))
        r[a][i], r[b][j] = r[b][j], r[a][i]
        tried = score()
        if (tried[1], tried[0]) <= (current[1], current[0]):
            current = tried
        else:
            r[a][i], r[b][j] = r[b][j], r[a][i]
    return Result(f"plain swaps {seconds:g} s", *current, time.perf_counter() - started)


def ours(n: int, seating: Seating, rounds: int) -> Result:
    entrants = [Entrant(f"P{k}") for k in range(n)]
    started = time.perf_counter()
    made = draw(entrants, seating, rounds, seed=27)
    q = made.quality
    return Result(
        "scorekeeper.draw",
        q.repeated_tablemates,
        q.repeated_partners,
        time.perf_counter() - started,
    )


def search_alone(n: int, seating: Seating, rounds: int) -> Result:
    """Ours with the known designs switched off: what the seeded search reaches by itself."""
    from scorekeeper.draw import plan

    kept = plan.design
    plan.design = lambda kind, n: None
    try:
        result = ours(n, seating, rounds)
    finally:
        plan.design = kept
    return Result("our search, no design", result.repeats, result.partners, result.seconds)


RECORDS: tuple[tuple[int, Seating], ...] = (
    (21, "3"),
    (30, "3"),
    (33, "3"),
    (45, "3"),
    (57, "3"),
    (96, "3"),
    (99, "3"),
    (24, "4"),
    (28, "4"),
    (32, "4"),
    (36, "4"),
    (40, "4"),
    (44, "4"),
    (48, "4"),
    (56, "4"),
    (60, "4"),
    (20, "pairs"),
    (21, "pairs"),
    (32, "pairs"),  # the first whist tournament from whist.py (issue 37, pairs)
    (56, "pairs"),  # fixed by a multiplier (tools/find_whist_mult56.c)
    (57, "pairs"),  # 1-rotational with a fixed round (whist.rotational_tournament)
    (60, "pairs"),  # found by a tabu search (tools/find_whist_tabu.c)
    (64, "pairs"),
)
"""Sizes at their record: rounds with no pair twice (tables of 3 and 4), a whist
tournament (pairs: n - 1 rounds, n if one sits out)."""


def record_rounds(n: int, seating: Seating) -> int:
    if seating == "pairs":
        return n - 1 if n % 4 == 0 else n
    return most_rounds(n, seating) or 0


def _at_record(n: int, seating: Seating, rounds: int, designs: bool) -> Result:
    """Repeats at the record's rounds: table-mates, or in pairs opponents (and partners)."""
    from scorekeeper.draw import plan

    kept = plan.design
    if not designs:
        plan.design = lambda kind, n: None
    try:
        started = time.perf_counter()
        made = draw([Entrant(f"P{k}") for k in range(n)], seating, rounds, seed=37)
        seconds = time.perf_counter() - started
    finally:
        plan.design = kept
    q = made.quality
    repeats = q.repeated_opponents if seating == "pairs" else q.repeated_tablemates
    return Result("ours" if designs else "search", repeats, q.repeated_partners, seconds)


def records(
    cases: Sequence[tuple[int, Seating]] = RECORDS,
) -> list[tuple[str, int, Result, Result]]:
    """Per case: its name, the record's rounds, ours and our search with the designs off."""
    found = []
    for n, seating in cases:
        rounds = record_rounds(n, seating)
        name = f"{n} {'in pairs' if seating == 'pairs' else 'at ' + seating}"
        found.append(
            (
                name,
                rounds,
                _at_record(n, seating, rounds, True),
                _at_record(n, seating, rounds, False),
            )
        )
    return found


def _records_table() -> None:
    print()
    print("The records (issue 37): repeated meetings at the record's rounds, ours against our")
    print("search alone; in pairs repeated partners / repeated opponents (a whist tournament:")
    print("0 / n(n-1)/2, every two opponents exactly twice)")
    print(f"{'case':<14}{'rounds':>7}{'ours':>12}{'seconds':>9}{'search alone':>14}{'seconds':>9}")
    for name, rounds, mine, plain in records():
        if "pairs" in name:
            a, b = f"{mine.partners} / {mine.repeats}", f"{plain.partners} / {plain.repeats}"
        else:
            a, b = str(mine.repeats), str(plain.repeats)
        print(f"{name:<14}{rounds:>7}{a:>12}{mine.seconds:>9.2f}{b:>14}{plain.seconds:>9.2f}")


def compare(
    targets: Sequence[tuple[int, Seating, int]] = TARGETS, swap_seconds: float = 20.0
) -> list[tuple[tuple[int, Seating, int], list[Result]]]:
    return [
        (
            (n, seating, rounds),
            [
                best_of_random(n, seating, rounds),
                plain_swaps(n, seating, rounds, swap_seconds),
                search_alone(n, seating, rounds),
                ours(n, seating, rounds),
            ],
        )
        for n, seating, rounds in targets
    ]


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--swap-seconds", type=float, default=20.0)
    seconds = options.parse_args().swap_seconds
    print(f"The draw, {datetime.date.today().isoformat()} (repeats: table-mates / partners)")
    print(f"{'case':<24}{'method':<26}{'repeats':>9}{'seconds':>10}{'x random':>10}")
    for (n, seating, rounds), results in compare(swap_seconds=seconds):
        base = results[0].seconds
        for r in results:
            case = f"{n} at {seating}, {rounds} rounds"
            case = case.replace("at pairs", "in pairs")
            print(
                f"{case:<24}{r.method:<26}{r.repeats:>5} / {r.partners:<2}"
                f"{r.seconds:>9.2f}{r.seconds / base:>10.2f}"
            )
    _records_table()


if __name__ == "__main__":
    main()
