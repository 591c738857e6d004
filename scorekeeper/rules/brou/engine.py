"""L'Homme de Brou's Nous / Eux sheet (docs/rules/brou.md) as a fold over the coups.

Two teams of two: seats 0 and 2 are *Nous*, seats 1 and 3 *Eux*. Points, not
chips: the card points of the tricks (120 a coup, rounded to the ten), the
mariages, and the parties a team wins by reaching 301.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..errors import N_, GameError
from ..seating import dealer_of
from ..settings import Setting, check_all
from ..teams import TEAMS

CARD_POINTS = 120
"""The card points of a coup's tricks: Nous's and Eux's add up to them."""
ANNOUNCED = {(False, False): 20, (False, True): 40, (True, False): 30, (True, True): 60}
"""Points of an announced mariage by (grand, trump); one on the table counts double."""


SETTINGS = (
    Setting(
        "target",
        301,
        "points that win a partie",
        N_("Points to win a partie"),
        least=1,
        most=10000,
    ),
    Setting(
        "parties_to_win",
        10,
        "parties that win the match (the text: 10, 12, 14…)",
        N_("Parties to win the match"),
        note=N_("10, 12, 14 or any number agreed at the table."),
        least=1,
    ),
)
"""L'Homme de Brou's settings, one row each (docs/rules/brou.md): its file key, default,
bounds and words. They drive the check, the file, ``scorekeeper rules`` and the form."""


@dataclass(frozen=True)
class BrouRules:
    target: int = 301
    """Points that win a partie."""
    parties_to_win: int = 10
    """Parties that win the match (10, 12, 14 or any)."""

    def __post_init__(self) -> None:
        check_all(SETTINGS, self)

    def to_mapping(self) -> dict[str, Any]:
        return {row.key: getattr(self, row.key) for row in SETTINGS}

    def describe(self) -> str:
        return f"parties of {self.target}, the match in {self.parties_to_win}"


@dataclass(frozen=True)
class Mariage:
    team: int
    """0 for Nous, 1 for Eux."""
    grand: bool = False
    """Jack, queen and king (else queen and king)."""
    trump: bool = False
    table: bool = False
    """Taken on the table in a trick: double, and deducted from the other team."""

    @property
    def points(self) -> int:
        return ANNOUNCED[(self.grand, self.trump)] * (2 if self.table else 1)


@dataclass(frozen=True)
class BrouCoup:
    """One coup; ``points`` are Nous's trick points (Eux has 120 minus them).

    A coup cut short by a claim or an abandon gives both teams' trick points
    so far (``points`` and ``points_eux``).
    """

    points: int = 0
    points_eux: int | None = None
    mariages: tuple[Mariage, ...] = ()
    vole: int | None = None
    """The team that took every trick (not announced): 3 parties, the coup's points void."""
    partie_et_vole: int | None = None
    """The team that declared *partie et vole* before the fifth trick."""
    made: bool = False
    """With partie_et_vole: did that team take every trick?"""
    claim: int | None = None
    """The team that stopped the coup claiming 301."""
    abandon: int | None = None
    """The team that stopped the coup conceding that the other has 301 (and it accepted)."""
    note: str = ""


@dataclass(frozen=True)
class BrouGame:
    players: tuple[str, str, str, str]
    """Seat order in the direction of play: Nous, Eux, Nous, Eux."""
    rules: BrouRules = field(default_factory=BrouRules)
    first_dealer: int = 0
    coups: tuple[BrouCoup, ...] = ()

    def with_coups(self, coups: Sequence[BrouCoup]) -> BrouGame:
        return replace(self, coups=tuple(coups))


@dataclass(frozen=True)
class BrouResult:
    n: int
    dealer: int
    coup: BrouCoup
    scored: tuple[int, int]
    """Points each team marks for this coup (tricks, rounded unless it wins, and mariages)."""
    totals: tuple[int, int]
    """Each team's count after the coup (0-0 again once a partie is won)."""
    partie: int | None
    """The team that won a partie with this coup."""
    won: tuple[int, int]
    """Parties each team won with this coup (a vole gives 3 without ending the partie)."""
    parties: tuple[int, int]
    """Parties won so far."""
    finished: bool


