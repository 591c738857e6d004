"""Every change of a stored game goes through ``store.changing``: one transaction, one version.

Each public change is called twice on the same game: with the version its
page was shown at, it moves the game on exactly one version and leaves
exactly one line in the change log; with an older version, it is refused
(``Conflict``) and nothing at all is written — no coup, no grant, no log
line, no version. A change the game's rules refuse rolls back the same way.
The schema keeps every game's ``game`` column filled (NOT NULL since the
first migration), which is why the store reads it without a default.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
import sqlite_utils

from scorekeeper import store
from scorekeeper.clubs.seats import relink_seats
from scorekeeper.db import connect
from scorekeeper.db.migrations import migrations
from scorekeeper.rules.errors import GameError
from scorekeeper.rules.hombre.engine import Contract, Coup, Game
from scorekeeper.rules.money import Money
from scorekeeper.store import grants

NAMES = ("Anne", "Bruno", "Chloé")
WON = Coup(0, Contract.DEMANDE, (5, 2, 2))
LOST = Coup(1, Contract.DEMANDE, (5, 2, 2))
CODE = "code-hash"
TABLES = ("games", "coups", "changes", "grants", "coup_keys")


@dataclass(frozen=True)
class Table:
    """A stored game ready for every change: coups, an undone one to redo, a phone, a code."""

    id: int
    grant: int
    empty: int
    """A game without coups: its rule set may still change."""


@pytest.fixture()
def table(db) -> Table:
    game_id = store.create(db, Game(NAMES, coups=(WON, LOST, Coup())), handover_hash=CODE)
    store.delete_coup(db, game_id)  # an undo: a redo is possible
    grant = grants.give(db, game_id, "phone", "Phone")
    empty = store.create(db, Game(NAMES))
    return Table(game_id, grant.id, empty)


def rules(db, game_id: int) -> Any:
    return store.load(db, game_id).game.rules


Call = Callable[[sqlite_utils.Database, Table, int], object]

CHANGES: dict[str, tuple[store.Action, bool, Call]] = {
    "add_coup": (store.Action.ADD, False, lambda db, t, v: store.add_coup(db, t.id, LOST, v)),
    "add_coup with the phone's key": (
        store.Action.ADD,
        False,
        lambda db, t, v: store.add_coup(db, t.id, LOST, v, key="phone-key-0123456789"),
    ),
    "edit_coup": (store.Action.EDIT, False, lambda db, t, v: store.edit_coup(db, t.id, 1, LOST, v)),
    "delete_coup": (
        store.Action.DELETE,
        False,
        lambda db, t, v: store.delete_coup(db, t.id, 1, v),
    ),
    "undo": (store.Action.UNDO, False, lambda db, t, v: store.delete_coup(db, t.id, None, v)),
    "redo_coup": (store.Action.REDO, False, lambda db, t, v: store.redo_coup(db, t.id, v)),
    "set_table": (
        store.Action.RULES,
        True,
        lambda db, t, v: store.set_table(
            db, t.empty, NAMES[::-1], 1, rules(db, t.empty), v, seats=relink_seats
        ),
    ),
    "set_money": (
        store.Action.MONEY,
        False,
        lambda db, t, v: store.set_money(db, t.id, Money(Decimal("0.05"), "EUR"), v),
    ),
    "set_manager_hash": (
        store.Action.MANAGER_LINK,
        False,
        lambda db, t, v: store.set_manager_hash(db, t.id, "new-link", v, "phone"),
    ),
    "set_handover_hash": (
        store.Action.HANDOVER_CODE,
        False,
        lambda db, t, v: store.set_handover_hash(db, t.id, "new-code", v),
    ),
    "take_over": (
        store.Action.TAKEOVER,
        False,
        lambda db, t, v: store.take_over(db, t.id, CODE, "next", "link", "other", "Other", v),
    ),
    "remove_device": (
        store.Action.PHONE_REMOVED,
        False,
        lambda db, t, v: store.remove_device(db, t.id, t.grant, v, "new"),
    ),
}


def everything(db) -> dict[str, list[tuple[Any, ...]]]:
    """Every row a change could write, as stored."""
    return {name: db.execute(f"select * from {name} order by rowid").fetchall() for name in TABLES}


def version(db, game_id: int) -> int:
    return int(db.execute("select version from games where id = ?", [game_id]).fetchone()[0])


def log_lines(db, game_id: int) -> list[str]:
    rows = db.execute("select action from changes where game_id = ? order by id", [game_id])
    return [row[0] for row in rows]


@pytest.mark.parametrize("name", CHANGES)
def test_a_stale_version_is_refused_and_nothing_is_written(db, table, name):
    _, empty, call = CHANGES[name]
    game_id = table.empty if empty else table.id
    store.set_money(db, game_id, None)  # the page was shown at the version before this
    before = everything(db)
    with pytest.raises(store.Conflict):
        call(db, table, version(db, game_id) - 1)
    assert everything(db) == before


@pytest.mark.parametrize("name", CHANGES)
def test_a_change_moves_one_version_and_logs_one_line(db, table, name):
    action, empty, call = CHANGES[name]
    game_id = table.empty if empty else table.id
    was, lines = version(db, game_id), log_lines(db, game_id)
    call(db, table, was)
    assert version(db, game_id) == was + 1
    assert log_lines(db, game_id) == [*lines, str(action)]
    assert store.load(db, game_id).version == was + 1  # the kept game follows too


def test_a_change_the_rules_refuse_writes_nothing(db, table):
    before = everything(db)
    with pytest.raises(GameError):
        store.set_table(
            db, table.id, NAMES, 1, rules(db, table.id), version(db, table.id), seats=relink_seats
        )
    assert everything(db) == before


def test_every_change_goes_through_changing():
    """No module of the store, the clubs, the events or the cash box opens a transaction of
    its own but ``changing`` (every versioned change: games, events, clubs — issue 34) and
    the three creations (no version yet): a game's, an event's, a club's (since issue 43 its
    first log line holds its row). Nothing bumps a version by itself."""
    package = Path(store.__file__).parent.parent
    opening = {
        str(path.relative_to(package))
        for folder in ("store", "clubs", "events", "cashbox")
        for path in (package / folder).glob("*.py")
        if "transaction(db)" in path.read_text() or "BEGIN" in path.read_text()
    }
    assert opening == {
        "store/changing.py",
        "store/game_setup.py",
        "events/records.py",
        "clubs/records.py",
    }
    folder = package / "store"
    assert (folder / "game_setup.py").read_text().count("with transaction(db)") == 1
    assert (package / "events/records.py").read_text().count("with transaction(db)") == 1
    assert (package / "clubs/records.py").read_text().count("with transaction(db)") == 1
    versions = {
        str(path.relative_to(package))
        for path in package.rglob("*.py")
        if re.search(r"set version = (version \+ 1|\?)", path.read_text())
    }
    assert versions == set()  # changing writes ``version = :version``, nobody else


def test_a_game_s_kind_is_never_null_from_the_first_schema_on(tmp_path):
    """Why the store reads ``games.game`` without an ``or "hombre"``: no row can lack it."""
    path = tmp_path / "old.sqlite"
    old = sqlite_utils.Database(sqlite3.connect(path))
    migrations.apply(old, stop_before="m002_money")  # the schema of the first release
    row = {"players": "[]", "first_dealer": 0, "rules": "{}", "created_at": "", "version": 1}
    with pytest.raises(sqlite3.IntegrityError):
        old["games"].insert({**row, "game": None})
    old.close()
    db = connect(path, migrate=True)
    columns = {column[1]: column[3] for column in db.execute("pragma table_info(games)")}
    assert columns["game"] == 1  # notnull, after every migration
    with pytest.raises(sqlite3.IntegrityError):
        db["games"].insert({**row, "game": None})
    db.close()
