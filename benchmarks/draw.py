"""The draw against two plain methods, side by side in one run (issue 27's targets), and
the records table (issue 37).

    .venv/bin/python benchmarks/draw.py [--swap-seconds 20]

For each target: the best of 200 random draws, a plain swap search (random
swaps of two players in a round, kept when the repeats do not grow) bounded
by ``--swap-seconds``, and ours. Each prints its repeated table-mates (and
repeated partners for pairs) and its time; the time ratio is ours over the
200 random draws, measured in the same run on the same machine (the
baseline: a draw that does no search at all).

    .venv/bin/python benchmarks/draw.py --against

Issue 45: the draw of 7 to 40 players at tables of 3 and 4, for 1 to 10 rounds, beside an
independent search written here (``most_clean``, ``fewest_repeats``: a depth-first search
sharing no code with the draw's annealing), as the table of docs/competitions.md ("The
draw against an independent search"). Tens of minutes; the tests run it on small sizes.
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
    options.add_argument(
        "--against",
        action="store_true",
        help="only the draw against the independent search, 7 to 40 players (issue 45)",
    )
    args = options.parse_args()
    if args.against:
        _against_table(SIZES_CLUBS_PLAY, 10)
        return
    seconds = args.swap_seconds
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


# --- An independent search (issue 45): exact where it can finish, bounded where not ---------
#
# It shares nothing with scorekeeper.draw but ``table_sizes`` (the shape of a round): players
# are bits, a round is built player by player (each joins an open table they have met nobody
# at, opens the next table of a size, or sits out), every round once (tables opened in the
# order of their first player). ``most_clean`` is a depth-first search for the most rounds
# with no pair twice (round 1 fixed, later rounds in increasing order: the order of clean
# rounds does not matter); it is a proof when it finishes within its nodes. Past those
# rounds ``fewest_repeats`` adds, one at a time, the round with the fewest new repeats
# (branch and bound over every round, within its nodes).


class _OutOfNodes(Exception):
    pass


@dataclass
class _Budget:
    nodes: int

    def spend(self) -> None:
        self.nodes -= 1
        if self.nodes < 0:
            raise _OutOfNodes


def _shape(n: int, seating: Seating) -> tuple[list[int], int]:
    sizes = list(table_sizes(n, seating))
    return sizes, n - sum(sizes)


def _rounds_of(
    n: int,
    sizes: list[int],
    out: int,
    met: list[int],
    budget: _Budget,
    after: tuple[int, ...] | None = None,
    most: int = 0,
):
    """Every round (as its code: each player's table in opening order, 99 sitting out) whose
    new repeats are at most ``most``, in increasing order of code, after ``after``; each with
    its repeats and its tables as bit masks."""
    kinds = sorted(set(sizes))
    left = {s: sizes.count(s) for s in kinds}
    tables: list[list[int]] = []  # [size, mask, count]
    code: list[int] = []

    def place(p: int, outs: int, cost: int, tight: bool):
        budget.spend()
        if p == n:
            if after is None or tuple(code) > after:
                yield tuple(code), cost, [t[1] for t in tables]
            return
        floor = after[p] if tight and after is not None else -1
        options: list[tuple[int, int]] = []  # (code, extra cost)
        for k, t in enumerate(tables):
            if t[2] < t[0] and k >= floor:
                extra = bin(met[p] & t[1]).count("1")
                if cost + extra <= most:
                    options.append((k, extra))
        for s in kinds:
            if left[s] and len(tables) >= floor:
                options.append((len(tables) + 1000 * s, 0))  # a new table of size s
        if outs and floor <= 99:
            options.append((99, 0))
        seats_left = sum(t[0] - t[2] for t in tables) + sum(s * c for s, c in left.items())
        for k, extra in options:
            if k == 99:
                code.append(99)
                yield from place(p + 1, outs - 1, cost, tight and floor == 99)
                code.pop()
            elif k >= 1000:
                s = k // 1000
                if seats_left == 0:
                    continue
                left[s] -= 1
                tables.append([s, 1 << p, 1])
                code.append(len(tables) - 1)
                yield from place(p + 1, outs, cost, tight and floor == len(tables) - 1)
                code.pop()
                tables.pop()
                left[s] += 1
            else:
                t = tables[k]
                t[1] |= 1 << p
                t[2] += 1
                code.append(k)
                yield from place(p + 1, outs, cost + extra, tight and floor == k)
                code.pop()
                t[2] -= 1
                t[1] &= ~(1 << p)

    yield from place(0, out, 0, after is not None)


def _add(met: list[int], masks: list[int], step: int) -> None:
    for mask in masks:
        m = mask
        while m:
            low = m & -m
            p = low.bit_length() - 1
            if step > 0:
                met[p] |= mask & ~low
            m ^= low


def most_clean(
    n: int, seating: Seating, cap: int, nodes: int = 2_000_000
) -> tuple[list[list[int]], bool]:
    """The most rounds with no pair twice found (up to ``cap``), as tables of bit masks, and
    whether that is proven the most (the search ran out of neither rounds nor nodes)."""
    sizes, out = _shape(n, seating)
    if not sizes:
        return [], True
    first, k = [], 0
    for s in sizes:
        first.append(((1 << s) - 1) << k)
        k += s
    budget = _Budget(nodes)
    best: list[list[int]] = [first]
    chosen: list[list[int]] = [first]

    def met_of() -> list[int]:
        met = [0] * n
        for masks in chosen:
            for mask in masks:
                m = mask
                while m:
                    low = m & -m
                    met[low.bit_length() - 1] |= mask & ~low
                    m ^= low
        return met

    def deeper(after: tuple[int, ...] | None) -> bool:
        nonlocal best
        if len(chosen) > len(best):
            best = [list(r) for r in chosen]
        if len(chosen) >= cap:
            return True
        for code, _, masks in _rounds_of(n, sizes, out, met_of(), budget, after, 0):
            chosen.append(masks)
            done = deeper(code)
            chosen.pop()
            if done:
                return True
        return False

    try:
        deeper(None)
    except _OutOfNodes:
        return best, False
    return best, True


def fewest_repeats(
    n: int, seating: Seating, rounds: int, start: list[list[int]], nodes: int = 200_000
) -> list[int]:
    """The new repeats of each round: ``start``'s, then, one round at a time, of the round
    with the fewest new repeats (branch and bound within ``nodes`` a round; a pair met m
    times counts m - 1)."""
    sizes, out = _shape(n, seating)
    met_count = [[0] * n for _ in range(n)]
    each: list[int] = []
    plan = [list(r) for r in start[:rounds]]
    for number in range(1, rounds + 1):
        if number > len(plan):
            seen = [0] * n
            for a in range(n):
                for b in range(n):
                    if met_count[a][b]:
                        seen[a] |= 1 << b
            best_masks: list[int] | None = None
            most = sum(s * (s - 1) // 2 for s in sizes)
            budget = _Budget(nodes)
            try:
                while True:  # each round found lowers the bound for the next
                    found = next(
                        ((c, m) for _, c, m in _rounds_of(n, sizes, out, seen, budget, None, most)),
                        None,
                    )
                    if found is None:
                        break
                    most, best_masks = found[0] - 1, found[1]
            except _OutOfNodes:
                pass
            if best_masks is None:  # not even one round in the nodes: a plain one
                best_masks, k = [], 0
                for s in sizes:
                    best_masks.append(((1 << s) - 1) << k)
                    k += s
            plan.append(best_masks)
        new = 0
        for mask in plan[number - 1]:
            members = [p for p in range(n) if mask >> p & 1]
            for i, a in enumerate(members):
                for b in members[i + 1 :]:
                    if met_count[a][b]:
                        new += 1
                    met_count[a][b] += 1
                    met_count[b][a] += 1
        each.append(new)
    return each


def _first(each: Sequence[int]) -> int | None:
    return next((k + 1 for k, new in enumerate(each) if new), None)


@dataclass(frozen=True)
class Against:
    """One size against the independent search, for 1 to ``len(draw)`` rounds."""

    n: int
    seating: Seating
    proven: int | None
    """The most rounds with no repeat that any draw can have (quality.most_clean)."""
    clean: int
    """The most rounds with no repeat the independent search found."""
    exhaustive: bool
    """Whether the independent search went through every draw (``clean`` is then the most)."""
    draw: tuple[tuple[int, int | None], ...]
    """For each number of rounds R (from 1): the draw's repeats and its first repeat's round."""
    independent: tuple[int, ...]
    """For each number of rounds R: the independent search's repeats."""
    first: int | None
    """The independent search's first repeat (the same for every R past it)."""
    seconds: float
    """The longest draw of these sizes (CPU seconds)."""


def against(
    n: int, seating: Seating, most: int = 10, nodes: int = 300_000, seed: int = 45
) -> Against:
    """The draw of ``n`` players for 1 to ``most`` rounds beside the independent search."""
    from scorekeeper.draw.quality import most_clean as proven_clean
    from scorekeeper.draw.staged import first_repeat

    clean, exhaustive = most_clean(n, seating, most, nodes)
    each = fewest_repeats(n, seating, most, clean, nodes // 2)
    entrants = [Entrant(f"P{k}") for k in range(n)]
    drawn = []
    longest = 0.0
    for rounds in range(1, most + 1):
        started = time.process_time()
        made = draw(entrants, seating, rounds, seed=seed)
        longest = max(longest, time.process_time() - started)
        drawn.append((made.quality.repeated_tablemates, first_repeat([], made.rounds, seating)))
    proven = proven_clean(n, seating)
    return Against(
        n,
        seating,
        proven[0] if proven else None,
        len(clean),
        exhaustive and len(clean) < most,
        tuple(drawn),
        tuple(sum(each[:r]) for r in range(1, most + 1)),
        _first(each),
        longest,
    )


SIZES_CLUBS_PLAY: tuple[tuple[int, Seating], ...] = tuple(
    (n, seating) for seating in ("3", "4") for n in range(7, 41)
)
"""Issue 45: the sizes real clubs have, 7 to 40 players at tables of 3 and of 4."""


def _against_table(sizes: Sequence[tuple[int, Seating]], most: int) -> None:
    print(f"The draw against an independent search, {datetime.date.today().isoformat()}:")
    print("repeats draw / independent for 2 to", most, "rounds; first repeat at", most)
    head = " | ".join(str(r) for r in range(2, most + 1))
    print(
        f"| players | at | no repeat: proven most / independent / draw | {head} "
        f"| first repeat: draw / independent | draw's CPU s |"
    )
    print("|" + "---|" * (most + 4))
    for n, seating in sizes:
        row = against(n, seating, most)
        draw_clean = next((r for r in range(most) if row.draw[r][0]), most)
        mark = " (all)" if row.exhaustive else ""
        cells = " | ".join(
            f"{row.draw[r - 1][0]} / {row.independent[r - 1]}" for r in range(2, most + 1)
        )
        firsts = f"{row.draw[-1][1] or '–'} / {row.first or '–'}"
        print(
            f"| {n} | {seating} | {row.proven} / {row.clean}{mark} / {draw_clean} | {cells} "
            f"| {firsts} | {row.seconds:.2f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
