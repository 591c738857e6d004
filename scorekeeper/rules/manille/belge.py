"""Belgian manillen, for four (two teams) or three (the dealer alone): docs/rules/manille.md §6–9.

A fixed number of deals; 60 card points, no trick points; sans-atout,
contre and sur-contre multiply the deal, a 30–30 doubles the next. Each
chooser owes sans-atout calls, tracked deal by deal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..errors import N_, GameError
from ..seating import dealer_of
from ..settings import Nn_, Setting, changed, check_all, in_words
from . import house

TRUMPS = ("pique", "coeur", "carreau", "trefle", "sans-atout")
SANS_ATOUT = "sans-atout"
CONTRES = ("", "contre", "surcontre")
"""Index = the contre level: none, contré (×2), sur-contré (×4)."""
HALF = 30
POINTS = 2 * HALF
"""The card points of a deal: a side's points are 0 to them."""


def default_deals(players: int) -> int:
    return 30 if players == 3 else 20


ENDS = (
    Setting(
        "deals",
        20,
        "deals in the game (30 for three), unless a target is set",
        N_("Deals (20 for four, 30 for three)"),
        note=N_("Empty: 20 with four players, 30 with three."),
        least=1,
        blank=True,
    ),
    Setting(
        "sans_atout",
        2,
        "sans-atout each chooser must call (not with a target)",
        N_("Sans-atout each chooser must call"),
        most=100,
    ),
)
"""How a game of fixed deals ends (none of them with a target: ``house.HOUSE``)."""
SETTINGS = (*ENDS, *house.HOUSE)
"""Manillen's settings, one row each (``settings.Setting``)."""


def file_rules(chosen: Mapping[str, Any], count: int) -> dict[str, Any]:
    """Manillen's rules: a fixed number of deals (by default) or a target, never both.

    A target of 0 is "none: `deals`" (docs/rules/manille.md §10), so the value is
    tested, not the key's presence: ``{"target": 0, "deals": 20}`` is a game of deals.
    """
    if not chosen.get("target"):
        return {"deals": default_deals(count), **chosen}
    for row in ENDS:
        if row.key in chosen:
            raise GameError(
                f"rules.{row.key}",
                N_("rules.{key}: a game to a number of points has no fixed deals"),
                key=row.key,
            )
    return dict(chosen)


def chosen_rules(chosen: Mapping[str, Any]) -> dict[str, Any]:
    """The file's rules of the settings a form chose (each given or left out): a target
    leaves out the fixed deals, a house rule at its default is left out."""
    house_rules = ManillenRules(**{r.key: chosen[r.key] for r in house.HOUSE if r.key in chosen})
    ends = {} if house_rules.target else {r.key: chosen[r.key] for r in ENDS if r.key in chosen}
    return {"variant": ManillenRules.variant, **ends, **changed(house.HOUSE, house_rules)}


