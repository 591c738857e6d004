"""Search long for a resolvable design (no pair twice) and print it for scorekeeper/draw/stored.py.

    .venv/bin/python tools/find_design.py 3 18 8 [--moves 2000000] [--tries 20]

Runs the draw's own search with a far larger budget than a draw may spend,
seed after seed, and prints the first draw with no pair twice (or nothing).
"""

from __future__ import annotations

import argparse
import random
import sys

from scorekeeper.draw import search
from scorekeeper.draw.quality import table_sizes


def find(size: str, n: int, rounds: int, moves: int, tries: int) -> list[list[list[int]]] | None:
    sizes = table_sizes(n, "3" if size == "3" else "4")
    for seed in range(tries):
        rng = random.Random(seed)
        zero = [[0] * n for _ in range(n)]
        problem = search.Problem(
            n=n,
            sizes=sizes,
            paired=False,
            met=[row[:] for row in zero],
            partners=[row[:] for row in zero],
            apart=[row[:] for row in zero],
        )
        tables = []
        for _ in range(rounds):
            order = list(range(n))
            rng.shuffle(order)
            k, round_ = 0, []
            for s in sizes:
                round_.append(order[k : k + s])
                k += s
            tables.append(round_)
        search.load(problem, tables, [[] for _ in tables])
        search.anneal(problem, rng, moves, floor=0)
        if search.total_cost(problem) == 0:
            return problem.rounds
        print(f"seed {seed}: cost {search.total_cost(problem)}", file=sys.stderr)
    return None


def main() -> None:
    args = argparse.ArgumentParser()
    args.add_argument("size", choices=["3", "4"])
    args.add_argument("n", type=int)
    args.add_argument("rounds", type=int)
    args.add_argument("--moves", type=int, default=2_000_000)
    args.add_argument("--tries", type=int, default=20)
    a = args.parse_args()
    found = find(a.size, a.n, a.rounds, a.moves, a.tries)
    if found is None:
        sys.exit(1)
    rows = ", ".join("(" + ", ".join(str(tuple(t)) for t in r) + ")" for r in found)
    print(f'("{a.size}", {a.n}): ({rows}),')


if __name__ == "__main__":
    main()
