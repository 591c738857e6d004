"""L'Hombre's money systems are kinds (issue 44): a new one is a subclass and a line in SYSTEMS.

A made-up fourth system ("tournoi", the jetons' engine under its own name)
is read, replayed and written by its kind alone, with no other module
changed; a file naming a system that no kind gives is refused with the
systems named from the kinds.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

import pytest
from test_other_systems import played

from scorekeeper.rules import kinds
from scorekeeper.rules.errors import GameError
from scorekeeper.rules.hombre import kinds as hombre_kinds
from scorekeeper.rules.hombre.jetons import JetonsCoup, JetonsGame, JetonsRules


@dataclass(frozen=True)
class TournoiRules(JetonsRules):
    accounting: ClassVar[str] = "tournoi"


@dataclass(frozen=True)
class TournoiGame(JetonsGame):
    rules: TournoiRules = field(default_factory=TournoiRules)

    def with_coups(self, coups: tuple[JetonsCoup, ...]) -> TournoiGame:
        return TournoiGame(self.players, self.rules, self.first_dealer, tuple(coups))


class Tournoi(hombre_kinds.HombreJetons):
    key = "tournoi"
    tag = ("accounting", "tournoi")
    rules_type = TournoiRules
    game_type = TournoiGame


TOURNOI = Tournoi()


def tournoi_file(accounting: str) -> dict:
    return {
        "format": "scorekeeper-game/1",
        "game": "hombre",
        "players": ["A", "B", "C"],
        "first_dealer": "A",
        "rules": {"accounting": accounting, "stake": 4},
        "coups": [played("B", "simple", 2, 5, 2)],
    }


def test_a_fourth_system_is_read_replayed_and_written_by_its_kind(monkeypatch):
    monkeypatch.setattr(hombre_kinds, "SYSTEMS", (*hombre_kinds.SYSTEMS, TOURNOI))
    data = tournoi_file("tournoi")
    game = TOURNOI.load(data)
    assert isinstance(game, TournoiGame) and game.rules.stake == 4
    written = TOURNOI.dump(game)
    assert written["rules"]["accounting"] == "tournoi" and written["coups"] == data["coups"]
    assert TOURNOI.load(written) == game
    report = TOURNOI.dump_report(TOURNOI.replay(game))
    # an empty poule: each stakes 4; A and C pass in the bidding, 2 each (A 6, C 6, B 4 in);
    # B makes their simple and takes the poule (6 from A, 6 from C) and a prime of 1 from
    # each: B +14, A -7, C -7 (docs/rules/jetons.md, as test_other_systems' stake of 3)
    assert report["accounting"] == "tournoi"
    assert report["net"] == {"A": -7, "B": 14, "C": -7}
    # the other systems' kinds do not read its files
    with pytest.raises(TypeError):
        hombre_kinds.SYSTEMS[0].load(data)


def test_a_system_no_kind_gives_is_refused_naming_the_systems():
    with pytest.raises(GameError) as refused:
        kinds.load_file(tournoi_file("tournoi"))
    assert refused.value.field == "rules.accounting"
    assert "poule, jetons, danois" in str(refused.value) and "'tournoi'" in str(refused.value)
