"""Belote scoring as a game kind: the toy's whole rules half, in one module.

Written as a new game's author would, from the shapes of ``rules/brou/``
(engine, file, kind) and nothing else of the scorekeeper: a frozen rule
set, coup, game and report; a fold (``replay``) that can go on from the
report of a prefix; the game file and the report; its ``Kind``.

Four players in two teams (seats 0 and 2 are *Nous*, 1 and 3 *Eux*). Each
coup one team takes; its card points and the defenders' make 162. The
takers make their contract with 82 or more: each team then marks its own
points; else (*dedans*) the defenders mark all 162 and the takers none. The
game ends after the coup where a team reaches the target (1000 by default)
ahead of the other; at a tie the game goes on.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from scorekeeper.rules.errors import N_, GameError
from scorekeeper.rules.gamefile import (
    REPORT_FORMAT,
    coup_object,
    file_head,
    file_parts,
    note_field,
    numbered,
    whole_field,
)
from scorekeeper.rules.kind import Kind
from scorekeeper.rules.seating import seated
from scorekeeper.rules.settings import counts, from_mapping
from scorekeeper.rules.teams import TEAMS, team_field

CARD_POINTS = 162
"""A coup's card points, both teams together (the last trick's ten included)."""
CONTRACT = 82
"""The takers' card points that make their contract (more than half of 162)."""


@dataclass(frozen=True)
class BeloteRules:
    target: int = 1000
    """The score that ends the game (the one setting its new-game form asks)."""

    def __post_init__(self) -> None:
        counts(self, {"target": 1})

    def to_mapping(self) -> dict[str, Any]:
        return {"target": self.target}

    def describe(self) -> str:
        return f"a game to {self.target}"


@dataclass(frozen=True)
class BeloteCoup:
    taker: int
    """The team that took: 0 for Nous, 1 for Eux."""
    points: int
    """The takers' card points, 0 to 162 (the defenders have the rest)."""
    note: str = ""


@dataclass(frozen=True)
class BeloteGame:
    players: tuple[str, str, str, str]
    """Seat order in the direction of play: Nous, Eux, Nous, Eux."""
    rules: BeloteRules = field(default_factory=BeloteRules)
    first_dealer: int = 0
    coups: tuple[BeloteCoup, ...] = ()

    def with_coups(self, coups: Sequence[BeloteCoup]) -> BeloteGame:
        return replace(self, coups=tuple(coups))


@dataclass(frozen=True)
class BeloteResult:
    n: int
    dealer: int
    coup: BeloteCoup
    made: bool
    """The takers reached 82."""
    scored: tuple[int, int]
    """What Nous and Eux mark for this coup (they sum to 162)."""
    totals: tuple[int, int]
    """Each team's score after the coup."""
    finished: bool


@dataclass(frozen=True)
class BeloteReport:
    game: BeloteGame
    coups: tuple[BeloteResult, ...]
    totals: tuple[int, int]
    finished: bool
    winner: int | None
    """The team with the higher score once the game is over."""
    next_dealer: int | None

    @property
    def tally(self) -> tuple[int, ...]:
        """The totals: the one number a side every layer may ask of a report."""
        return self.totals


def scored(coup: BeloteCoup) -> tuple[int, int]:
    """What Nous and Eux mark for a coup: their own points if made, else 162 to the defenders.

    >>> scored(BeloteCoup(taker=0, points=90))  # made: 90 for Nous, 162 - 90 for Eux
    (90, 72)
    >>> scored(BeloteCoup(taker=1, points=81))  # dedans: the defenders mark all 162
    (162, 0)
    """
    if coup.points >= CONTRACT:
        takers, defenders = coup.points, CARD_POINTS - coup.points
    else:
        takers, defenders = 0, CARD_POINTS
    return (takers, defenders) if coup.taker == 0 else (defenders, takers)


def ended(totals: tuple[int, int], rules: BeloteRules) -> bool:
    """A team has reached the target ahead of the other (at a tie the game goes on)."""
    return max(totals) >= rules.target and totals[0] != totals[1]


def _check(coup: BeloteCoup) -> None:
    if coup.taker not in (0, 1):
        raise GameError("taker", N_("a team is nous or eux"))
    if not 0 <= coup.points <= CARD_POINTS:
        raise GameError("points", N_("card points are between 0 and {most}"), most=CARD_POINTS)


def replay(game: BeloteGame, start: BeloteReport | None = None) -> BeloteReport:
    """Fold the coups into the report, or (``start``) go on from the report of a prefix."""
    totals = (0, 0) if start is None else start.totals
    results = [] if start is None else list(start.coups)
    finished = start is not None and start.finished
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
        marks = scored(coup)
        totals = (totals[0] + marks[0], totals[1] + marks[1])
        finished = ended(totals, game.rules)
        dealer = (game.first_dealer + n - 1) % 4
        results.append(
            BeloteResult(n, dealer, coup, coup.points >= CONTRACT, marks, totals, finished)
        )
    return BeloteReport(
        game,
        tuple(results),
        totals,
        finished,
        (0 if totals[0] > totals[1] else 1) if finished else None,
        None if finished else (game.first_dealer + len(game.coups)) % 4,
    )


