"""What keeps a game file's coups from being checked, said by the refusal that does
(``GameError.coups_wait``, fix28b): the players (none read), the game (none read), an
l'Hombre money system unknown (none read), any other fault of the head: its rules, first
dealer, format (read, never replayed: ``replay``, fix29a); one reason a file, the first
that holds."""

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
    rules = {"poule_system": "3-2", "accounting": "zzz"}  # no system to read the coups by
    assert waits({**SEED, "rules": rules}) == [("rules.accounting", "rules")]
    found = waits({**SEED, "rules": {"poule_system": "3-2", "cave": 0, "x": 1}})
    assert sorted(found) == [("rules.cave", "replay"), ("rules.x", "replay")]


def test_every_fault_of_the_head_holds_the_replay():
    """The first dealer and the format stop the replay as the rules do (fix29a: only the
    rules were said to); a coup's own fault beside them holds nothing."""
    data = {**SEED, "format": "x", "first_dealer": 9, "rules": {"poule_system": "3-2", "x": 1}}
    found = waits({**data, "coups": [*SEED["coups"][:2], {}]})
    assert sorted(found) == [
        ("first_dealer", "replay"),
        ("format", "replay"),
        ("hombre", None),
        ("rules.x", "replay"),
    ]


def test_players_refused_hold_them_and_the_rules_say_nothing_more():
    found = waits({**SEED, "players": ["A", "B"], "rules": {"poule_system": "3-2", "cave": 0}})
    assert ("players", "players") in found
    assert ("rules.cave", None) in found


def test_a_coup_refused_holds_nothing():
    """A coup's own refusal says nothing of the others (the page counts those after it)."""
    found = waits({**SEED, "coups": [*SEED["coups"][:2], {}]})
    assert [wait for _, wait in found] == [None]
