"""La Manille's two kinds: the classique (four, retourne, belle) and the Belgian manillen.

They share the game file's ``"game": "manille"``; ``rules.variant`` picks one.
The family's file reader reads both; each kind keeps only the games of its
own variant (the registry picks the kind by the rules before reading).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, ClassVar, TypeVar

from ..errors import N_
from ..kind import JsonObject, Kind
from . import belge, classique, file
from .belge import ManillenCoup, ManillenGame, ManillenReport, ManillenRules
from .classique import ManilleCoup, ManilleGame, ManilleReport, ManilleRules

G = TypeVar("G", bound=file.ManilleAnyGame)
R = TypeVar("R", bound=ManilleRules | ManillenRules)
Rep = TypeVar("Rep", bound=file.ManilleAnyReport)
C = TypeVar("C", bound=ManilleCoup | ManillenCoup)


HOUSE_PRESETS: dict[str, dict[str, Any]] = {
    "deals": {},
    "boom": {"target": 101},
    "halve_boom": {"target": 61},
    "tournament": {"cap": 4},
}
"""Manillen's named practices as the file's rules (beside ``variant``): docs/rules/manille.md §10.

``deals`` is ours (20 deals, 30 for three, 2 sans-atout each); the Flemish
*boom* is a game to 101, the *halve boom* to 61; a tournament caps the
multiplier at ×4. Keys stay as stored; only the labels are shown.
"""


class ManilleKind(Kind[G, R, Rep, C]):
    """What the two manilles share: the file, the sheet, the report's shape."""

    game = "manille"
    chips = False
    teams = True
    folds = True
    """The classique goes on from a prefix; the manillen (below) replays whole."""

    def load(self, data: Mapping[str, object]) -> G:
        game = file.load_manille(data)
        if not isinstance(game, self.game_type):
            raise TypeError(f"{self!r} does not read a {type(game).__name__}")
        return game

    def dump(self, game: G) -> JsonObject:
        return file.dump_manille(game)

    def dump_coup(self, coup: C, players: tuple[str, ...]) -> JsonObject:
        return file.dump_manille_coup(coup, players)

    def dump_report(self, report: Rep) -> JsonObject:
        return file.dump_manille_report(report)

    def text(self, report: Rep) -> str:
        return file.render_manille(report)

    def side_scores(self, report: Rep) -> Sequence[Sequence[int]]:
        """Each coup's points marked by each side: the classique's count is 0-0 again after a
        manche (manillen's never is, and its scores add up to its totals all the same)."""
        return [result.scored for result in report.coups]


class ManilleClassique(ManilleKind[ManilleGame, ManilleRules, ManilleReport, ManilleCoup]):
    key = "manille"
    tag = ("variant", "classique")
    title = N_("la Manille")
    variant_title = N_("la Manille (classique)")
    seats = (4,)
    rules_type = ManilleRules
    game_type = ManilleGame

    def load_coup(self, item: object, game: ManilleGame) -> ManilleCoup:
        return file._classic_coup(item)

    def replay(self, game: ManilleGame) -> ManilleReport:
        return classique.replay(game)

    def resume(self, report: ManilleReport, game: ManilleGame) -> ManilleReport:
        return classique.replay(game, report)

    def stop(self, report: ManilleReport) -> ManilleReport:
        """The sheet final as it stands: the team with more manches wins it, none when they
        have as many (a drawn partie)."""
        if report.finished or not report.coups:
            return report
        nous, eux = report.manches
        winner = 0 if nous > eux else 1 if eux > nous else None
        return replace(report, finished=True, winner=winner, next_dealer=None)


class Manillen(ManilleKind[ManillenGame, ManillenRules, ManillenReport, ManillenCoup]):
    key = "manillen"
    tag = ("variant", "belge")
    title = N_("la Manille")
    variant_title = N_("manillen (Belgian)")
    seats = (4, 3)
    rules_type = ManillenRules
    game_type = ManillenGame
    folds = False
    presets: ClassVar[Mapping[str, str]] = {
        "deals": N_("20 deals, 2 sans-atout each (ours)"),
        "boom": N_("boom: to 101 points"),
        "halve_boom": N_("half boom: to 61 points"),
        "tournament": N_("tournament: multiplier at most ×4"),
    }

    settings_help: ClassVar[Mapping[str, str]] = {
        "deals": "20 (30 for three): deals in the game, unless a target is set",
        "sans_atout": "2: sans-atout each chooser must call (not with a target)",
        "target": "0: a game to this many points (boom 101, half boom 61); 0 = fixed deals",
        "doubling": "multiplied: each step doubles the deal; added: each adds one (Kent1)",
        "all_tricks": "false: true = a deal taken 60-0 counts one step more (60, not 30)",
        "cap": "0: the most a deal's multiplier may be (tournament 4; at least 2); 0 = none",
        "tie_carry": "double: a 30-30 doubles the next deal; whole: it carries its multiplier",
    }

    def with_deals(
        self, rules: Mapping[str, Any], deals: int, players: int
    ) -> dict[str, Any] | None:
        """A game of ``deals`` deals, not to a target. The sans-atout owed keep their share of
        the game (ours: 2 in 20 deals, so 1 in a round of 10, none in a round of 2), and never
        more than a chooser can call in so few (``belge.replay`` refuses more)."""
        sides = 3 if players == 3 else 2
        full = rules.get("deals") or belge.default_deals(players)
        owed = rules.get("sans_atout", ManillenRules.sans_atout)
        kept = {k: v for k, v in rules.items() if k != "target"}
        if isinstance(owed, int) and isinstance(full, int) and full > 0:
            owed = min(owed * deals // full, deals // sides)
        return {**kept, "deals": deals, "sans_atout": owed}

    def preset(self, name: str) -> ManillenRules:
        return ManillenRules(**HOUSE_PRESETS.get(name, {}))

    def load_coup(self, item: object, game: ManillenGame) -> ManillenCoup:
        seats = {name: seat for seat, name in enumerate(game.players)}
        return file._belgian_coup(item, len(game.players), seats)

    def replay(self, game: ManillenGame) -> ManillenReport:
        return belge.replay(game)

    def stop(self, report: ManillenReport) -> ManillenReport:
        """The sheet final as it stands: the side(s) with the highest total win, as after the
        last deal (two or three: a drawn game)."""
        if report.finished or not report.coups:
            return report
        best = max(report.totals)
        winners = tuple(s for s, total in enumerate(report.totals) if total == best)
        return replace(
            report, finished=True, winners=winners, next_dealer=None, must_sans_atout=False
        )
