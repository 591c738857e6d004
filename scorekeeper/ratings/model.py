"""The ratings' model: openskill's Bradley-Terry (full pairing) over the club's tables, one
match a table.

Pure: no Flask, no database. Each table is one match of its game's family
(``Kind.game``: l'Hombre's three money systems are one family, the two
Manilles another); every person who sat there is ranked by their own result
at it (``Match.placing``: their net chips, their team's points, or the games their
team won where the table is won by games: ``rules.placing``), equal figures
sharing a rank, and compared with each of the others there: above them, below
them or tied. Ratings start at openskill's defaults (μ 25, σ 25/3) and move
table by table in the order the tables were played. What is shown is
the conservative figure ``ordinal`` = μ − 3σ: the rating the player is
almost surely above.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import openskill
from openskill.models import BradleyTerryFull, BradleyTerryFullRating

MODEL = BradleyTerryFull()
"""openskill's Bradley-Terry with full pairing, with its defaults: μ 25, σ 25/3, β σ/2,
τ μ/300. Each person is compared with every other at the table, a tie counting half a win
(Plackett-Luce, the model before, rated a tie for first below the third: docs/ratings.md)."""
Rating = BradleyTerryFullRating
"""A player's rating as the model keeps it (μ, σ)."""
PROVISIONAL = 10
"""Fewer tables than this in a family: the rating is still provisional (σ still large)."""


@dataclass(frozen=True)
class Match:
    """One table: who sat, each with their result, in the order the tables were played."""

    family: str
    """The game's family (``Kind.game``): one rating per member per family."""
    game_id: int
    evening_id: int
    date: str
    """The evening's date (ISO)."""
    chips: bool
    """The results are chips (``Kind.chips``), else points."""
    results: tuple[tuple[int, int], ...]
    """(member, result) of everyone who sat, each member once."""
    kind: str
    """The game's kind (``Kind.key``: ``manille``, ``manillen``…): a member's page adds a
    points table's points per kind, as the season does, never two games' together."""
    placed: tuple[tuple[int, int], ...] = ()
    """(member, figure) each is placed by, where it is not their result: a table won by games
    (``rules.placing``: Brou's parties, the classique's manches) places its people by the
    games won, never by the points of a partie left unfinished. Empty: by ``results``."""

    @property
    def placing(self) -> tuple[tuple[int, int], ...]:
        """(member, figure) each is placed by: ``placed``, else their result."""
        return self.placed or self.results


def model_key() -> tuple[str, str]:
    """What names the model's figures: its class and openskill's release. What is kept of
    the ratings names it (``club.stamp``: the club's ratings, the pages, an event's results
    followed by ETag across restarts), so another model or release never shows old figures."""
    return (type(MODEL).__name__, openskill.__version__)


def ranks(results: Sequence[int]) -> list[int]:
    """Each result's rank, 1 the best; equal results share a rank (competition ranking).

    >>> ranks([12, -20, 12, -4])
    [1, 4, 1, 3]
    """
    return [1 + sum(other > mine for other in results) for mine in results]


@dataclass(frozen=True)
class Point:
    """A member's rating in a family after one table."""

    game_id: int
    evening_id: int
    date: str
    mu: float
    sigma: float
    result: int
    rank: int
    """Their place at that table (1: first, shared with an equal result)."""
    seats: int
    """How many sat at that table."""

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


@dataclass(frozen=True)
class Standing:
    """One member's rating in one family, as the ratings page lists it."""

    member: int
    games: int
    mu: float
    sigma: float
    change: float | None
    """What their ordinal moved over the family's last evening (None: they did not play it)."""

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL


@dataclass
class Ratings:
    """Every member's rating per family, and the path that led to it."""

    families: dict[str, list[Standing]] = field(default_factory=dict)
    """Per family, its members from the highest ordinal down."""
    paths: dict[int, dict[str, list[Point]]] = field(default_factory=dict)
    """Per member, per family, their rating after each of their tables, in order."""
    matches: tuple[Match, ...] = ()

    def of(self, member: int) -> dict[str, list[Point]]:
        return self.paths.get(member, {})

    def before(self, member: int, family: str, evening: tuple[str, int] | None) -> Point | None:
        """Their rating in ``family`` after their last table before ``evening`` (its date and
        number, the order the tables were played in; None: after all their tables), or None
        if they had played none there."""
        path = self.paths.get(member, {}).get(family, [])
        earlier = [p for p in path if evening is None or (p.date, p.evening_id) < evening]
        return earlier[-1] if earlier else None


def rated(before: Sequence[Rating], results: Sequence[int]) -> list[Rating]:
    """One table: everyone's rating after it, from their rating before and their result there
    (each their own team of one, placed by ``ranks``: equal results share a place)."""
    after = MODEL.rate([[r] for r in before], ranks=[float(p) for p in ranks(results)])
    return [team[0] for team in after]


def rate(matches: Iterable[Match], families: Sequence[str] = ()) -> Ratings:
    """Fold the matches, in order, into every member's rating per family.

    ``families``: listed even with no table (the page and the JSON name each).
    """
    out = Ratings()
    found: tuple[Match, ...] = tuple(matches)
    out.matches = found
    current: dict[str, dict[int, Rating]] = {f: {} for f in families}
    last_evening: dict[str, int] = {}
    for match in found:
        if len(match.results) < 2:
            continue  # nobody to be ranked against
        table = current.setdefault(match.family, {})
        members = [member for member, _result in match.results]
        values = [result for _member, result in match.results]
        placing = dict(match.placing)
        figures = [placing[m] for m in members]
        places = ranks(figures)
        after = rated([table.get(m) or MODEL.rating() for m in members], figures)
        for member, rating, value, place in zip(members, after, values, places, strict=True):
            table[member] = rating
            path = out.paths.setdefault(member, {}).setdefault(match.family, [])
            path.append(
                Point(
                    match.game_id,
                    match.evening_id,
                    match.date,
                    rating.mu,
                    rating.sigma,
                    value,
                    place,
                    len(members),
                )
            )
        last_evening[match.family] = match.evening_id
    for family, table in current.items():
        standings = []
        for member in table:
            path = out.paths[member][family]
            standings.append(
                Standing(
                    member,
                    len(path),
                    path[-1].mu,
                    path[-1].sigma,
                    _change(path, last_evening.get(family)),
                )
            )
        standings.sort(key=lambda s: (-s.ordinal, -s.games, s.member))
        out.families[family] = standings
    return out


def _change(path: Sequence[Point], evening: int | None) -> float | None:
    """The ordinal's move over ``evening`` (the family's last), None if they did not play it."""
    if not path or path[-1].evening_id != evening:
        return None
    first = next(n for n, p in enumerate(path) if p.evening_id == evening)
    start = path[first - 1].ordinal if first else MODEL.rating().ordinal()
    return path[-1].ordinal - start
