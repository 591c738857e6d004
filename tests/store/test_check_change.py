"""A correction or deletion checked as far as it differs gives what the whole replay gives.

``correction.check_change`` (l'Hombre 1709, through ``GameKind.check``) folds
the changed game from the kept prefix before the change and stops where its
state is the old game's (``_Table.carried``), taking the rest from the old
game's replay. For random valid games (three and four seats, every poule
system, an end by poules or after a fixed number of coups, voles and
failed voles, whose odd chips a deletion's moved dealer gives to the other
tiers) with a random correction (a coup of the game, or
a new one: valid or not) or deletion: a refusal is the full replay's, word
for word and at the same coup; else the final nets, caves, stacks, poules
tirées, end and bête register are the full replay's, the coups folded are
its first ones, and so is what the check and delete pages show (the nets
changed). Now and then the later coups are shuffled too: the check must see
that they are not the old game's. Small spacings and few coups folded side by side make the check
stop at a kept prefix of the old game too.

A long game whose correction is back in step a coup later folds only that
coup (``folded``); with the stopping switched off it folds to the end.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from functools import partial
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from test_hombre_four import four_seat_games
from test_roundtrip import FIRST, NAMES, POULE_RULES, poule_coup

from scorekeeper.rules import kinds
from scorekeeper.rules.errors import GameError
from scorekeeper.rules.hombre import correction, engine
from scorekeeper.rules.hombre.correction import Checked
from scorekeeper.rules.hombre.engine import Contract, Coup, Game, Report
from scorekeeper.rules.hombre.ruleset import RuleSet
from scorekeeper.rules.ledger import net_changes
from scorekeeper.store.checkpoints import Checkpoints

CHECKS = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
KIND = kinds.kind_of(Game(("Anne", "Bruno", "Chloé")))


def vole_coup(seats: int) -> st.SearchStrategy[Coup]:
    """A vole annoncée, made or failed: the outcomes that split an odd chip by primauté."""

    def coup(hombre: int, mine: int) -> Coup:
        beside = (hombre + 1) % seats  # the tiers who takes what the hombre does not
        tricks = tuple(
            mine if s == hombre else 9 - mine if s == beside else 0 for s in range(seats)
        )
        return Coup(hombre, Contract.VOLE, tricks)

    return st.builds(coup, st.integers(0, seats - 1), st.sampled_from((9, 9, 7, 5, 3)))


@st.composite
def three_seat_games(draw: Any) -> Game:
    """A 1709 game of up to 80 coups, grown as the table plays it (refused candidates dropped)."""
    rules = draw(POULE_RULES)
    longer = draw(st.sampled_from((rules.poules_to_play, 12, 40)), label="poules to play")
    # half the games end after a number of coups (small: the end falls inside the game)
    by_coups = draw(st.one_of(st.just(0), st.sampled_from((1, 2, 3, 5, 8, 13, 40))), label="N")
    rules = replace(rules, poules_to_play=longer, coups_to_play=by_coups)
    empty = Game(draw(NAMES[3]), rules, draw(FIRST[3]))
    candidates = st.one_of(poule_coup(), vole_coup(3))
    report = engine.replay(empty)
    for _ in range(draw(st.integers(0, 80), label="candidates")):
        if report.finished:
            break
        game = empty.with_coups([*report.game.coups, draw(candidates)])
        try:
            report = engine.extend(report, game)
        except GameError:
            continue
    return report.game


GAMES = st.one_of(
    three_seat_games(),
    three_seat_games(),
    four_seat_games().filter(lambda game: isinstance(game, Game)),
)


@contextmanager
def side_by_side(coups: int) -> Iterator[None]:
    kept = correction.SIDE_BY_SIDE
    correction.SIDE_BY_SIDE = coups
    try:
        yield
    finally:
        correction.SIDE_BY_SIDE = kept


def outcome(fold: Any) -> Any:
    try:
        return fold()
    except GameError as error:
        return error.field, error.template, error.coup, error.params


@CHECKS
@given(data=st.data())
def test_a_checked_change_is_the_whole_replay(data):
    game = data.draw(GAMES, label="game")
    if not game.coups:
        return
    kept = Checkpoints(data.draw(st.integers(1, 8), label="spacing"), 4)
    old = kept.fold(KIND, None, game)
    k = data.draw(st.integers(1, len(game.coups)), label="k")
    coups = list(game.coups)
    if data.draw(st.booleans(), label="delete"):
        del coups[k - 1]
    elif data.draw(st.booleans(), label="one of the game's"):
        coups[k - 1] = data.draw(st.sampled_from(game.coups), label="replacement")
    else:
        seats = len(game.players)
        made = poule_coup() if seats == 3 else st.just(Coup())
        coups[k - 1] = data.draw(st.one_of(made, vole_coup(seats)), label="new coup")
    if data.draw(st.integers(0, 5), label="later coups shuffled") == 0:
        # not a correction (the check is told so): it must not trust the old game's coups
        coups[k:] = data.draw(st.permutations(coups[k:]), label="later coups")
    changed = game.with_coups(coups)
    expected = outcome(partial(engine.replay, changed))
    with side_by_side(data.draw(st.sampled_from((0, 1, 3, 64)), label="side by side")):
        got = outcome(partial(kept.check, KIND, old, coups, k))
    if isinstance(expected, tuple):
        assert got == expected
        return
    assert isinstance(got, (Checked, Report))
    event(f"stopped: {isinstance(got, Checked)}, shift {len(game.coups) - len(coups)}")
    event(f"end by coups: {bool(game.rules.coups_to_play)}, finished: {expected.finished}")
    if isinstance(got, Checked):
        event(f"open bêtes where it joined: {bool(got.other.pending or got.other.in_play)}")
    assert got.game == changed
    assert got.net == expected.net
    assert got.caves == expected.caves
    assert got.stacks == expected.stacks
    assert got.poules_tirees == expected.poules_tirees
    assert got.finished == expected.finished
    assert got.marks == expected.marks
    assert got.betes == expected.betes
    assert got.coups == expected.coups[: len(got.coups)]
    if len(coups) == len(game.coups):  # the corrected coup, as the page shows it
        assert got.coups[k - 1] == expected.coups[k - 1]
    assert net_changes(old, got) == net_changes(old, expected)


def long_game(count: int) -> Game:
    """Three players win in turn, a remise now and then: bêtes come and go."""
    coups = []
    for n in range(count):
        hombre = n % 3
        if n % 7 == 3:
            tricks = tuple(3 for _ in range(3))  # a remise: a bête made
        else:
            tricks = tuple(5 if s == hombre else 2 for s in range(3))
        coups.append(Coup(hombre, Contract.DEMANDE, tricks, 3 if n % 5 == 0 else 0))
    return Game(("Anne", "Bruno", "Chloé"), RuleSet(poules_to_play=10**6), 0, tuple(coups))


def test_a_correction_back_in_step_folds_only_what_differs():
    game = long_game(3_000)
    kept = Checkpoints()
    old = kept.fold(KIND, None, game)
    k = 1_501  # a won demande: the other player wins it instead
    assert old.coups[k - 1].outcome is engine.Outcome.GAGNE
    coups = list(game.coups)
    before = coups[k - 1]
    other = (before.hombre + 1) % 3
    coups[k - 1] = Coup(other, Contract.DEMANDE, tuple(5 if s == other else 2 for s in range(3)))
    checked = kept.check(KIND, old, coups, k)
    full = engine.replay(game.with_coups(coups))
    assert isinstance(checked, Checked)
    assert checked.folded <= 2 and len(checked.coups) <= k + 1
    assert checked.net == full.net and checked.net != old.net
    assert checked.caves == full.caves and checked.betes == full.betes
    deleted = kept.check(KIND, old, [*game.coups[: k - 1], *game.coups[k:]], k)
    assert isinstance(deleted, Checked) and deleted.folded <= 8
    assert deleted.net == engine.replay(deleted.game).net


def test_without_stopping_the_check_folds_to_the_end(monkeypatch):
    game = long_game(600)
    kept = Checkpoints()
    old = kept.fold(KIND, None, game)
    coups = list(game.coups)
    coups[300] = Coup()
    monkeypatch.setattr(correction, "JOINING", False)
    report = kept.check(KIND, old, coups, 301)
    assert isinstance(report, Report) and len(report.coups) == 600
    assert report == engine.replay(game.with_coups(coups))
