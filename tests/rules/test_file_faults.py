"""A game file's faults found apart from each other are refused together (names22).

Every kind reads a file's head (format, players, first dealer), its rules and the type of
its coups each apart from the others, and refuses them together (``errors.GameErrors``),
which reads as the first of them: what ``scorekeeper replay`` always said. The players
repeated are a ``gamefile.RepeatedName`` (its names, for a page to say them its way).
"""

from __future__ import annotations

import pytest
from fuzz_data import BROU, DANISH, JETONS, MANILLE, MANILLEN, SEED

from scorekeeper.rules import kinds
from scorekeeper.rules.errors import GameError, GameErrors, every_fault
from scorekeeper.rules.gamefile import RepeatedName

SEEDS = {"hombre": SEED, "brou": BROU, "manille": MANILLE, "manillen": MANILLEN}
SEEDS |= {"jetons": JETONS, "danois": DANISH}


def refused(data: object) -> GameError:
    with pytest.raises(GameError) as caught:
        kinds.load_file(data)
    return caught.value


@pytest.mark.parametrize("kind", sorted(SEEDS))
def test_every_kind_refuses_its_heads_faults_together(kind):
    seed = SEEDS[kind]
    players = list(seed["players"])
    spoilt = {
        **seed,
        "format": "scorekeeper-game/0",
        "players": [players[0], *players[:-1]],  # the first name twice, the count kept
        "rules": {**seed["rules"], "typo": 1, "other_typo": 2},
    }
    error = refused(spoilt)
    assert isinstance(error, GameErrors)
    fields = [fault.field for fault in every_fault(error)]
    assert fields == ["format", "players", "rules.typo", "rules.other_typo"]
    repeated = every_fault(error)[1]
    assert isinstance(repeated, RepeatedName)
    assert (repeated.name, repeated.other) == (players[0], players[0])
    # it reads as the first: the command's one line, as before
    assert str(error) == "format must be 'scorekeeper-game/1', got 'scorekeeper-game/0'"
    assert error.field == "format"


def test_one_fault_is_itself_and_the_repeated_name_keeps_the_formats_words():
    error = refused({**SEED, "players": ["A", "A", "C"]})
    assert type(error) is RepeatedName
    assert str(error) == "players must be three or four distinct non-empty names"
    spelt = refused({**SEED, "players": ["A", "B", "a"]})
    assert str(spelt) == (
        "a is already at this table as A (names are compared without case, accents or spaces)."
    )


def test_a_rules_unknown_keys_and_its_values_out_of_bounds_are_refused_together():
    """``settings.with_known``: the unknown keys, then each setting's row (``check_all``)."""
    error = refused({**BROU, "rules": {"typo": 1, "goal": 0}})
    assert [fault.field for fault in every_fault(error)] == ["rules.typo", "rules.goal"]
    assert str(error) == "rules.typo: unknown rule"


@pytest.mark.parametrize(
    ("value", "written"),
    [
        (None, "null"),
        (True, "true"),
        (False, "false"),
        ("whist", '"whist"'),
        (2.5, "2.5"),
        (7, "7"),
        (["é", None], '["é", null]'),
        ({"a": 1}, '{"a": 1}'),
    ],
)
def test_a_value_is_quoted_as_the_file_writes_it(value, written):
    """``"format": null`` was "got None" (Python's spelling): a page says the value as the file
    writes it, in JSON, and so does the command but for a text, which keeps the single quotes
    tests/serving/test_cli.py pins ("got 'whist'") (fix27b)."""
    error = refused({**SEED, "format": value})
    assert error.translated(lambda text: text) == (
        f'format must be "scorekeeper-game/1", got {written}'
    )
    command = "'whist'" if value == "whist" else written
    assert str(error) == f"format must be 'scorekeeper-game/1', got {command}"
