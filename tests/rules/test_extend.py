"""A replay is a fold: going on from the report of a prefix gives the full replay.

The store keeps each game's report and, when a coup is appended, continues
it (``GameKind.extend``) instead of replaying the game from its first coup.
For random games of every kind (the round-trip tests' strategies), the
report of any prefix extended by the rest equals the full replay, the
prefix's report is left as it was (it stays in the cache), and a coup the
engine refuses is refused in the same words either way.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from test_roundtrip import GAMES, KIND

from scorekeeper.rules import kinds
from scorekeeper.rules.errors import GameError

EXTEND = settings(max_examples=30, deadline=None)


def refusal(fold: Any) -> tuple[str, str, int | None, dict[str, Any]] | None:
    try:
        fold()
    except GameError as error:
        return error.field, error.template, error.coup, error.params
    return None


@pytest.mark.parametrize("key", list(KIND))
@EXTEND
@given(data=st.data())
def test_extending_a_prefix_gives_the_full_replay(key, data):
    kind = KIND[key]
    game = data.draw(GAMES[key], label="game")
    full = kind.replay(game)
    cut = data.draw(st.integers(0, len(game.coups)), label="cut")
    prefix = kind.replay(game.with_coups(game.coups[:cut]))
    before = kinds.dump_report(prefix)
    extended = kind.extend(prefix, game)
    assert extended == full
    assert kinds.dump_report(extended) == kinds.dump_report(full)
    assert kinds.dump_report(prefix) == before  # the prefix's report did not move
    assert kind.extend(prefix, game) == full  # and can be extended again
    # one coup at a time, as the app appends them
    step = kind.replay(game.with_coups(()))
    for n in range(1, len(game.coups) + 1):
        step = kind.extend(step, game.with_coups(game.coups[:n]))
    assert step == full


@pytest.mark.parametrize("key", list(KIND))
@EXTEND
@given(data=st.data())
def test_a_refused_coup_is_refused_alike(key, data):
    kind = KIND[key]
    game = data.draw(GAMES[key], label="game")
    other = data.draw(GAMES[key], label="other")  # its coups, after this game's
    assume(len(other.players) == len(game.players))
    longer = game.with_coups([*game.coups, *other.coups[:2]])
    start = kind.replay(game)
    assert refusal(lambda: kind.extend(start, longer)) == refusal(lambda: kind.replay(longer))


def test_another_table_is_replayed_whole():
    kind = KIND["hombre"]
    game = kinds.load_file(
        {
            "format": "scorekeeper-game/1",
            "game": "hombre",
            "players": ["Anne", "Bruno", "Chloé"],
            "coups": [{"pass": True}],
        }
    )
    other = game.with_coups(()).__class__(("Anne", "Bruno", "Denis"), game.rules, 0, game.coups)
    assert kind.extend(kind.replay(game), other) == kind.replay(other)