def with_deals(rules: Mapping[str, Any], deals: int, players: int) -> dict[str, Any]:
    """A game of ``deals`` deals, not to a target. The sans-atout owed keep their share of
    the game (ours: 2 in 20 deals, so 1 in a round of 10, none in a round of 2), and never
    more than a chooser can call in so few (``replay`` refuses more)."""
    sides = 3 if players == 3 else 2
    full = rules.get("deals") or default_deals(players)
    owed = rules.get("sans_atout", ManillenRules.sans_atout)
    kept = {k: v for k, v in rules.items() if k != "target"}
    if isinstance(owed, int) and isinstance(full, int) and full > 0:
        owed = min(owed * deals // full, deals // sides)
    return {**kept, "deals": deals, "sans_atout": owed}


@dataclass(frozen=True)
class ManillenRules:
    deals: int = 20
    sans_atout: int = 2
    """Sans-atout each chooser (a team of four, a player of three) must call."""
    target: int = 0
    """A game to this many points (the boom of 101…); 0: a game of ``deals`` deals."""
    doubling: str = "multiplied"
    """``multiplied`` each step doubles the deal (ours); ``added`` each adds one (Kent1)."""
    all_tricks: bool = False
    """A deal taken 60–0 counts one step more (60, not 30, at ×1)."""
    cap: int = 0
    """The most a deal's multiplier may be (a tournament's ×4); 0: no cap."""
    tie_carry: str = "double"
    """What a 30–30 passes on: ``double`` one doubling (ours), ``whole`` its multiplier."""

    variant = "belge"

    def __post_init__(self) -> None:
        check_all(house.HOUSE, self)
        if self.target:
            # a game to a number of points has no fixed deals, so no sans-atout owed
            object.__setattr__(self, "deals", 0)
            object.__setattr__(self, "sans_atout", 0)
            return
        check_all(ENDS, self)

    def to_mapping(self) -> dict[str, Any]:
        """The file's rules: today's keys, and a house rule only where it is not the default."""
        ends = {} if self.target else {row.key: getattr(self, row.key) for row in ENDS}
        return {"variant": self.variant, **ends, **changed(house.HOUSE, self)}

    def describe(self) -> str:
        ends = (
            f"to {self.target} points"
            if self.target
            else f"{self.deals} deals, {self.sans_atout} sans-atout each"
        )
        return ", ".join(
            ["manillen", ends, *(s.described(v) for s, v in in_words(house.HOUSE, self))]
        )

    def factor(self, steps: int) -> int:
        """The multiplier of ``steps`` doubling steps under these rules (``house.factor``)."""
        return house.factor(steps, self.doubling, self.cap)

    @property
    def last_deal(self) -> int | None:
        """The deal that ends the game, or None for a game to a number of points."""
        return None if self.target else self.deals


@dataclass(frozen=True)
class ManillenCoup:
    trump: str = "pique"
    contre: int = 0
    """0 none, 1 contré, 2 sur-contré."""
    points: int | None = None
    """Four players: Nous's points; three: the dealer's. Out of 60."""
    renonce: int | None = None
    """Four players: the team that renounced; three: the seat."""
    note: str = ""


@dataclass(frozen=True)
class ManillenGame:
    players: tuple[str, ...]
    """Four (Nous, Eux, Nous, Eux in the direction of play) or three."""
    rules: ManillenRules = field(default_factory=ManillenRules)
    first_dealer: int = 0
    coups: tuple[ManillenCoup, ...] = ()

    def with_coups(self, coups: Sequence[ManillenCoup]) -> ManillenGame:
        return replace(self, coups=tuple(coups))

    @property
    def sides(self) -> int:
        """Columns of the sheet: two teams, or three players."""
        return 2 if len(self.players) == 4 else 3

    def chooser(self, dealer: int) -> int:
        """Who chooses the trump: the dealer's team of four, the dealer of three."""
        return dealer % 2 if self.sides == 2 else dealer

    def dealer(self, n: int) -> int:
        return dealer_of(self.first_dealer, n, len(self.players))


@dataclass(frozen=True)
class ManillenResult:
    n: int
    dealer: int
    coup: ManillenCoup
    multiplier: int
    scored: tuple[int, ...]
    totals: tuple[int, ...]
    owed: tuple[int, ...]
    """Sans-atout each chooser still owes after this deal."""
    finished: bool
    carries: int = 1
    """The multiplier this deal passes to the next: 1, or what a 30–30 carries."""


@dataclass(frozen=True)
class ManillenReport:
    game: ManillenGame
    coups: tuple[ManillenResult, ...]
    totals: tuple[int, ...]
    owed: tuple[int, ...]
    left: tuple[int, ...]
    """Deals each chooser still has to choose."""
    carry: int
    """The factor the next deal starts with (×2 per 30–30 just before)."""
    finished: bool
    winners: tuple[int, ...]
    """The side(s) with the highest total once finished (two: a drawn game)."""
    next_dealer: int | None
    must_sans_atout: bool
    """The next chooser has only sans-atout left to call."""

    @property
    def tally(self) -> tuple[int, ...]:
        """The totals (``kind.Standing``)."""
        return self.totals


def multiplier(coup: ManillenCoup, carry: int = 1) -> int:
    """×2 for sans-atout, ×2 contré or ×4 sur-contré, times the 30–30 carry (ours, no house rule).

    >>> multiplier(ManillenCoup("sans-atout", 2), 2)
    16
    """
    return carry * (2 if coup.trump == SANS_ATOUT else 1) * (1, 2, 4)[coup.contre]


def steps(coup: ManillenCoup, points: int, rules: ManillenRules) -> int:
    """The deal's own steps (house.py): sans-atout one, contré one, sur-contré two, 60–0 one.

    The 60–0 step only with ``all_tricks``; a renonce counts as the 60–0 it marks.

    >>> steps(ManillenCoup("sans-atout", 2), 60, ManillenRules(all_tricks=True))
    4
    """
    whole = rules.all_tricks and points in (0, POINTS)
    return (coup.trump == SANS_ATOUT) + coup.contre + whole


def scores(sides: int, dealer: int, points: int) -> tuple[int, ...]:
    """Unmultiplied marks: four, Nous's points above 30; three, the dealer alone.

    >>> scores(2, 0, 41), scores(3, 1, 20)
    ((11, 0), (10, -20, 10))
    """
    if sides == 2:
        return (max(points - HALF, 0), max(HALF - points, 0))
    return tuple(2 * (points - HALF) if s == dealer else HALF - points for s in range(3))


def _choices_left(game: ManillenGame, n: int, chooser: int) -> int:
    """Deals from ``n`` to the last that ``chooser`` chooses.

    The chooser of deal k is (first_dealer + k - 1) mod 2 (teams of four) or
    mod 3 (three players): count the k ≡ r in [n, deals], in constant time.

    >>> game = ManillenGame(("A", "B", "C", "D"), ManillenRules(deals=20), 1)
    >>> [_choices_left(game, 1, c) for c in (0, 1)], _choices_left(game, 20, 1)
    ([10, 10], 0)
    """
    m = game.sides
    r = (chooser - game.first_dealer + 1) % m
    return max(0, (game.rules.deals - r) // m - (n - 1 - r) // m)


def replay(game: ManillenGame) -> ManillenReport:
    rules = game.rules
    sides = game.sides
    if len(game.players) not in (3, 4):
        raise GameError("players", N_("manillen is played by three or four"))
    house.check_target(rules.target, sides, rules.all_tricks)
    fewest = rules.deals // sides  # the deals the chooser with the fewest will choose
    if rules.sans_atout > fewest:
        raise GameError(
            "rules.sans_atout",
            Nn_(
                "each chooser owes {owed} sans-atout, but one of them chooses the trump in "
                "only {num} deal of {deals}",
                "each chooser owes {owed} sans-atout, but one of them chooses the trump in "
                "only {num} deals of {deals}",
            ),
            owed=rules.sans_atout,
            num=fewest,
            deals=rules.deals,
        )
    totals = [0] * sides
    owed = [rules.sans_atout] * sides
    carry = 0  # the steps the 30–30 deals just before pass on
    results = []
    ended = 0  # the deal that ended the game
    winners: tuple[int, ...] = ()
    for n, coup in enumerate(game.coups, 1):
        if ended:
            raise GameError(
                "coup",
                N_("the game ended with coup {last}; no coup can follow"),
                n,
                last=ended,
            )
        dealer = game.dealer(n)
        chooser = game.chooser(dealer)
        if coup.trump not in TRUMPS:
            raise GameError(
                "trump", N_("the trump is pique, coeur, carreau, trefle or sans-atout"), n
            )
        if coup.contre not in (0, 1, 2):
            raise GameError("contre", N_("contre is none, contre or surcontre"), n)
        if (
            coup.trump != SANS_ATOUT
            and owed[chooser] > 0
            and owed[chooser] >= _choices_left(game, n, chooser)
        ):
            raise GameError(
                "trump",
                N_("sans-atout is compulsory (still owed: {owed}, deals left to choose: {left})"),
                n,
                owed=owed[chooser],
                left=_choices_left(game, n, chooser),
            )
        if coup.renonce is not None:
            if coup.points is not None:
                raise GameError("points", N_("a renounced coup has no points"), n)
            if coup.renonce not in range(sides):
                raise GameError("renonce", N_("renonce names a team or a player"), n)
            if sides == 2:
                points = 0 if coup.renonce == 0 else POINTS
            else:
                points = 0 if coup.renonce == dealer else POINTS
        else:
            if coup.points is None:
                raise GameError("points", N_("enter the points or who renounced"), n)
            if not 0 <= coup.points <= POINTS:
                raise GameError("points", N_("points are between 0 and {most}"), n, most=POINTS)
            points = coup.points
        own = carry + steps(coup, points, rules)
        factor = house.factor(own, rules.doubling, rules.cap)
        scored = tuple(s * factor for s in scores(sides, dealer, points))
        tie = coup.renonce is None and points == HALF
        carry = house.carried(own, carry, rules.tie_carry) if tie else 0
        totals = [t + s for t, s in zip(totals, scored)]
        if coup.trump == SANS_ATOUT and owed[chooser]:
            owed[chooser] -= 1
        if rules.target:
            winners = house.winners_at(totals, rules.target)
        if winners or n == rules.deals:
            ended = n
        results.append(
            ManillenResult(
                n,
                dealer,
                coup,
                factor,
                scored,
                tuple(totals),
                tuple(owed),
                n == ended,
                house.factor(carry, rules.doubling, rules.cap),
            )
        )
    played = len(game.coups)
    finished = bool(ended)
    nxt = played + 1
    next_dealer = None if finished else game.dealer(nxt)
    best = max(totals)
    return ManillenReport(
        game,
        tuple(results),
        tuple(totals),
        tuple(owed),
        tuple(_choices_left(game, nxt, c) for c in range(sides)),
        house.factor(carry, rules.doubling, rules.cap),
        finished,
        winners or tuple(s for s in range(sides) if totals[s] == best) if finished else (),
        next_dealer,
        next_dealer is not None
        and owed[game.chooser(next_dealer)] > 0
        and owed[game.chooser(next_dealer)] >= _choices_left(game, nxt, game.chooser(next_dealer)),
    )
