"""L'Homme de Brou as a kind: four players in two teams, a points sheet to 301."""

from __future__ import annotations

from typing import Any

from ..errors import N_
from ..kind import GameKind
from . import engine, file


class Brou(GameKind):
    key = "brou"
    game = "brou"
    title = N_("l'Homme de Brou")
    seats = (4,)
    teams = True
    chips = False
    rules_type = engine.BrouRules
    game_type = engine.BrouGame
    folds = True

    def load(self, data: Any) -> Any:
        return file.load_brou(data)

    def load_coup(self, item: Any, game: Any) -> Any:
        return file.load_brou_coup(item)

    def replay(self, game: Any) -> Any:
        return engine.replay(game)

    def resume(self, report: Any, game: Any) -> Any:
        return engine.replay(game, report)

    def dump(self, game: Any) -> dict[str, Any]:
        return file.dump_brou(game)

    def dump_coup(self, coup: Any, players: tuple[str, ...]) -> dict[str, Any]:
        return file.dump_brou_coup(coup, players)

    def dump_report(self, report: Any) -> dict[str, Any]:
        return file.dump_brou_report(report)

    def text(self, report: Any) -> str:
        return file.render_brou(report)
