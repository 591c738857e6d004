"""L'Homme de Brou as a kind: four players in two teams, a points sheet to 301."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..errors import N_
from ..kind import JsonObject, Kind
from ..placing import GamesSaid, lost_of_won
from ..seating import SeatChange
from ..settings import Nn_, help_lines
from . import engine, file
from .engine import BrouCoup, BrouGame, BrouReport, BrouRules


class Brou(Kind[BrouGame, BrouRules, BrouReport, BrouCoup]):
    key = "brou"
    game = "brou"
    title = N_("l'Homme de Brou")
    seats = (4,)
    points_most = engine.CARD_POINTS
    teams = True
    chips = False
    rules_type = BrouRules
    game_type = BrouGame
    folds = True
    table = engine.SETTINGS
    settings_help = help_lines(engine.SETTINGS)

    def load(self, data: Mapping[str, object]) -> BrouGame:
        return file.load_brou(data)

    def load_coup(self, item: object, game: BrouGame) -> BrouCoup:
        return file.load_brou_coup(item)

    def replay(self, game: BrouGame) -> BrouReport:
        return engine.replay(game)

    def resume(self, report: BrouReport, game: BrouGame) -> BrouReport:
        return engine.replay(game, report)

    def dump(self, game: BrouGame) -> JsonObject:
        return file.dump_brou(game)

    def dump_coup(self, coup: BrouCoup, players: tuple[str, ...]) -> JsonObject:
        return file.dump_brou_coup(coup, players)

    def dump_report(self, report: BrouReport) -> JsonObject:
        return file.dump_brou_report(report)

    def text(self, report: BrouReport, changes: Sequence[SeatChange] = ()) -> str:
        return file.render_brou(report, changes)

    def side_scores(self, report: BrouReport) -> Sequence[Sequence[int]]:
        """Each coup's points marked by Nous and Eux: the count is 0-0 again after a partie."""
        return [result.scored for result in report.coups]

    games_said = GamesSaid(
        each=Nn_("%(num)s partie each", "%(num)s parties each"),
        over=Nn_("%(num)s partie to %(others)s", "%(num)s parties to %(others)s"),
        sides=N_("parties: %(games)s"),
        column=N_("Parties won"),
    )

    def games_won(self, report: BrouReport) -> Sequence[Sequence[int]]:
        """The parties each team won with each coup (``won``: a vole's three are three). The
        match is placed by them (``placing``): the count of a partie not won places nobody."""
        return [result.won for result in report.coups]

    def games_lost(self, report: BrouReport) -> Sequence[Sequence[int]]:
        """A lost game is a partie the other team won: its ``games_won`` read the other way."""
        return lost_of_won(self.games_won(report))


KINDS: tuple[Brou, ...] = (Brou(),)
"""Homme de Brou's one kind, listed once: its entry point and its web half serve these."""
