"""La Manille's two kinds: the classique (four, retourne, belle) and the Belgian manillen.

They share the game file's ``"game": "manille"``; ``rules.variant`` picks one.
"""

from __future__ import annotations

from typing import Any

from ..errors import N_
from ..kind import GameKind
from . import belge, classique, file


class ManilleKind(GameKind):
    game = "manille"
    chips = False
    teams = True
    folds = True
    """The classique goes on from a prefix; the manillen (below) replays whole."""

    def load(self, data: Any) -> Any:
        return file.load_manille(data)

    def replay(self, game: Any) -> Any:
        return file.replay_manille(game)

    def resume(self, report: Any, game: Any) -> Any:
        return file.extend_manille(report, game)

    def dump(self, game: Any) -> dict[str, Any]:
        return file.dump_manille(game)

    def dump_coup(self, coup: Any, players: tuple[str, ...]) -> dict[str, Any]:
        return file.dump_manille_coup(coup, players)

    def dump_report(self, report: Any) -> dict[str, Any]:
        return file.dump_manille_report(report)

    def text(self, report: Any) -> str:
        return file.render_manille(report)


class ManilleClassique(ManilleKind):
    key = "manille"
    tag = ("variant", "classique")

    def load_coup(self, item: Any, game: Any) -> Any:
        return file._classic_coup(item)

    title = N_("la Manille")
    seats = (4,)
    rules_type = classique.ManilleRules
    game_type = classique.ManilleGame


class Manillen(ManilleKind):
    key = "manillen"
    tag = ("variant", "belge")
    folds = False

    def load_coup(self, item: Any, game: Any) -> Any:
        seats = {name: seat for seat, name in enumerate(game.players)}
        return file._belgian_coup(item, len(game.players), seats)

    title = N_("la Manille")
    seats = (4, 3)
    rules_type = belge.ManillenRules
    game_type = belge.ManillenGame