# The game file and the report (docs/formats.md's shapes, ``"game": "belote"``)


def load_belote(data: Any) -> BeloteGame:
    players, first, rules_data, coups_data = file_parts(
        data, "belote", 4, N_("players must be four distinct non-empty names")
    )
    rules = from_mapping(BeloteRules, rules_data)
    coups = numbered(coups_data, load_belote_coup)
    return BeloteGame((players[0], players[1], players[2], players[3]), rules, first, tuple(coups))


def load_belote_coup(item: Any) -> BeloteCoup:
    item = coup_object(item)
    return BeloteCoup(
        taker=team_field(item.get("taker"), "taker"),
        points=whole_field(item.get("points"), "points"),
        note=note_field(item),
    )


def dump_belote_coup(coup: BeloteCoup, players: tuple[str, ...] = ()) -> dict[str, Any]:
    """One coup as the game file writes it; ``load_belote_coup`` reads it back."""
    item: dict[str, Any] = {"taker": TEAMS[coup.taker], "points": coup.points}
    if coup.note:
        item["note"] = coup.note
    return item


def dump_belote(game: BeloteGame) -> dict[str, Any]:
    """The game file; ``load_belote(dump_belote(g)) == g``."""
    head = file_head("belote", game.players, game.first_dealer, game.rules.to_mapping())
    return {**head, "coups": [dump_belote_coup(c) for c in game.coups]}


def dump_belote_report(report: BeloteReport) -> dict[str, Any]:
    names = report.game.players

    def teams(values: tuple[int, int]) -> dict[str, int]:
        return dict(zip(TEAMS, values))

    return {
        "format": REPORT_FORMAT,
        "game": "belote",
        "players": list(names),
        "teams": {"nous": [names[0], names[2]], "eux": [names[1], names[3]]},
        "rules": report.game.rules.to_mapping(),
        "totals": teams(report.totals),
        "finished": report.finished,
        "winner": None if report.winner is None else TEAMS[report.winner],
        "next": None if report.next_dealer is None else {"dealer": names[report.next_dealer]},
        "coups": [
            {
                "n": r.n,
                "dealer": names[r.dealer],
                "taker": TEAMS[r.coup.taker],
                "points": r.coup.points,
                "made": r.made,
                "scored": teams(r.scored),
                "totals": teams(r.totals),
                "finished": r.finished,
                "note": r.coup.note,
            }
            for r in report.coups
        ],
    }


def render_belote(report: BeloteReport, changes: Sequence[Any] = ()) -> str:
    """The Nous / Eux sheet as text; the next dealer is who sits at their seat then
    (``seating.seated``: ``changes``, who took a seat)."""
    names = report.game.players
    lines = [
        f"Belote to {report.game.rules.target}:"
        f" Nous ({names[0]}, {names[2]}) / Eux ({names[1]}, {names[3]})",
        "",
        f"{'coup':>4}  {'taker':<5} {'Nous':>5} {'Eux':>5}   {'total':>11}",
    ]
    for r in report.coups:
        dedans = "" if r.made else "  dedans"
        lines.append(
            f"{r.n:>4}  {TEAMS[r.coup.taker]:<5} {r.scored[0]:>5} {r.scored[1]:>5}"
            f"   {r.totals[0]:>5} {r.totals[1]:>5}{dedans}"
        )
    lines.append("")
    if report.winner is not None:
        lines.append(f"The game is won by {TEAMS[report.winner].capitalize()}.")
    else:
        now = seated(names, changes, len(report.coups) + 1)
        lines.append(f"Next dealer: {now[report.next_dealer or 0]}")
    return "\n".join(lines)


class BeloteKind(Kind[BeloteGame, BeloteRules, BeloteReport, BeloteCoup]):
    """Belote scoring: the kind every layer asks (the entry point gives it, ``toygame.GAME``)."""

    key = "belote"
    game = "belote"
    title = N_("Belote")
    seats = (4,)
    teams = True
    chips = False
    rules_type = BeloteRules
    game_type = BeloteGame
    folds = True

    def load(self, data: Any) -> BeloteGame:
        return load_belote(data)

    def load_coup(self, item: Any, game: Any) -> BeloteCoup:
        return load_belote_coup(item)

    def replay(self, game: BeloteGame) -> BeloteReport:
        return replay(game)

    def resume(self, report: BeloteReport, game: BeloteGame) -> BeloteReport:
        return replay(game, report)

    def dump(self, game: BeloteGame) -> dict[str, Any]:
        return dump_belote(game)

    def dump_coup(self, coup: BeloteCoup, players: tuple[str, ...]) -> dict[str, Any]:
        return dump_belote_coup(coup, players)

    def dump_report(self, report: BeloteReport) -> dict[str, Any]:
        return dump_belote_report(report)

    def text(self, report: BeloteReport, changes: Sequence[Any] = ()) -> str:
        return render_belote(report, changes)


BELOTE = BeloteKind()
"""The kind itself: what the entry point's ``GAME`` carries."""
