"""What keeps a game file's coups from being checked, said by the refusal that does
(``GameError.coups_wait``, fix28b): the players (none read), the game (none read), the rules
(read, never replayed); one of them a file, the first that holds."""

from __future__ import annotations

import pytest
from notation import SEED

from scorekeeper.rules import kinds
from scorekeeper.rules.errors import every_fault


def waits(data: object) -> list[tuple[str, str | None]]:
    """Each refusal of ``data``'s head: its field and what it says the coups wait for."""
    with pytest.raises(ValueError) as refused:
        kinds.load_file(data)
    return [(fault.field, fault.coups_wait) for fault in every_fault(refused.value)]


def test_an_unknown_game_holds_the_coups():
    assert waits({**SEED, "game": "whist"}) == [("game", "game")]
    assert waits({k: v for k, v in SEED.items() if k != "game"}) == [("game", "game")]


def test_refused_rules_hold_the_coups():
    rules = {"poule_system": "3-2", "accounting": "zzz"}
    assert waits({**SEED, "rules": rules}) == [("rules.accounting", "rules")]
    found = waits({**SEED, "rules": {"poule_system": "3-2", "cave": 0, "x": 1}})
    assert sorted(found) == [("rules.cave", "rules"), ("rules.x", "rules")]


def test_players_refused_hold_them_and_the_rules_say_nothing_more():
    found = waits({**SEED, "players": ["A", "B"], "rules": {"poule_system": "3-2", "cave": 0}})
    assert ("players", "players") in found
    assert ("rules.cave", None) in found


def test_a_coup_refused_holds_nothing():
    """A coup's own refusal says nothing of the others (the page counts those after it)."""
    found = waits({**SEED, "coups": [*SEED["coups"][:2], {}]})
    assert [wait for _, wait in found] == [None]
