"""Time the replay of 100, 1,000, 10,000 and 100,000 coups; prints coups per second.

Run with ``make bench``. A game of random but valid coups is built once
(seeded, so every run replays the same game); each size is replayed several
times and the best time kept, which is the least noisy figure on a shared
machine.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from scorekeeper.rules import kinds
from scorekeeper.rules.brou.engine import BrouCoup, BrouGame, BrouRules
from scorekeeper.rules.hombre.engine import Contract, Coup, Game, replay
from scorekeeper.rules.hombre.jetons import JetonsContract, JetonsCoup, JetonsGame, JetonsRules
from scorekeeper.rules.hombre.ruleset import RuleSet
from scorekeeper.rules.manille.belge import TRUMPS, ManillenCoup, ManillenGame, ManillenRules
from scorekeeper.rules.manille.classique import ManilleCoup, ManilleGame, ManilleRules

SIZES = (100, 1_000, 10_000, 100_000)


def random_coups(count: int, seed: int = 1709) -> list[Coup]:
    rng = random.Random(seed)
    contracts = [Contract.DEMANDE, Contract.DEMANDE, Contract.RETOURNE, Contract.SANS_PRENDRE]
    coups = []
    for _ in range(count):
        if rng.random() < 0.15:
            coups.append(Coup())
            continue
        first = rng.randint(0, 9)
        second = rng.randint(0, 9 - first)
        tricks = (first, second, 9 - first - second)
        coups.append(
            Coup(rng.randint(0, 2), rng.choice(contracts), tricks, rng.choice((0, 0, 3, 4)))
        )
    return coups


def pot_games(size: int) -> dict[str, Any]:
    """A pot game whose pot grows large: the caves a loss costs must not cost time per chip.

    Jetons: the hombre fails 17 coups in a row (each failure doubles the
    poule) and then wins it, so the losers owe millions of chips at once and
    take tens of thousands of caves in one coup.
    """
    three = ("Anne", "Bruno", "Chloé")
    jetons = []
    for n in range(size):
        hombre = n % 3
        if n % 18 == 17:
            tricks = tuple(9 if s == hombre else 0 for s in range(3))
        else:
            tricks = tuple(1 if s == hombre else 4 for s in range(3))
        jetons.append(JetonsCoup(hombre, JetonsContract.SIMPLE, (tricks[0], tricks[1], tricks[2])))
    return {
        "jetons (poule doubled)": JetonsGame(three, JetonsRules(), 0, tuple(jetons)),
    }


def best_time(game: Any, repeat: int, fold: Callable[[Any], Any] = replay) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fold(game)
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    rules = RuleSet(poules_to_play=10**9)  # never ends: every coup is replayed
    coups = random_coups(max(SIZES))
    print(f"{'coups':>8} {'seconds':>9} {'coups/s':>10}")
    for size in SIZES:
        game = Game(("Anne", "Bruno", "Chloé"), rules, 0, tuple(coups[:size]))
        seconds = best_time(game, repeat=5 if size <= 10_000 else 2)
        print(f"{size:>8,} {seconds:>9.4f} {size / seconds:>10,.0f}")
    # the points games, 10,000 coups each (a match or a partie is a few dozen)
    rng = random.Random(1802)
    four = ("Anne", "Bruno", "Chloé", "Denis")
    size = 10_000
    sheets = {
        "brou": BrouGame(
            four,
            BrouRules(parties_to_win=10**9),
            0,
            tuple(BrouCoup(rng.randint(0, 120)) for _ in range(size)),
        ),
        "manille (classique)": ManilleGame(
            four,
            ManilleRules(partie="seche", manche=10**9),
            0,
            tuple(ManilleCoup(rng.randint(0, 5), rng.randint(0, 68)) for _ in range(size)),
        ),
        "manillen": ManillenGame(
            four,
            ManillenRules(deals=size, sans_atout=0),
            0,
            tuple(
                ManillenCoup(rng.choice(TRUMPS), rng.randint(0, 2), rng.randint(0, 60))
                for _ in range(size)
            ),
        ),
    }
    sheets.update(pot_games(size))
    print(f"\n{'game':<24} {'coups':>8} {'seconds':>9} {'coups/s':>10}")
    for name, sheet in sheets.items():
        seconds = best_time(sheet, 5, kinds.replay)
        print(f"{name:<24} {size:>8,} {seconds:>9.4f} {size / seconds:>10,.0f}")


if __name__ == "__main__":
    main()
