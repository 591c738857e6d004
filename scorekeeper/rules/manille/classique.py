"""La Manille, classique (muette or parlée): manches to 34, the retourne (docs/rules/manille.md).

Two teams of two: seats 0 and 2 are *Nous*, seats 1 and 3 *Eux*. Each coup is
68 points (60 in the cards, one per trick); the team with more marks what it
has above 34.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..errors import N_, GameError
from ..seating import dealer_of
from ..settings import Setting, check_all

SETTINGS = (
    Setting(
        "partie",
        "liee",
        "two manches, a belle at one all; seche: one manche",
        N_("Partie"),
        choices=(
            ("liee", N_("liée: two manches, a belle at one all")),
            ("seche", N_("sèche: one manche")),
        ),
    ),
    Setting(
        "manche",
        34,
        "points to win a manche",
        N_("Points to win a manche"),
        note=N_("34, or 44 for a partie sèche in 44."),
        least=1,
    ),
    Setting("belle", 44, "points to win the belle", N_("Points to win the belle"), least=1),
)
"""The classique's settings, one row each (``settings.Setting``)."""
HALF = 34
"""Half of the 68 points of a coup: what the winning team counts above."""
POINTS = 2 * HALF
"""The card points of a coup: Nous's points are 0 to them."""
RETOURNE = (0, 1, 2, 3, 4, 5)
"""Points of the turned card: low card, jack, queen, king, ace (manillon), ten (manille)."""


@dataclass(frozen=True)
class ManilleRules:
    partie: str = "liee"
    """``liee`` (two manches, a belle at one all) or ``seche`` (one manche)."""
    manche: int = 34
    belle: int = 44

    variant = "classique"

    def __post_init__(self) -> None:
        check_all(SETTINGS, self)

    @property
    def manches_to_win(self) -> int:
        return 2 if self.partie == "liee" else 1

    def target(self, manche: int) -> int:
        """Points that win the manche numbered ``manche`` (1-based)."""
        return self.belle if self.partie == "liee" and manche == 3 else self.manche

    def describe(self) -> str:
        if self.partie == "seche":
            return f"partie sèche in {self.manche}"
        return f"partie liée, manches of {self.manche}, belle of {self.belle}"

    def to_mapping(self) -> dict[str, Any]:
        """The file's rules: every setting, even at its default (as the classique always wrote)."""
        return {"variant": self.variant, **{s.key: getattr(self, s.key) for s in SETTINGS}}


@dataclass(frozen=True)
class ManilleCoup:
    retourne: int = 0
    """Points of the dealer's turned card, marked at once by the dealer's team."""
    points: int | None = None
    """Nous's card and trick points (0–68); None when the coup was not played or renounced."""
    renonce: int | None = None
    """The team (0 Nous, 1 Eux) that renounced or cheated: the other marks 34."""
    note: str = ""


@dataclass(frozen=True)
class ManilleGame:
    players: tuple[str, ...]
    """Seat order in the direction of play: Nous, Eux, Nous, Eux."""
    rules: ManilleRules = field(default_factory=ManilleRules)
    first_dealer: int = 0
    coups: tuple[ManilleCoup, ...] = ()

    def with_coups(self, coups: Sequence[ManilleCoup]) -> ManilleGame:
        return replace(self, coups=tuple(coups))


@dataclass(frozen=True)
class ManilleResult:
    n: int
    dealer: int
    coup: ManilleCoup
    manche: int
    """The manche this coup was dealt in (1-based)."""
    target: int
    scored: tuple[int, int]
    """What each team marked for the coup, retourne included."""
    totals: tuple[int, int]
    """The manche's count after the coup (0–0 again once a manche is won)."""
    manche_won: int | None
    played: bool
    """False when the retourne won the manche before the coup was played."""
    manches: tuple[int, int]
    finished: bool


@dataclass(frozen=True)
class ManilleReport:
    game: ManilleGame
    coups: tuple[ManilleResult, ...]
    totals: tuple[int, int]
    manches: tuple[int, int]
    manche: int
    """The manche in play (or the last one, once finished)."""
    target: int
    finished: bool
    winner: int | None
    next_dealer: int | None

    @property
    def tally(self) -> tuple[int, ...]:
        """The totals (``kind.Standing``)."""
        return self.totals


def marks(points: int) -> tuple[int, int]:
    """What each team marks when Nous has ``points`` of the 68.

    >>> marks(14), marks(54), marks(34)
    ((0, 20), (20, 0), (0, 0))
    """
    return (max(points - HALF, 0), max(HALF - points, 0))


def replay(game: ManilleGame, start: ManilleReport | None = None) -> ManilleReport:
    """Fold the coups into the report, or (``start``) go on from the report of a prefix."""
    rules = game.rules
    totals = [0, 0]
    manches = [0, 0]
    manche = 1
    results: list[ManilleResult] = []
    finished = False
    if start is not None:  # everything the fold carries is in the report
        totals, manches = list(start.totals), list(start.manches)
        results, finished = list(start.coups), start.finished
        manche = start.manche + 1 if finished else start.manche
    first = len(results)
    for n, coup in enumerate(game.coups[first:], first + 1):
        if finished:
            raise GameError(
                "coup", N_("the game ended with coup {last}; no coup can follow"), n, last=n - 1
            )
        dealer = dealer_of(game.first_dealer, n, 4)
        target = rules.target(manche)
        if coup.retourne not in RETOURNE:
            raise GameError("retourne", N_("the retourne is worth 0 to 5 points"), n)
        scored = [0, 0]
        scored[dealer % 2] += coup.retourne
        played = totals[dealer % 2] + coup.retourne < target
        if not played:
            if coup.points is not None or coup.renonce is not None:
                raise GameError(
                    "points",
                    N_("the retourne won the manche: the coup is not played"),
                    n,
                )
        elif coup.renonce is not None:
            if coup.points is not None:
                raise GameError("points", N_("a renounced coup has no points"), n)
            if coup.renonce not in (0, 1):
                raise GameError("renonce", N_("a team is nous or eux"), n)
            scored[1 - coup.renonce] += HALF
        else:
            if coup.points is None:
                raise GameError("points", N_("enter Nous's points or who renounced"), n)
            if not 0 <= coup.points <= POINTS:
                raise GameError("points", N_("points are between 0 and {most}"), n, most=POINTS)
            gained = marks(coup.points)
            scored[0] += gained[0]
            scored[1] += gained[1]
        totals = [totals[0] + scored[0], totals[1] + scored[1]]
        # the retourne is counted first: it may win the manche for the dealer's team
        winner = next((t for t in (dealer % 2, 1 - dealer % 2) if totals[t] >= target), None)
        this_manche = manche
        if winner is not None:
            manches[winner] += 1
            totals = [0, 0]
            manche += 1
            finished = max(manches) >= rules.manches_to_win
        results.append(
            ManilleResult(
                n,
                dealer,
                coup,
                this_manche,
                target,
                (scored[0], scored[1]),
                (totals[0], totals[1]),
                winner,
                played,
                (manches[0], manches[1]),
                finished,
            )
        )
    last = manche - 1 if finished else manche
    return ManilleReport(
        game,
        tuple(results),
        (totals[0], totals[1]),
        (manches[0], manches[1]),
        last,
        rules.target(last),
        finished,
        (0 if manches[0] > manches[1] else 1) if finished else None,
        None if finished else dealer_of(game.first_dealer, len(game.coups) + 1, 4),
    )
