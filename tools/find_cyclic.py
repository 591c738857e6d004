"""Search a base round for a 1-rotational (nearly) Kirkman triple system; print it.

    .venv/bin/python tools/find_cyclic.py 7 1    # Kirkman's 15: Z7 x 2 rows + 1 fixed
    .venv/bin/python tools/find_cyclic.py 11 2   # nearly Kirkman 24: Z11 x 2 rows + 2 fixed

Points i + m*row (i in Zm, m odd, row 0 or 1) and the fixed points 2m, 2m+1.
The rounds are the base round shifted by 0..m-1 on both rows. Every pair
meets once (with 2 fixed points: except the fixed pair and i with i + m)
exactly when, in the base round, each pure difference 1..(m-1)/2 of each
row and each mixed difference (row 1 minus row 0; with 2 fixed points, all
but 0) occurs once, and each fixed point sits with one point of each row.
A depth-first search over triples finds the base round in a blink
(scorekeeper/draw/designs.py keeps the results).
"""

from __future__ import annotations

import itertools
import sys


def base_round(m: int, fixed: int) -> list[tuple[int, ...]] | None:
    points = 2 * m + fixed
    used: set[int] = set()
    pure: list[set[int]] = [set(), set()]
    mixed: set[int] = {0} if fixed == 2 else set()
    chosen: list[tuple[int, ...]] = []

    def differences(t: tuple[int, ...]) -> list[tuple[int, int]] | None:
        """(row, difference) of each pair; row 2 for mixed; None if two fixed points."""
        found = []
        for a, b in itertools.combinations(t, 2):
            if a >= 2 * m and b >= 2 * m:
                return None
            if a >= 2 * m or b >= 2 * m:
                continue
            if a // m == b // m:
                d = (a - b) % m
                found.append((a // m, min(d, m - d)))
            else:
                low, high = (a, b) if a < m else (b, a)
                found.append((2, (high - low) % m))
        return found

    def take(found: list[tuple[int, int]]) -> bool:
        seen = [set(), set(), set()]
        for row, d in found:
            if d in (mixed if row == 2 else pure[row]) or d in seen[row]:
                return False
            seen[row].add(d)
        pure[0].update(seen[0])
        pure[1].update(seen[1])
        mixed.update(seen[2])
        return True

    def give_back(found: list[tuple[int, int]]) -> None:
        for row, d in found:
            (mixed if row == 2 else pure[row]).discard(d)

    order = list(range(2 * m, points)) + list(range(2 * m))

    def extend() -> bool:
        free = [p for p in order if p not in used]
        if not free:
            return True
        a = free[0]
        for b, c in itertools.combinations(free[1:], 2):
            if a >= 2 * m and (b >= 2 * m or c >= 2 * m or b // m == c // m):
                continue
            if a == 2 * m and b != 0:  # by symmetry the first fixed point sits with 0
                continue
            found = differences((a, b, c))
            if found is None or not take(found):
                continue
            used.update((a, b, c))
            chosen.append((a, b, c))
            if extend():
                return True
            used.difference_update((a, b, c))
            chosen.pop()
            give_back(found)
        return False

    return chosen if extend() else None


if __name__ == "__main__":
    found = base_round(int(sys.argv[1]), int(sys.argv[2]))
    print(found if found is not None else "none")
    sys.exit(0 if found is not None else 1)