@dataclass(frozen=True)
class BrouReport:
    game: BrouGame
    coups: tuple[BrouResult, ...]
    totals: tuple[int, int]
    parties: tuple[int, int]
    finished: bool
    next_dealer: int | None

    @property
    def tally(self) -> tuple[int, ...]:
        """The totals (``kind.Standing``)."""
        return self.totals


def rounded(points: int) -> int:
    """0–4 down to the ten, 5–9 up to the next.

    >>> [rounded(p) for p in (54, 55, 65, 120)]
    [50, 60, 70, 120]
    """
    return (points + 5) // 10 * 10


def multiple(loser: int) -> int:
    """Parties for a partie, by the losing team's count: simple, double, quadruple."""
    return 4 if loser < 0 else 2 if loser < 150 else 1


def _check(coup: BrouCoup) -> None:
    stops = [x for x in (coup.vole, coup.partie_et_vole, coup.claim, coup.abandon) if x is not None]
    if len(stops) > 1:
        raise GameError("coup", N_("a coup has one ending: vole, partie et vole, claim or abandon"))
    for team in stops:
        if team not in (0, 1):
            raise GameError("team", N_("a team is nous or eux"))
    cut = (
        coup.claim is not None
        or coup.abandon is not None
        or (coup.partie_et_vole is not None and not coup.made)
    )
    if coup.points_eux is not None and not cut:
        raise GameError("points_eux", N_("points_eux is given only for a coup cut short"))
    if not 0 <= coup.points <= CARD_POINTS or (
        coup.points_eux is not None and not 0 <= coup.points + coup.points_eux <= CARD_POINTS
    ):
        raise GameError("points", N_("card points are between 0 and 120"))
    for m in coup.mariages:
        if m.team not in (0, 1):
            raise GameError("mariages", N_("a team is nous or eux"))
    # What one pack of 32 cards can hold: a mariage is the queen and king (and jack) of
    # one suit, so one a suit; four suits, one of them trumps (docs/rules/brou.md §3).
    if len(coup.mariages) > 4:
        raise GameError(
            "mariages",
            N_("{count} mariages in one coup: the pack has four suits"),
            count=len(coup.mariages),
        )
    if sum(m.trump for m in coup.mariages) > 1:
        raise GameError("mariages", N_("two trump mariages in one coup: there is one trump suit"))
    if sum(not m.trump for m in coup.mariages) > 3:
        raise GameError(
            "mariages", N_("four mariages outside trumps: the pack has three other suits")
        )
    vole = coup.vole if coup.vole is not None else coup.partie_et_vole if coup.made else None
    if vole is not None:
        # the team of the vole took every trick, so all the card points; the other took
        # none, and a mariage is announced, or taken on the table, with a trick
        if coup.points != (120 if vole == 0 else 0):
            raise GameError(
                "points",
                N_("a vole takes all the card points: points (Nous's) must be {points}"),
                points=120 if vole == 0 else 0,
            )
        if any(m.team != vole for m in coup.mariages):
            raise GameError(
                "mariages",
                N_("{team} took no trick in the vole: it has no mariage"),
                team=TEAMS[1 - vole],
            )


