"""A resolution of the Hermitian unital of order 3: 28 players at tables of 4, 9 rounds.

    .venv/bin/python tools/find_unital.py

The unital is the 28 points of PG(2, 9) with N(x) + N(y) + N(z) = 0, where
N(a) = a * a^3 is the norm of GF(9) (= GF(3)[i], i^2 = -1); a line of the
plane meets it in 1 or 4 points, and the 63 lines that meet it in 4 are
blocks of a design: every two points lie on one block. The search picks 9
parallel classes (7 disjoint blocks covering the 28 points) that use every
block once: first every parallel class, then an exact cover of the blocks
by classes, depth first, the block in fewest remaining classes first. It
prints the rounds for scorekeeper/draw/stored.py.
"""

from __future__ import annotations

import itertools
import sys

GF9 = [(a, b) for a in range(3) for b in range(3)]  # a + b*i


def mul(x: tuple[int, int], y: tuple[int, int]) -> tuple[int, int]:
    return ((x[0] * y[0] - x[1] * y[1]) % 3, (x[0] * y[1] + x[1] * y[0]) % 3)


def add(x: tuple[int, int], y: tuple[int, int]) -> tuple[int, int]:
    return ((x[0] + y[0]) % 3, (x[1] + y[1]) % 3)


def norm(x: tuple[int, int]) -> int:
    return (x[0] * x[0] + x[1] * x[1]) % 3


ZERO, ONE = (0, 0), (1, 0)


def projective_points() -> list[tuple[tuple[int, int], ...]]:
    """Each point of PG(2, 9) once: its first nonzero coordinate is 1."""
    found = []
    for v in itertools.product(GF9, repeat=3):
        first = next((c for c in v if c != ZERO), None)
        if first == ONE:
            found.append(v)
    return found


def blocks() -> tuple[int, list[tuple[int, ...]]]:
    points = [p for p in projective_points() if sum(norm(c) for c in p) % 3 == 0]
    found = []
    for line in projective_points():
        on = []
        for k, p in enumerate(points):
            total = ZERO
            for a, x in zip(line, p):
                total = add(total, mul(a, x))
            if total == ZERO:
                on.append(k)
        if len(on) == 4:
            found.append(tuple(on))
    return len(points), found


def parallel_classes(n: int, lines: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
    """Every set of disjoint blocks covering the points (as block numbers)."""
    through = [[b for b, line in enumerate(lines) if p in line] for p in range(n)]
    found: list[tuple[int, ...]] = []

    def extend(covered: set[int], chosen: list[int]) -> None:
        free = next((p for p in range(n) if p not in covered), None)
        if free is None:
            found.append(tuple(chosen))
            return
        for b in through[free]:
            if not covered.intersection(lines[b]):
                chosen.append(b)
                extend(covered | set(lines[b]), chosen)
                chosen.pop()

    extend(set(), [])
    return found


def resolution(lines: list[tuple[int, ...]], classes: list[tuple[int, ...]]) -> list | None:
    containing = [[c for c, cls in enumerate(classes) if b in cls] for b in range(len(lines))]
    used: set[int] = set()

    def extend(chosen: list[int]) -> list[int] | None:
        open_blocks = [b for b in range(len(lines)) if b not in used]
        if not open_blocks:
            return chosen
        options = {
            b: [c for c in containing[b] if not used.intersection(classes[c])] for b in open_blocks
        }
        b = min(open_blocks, key=lambda x: len(options[x]))
        for c in options[b]:
            used.update(classes[c])
            chosen.append(c)
            if extend(chosen) is not None:
                return chosen
            chosen.pop()
            used.difference_update(classes[c])
        return None

    picked = extend([])
    return None if picked is None else [[lines[b] for b in classes[c]] for c in picked]


def main() -> None:
    n, lines = blocks()
    assert n == 28 and len(lines) == 63, (n, len(lines))
    classes = parallel_classes(n, lines)
    print(f"# {len(classes)} parallel classes", file=sys.stderr)
    found = resolution(lines, classes)
    if found is None:
        sys.exit("no resolution")
    print(" /\n".join(" ".join(",".join(map(str, t)) for t in r) for r in found))


if __name__ == "__main__":
    main()
