"""Who sits out a round, when the players do not fill the tables: the same rule for the
whole schedule drawn at once and for an event's next round (docs/competitions.md,
"Byes, late arrivals, withdrawals").
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .model import Round
from .units import Units


def counts(units: Units, history: Sequence[Round]) -> tuple[list[int], list[int]]:
    """Per unit: rounds sat out, rounds played (of a pair: the most out, the fewest played)."""
    n = len(units.members)
    out_by_name: dict[str, int] = {}
    played_by_name: dict[str, int] = {}
    for round_ in history:
        for name in round_.sitting_out:
            out_by_name[name] = out_by_name.get(name, 0) + 1
        for table in round_.tables:
            for name in table.seats:
                played_by_name[name] = played_by_name.get(name, 0) + 1
    byes = [0] * n
    played = [0] * n
    for u, names in enumerate(units.members):
        byes[u] = max(out_by_name.get(name, 0) for name in names)
        played[u] = min(played_by_name.get(name, 0) for name in names)
    return byes, played


def choose(
    units: Units,
    count: int,
    byes: list[int],
    played: list[int],
    rank: list[int] | None,
    rng: random.Random,
) -> set[int]:
    """Who sits out: who has played most rounds (for those present from the start, the
    fewest byes: nobody twice before everybody once; a late arrival is not sent out at
    once), then the fewest byes, then the lowest in the standing (Swiss), else a seeded lot."""
    if count <= 0:
        return set()
    n = len(units.members)
    lot = list(range(n))
    rng.shuffle(lot)
    draw_of = {u: k for k, u in enumerate(lot)}

    def key(u: int) -> tuple[int, int, int]:
        third = -rank[u] if rank is not None else draw_of[u]
        return (-played[u], byes[u], third)

    return set(sorted(range(n), key=key)[:count])
