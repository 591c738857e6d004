"""The change log's end read once (store/changelog.py: ``coup_changes``): the undo line a
redo would put back and the last change to the coups, for the game page's redo button
and its change notice, which each read the log on their own before.

Random logs of a game (coups added, corrected, deleted, undone and redone, lines that
are not about the coups, the chain's marker) against the two rules written out plainly:
- a redo puts back the newest undo not yet redone, while only undos and redos (and the
  marker) came since: anything else ends the offer;
- the notice tells the newest line that changed the coups.
"""

from __future__ import annotations

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from scorekeeper import store
from scorekeeper.rules.hombre.engine import Game
from scorekeeper.store.changelog import Action, coup_changes, log

NAMES = ("Anne", "Bruno", "Chloé")
COUP_ACTIONS = (Action.ADD, Action.EDIT, Action.DELETE, Action.UNDO, Action.REDO)
OTHERS = (Action.CHAIN, Action.RULES, Action.PHONE_NAMED, Action.PAID)
LINES = st.lists(st.sampled_from(COUP_ACTIONS + OTHERS), max_size=12)


def redo_by_hand(actions: list[Action]) -> int | None:
    """The index of the undo line a redo puts back, newest first (the rule, written out)."""
    undone = 0
    for at in range(len(actions) - 1, -1, -1):
        action = actions[at]
        if action == Action.CHAIN:
            continue
        if action == Action.REDO:
            undone += 1  # that redo put back the newest undo before it
        elif action == Action.UNDO and undone:
            undone -= 1
        elif action == Action.UNDO:
            return at
        else:
            return None
    return None


def last_by_hand(actions: list[Action]) -> int | None:
    found = [at for at, action in enumerate(actions) if action in COUP_ACTIONS]
    return found[-1] if found else None


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(actions=LINES)
@example(actions=[Action.ADD, Action.UNDO, Action.CHAIN])  # the marker does not end the offer
@example(actions=[Action.ADD, Action.UNDO, Action.RULES])  # another change does
@example(actions=[Action.ADD, Action.PAID, Action.PHONE_NAMED])  # the notice looks past them
def test_one_read_finds_the_redo_and_the_last_change_to_the_coups(db, actions):
    game_id = store.create(db, Game(NAMES))  # a game of its own for each example
    for at, action in enumerate(actions):
        log(db, game_id, action, position=at + 1, before={"line": at}, after={"line": at})
    found = coup_changes(db, game_id)
    redo, last = redo_by_hand(actions), last_by_hand(actions)
    # each line's position is its index + 1 here: the line found is the one expected (the
    # game's creation line comes first and is not about the coups)
    assert (None if found.redo is None else found.redo["position"] - 1) == redo
    assert (None if found.last is None else found.last["position"] - 1) == last
    assert store.redoable(db, game_id) == (None if redo is None else redo + 1)


def test_two_undos_then_a_redo_offer_the_first_undo_again(db):
    """Coups 5 and 4 undone, then 4 redone: the redo now puts 5 back; the notice tells the
    redo (the newest change to the coups)."""
    game_id = store.create(db, Game(NAMES))
    for action, position in ((Action.ADD, 5), (Action.UNDO, 5), (Action.UNDO, 4), (Action.REDO, 4)):
        log(db, game_id, action, position=position, before={}, after={})
    found = coup_changes(db, game_id)
    assert found.redo is not None and found.redo["position"] == 5
    assert found.last is not None and found.last["action"] == Action.REDO
