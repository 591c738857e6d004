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


def by_turn(
    names: Sequence[str],
    pairs: Sequence[tuple[str, str]],
    history: Sequence[Round],
    seed: int,
) -> tuple[tuple[tuple[str, str], ...], tuple[str, ...]]:
    """Partners kept (manillen, the first round's) and an odd count of players: who sits
    out this round by turn, and the pairs of the others (for an even count: the pairs as
    given and nobody, every player has a partner and whole pairs sit out by turn).

    Kept partners made the player the first round left over a pair's partner forever, so
    they sat out every later round. The players out now (what the tables of two pairs leave:
    the count less a multiple of four) are chosen one by one as any bye is (``choose``'s
    order: who has played most rounds, the fewest byes), so nobody sits out twice before
    everybody once; among equals, first a player whose partner is out already or who has
    none (no pair broken), then a seeded lot. A partner of one out plays this round with a
    player left without one (a stand-in, as a bridge club's odd player fills a half
    table): those are paired in order of their byes, then of ``names``
    (docs/competitions.md, "Byes").

    >>> kept = [("Anne", "Bert"), ("Chloé", "Denis")]
    >>> first = Round((), ("Emma",))  # Emma sat out the first round
    >>> by_turn(["Anne", "Bert", "Chloé", "Denis", "Emma"], kept, [first], 7)[1] != ("Emma",)
    True
    """
    if len(names) % 2 == 0:
        return tuple(pairs), ()
    units = Units(tuple((name,) for name in names), fixed=False)
    byes, played = counts(units, history)
    lot = list(range(len(names)))
    random.Random(f"bye:{seed}").shuffle(lot)
    partner = {a: b for pair in pairs for a, b in (pair, pair[::-1])}
    place = {name: k for k, name in enumerate(names)}
    out: list[str] = []
    for _ in range(len(names) % 4):
        left = [name for name in names if name not in out]
        out.append(
            min(
                left,
                key=lambda name: (
                    -played[place[name]],
                    byes[place[name]],
                    name in partner and partner[name] not in out,  # a pair broken
                    lot[place[name]],
                ),
            )
        )
    kept = [pair for pair in pairs if not set(pair) & set(out)]
    taken = {name for pair in kept for name in pair}
    loose = sorted(
        (name for name in names if name not in taken and name not in out),
        key=lambda name: (byes[place[name]], place[name]),
    )
    made = [(loose[k], loose[k + 1]) for k in range(0, len(loose) - 1, 2)]
    return (*kept, *made), tuple(out)
