"""What keeps a game file's coups from being checked, said by the refusal that does
(``GameError.coups_wait``, fix28b): the players (none read), the game (none read), an
l'Hombre money system unknown (none read), any other fault of the head: its rules, first
dealer, format (read, never replayed: ``replay``, fix29a), a coup's own fault as written
(read, none replayed: ``replay``, fix30d); a coup the replay refuses holds those after it
(``coup``, fix30d); one reason a file, the first that holds."""

from __future__ import annotations

import pytest
from notation import SEED

from scorekeeper.rules import kinds
from scorekeeper.rules.errors import WAITS, GameError, every_fault
from scorekeeper.rules.file_order import COUPS_HELD, coups_held, coups_held_line


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
    rules were said to); a coup's own fault beside them holds it too (fix30d)."""
    data = {**SEED, "format": "x", "first_dealer": 9, "rules": {"poule_system": "3-2", "x": 1}}
    found = waits({**data, "coups": [*SEED["coups"][:2], {}]})
    assert sorted(found) == [
        ("first_dealer", "replay"),
        ("format", "replay"),
        ("hombre", "replay"),
        ("rules.x", "replay"),
    ]


def test_players_refused_hold_them_and_the_rules_say_nothing_more():
    found = waits({**SEED, "players": ["A", "B"], "rules": {"poule_system": "3-2", "cave": 0}})
    assert ("players", "players") in found
    assert ("rules.cave", None) in found


def test_a_coup_refused_as_written_holds_the_replay():
    """A coup's own fault as the file writes it keeps every coup from being replayed, those
    before it too (fix30d: it held nothing, and the page said only that the coups after it
    could not be checked)."""
    found = waits({**SEED, "coups": [*SEED["coups"][:2], {}]})
    assert [wait for _, wait in found] == ["replay"]


TEN = {"hombre": "B", "contract": "demande", "tricks": {"A": 4, "B": 4, "C": 2}}


def test_a_coup_the_replay_refuses_holds_those_after_it():
    """The file read whole, coup 3's tricks summing to 10 (4 + 4 + 2): the replay refuses it
    (``kinds.replay_file``), and its refusal holds the coups after it (``coup``): 7 − 3 = 4,
    said with its number; by the command's words, lowercase after the fault."""
    game = kinds.load_file({**SEED, "coups": [*SEED["coups"][:2], TEN, *SEED["coups"][3:]]})
    with pytest.raises(GameError) as refused:
        kinds.replay_file(game)
    error = refused.value
    assert (error.coup, error.field, error.coups_wait) == (3, "tricks", "coup")
    assert coups_held(error, 7) == (
        "The 4 coups after it were read, but cannot be replayed until coup 3 is put right."
    )
    assert coups_held(error, 4) == (  # 4 − 3 = 1: the singular
        "The coup after it was read, but cannot be replayed until coup 3 is put right."
    )
    assert coups_held(error, 3) is None  # the last coup: none after it
    assert coups_held_line(error, 7) == (
        "coup 3: tricks sum to 10, expected 9; the 4 coups after it were read, but cannot be"
        " replayed until coup 3 is put right"
    )
    assert coups_held_line(error, 3) == "coup 3: tricks sum to 10, expected 9"


def test_the_wait_words_cover_every_wait():
    """Every reason the coups may wait for has its sentence (``COUPS_HELD``), and only those."""
    assert set(COUPS_HELD) == set(WAITS)
