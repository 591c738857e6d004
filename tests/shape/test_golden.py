"""Golden files: what the command printed before the game-kind redesign, byte for byte.

``tests/golden/make_golden.py`` drew the games and wrote the outputs; a
change of behaviour must be deliberate: regenerate, read the diff, say why.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from golden.make_golden import COMMANDS, outputs

HERE = Path(__file__).parents[1] / "golden"
GAMES = sorted(p.name.removesuffix(".game.json") for p in HERE.glob("*.game.json"))


def test_every_kind_has_golden_games():
    assert len(GAMES) >= 10


@pytest.mark.parametrize("name", GAMES)
def test_command_outputs_match_the_golden_files(name):
    got = outputs(HERE / f"{name}.game.json")
    assert set(got) == {*COMMANDS, "dump.json"}
    for suffix, text in got.items():
        assert text.encode() == (HERE / f"{name}.{suffix}").read_bytes(), suffix
