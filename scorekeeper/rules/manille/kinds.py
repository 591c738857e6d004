"""La Manille's two kinds: the classique (four, retourne, belle) and the Belgian manillen.

They share the game file's ``"game": "manille"``; ``rules.variant`` picks one.
The family's file reader reads both; each kind keeps only the games of its
own variant (the registry picks the kind by the rules before reading).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

from ..errors import N_
from ..kind import JsonObject, Kind
from . import belge, classique, file
from .belge import ManillenCoup, ManillenGame, ManillenReport, ManillenRules
from .classique import ManilleCoup, ManilleGame, ManilleReport, ManilleRules

G = TypeVar("G", bound=file.ManilleAnyGame)
R = TypeVar("R", bound=ManilleRules | ManillenRules)
Rep = TypeVar("Rep", bound=file.ManilleAnyReport)
C = TypeVar("C", bound=ManilleCoup | ManillenCoup)


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


class ManilleClassique(ManilleKind[ManilleGame, ManilleRules, ManilleReport, ManilleCoup]):
    key = "manille"
    tag = ("variant", "classique")
    title = N_("la Manille")
    seats = (4,)
    rules_type = ManilleRules
    game_type = ManilleGame

    def load_coup(self, item: object, game: ManilleGame) -> ManilleCoup:
        return file._classic_coup(item)

    def replay(self, game: ManilleGame) -> ManilleReport:
        return classique.replay(game)

    def resume(self, report: ManilleReport, game: ManilleGame) -> ManilleReport:
        return classique.replay(game, report)


class Manillen(ManilleKind[ManillenGame, ManillenRules, ManillenReport, ManillenCoup]):
    key = "manillen"
    tag = ("variant", "belge")
    title = N_("la Manille")
    seats = (4, 3)
    rules_type = ManillenRules
    game_type = ManillenGame
    folds = False

    def load_coup(self, item: object, game: ManillenGame) -> ManillenCoup:
        seats = {name: seat for seat, name in enumerate(game.players)}
        return file._belgian_coup(item, len(game.players), seats)

    def replay(self, game: ManillenGame) -> ManillenReport:
        return belge.replay(game)
