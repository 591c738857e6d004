"""The ranking of an event, computed from its tables' results (pure: no Flask, no database).

Each table is a game; its kind's report gives one number a side (``tally``:
a chip game's nets, a points game's totals). A round gives each player a
*figure* in the unit of the event's method:

- ``total``: the player's number at the table (a side's total for each partner);
- ``rank_points``: the sides the player's side beat at the table, a tie
  counting half (tables of 3: 2, 1, 0; of 4: 3, 2, 1, 0; two pairs: 1, 0, or
  ½ each for a draw) — ties share the places' points;
- ``win_pct``: 100 for the best score at the table, shared by a tie (two
  sides level on top: 50 each), else 0.

A game won by games (Brou's parties, the classique's manches) is won, drawn or lost
at the table by them, as its page says (``TableResult.placing``, from
``rules.placing``); its points stay the ``total`` figure and the raw tie-break.

A player drawn to sit out gets the bye credit (the average of the round's
figures, a fixed credit, or nothing); a round before a late arrival or after
a withdrawal gives nothing. The event's figure is the sum of the rounds
(``win_pct``: their mean, over the rounds with a figure), less the
penalties and plus the credits (``Penalty``), in the method's unit.
Tie-breaks, in order: the wins (the win shares summed), then the raw chips
or points at the tables; still level, the players share the place (listed
by name, accents folded: Élise before Noël; a page lists them in its
reader's collation, ``in_name_order``). A table with no deal yet has no
result: its players have no figure, win or chips from that round yet, so
before any deal everyone shares the first place, whatever the size of their
table. docs/competitions.md says it in words.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_EVEN, Decimal
from fractions import Fraction
from typing import Any, Protocol, TypeVar

from .settings import Bye, Method

Figure = int | Fraction
"""A figure, exact: an int when whole (the common case, and much faster to add and sort
for 544 players), else a Fraction (a tie's half, a share of three)."""


def exact(numerator: int, denominator: int) -> Figure:
    """``numerator / denominator`` exactly: an int when it divides."""
    whole, rest = divmod(numerator, denominator)
    return whole if rest == 0 else Fraction(numerator, denominator)


@dataclass(frozen=True)
class TableResult:
    """One table of a round as its game stands: seat order and the kind's tally."""

    round: int
    table: int
    players: tuple[str, ...]
    tally: tuple[int, ...]
    """One number a side: per player, or per side when partners share one (seat % sides)."""
    finished: bool = True
    started: bool = True
    """A deal has been entered: before, the table has no result yet, locked or not (a table
    locked with no deal once gave its players a three-way tie, ahead of those who played)."""
    games: tuple[int, ...] | None = None
    """The games each side won where the game is won by games (Brou's parties, the
    classique's manches: ``rules.placing.games_placing``), which place the sides; None:
    the tally places them (l'Hombre, the manillen)."""

    @property
    def placing(self) -> tuple[int, ...]:
        """What places the sides at the table, one number a side (the win, a draw, the
        sides beaten): the games won, else the tally. The tally stays the points."""
        return self.tally if self.games is None else self.games

    def side(self, seat: int) -> int:
        """The side of a seat: itself when the tally is per player, else partners face to face."""
        return seat if len(self.tally) == len(self.players) else seat % len(self.tally)

    def score(self, player: str) -> int:
        return self.tally[self.side(self.players.index(player))]

    def rank_points(self, player: str) -> Figure:
        """The sides beaten (``placing``), a tie counting half."""
        placing = self.placing
        mine = placing[self.side(self.players.index(player))]
        beaten = sum(1 for t in placing if t < mine)
        level = sum(1 for t in placing if t == mine) - 1
        return exact(2 * beaten + level, 2)

    def win(self, player: str) -> Figure:
        """1 for the side placed first at the table (``placing``), shared among the sides
        level on top."""
        placing = self.placing
        mine = placing[self.side(self.players.index(player))]
        top = max(placing)
        return exact(1, placing.count(top)) if mine == top else 0


@dataclass(frozen=True)
class RoundPlay:
    """A round as drawn and played: its tables and who sat out."""

    number: int
    tables: tuple[TableResult, ...]
    sitting_out: tuple[str, ...] = ()


@dataclass(frozen=True)
class Penalty:
    """A correction of a player's figure (a penalty, or a credit): an entry of the event's
    log, never an edit of a table's game."""

    player: str
    points: int
    """Taken off the player's figure, in the method's unit (chips, points, rank points, %);
    negative: added (a credit). The sign every stored row has had since penalties began."""
    reason: str
    round: int


class Placed(Protocol):
    """A line of any ranking: its place (``places``)."""

    @property
    def place(self) -> int: ...


P = TypeVar("P", bound=Placed)


@dataclass(frozen=True)
class Line:
    """One player's line of the ranking."""

    place: int
    shared: bool
    """Level with another player after every tie-break."""
    player: str
    figure: Figure
    rounds: tuple[Figure | None, ...]
    """The figure of each round (a bye's credit included); None: not in that round."""
    penalty: int
    """The points taken off by the corrections, summed (negative: added on balance)."""
    wins: Figure
    raw: int
    """Chips or points at the tables, summed (the last tie-break)."""
    withdrawn: bool = False


def figure_at(table: TableResult, player: str, method: Method) -> Figure:
    if method == "total":
        return table.score(player)
    if method == "rank_points":
        return table.rank_points(player)
    return 100 * table.win(player)


def round_figures(play: RoundPlay, method: Method, bye: Bye, credit: int) -> dict[str, Figure]:
    """Each player's figure for one round: at their table, or the bye's credit; none yet at a
    table with no deal, nor an average's bye while no table of the round has dealt."""
    out = {p: figure_at(t, p, method) for t in play.tables if t.started for p in t.players}
    if bye == "average" and not out and play.tables:
        return out
    if play.sitting_out:
        given: Figure = credit if bye == "fixed" else 0
        if bye == "average" and out:
            given = _mean(sum(out.values()), len(out))
        out.update(dict.fromkeys(play.sitting_out, given))
    return out


def _mean(total: Figure, count: int) -> Figure:
    if isinstance(total, int):
        return exact(total, count)
    return total / count


def rank(
    players: Sequence[str],
    rounds: Sequence[RoundPlay],
    penalties: Iterable[Penalty] = (),
    method: Method = "total",
    bye: Bye = "average",
    credit: int = 0,
    withdrawn: Iterable[str] = (),
    name_key: Callable[[str], Any] | None = None,
) -> list[Line]:
    """The ranking: every player once, best first (a permutation of ``players``); players
    level on everything by ``name_key`` (default: ``folded``, the same for every reader)."""
    key_of = name_key or folded
    figures = [round_figures(play, method, bye, credit) for play in rounds]
    fined: dict[str, int] = dict.fromkeys(players, 0)
    for penalty in penalties:
        if penalty.player in fined:
            fined[penalty.player] += penalty.points
    wins: dict[str, Figure] = dict.fromkeys(players, 0)
    raw: dict[str, int] = dict.fromkeys(players, 0)
    for play in rounds:
        for table in play.tables:
            if not table.started:
                continue
            for p in table.players:
                if p in wins:
                    wins[p] += table.win(p)
                    raw[p] += table.score(p)
    gone = set(withdrawn)
    unsorted = []
    for p in players:
        per_round = tuple(f.get(p) for f in figures)
        counted = [f for f in per_round if f is not None]
        total: Figure = sum(counted)
        if method == "win_pct":
            total = _mean(total, len(counted)) if counted else 0
        unsorted.append((total - fined[p], p, per_round))
    unsorted.sort(key=lambda item: (-item[0], -wins[item[1]], -raw[item[1]], key_of(item[1])))
    placed = places([(figure, wins[p], raw[p]) for figure, p, _ in unsorted])
    return [
        Line(place, shared, p, figure, per_round, fined[p], wins[p], raw[p], p in gone)
        for (place, shared), (figure, p, per_round) in zip(placed, unsorted, strict=True)
    ]


def places(levels: Sequence[Hashable]) -> list[tuple[int, bool]]:
    """Each item of a list, best first, its place and whether it shares it: ``levels`` are
    what places them, equal where items are level (the event's figure and tie-breaks, the
    ratings' rating). Level items share the first one's place, the next takes the place
    its position gives.

    >>> places([9, 7, 7, 4])
    [(1, False), (2, True), (2, True), (4, False)]
    """
    out: list[tuple[int, bool]] = []
    for index, level in enumerate(levels):
        if index and levels[index - 1] == level:
            place = out[-1][0]
            out[-1] = (place, True)
            out.append((place, True))
        else:
            out.append((index + 1, False))
    return out


def place_text(place: int, shared: bool) -> str:
    """A place as every ranking writes it (the pages, the PDF, the CSV files): ``3``, or
    ``3=`` when shared."""
    return f"{place}=" if shared else str(place)


def folded(name: str) -> tuple[str, str]:
    """A name's sort key without a language: accents folded by Unicode's own decomposition
    (É is E and an acute accent: Élise before Noël, not after Z), case ignored; the name
    itself breaks what that leaves equal (Elise, then Élise)."""
    bare = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    return bare.casefold(), name


def in_name_order(
    lines: Sequence[P],
    name_key: Callable[[str], Any],
    name: Callable[[P], str],
) -> list[P]:
    """The same ranking, the players of each shared place listed by ``name_key`` (a reader's
    collation) of their ``name`` (an event's player, a rating's member); the places and every figure
    stay as they are."""
    out: list[P] = []
    start = 0
    for index in range(1, len(lines) + 1):
        if index == len(lines) or lines[index].place != lines[start].place:
            out += sorted(lines[start:index], key=lambda line: name_key(name(line)))
            start = index
    return out


TieBreak = str
"""What set a line apart from a neighbour on the same figure: ``wins``, ``raw`` (the chips
or points at the tables), or ``shared`` (level after both: the place is shared)."""


def decided_by(lines: Sequence[Line]) -> list[TieBreak | None]:
    """For each line of a ranking, the tie-break that put it ahead of the line below on the
    same figure — ``wins`` if they differ there, else ``raw`` — or ``shared`` when it is level
    after both; None where no tie-break placed it ahead of anyone: its figure alone placed
    it, or it is the one a tie-break put behind (a bye with no win is never "ahead on
    wins"). The pages name it beside the place, so each word is true of the line it is on.
    """
    out: list[TieBreak | None] = []
    for index, line in enumerate(lines):
        below = lines[index + 1] if index + 1 < len(lines) else None
        if line.shared:
            out.append("shared")
        elif below is None or below.figure != line.figure:
            out.append(None)
        elif below.wins != line.wins:
            out.append("wins")
        elif below.raw != line.raw:
            out.append("raw")
        else:
            out.append(None)
    return out


def team_ranking(
    lines: Sequence[Line], teams: Mapping[str, str]
) -> list[tuple[int, bool, str, Figure]]:
    """Teams ranked by their players' figures summed: (place, shared, team, figure); a tie
    shares the place, numbered as every ranking numbers it (``places``)."""
    sums: dict[str, Figure] = {}
    for line in lines:
        team = teams.get(line.player)
        if team:
            sums[team] = sums.get(team, 0) + line.figure
    ordered = sorted(sums.items(), key=lambda item: (-item[1], item[0]))
    numbered = places([figure for _, figure in ordered])
    return [
        (place, shared, team, figure)
        for (place, shared), (team, figure) in zip(numbered, ordered, strict=True)
    ]


CENT = Decimal("0.01")


def rounded(value: Figure) -> Decimal:
    """A figure to two decimals, half to even: the one rounding of every page, PDF and file
    (the comma results file rounded a float, 1/40 to 0.03 where the page said 0.02)."""
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    found = exact.quantize(CENT, ROUND_HALF_EVEN)
    return found if found else Decimal(0)  # −0.001 is 0, not −0


def shown(value: Figure | None) -> str:
    """A figure for people: whole, or with one or two decimals (½ → 0.5; ⅓ → 0.33).

    >>> [shown(v) for v in (Fraction(1, 40), Fraction(4321, 40), Fraction(1, 201), 100)]
    ['0.02', '108.02', '0', '100']
    """
    if value is None:
        return "–"
    return f"{rounded(value).normalize():f}"
