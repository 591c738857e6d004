"""A game is read once per version, and what is kept is what a fresh read gives.

Each process keeps the games it served (scorekeeper/store/cache.py). Another
process's change is simulated by putting back what this one kept before
the change: the row's version then differs, and the game is read again —
only the appended coups when the kept ones are still the first, the whole
game otherwise.
"""

from __future__ import annotations

import pytest
from apps import fresh_database

from scorekeeper import store
from scorekeeper.db import connect
from scorekeeper.rules.hombre.engine import Contract, Coup, Game
from scorekeeper.rules.kinds import dump_report, replay
from scorekeeper.store import cache

NAMES = ("Anne", "Bruno", "Chloé")
WON = Coup(0, Contract.DEMANDE, (5, 2, 2))
LOST = Coup(1, Contract.DEMANDE, (5, 2, 2))


def fresh(db, game_id: int) -> store.StoredGame:
    """The game as a process that kept nothing reads it."""
    key = cache.key_of(db, game_id)
    assert key is not None
    kept = cache.CACHE.get(key)
    cache.CACHE.drop(key)
    try:
        return store.load(db, game_id)
    finally:
        if kept is not None:
            cache.CACHE.put(key, kept)


def same(a: store.StoredGame, b: store.StoredGame) -> None:
    assert a == b
    assert dump_report(a.replay()) == dump_report(b.replay())
    assert a.replay() == replay(b.game)


def test_one_read_per_version(db):
    game_id = store.create(db, Game(NAMES, coups=(WON, Coup())))
    first = store.load(db, game_id)
    assert store.load(db, game_id) is first  # same version: the kept game
    assert first.replay() is first.replay()  # replayed once
    store.add_coup(db, game_id, LOST, version=first.version)
    second = store.load(db, game_id)
    assert second is not first and second.version == first.version + 1
    assert second.game.coups == (WON, Coup(), LOST)
    same(second, fresh(db, game_id))


def test_another_process_appended_a_coup(db):
    game_id = store.create(db, Game(NAMES, coups=(WON,)))
    key = cache.key_of(db, game_id)
    before = store.load(db, game_id)
    before.replay()
    kept = cache.CACHE.get(key)
    store.add_coup(db, game_id, LOST)
    store.add_coup(db, game_id, Coup())
    cache.CACHE.put(key, kept)  # this process saw neither
    after = store.load(db, game_id)
    assert after.basis is before.replay()  # continued, not replayed whole
    same(after, fresh(db, game_id))


@pytest.mark.parametrize("change", ["edit", "delete", "money", "link"])
def test_another_process_changed_the_game(db, change):
    game_id = store.create(db, Game(NAMES, coups=(WON, LOST, Coup())))
    key = cache.key_of(db, game_id)
    before = store.load(db, game_id)
    before.replay()
    kept = cache.CACHE.get(key)
    if change == "edit":
        store.edit_coup(db, game_id, 1, LOST)
    elif change == "delete":
        store.delete_coup(db, game_id, 2)
    elif change == "money":
        store.set_money(db, game_id, None)
    else:
        store.set_manager_hash(db, game_id, "0" * 64)
    cache.CACHE.put(key, kept)
    after = store.load(db, game_id)
    assert after.version == before.version + 1
    assert after.basis is None or change in ("money", "link")
    same(after, fresh(db, game_id))
    if change == "link":
        assert after.manager_hash == "0" * 64


def test_a_refused_change_keeps_nothing(db):
    game_id = store.create(db, Game(NAMES, coups=(WON,)))
    kept = store.load(db, game_id)
    with pytest.raises(store.Conflict):
        store.add_coup(db, game_id, LOST, version=kept.version - 1)
    assert store.load(db, game_id) is kept


def test_same_ids_in_two_databases(tmp_path):
    one = connect(fresh_database(tmp_path / "one.sqlite"))
    two = connect(fresh_database(tmp_path / "two.sqlite"))
    a = store.create(one, Game(NAMES, coups=(WON,)))
    b = store.create(two, Game(NAMES, coups=(LOST,)))
    assert a == b
    assert store.load(one, a).game.coups == (WON,)
    assert store.load(two, b).game.coups == (LOST,)


def test_the_cache_is_bounded():
    small = cache.GameCache(games=2, coups=5)
    entry = cache.Entry((1,), (), ("{}",) * 2, None)
    for n in range(4):
        small.put(("db", n), entry)
    assert len(small) == 2 and small.get(("db", 0)) is None
    small.put(("db", 9), cache.Entry((1,), (), ("{}",) * 4, None))
    assert len(small) == 1  # 4 + 2 coups would be more than 5
    small.put(("db", 10), cache.Entry((1,), (), ("{}",) * 6, None))
    assert small.get(("db", 10)) is None  # larger than the whole cache: not kept
