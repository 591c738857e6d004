"""The search's draws, round by round, as they were before its speed-up (seeded: the same
seed must give the same draw on any machine and after any rewrite of the search)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from golden.make_draws import CASES, drawn

GOLDEN = json.loads((Path(__file__).parents[1] / "golden" / "draws.json").read_text("utf-8"))


@pytest.mark.parametrize("name", CASES)
def test_the_search_draws_what_it_drew(name):
    assert drawn(CASES[name]) == GOLDEN[name]
