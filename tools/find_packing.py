"""A packing of PG(3, 3): 40 players at tables of 4, 13 rounds, no pair twice.

    .venv/bin/python tools/find_packing.py

The 40 points of the projective space PG(3, 3) and its 130 lines (4 points
each; two points lie on one line) form a design with blocks of 4; a
*spread* is 10 lines that cover every point once (a round), a *packing*
13 spreads that use every line once (Denniston: packings of PG(3, q) exist
for every q). The search lists the spreads, then takes 13 disjoint ones,
depth first, the line in fewest remaining spreads first, from a seeded
order. It prints the rounds for scorekeeper/draw/stored.py.
"""

from __future__ import annotations

import itertools
import random
import sys


def points() -> list[tuple[int, ...]]:
    """Each point of PG(3, 3) once: its first nonzero coordinate is 1."""
    return [
        v for v in itertools.product(range(3), repeat=4) if any(v) and next(c for c in v if c) == 1
    ]


def lines(pts: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
    index = {p: k for k, p in enumerate(pts)}

    def normal(v: tuple[int, ...]) -> tuple[int, ...]:
        first = next(c for c in v if c)
        return tuple(c * first % 3 for c in v)  # 1/1 = 1, 1/2 = 2 in GF(3)

    found = set()
    for a, b in itertools.combinations(range(len(pts)), 2):
        p, q = pts[a], pts[b]
        on = {a, b}
        for s in (1, 2):
            on.add(index[normal(tuple((x + s * y) % 3 for x, y in zip(p, q)))])
        found.add(tuple(sorted(on)))
    return sorted(found)


def spreads(n: int, ls: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
    through = [[k for k, line in enumerate(ls) if p in line] for p in range(n)]
    found: list[tuple[int, ...]] = []

    def extend(covered: int, chosen: list[int]) -> None:
        free = next((p for p in range(n) if not covered >> p & 1), None)
        if free is None:
            found.append(tuple(chosen))
            return
        for k in through[free]:
            mask = sum(1 << p for p in ls[k])
            if not covered & mask:
                chosen.append(k)
                extend(covered | mask, chosen)
                chosen.pop()

    extend(0, [])
    return found


def packing(ls: list[tuple[int, ...]], sp: list[tuple[int, ...]], seed: int) -> list | None:
    rng = random.Random(seed)
    order = list(range(len(sp)))
    rng.shuffle(order)
    masks = [sum(1 << k for k in s) for s in sp]
    containing = [[c for c in order if k in sp[c]] for k in range(len(ls))]
    full = (1 << len(ls)) - 1
    tries = [0]

    def extend(used: int, chosen: list[int]) -> list[int] | None:
        if used == full:
            return chosen
        tries[0] += 1
        if tries[0] > 2_000_000:
            return None
        options: list[int] | None = None
        for k in range(len(ls)):
            if used >> k & 1:
                continue
            fits = [c for c in containing[k] if not used & masks[c]]
            if options is None or len(fits) < len(options):
                options = fits
                if not fits:
                    return None
        for c in options or []:
            chosen.append(c)
            if extend(used | masks[c], chosen) is not None:
                return chosen
            chosen.pop()
        return None

    picked = extend(0, [])
    return None if picked is None else [[ls[k] for k in sp[c]] for c in picked]


def main() -> None:
    pts = points()
    ls = lines(pts)
    assert len(pts) == 40 and len(ls) == 130, (len(pts), len(ls))
    sp = spreads(len(pts), ls)
    print(f"# {len(sp)} spreads", file=sys.stderr)
    for seed in range(50):
        found = packing(ls, sp, seed)
        if found is not None:
            print(f"# seed {seed}", file=sys.stderr)
            print(" /\n".join(" ".join(",".join(map(str, t)) for t in r) for r in found))
            return
        print(f"seed {seed}: none", file=sys.stderr)
    sys.exit("no packing")


if __name__ == "__main__":
    main()