def replay(game: BrouGame, start: BrouReport | None = None) -> BrouReport:
    """Fold the coups into the report, or (``start``) go on from the report of a prefix."""
    rules = game.rules
    totals = [0, 0]
    parties = [0, 0]
    results: list[BrouResult] = []
    finished = False
    if start is not None:  # everything the fold carries is in the report
        totals, parties = list(start.totals), list(start.parties)
        results, finished = list(start.coups), start.finished
    first = len(results)
    for n, coup in enumerate(game.coups[first:], first + 1):
        if finished:
            raise GameError(
                "coup", N_("the game ended with coup {last}; no coup can follow"), n, last=n - 1
            )
        try:
            _check(coup)
        except GameError as error:
            raise error.at(n) from None
        dealer = dealer_of(game.first_dealer, n, 4)
        marks = [0, 0]  # mariages of the coup, table ones deducted from the other team
        for m in coup.mariages:
            marks[m.team] += m.points
            if m.table:
                marks[1 - m.team] -= m.points
        tricks = (coup.points, 120 - coup.points if coup.points_eux is None else coup.points_eux)
        before = (totals[0], totals[1])
        won = [0, 0]
        partie = None
        scored = (0, 0)
        if coup.vole is not None:
            won[coup.vole] = 3  # the coup's points are void; the partie goes on
        elif coup.partie_et_vole is not None:
            team = coup.partie_et_vole
            if coup.made:
                count = before[team] + 120 + marks[team]
                if count < rules.target:
                    raise GameError(
                        "made",
                        N_("partie et vole made without reaching {goal}"),
                        n,
                        goal=rules.target,
                    )
                other = before[1 - team] + marks[1 - team]
                partie, won[team] = team, 3 + multiple(other)
                # the other team marks the deduction of the declarer's table mariages: the
                # count its parties were reckoned on
                scored = (
                    (count - before[0], marks[1]) if team == 0 else (marks[0], count - before[1])
                )
            else:  # the other team stops the coup and marks what the declarer would have
                # Its count stops at the trick before the one it just took (source §8.2.2):
                # neither that trick's points nor a mariage announced or taken on the table
                # with it count. Having taken no trick before, it has no mariage that
                # counts; the declarer's, made with its tricks, do (a table one was taken
                # off the other team's count before the coup was stopped).
                counted = [0, 0]
                for m in coup.mariages:
                    if m.team == team:
                        counted[team] += m.points
                        if m.table:
                            counted[1 - team] -= m.points
                # Declared only by a team that the 120 points of the eight tricks would take
                # to the target (source §8.2: "au moins 190 points" for 301)
                if before[team] + 120 + counted[team] < rules.target:
                    raise GameError(
                        "partie_et_vole",
                        N_(
                            "{team} could not declare partie et vole: {count} and the 120 "
                            "card points stay under {goal}"
                        ),
                        n,
                        team=TEAMS[team],
                        count=before[team] + counted[team],
                        goal=rules.target,
                    )
                other = before[1 - team] + counted[1 - team]
                partie, won[1 - team] = 1 - team, 3 + multiple(other)
                scored = (counted[0], counted[1])  # the trick points do not count
        elif coup.claim is not None or coup.abandon is not None:
            claimer = coup.claim if coup.claim is not None else 1 - (coup.abandon or 0)
            counts = [before[t] + tricks[t] + marks[t] for t in (0, 1)]
            if counts[claimer] >= rules.target:
                partie = claimer
                won[claimer] = multiple(counts[1 - claimer])
            elif coup.abandon is not None:
                raise GameError(
                    "abandon",
                    N_("an abandon needs the other team at {goal}"),
                    n,
                    goal=rules.target,
                )
            else:  # a wrong claim: the other team wins, the claimer counts nothing this coup
                partie = 1 - claimer
                won[partie] = multiple(before[claimer])
                counts[claimer] = before[claimer]
            scored = (counts[0] - before[0], counts[1] - before[1])
        else:
            exact = [before[t] + tricks[t] + marks[t] for t in (0, 1)]
            marked = [
                exact[t] if exact[t] >= rules.target else before[t] + rounded(tricks[t]) + marks[t]
                for t in (0, 1)
            ]
            scored = (marked[0] - before[0], marked[1] - before[1])
            leaders = [t for t in (0, 1) if marked[t] >= rules.target]
            if len(leaders) == 2 and marked[0] != marked[1]:
                leaders = [0 if marked[0] > marked[1] else 1]
            if len(leaders) == 1:
                partie = leaders[0]
                won[partie] = multiple(marked[1 - partie])
            totals = marked
        if partie is not None:
            totals = [0, 0]
        for t in (0, 1):
            parties[t] += won[t]
        finished = max(parties) >= rules.parties_to_win
        results.append(
            BrouResult(
                n,
                dealer,
                coup,
                scored,
                (totals[0], totals[1]),
                partie,
                (won[0], won[1]),
                (parties[0], parties[1]),
                finished,
            )
        )
    return BrouReport(
        game,
        tuple(results),
        (totals[0], totals[1]),
        (parties[0], parties[1]),
        finished,
        None if finished else dealer_of(game.first_dealer, len(game.coups) + 1, 4),
    )
