"""Search base rounds of cyclic designs (tables of 3 or 4) and of cyclic whist tournaments.

    .venv/bin/python tools/find_base.py design 45       # tables of 3 for 45 players
    .venv/bin/python tools/find_base.py design 28 --k 4
    .venv/bin/python tools/find_base.py whist 20

The shapes searched are the ones scorekeeper/draw/cyclic.py develops (its
``SHAPES`` say, per seating and number of players, how many rows of the
cyclic group Z_m, fixed points, base rounds and excluded differences): a
base round is good when every difference the shape asks for occurs exactly
once (twice for whist opponents). That is a far smaller problem than the
whole draw, so a plain simulated annealing over swaps of two points of one
base round finds it in seconds to minutes. The tool prints the base rounds
for scorekeeper/draw/records.py; the package develops and re-checks them
pair by pair (tests/draw/test_draw.py counts every pair's meetings again).
"""

from __future__ import annotations

import argparse
import importlib.util
import math
import random
import sys
import time
from pathlib import Path

# cyclic.py alone, not the package: so the tool also runs under PyPy (Python 3.9, about
# twice as fast here): PYTHONPATH=. pypy3 tools/find_base.py design 54
_spec = importlib.util.spec_from_file_location(
    "cyclic", Path(__file__).parent.parent / "scorekeeper" / "draw" / "cyclic.py"
)
assert _spec is not None and _spec.loader is not None
cyclic = importlib.util.module_from_spec(_spec)
sys.modules["cyclic"] = cyclic
_spec.loader.exec_module(cyclic)
OPPONENT, PARTNER, Shape = cyclic.OPPONENT, cyclic.PARTNER, cyclic.Shape
pair_key, shape_for, whist_key = cyclic.pair_key, cyclic.shape_for, cyclic.whist_key

VERBOSE = False


def anneal(
    shape: Shape,
    rng: random.Random,
    moves: int,
    whist: bool,
    hot: float = 1.0,
    cycle: int = 100_000,
) -> list | None:
    """Base rounds with every difference at its count, or None after ``moves`` moves."""
    ids: dict = {}
    n = shape.points

    def ident(key: tuple) -> int:
        return ids.setdefault(key, len(ids))

    if whist:
        partner = [[ident(whist_key(shape, PARTNER, p, q)) for q in range(n)] for p in range(n)]
        rival = [[ident(whist_key(shape, OPPONENT, p, q)) for q in range(n)] for p in range(n)]

        def keys_of(t: list[int]) -> list[int]:
            a, b, c, d = t
            pa, ra, rc = partner[a], rival[a], rival[c]
            return [pa[c], partner[b][d], ra[b], ra[d], rc[b], rc[d]]

    else:
        pair = [[ident(pair_key(shape, p, q)) for q in range(n)] for p in range(n)]

        def keys_of(t: list[int]) -> list[int]:
            return [pair[p][q] for x, p in enumerate(t) for q in t[x + 1 :]]

    wanted = shape.needed(whist)
    need = [0] * (len(ids) + len(wanted))
    for key, c in wanted.items():
        need[ident(key)] = c
    return _anneal(shape, rng, moves, whist, hot, cycle, keys_of, need)


def _anneal(shape, rng, moves, whist, hot, cycle, keys_of, need) -> list | None:
    points = list(range(shape.points))
    fixed_tables: list[list[int]] = []
    classes = []
    k, m = shape.k, shape.m
    for base in range(shape.bases):
        order = points[:]
        rng.shuffle(order)
        if whist and shape.sits_out:
            order.remove(0)
        step = shape.step
        if shape.short:  # the fixed table stays; of each p, p + step, ... one is drawn
            first = [shape.points - 1, *range(base * m, base * m + m, step)]
            order = [
                r * m + i + step * rng.randrange(k - 1)
                for r in range(shape.rows)
                for i in range(step)
                if (r, i) != (base, 0)
            ]
            rng.shuffle(order)
        classes.append([order[i : i + k] for i in range(0, len(order) - len(order) % k, k)])
        if shape.short:
            fixed_tables.append(first)
    counts = [0] * len(need)
    for blocks in classes:
        for b in blocks:
            for key in keys_of(b):
                counts[key] += 1
    cost = sum((c - v) ** 2 for c, v in zip(counts, need))
    best = cost
    for move in range(moves):
        if cost == 0:
            return [[f, *blocks] for f, blocks in zip(fixed_tables, classes)] or classes
        # restarts of a short cooling: hot to cold over ``cycle`` moves, again and again
        temperature = hot * (0.02 / hot) ** ((move % cycle) / cycle)
        if move % cycle == 0 and VERBOSE:
            print(f"  move {move}: cost {cost}, best {best}", file=sys.stderr)
        best = min(best, cost)
        blocks = classes[rng.randrange(len(classes))]
        if whist and (len(blocks) == 1 or rng.random() < 0.2):  # new partners at one table
            a = b = rng.randrange(len(blocks))
            i, j = rng.sample(range(k), 2)
        else:
            a, b = rng.sample(range(len(blocks)), 2)
            i, j = rng.randrange(len(blocks[a])), rng.randrange(len(blocks[b]))
        old = keys_of(blocks[a]) + (keys_of(blocks[b]) if b != a else [])
        if shape.short and rng.random() < 0.3:  # another of p, p + step, ...
            p = blocks[a][i]
            blocks[a][i] = p - p % m + (p % m + step * rng.randrange(1, k - 1)) % m
            flipped = p
        else:
            blocks[a][i], blocks[b][j] = blocks[b][j], blocks[a][i]
            flipped = -1
        new = keys_of(blocks[a]) + (keys_of(blocks[b]) if b != a else [])
        touched = set(old) | set(new)
        before = sum((counts[x] - need[x]) ** 2 for x in touched)
        for key in old:
            counts[key] -= 1
        for key in new:
            counts[key] += 1
        delta = sum((counts[x] - need[x]) ** 2 for x in touched) - before
        if delta <= 0 or rng.random() < math.exp(-delta / temperature):
            cost += delta
        else:
            for key in new:
                counts[key] -= 1
            for key in old:
                counts[key] += 1
            if flipped >= 0:
                blocks[a][i] = flipped
            else:
                blocks[a][i], blocks[b][j] = blocks[b][j], blocks[a][i]
    return None


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("what", choices=["design", "whist"])
    options.add_argument("n", type=int)
    options.add_argument("--k", type=int, default=3, help="table size of a design: 3 or 4")
    options.add_argument("--moves", type=int, default=3_000_000)
    options.add_argument("--tries", type=int, default=50)
    options.add_argument("--seed", type=int, default=0)
    options.add_argument("--hot", type=float, default=1.0)
    options.add_argument("--cycle", type=int, default=100_000, help="moves of one cooling")
    a = options.parse_args()
    whist = a.what == "whist"
    shape_key = "pairs" if whist else str(a.k)
    shape = shape_for(shape_key, a.n)
    if shape is None:
        sys.exit(f"no cyclic shape for {a.n}")
    started = time.perf_counter()
    for seed in range(a.seed, a.seed + a.tries):
        found = anneal(shape, random.Random(seed), a.moves, whist, a.hot, a.cycle)
        if found is not None:
            bases = tuple(tuple(tuple(b) for b in blocks) for blocks in found)
            print(f"# seed {seed}, {time.perf_counter() - started:.1f} s", file=sys.stderr)
            print(f'("{shape_key}", {a.n}): {bases!r},')
            return
        print(f"seed {seed}: none", file=sys.stderr)
    sys.exit(1)


if __name__ == "__main__":
    main()
