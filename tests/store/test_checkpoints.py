"""A correction goes on from a kept prefix and gives what a whole replay gives.

``checkpoints.py`` keeps the reports of a game's prefixes; a correction or
deletion at coup k goes on from the nearest one of at most k − 1 coups. For
random games of every kind (four-seat l'Hombre of the three systems
included), random positions and random changes — delete coup k, or put
another coup in its place (one of this game or of another: it may be
refused there) — the report equals the plain replay of the changed game
from its first coup, a refusal is the same refusal, and no kept prefix
moves. Small spacings make a few coups cross many checkpoints, and the
thinning (the spacing doubling) happen.

The store validates a correction inside its write transaction against the
game as stored then: a correction valid on the page but refused by the game
written meanwhile by another phone is refused, and nothing is written.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_extend import refusal
from test_hombre_four import four_seat_games
from test_roundtrip import GAMES, KIND

from scorekeeper import store
from scorekeeper.rules import kinds
from scorekeeper.rules.errors import GameError
from scorekeeper.rules.hombre.engine import Contract, Coup, Game
from scorekeeper.rules.hombre.ruleset import RuleSet
from scorekeeper.rules.manille.belge import TRUMPS, ManillenCoup, ManillenGame, ManillenRules
from scorekeeper.store import cache
from scorekeeper.store.checkpoints import Checkpoints, length

CHANGES = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
STRATEGIES = {**GAMES, "hombre four seats": four_seat_games()}


def outcome(fold: Any) -> Any:
    """The report as the file writes it, or the refusal (field, message, coup, values)."""
    try:
        return kinds.dump_report(fold())
    except GameError as error:
        return error.field, error.template, error.coup, error.params


@pytest.mark.parametrize("key", list(STRATEGIES))
@CHANGES
@given(data=st.data())
def test_a_change_from_the_kept_prefix_is_the_whole_replay(key, data):
    game = data.draw(STRATEGIES[key], label="game")
    kind = kinds.kind_of(game)
    spacing = data.draw(st.integers(1, 4), label="spacing")
    kept = Checkpoints(spacing, data.draw(st.integers(1, 4), label="most"))
    full = kept.fold(kind, None, game)
    assert full == kind.replay(game)
    for n in kept.positions():  # each kept report is its prefix's replay
        assert kept.nearest(n) == kind.replay(game.with_coups(game.coups[:n]))
    frozen = {n: kinds.dump_report(kept.nearest(n)) for n in kept.positions()}
    other = data.draw(STRATEGIES[key], label="other game")
    same_table = type(other) is type(game) and len(other.players) == len(game.players)
    others = other.coups if same_table else ()  # four seats: it may be another system
    for _ in range(data.draw(st.integers(1, 3), label="changes")):
        if not game.coups:
            break
        k = data.draw(st.integers(1, len(game.coups)), label="k")
        coups = list(game.coups)
        if data.draw(st.booleans(), label="delete"):
            del coups[k - 1]
        else:
            pool = [*game.coups, *others]
            coups[k - 1] = pool[data.draw(st.integers(0, len(pool) - 1), label="replacement")]
        changed = game.with_coups(coups)
        expected = outcome(partial(kind.replay, changed))
        assert outcome(partial(kept.changed, kind, game, coups, k)) == expected
        if not isinstance(expected, tuple):
            assert kept.changed(kind, game, coups, k) == kind.replay(changed)
    for n, report in frozen.items():  # what is still kept did not move
        if n in kept.positions():
            assert kinds.dump_report(kept.nearest(n)) == report


@pytest.mark.parametrize("key", list(KIND))
@settings(max_examples=20, deadline=None)
@given(data=st.data())
def test_a_refused_change_is_refused_alike(key, data):
    """A coup of another game put anywhere: often refused, always as a whole replay refuses it."""
    game = data.draw(GAMES[key], label="game")
    other = data.draw(GAMES[key], label="other")
    if not game.coups or not other.coups or len(other.players) != len(game.players):
        return
    kind = KIND[key]
    kept = Checkpoints(2, 3)
    kept.fold(kind, None, game)
    k = data.draw(st.integers(1, len(game.coups)), label="k")
    coups = [*game.coups[: k - 1], *other.coups]
    changed = game.with_coups(coups)
    assert refusal(lambda: kept.changed(kind, game, coups, k)) == refusal(
        lambda: kind.replay(changed)
    )


def test_the_spacing_doubles_and_keeps_few():
    game = Game(("Anne", "Bruno", "Chloé"), coups=(Coup(),) * 100)
    kind = kinds.kind_of(game)
    kept = Checkpoints(4, 5)
    kept.fold(kind, None, game)
    assert len(kept) <= 5 and kept.spacing == 32
    assert kept.positions() == [32, 64, 96]
    assert all(length(kept.nearest(n)) == n for n in kept.positions())


def test_a_kind_that_replays_whole_keeps_nothing():
    four = ("Anne", "Bruno", "Chloé", "Denis")
    coups = tuple(ManillenCoup(TRUMPS[0], n % 3, 30) for n in range(6))
    game = ManillenGame(four, ManillenRules(deals=8, sans_atout=0), 0, coups)
    kind = kinds.kind_of(game)
    assert not kind.folds
    kept = Checkpoints(1, 4)
    assert kept.fold(kind, None, game) == kind.replay(game)
    assert len(kept) == 0


# --- the store: the correction is checked again when it is written --------------------------

NAMES = ("Anne", "Bruno", "Chloé")
WON = Coup(0, Contract.DEMANDE, (5, 2, 2))
LONG = RuleSet(poules_to_play=1000)


def test_a_correction_is_checked_against_the_game_as_written(db):
    """The page's check passed on the kept game; the write transaction reads the row again.

    Another process ended the game meanwhile (its last poule won): the
    correction of coup 2 into a pass is fine for the kept game but, in the
    game as stored now, coup 3 (the poule that ends it) would be followed
    by coup 4. The store refuses it and writes nothing.
    """
    rules = {"poules_to_play": 2, "end": "share"}
    game = kinds.build("hombre", NAMES, rules, 0, [])
    game_id = store.create(db, game.with_coups([WON, Coup(), Coup()]))
    seen = store.load(db, game_id)
    seen.check([WON, Coup(), WON], 3)  # what the page checked: accepted on the kept game
    key = cache.key_of(db, game_id)
    kept = cache.CACHE.get(key)
    store.add_coup(db, game_id, WON)  # another phone: the second poule ends the game
    cache.CACHE.put(key, kept)  # this process did not see it
    with pytest.raises(GameError) as refused:
        store.edit_coup(db, game_id, 3, WON)
    assert refused.value.coup == 4
    assert store.load(db, game_id).game.coups == (WON, Coup(), Coup(), WON)
    assert store.load(db, game_id).replay() == kinds.replay(
        game.with_coups([WON, Coup(), Coup(), WON])
    )


def test_after_a_correction_the_page_goes_on_from_a_kept_prefix(db):
    coups = [WON if n % 3 else Coup() for n in range(1, 31)]
    game_id = store.create(db, Game(NAMES, LONG, coups=tuple(coups)))
    before = store.load(db, game_id)
    before.checkpoints.spacing = 4  # short games: kept prefixes every 4 coups
    before.replay()
    assert before.checkpoints.positions()[:2] == [4, 8]
    store.delete_coup(db, game_id, 17, version=before.version)
    after = store.load(db, game_id)
    assert max(after.checkpoints.positions()) <= 16  # those after the deletion are gone
    expected = kinds.replay(Game(NAMES, LONG, coups=tuple(coups[:16] + coups[17:])))
    assert after.replay() == expected
    assert kinds.dump_report(after.replay()) == kinds.dump_report(expected)
