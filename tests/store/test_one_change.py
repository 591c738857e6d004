"""Issue 34 (one versioned change) and issue 36 (verify misses cut tails), on a real SQLite file.

Every owner — a game, an event, a club — changes through ``store.changing``:
with the version its page showed, a change moves it on exactly one version
and leaves exactly one line on its own hash chain; with an older version it
is refused (``Conflict``) and nothing at all is written. Each chain's length
and head are kept on its owner's row, so that ``scorekeeper verify`` names
the owner whose chain lost its last rows — a game's log, a club's ledger and
change log, an event's change log — and an event change removed from the
middle breaks the event's chain. Two phones changing the same owner at once:
one is stored, the other refused; many writers without a page: every change
counted.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import sqlite_utils

from scorekeeper import store
from scorekeeper.cashbox.entries import EntryKind
from scorekeeper.cashbox.ledger import insert_entry
from scorekeeper.cashbox.settle import BOX, Suggestion
from scorekeeper.cli import main
from scorekeeper.clock import now
from scorekeeper.clubs import accounts, closing, evening_tables, merging, presets, records, seats
from scorekeeper.db import chain, connect
from scorekeeper.db.migrations import migrations
from scorekeeper.events import corrections
from scorekeeper.events import records as stored_events
from scorekeeper.events import rounds as event_rounds
from scorekeeper.events.drawing import draw
from scorekeeper.events.ranking import Penalty
from scorekeeper.events.settings import settings_from
from scorekeeper.rules.hombre.engine import Contract, Coup, Game

NAMES = ("Anne", "Bruno", "Chloé")
WON = Coup(0, Contract.DEMANDE, (5, 2, 2))


@dataclass(frozen=True)
class World:
    """Owners written through the store, with each chain's length counted by hand."""

    path: Path
    game: int
    club: int
    lone_club: int
    """A club with one ledger row and one change: the cut leaves its chains empty."""
    event: int
    members: tuple[int, int]


def _build(path: Path) -> World:
    db = connect(path, migrate=True)
    # game: created (1 line), two coups added (2 lines) → 3 lines
    game = store.create(db, Game(NAMES))
    store.add_coup(db, game, WON, 1)
    store.add_coup(db, game, WON, 2)
    # club: created (1, at version 1: issue 43, its row on its log), two members (2, 3), a
    # rename (4), two entries (5, 6), a preset kept at a new table (7)
    # → 7 lines in club_changes, 2 rows in its ledger; the club's version 1 + 6 = 7
    club = records.create(db, "Le Cercle", None, None)
    anne = seats.add_member(db, club, "Anne", "", 1)
    bruno = seats.add_member(db, club, "Bruno", "", 2)
    seats.rename(db, club, bruno, "Bruno B.", "", 3)
    accounts.post(db, club, 4, anne, EntryKind.FEE_SEASON, -2500, "2026-11-27")
    accounts.post(db, club, 5, bruno, EntryKind.FEE_SEASON, -2500, "2026-11-27")
    presets.save_preset(db, club, "Maison", "manille", {"variant": "belge"})
    # lone club: created (1 line), one member (2 lines) and one entry (3 lines), 1 ledger row
    lone = records.create(db, "Seul", None, None)
    solo = seats.add_member(db, lone, "Solo", "", 1)
    accounts.post(db, lone, 2, solo, EntryKind.CHARGE, -300, "2026-11-27")
    # event: created (1), registered (2), one withdrawn (3), a penalty (4) → 4 lines
    event = stored_events.create_event(db, "Coupe", settings_from({"kind": "hombre"}), None)
    players = [stored_events.Player(name) for name in ("A", "B", "C", "D")]
    stored_events.register(db, event, 1, players)
    stored_events.withdraw(db, event, 2, "D")
    corrections.add_penalty(db, event, 3, Penalty("A", 1, "late", 0))
    db.close()
    return World(path, game, club, lone, event, (anne, bruno))


@pytest.fixture(scope="module")
def world(tmp_path_factory) -> World:
    return _build(tmp_path_factory.mktemp("one-change") / "world.sqlite")


def verify(path: Path, capsys) -> tuple[int, str]:
    code = main(["verify", "--database", str(path)])
    out = capsys.readouterr()
    return code, out.out + out.err


def _cut(world: World, target: Path, sql: str) -> Path:
    """A copy of the world with one row deleted outside the app (its triggers dropped first)."""
    with sqlite3.connect(world.path) as conn, sqlite3.connect(target) as copy:
        conn.backup(copy)
    copy = sqlite3.connect(target)
    for (name,) in copy.execute("select name from sqlite_master where type = 'trigger'").fetchall():
        copy.execute(f"drop trigger [{name}]")
    assert copy.execute(sql).rowcount == 1, sql
    copy.commit()
    copy.close()
    return target


def _recorded(path: Path, table: str, owner: int, length: str) -> int:
    db = sqlite_utils.Database(str(path))
    value = db.execute(f"select {length} from {table} where id = ?", [owner]).fetchone()[0]
    db.close()
    return int(value)


def test_the_owners_record_the_lengths_counted_by_hand(world):
    assert _recorded(world.path, "games", world.game, "log_length") == 3
    assert _recorded(world.path, "clubs", world.club, "log_length") == 7
    assert _recorded(world.path, "clubs", world.club, "ledger_length") == 2
    assert _recorded(world.path, "clubs", world.club, "version") == 7
    assert _recorded(world.path, "clubs", world.lone_club, "log_length") == 3
    assert _recorded(world.path, "clubs", world.lone_club, "ledger_length") == 1
    assert _recorded(world.path, "events", world.event, "log_length") == 4
    assert _recorded(world.path, "events", world.event, "version") == 4


def test_an_intact_database_verifies(world, capsys):
    code, said = verify(world.path, capsys)
    assert code == 0, said
    # chains: 1 game + 2 clubs' ledgers + 3 clubs' change logs (the club m006 makes holds
    # m021's line) + 1 event = 7
    assert "ok: 7 chains" in said
    assert f"event_changes event {world.event}: " in said and "(4 rows)" in said
    assert f"club_changes club {world.club}: " in said and "(7 rows)" in said


def _last(table: str, scope: str, owner: int) -> str:
    return f"delete from {table} where id = (select max(id) from {table} where {scope} = {owner})"


CUTS: dict[str, tuple[Callable[[World], str], Callable[[World], str]]] = {
    "a game's last log line": (
        lambda w: _last("changes", "game_id", w.game),
        lambda w: (
            f"games row {w.game}: game {w.game}: its changes chain has 2 rows, its row records 3"
        ),
    ),
    "a club's last ledger row": (
        lambda w: _last("ledger", "club_id", w.club),
        lambda w: (
            f"clubs row {w.club}: club {w.club}: its ledger chain has 1 row, its row records 2"
        ),
    ),
    "a club's only ledger row": (
        lambda w: _last("ledger", "club_id", w.lone_club),
        lambda w: (
            f"clubs row {w.lone_club}: club {w.lone_club}: its ledger chain has no row,"
            " its row records 1"
        ),
    ),
    "a club's last change": (
        lambda w: _last("club_changes", "club_id", w.club),
        lambda w: (
            f"clubs row {w.club}: club {w.club}: its club_changes chain has 6 rows,"
            " its row records 7"
        ),
    ),
    "an event's last change": (
        lambda w: _last("event_changes", "event_id", w.event),
        lambda w: (
            f"events row {w.event}: event {w.event}: its event_changes chain has 3 rows,"
            " its row records 4"
        ),
    ),
    "an event change in the middle": (
        # the registration (line 2 of 4): line 3 no longer follows the line before it
        lambda w: (
            "delete from event_changes where id = (select id from event_changes"
            f" where event_id = {w.event} and action = 'register')"
        ),
        lambda w: (
            "event_changes row "
            + str(_event_line(w, "withdraw"))
            + f": event {w.event}: its prev_hash is not the hash of the row before it"
        ),
    ),
}


def _event_line(world: World, action: str) -> int:
    db = sqlite_utils.Database(str(world.path))
    found = db.execute(
        "select id from event_changes where event_id = ? and action = ?", [world.event, action]
    ).fetchone()[0]
    db.close()
    return int(found)


@pytest.mark.parametrize("name", CUTS)
def test_a_cut_is_found_and_names_its_owner(world, tmp_path, capsys, name):
    sql, named = CUTS[name]
    code, said = verify(_cut(world, tmp_path / "cut.sqlite", sql(world)), capsys)
    assert code == 1, said
    assert said.startswith("FAULT " + named(world)), said


def test_a_cut_tail_was_invisible_without_the_record(world, tmp_path, capsys):
    """Why the owner's record: the same cut of a club's last ledger row, the record's
    columns dropped (a database as before m015), passes every link — only a head kept
    elsewhere (``--heads``) could show it."""
    copy = _cut(world, tmp_path / "cut.sqlite", _last("ledger", "club_id", world.club))
    with sqlite3.connect(copy) as conn:
        conn.execute("alter table clubs drop column ledger_length")
        conn.execute("alter table clubs drop column ledger_head")
    conn.close()
    assert verify(copy, capsys)[0] == 0


# Conflicts: each change of each kind of owner, with a stale version, writes nothing.

TABLES = (
    "games",
    "coups",
    "changes",
    "clubs",
    "members",
    "ledger",
    "club_changes",
    "club_presets",
    "evenings",
    "evening_closings",
    "events",
    "event_players",
    "event_changes",
    "event_rounds",
    "event_tables",
    "event_penalties",
)


def everything(db: sqlite_utils.Database) -> dict[str, list[tuple[Any, ...]]]:
    return {name: db.execute(f"select * from {name} order by rowid").fetchall() for name in TABLES}


@pytest.fixture()
def world_db(database):
    """A connection to the test's database (the one ``database`` fixture) with the world of
    ``_build`` in it."""
    world = _build(database)
    database = connect(world.path)
    database.world = world  # type: ignore[attr-defined]
    yield database
    database.close()


def _version(db: sqlite_utils.Database, table: str, owner: int) -> int:
    return int(db.execute(f"select version from {table} where id = ?", [owner]).fetchone()[0])


def _evening(db: sqlite_utils.Database, w: World) -> Any:
    evening_id = evening_tables.create_evening(
        db, w.club, "2026-11-27", "", _version(db, "clubs", w.club)
    )
    return evening_tables.evening(db, evening_id)


def _closed_evening(db: sqlite_utils.Database, w: World) -> Any:
    evening = _evening(db, w)
    club = records.club(db, w.club)
    assert club is not None
    closing.close(db, club, evening, club.version)
    return evening


def _entry(db: sqlite_utils.Database, w: World) -> int:
    return int(db.execute("select max(id) from ledger where club_id = ?", [w.club]).fetchone()[0])


Prepare = Callable[[sqlite_utils.Database, World], Any]
Act = Callable[[sqlite_utils.Database, World, Any, int], object]

CLUB_CHANGES: dict[str, tuple[str, Prepare, Act]] = {
    "add_member": ("member_add", lambda db, w: None, lambda db, w, _, v: seats.add_member(
        db, w.club, "Chloé", "", v)),
    "rename": ("member_rename", lambda db, w: None, lambda db, w, _, v: seats.rename(
        db, w.club, w.members[0], "Anne M.", "", v)),
    "merge": ("member_merge", lambda db, w: None, lambda db, w, _, v: merging.merge(
        db, w.club, w.members[1], w.members[0], v)),
    "set_manager_hash": ("manager_link", lambda db, w: None, lambda db, w, _, v:
        records.set_manager_hash(db, w.club, "new-link", v)),
    "create_evening": ("evening", lambda db, w: None, lambda db, w, _, v:
        evening_tables.create_evening(db, w.club, "2026-11-28", "jeudi", v)),
    "post": ("entry", lambda db, w: None, lambda db, w, _, v: accounts.post(
        db, w.club, v, w.members[0], EntryKind.PAYMENT, 2500, "2026-11-27")),
    "reverse": ("reversal", _entry, lambda db, w, entry, v: accounts.reverse(
        db, w.club, v, entry, "2026-11-27", "typing slip")),
    "pay": ("payment", lambda db, w: None, lambda db, w, _, v: accounts.pay(
        db, w.club, v, Suggestion(w.members[0], BOX, 2500), "2026-11-27", "cash")),
    "close": ("close", _evening, lambda db, w, evening, v: closing.close(
        db, records.club(db, w.club), evening, v)),
    "reopen": ("reopen", _closed_evening, lambda db, w, evening, v: closing.reopen(
        db, records.club(db, w.club), evening, v)),
}  # fmt: skip


def _drawn(db: sqlite_utils.Database, w: World) -> None:
    event_rounds.draw_round(
        db, w.event, _version(db, "events", w.event), draw, lambda game_id: f"hash-{game_id}"
    )


EVENT_CHANGES: dict[str, tuple[str, Prepare, Act]] = {
    "register": ("register", lambda db, w: None, lambda db, w, _, v: stored_events.register(
        db, w.event, v, [stored_events.Player("E")])),
    "withdraw": ("withdraw", lambda db, w: None, lambda db, w, _, v: stored_events.withdraw(
        db, w.event, v, "C")),
    "add_penalty": ("penalty", lambda db, w: None, lambda db, w, _, v: corrections.add_penalty(
        db, w.event, v, Penalty("B", 2, "phone rang", 0))),
    "draw_round": ("draw", lambda db, w: None, lambda db, w, _, v: event_rounds.draw_round(
        db, w.event, v, draw, lambda game_id: f"hash-{game_id}")),
    "close_round": ("close", _drawn, lambda db, w, _, v: event_rounds.close_round(
        db, w.event, v)),
    "lock_table": ("lock", _drawn, lambda db, w, _, v: event_rounds.lock_table(
        db, w.event, v, 1, 1, (1, 0, -1))),
}  # fmt: skip

KINDS = [("clubs", "club", "club_changes", "club_id", n, c) for n, c in CLUB_CHANGES.items()] + [
    ("events", "event", "event_changes", "event_id", n, c) for n, c in EVENT_CHANGES.items()
]


def _owner(w: World, kind: str) -> int:
    return w.club if kind == "club" else w.event


def _lines(db: sqlite_utils.Database, log: str, scope: str, owner: int) -> list[str]:
    rows = db.execute(f"select action from {log} where {scope} = ? order by id", [owner])
    return [row[0] for row in rows]


@pytest.mark.parametrize(
    ("table", "kind", "log", "scope", "name", "case"), KINDS, ids=[f"{k[1]} {k[4]}" for k in KINDS]
)
def test_a_stale_version_is_refused_and_nothing_is_written(
    world_db, table, kind, log, scope, name, case
):
    db, (_action, prepare, act) = world_db, case
    w, owner = db.world, _owner(db.world, kind)
    given = prepare(db, w)
    before = everything(db)
    with pytest.raises(store.Conflict):
        act(db, w, given, _version(db, table, owner) - 1)
    assert everything(db) == before


@pytest.mark.parametrize(
    ("table", "kind", "log", "scope", "name", "case"), KINDS, ids=[f"{k[1]} {k[4]}" for k in KINDS]
)
def test_a_change_moves_one_version_and_logs_one_chained_line(
    world_db, table, kind, log, scope, name, case, capsys
):
    db, (action, prepare, act) = world_db, case
    w, owner = db.world, _owner(db.world, kind)
    given = prepare(db, w)
    was, lines = _version(db, table, owner), _lines(db, log, scope, owner)
    act(db, w, given, was)
    assert _version(db, table, owner) == was + 1
    assert _lines(db, log, scope, owner) == [*lines, action]
    length = "log_length"
    assert _recorded(w.path, table, owner, length) == len(lines) + 1
    code, said = verify(w.path, capsys)
    assert code == 0, said


# Two phones at once, on their own connections: one is stored, the other refused.

Race = Callable[[sqlite_utils.Database, World, int], object]
RACES: dict[str, tuple[str, str, str, str, Race]] = {
    "game": ("games", "changes", "game_id", "game", lambda db, w, v: store.add_coup(
        db, w.game, WON, v)),
    "club": ("clubs", "club_changes", "club_id", "club", lambda db, w, v: accounts.post(
        db, w.club, v, w.members[0], EntryKind.PAYMENT, 100, "2026-11-27")),
    "event": ("events", "event_changes", "event_id", "event", lambda db, w, v:
        corrections.add_penalty(db, w.event, v, Penalty("A", 1, "late", 0))),
}  # fmt: skip


def _race(path: Path, workers: int, body: Callable[[sqlite_utils.Database], object]) -> list[str]:
    """``workers`` threads, each on its own connection, start ``body`` together."""
    start = threading.Barrier(workers)
    outcomes: list[str] = []

    def run() -> None:
        mine = connect(path)
        try:
            start.wait()
            body(mine)
            outcomes.append("stored")
        except store.Conflict:
            outcomes.append("conflict")
        finally:
            mine.close()

    threads = [threading.Thread(target=run) for _ in range(workers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return sorted(outcomes)


@pytest.mark.parametrize("kind", RACES)
def test_two_phones_on_the_same_version_one_is_stored_the_other_refused(tmp_path, capsys, kind):
    table, log, scope, owner_kind, act = RACES[kind]
    w = _build(tmp_path / "race.sqlite")
    owner = getattr(w, owner_kind)
    db = connect(w.path)
    was, lines = _version(db, table, owner), len(_lines(db, log, scope, owner))
    db.close()
    assert _race(w.path, 2, lambda mine: act(mine, w, was)) == ["conflict", "stored"]
    db = connect(w.path)
    assert _version(db, table, owner) == was + 1
    assert len(_lines(db, log, scope, owner)) == lines + 1
    db.close()
    assert _recorded(w.path, table, owner, "log_length") == lines + 1
    assert verify(w.path, capsys)[0] == 0


def test_many_writers_without_a_page_every_change_is_counted(tmp_path, capsys):
    """Six threads × five entries with no page version (``None``: nothing to be stale
    against): 30 lines on the club's log, 30 more ledger rows, all recorded."""
    w = _build(tmp_path / "many.sqlite")

    def five(mine: sqlite_utils.Database) -> None:
        for _ in range(5):
            with store.changing(mine, store.ClubOwner(w.club), None, "entry"):
                row = {"club_id": w.club, "member_id": w.members[0], "kind": "charge"}
                insert_entry(mine, {**row, "amount": -100, "on_date": "2026-11-27"})

    assert _race(w.path, 6, five) == ["stored"] * 6
    # 7 lines from the world + 6 × 5 = 37; 2 ledger rows + 30 = 32
    assert _recorded(w.path, "clubs", w.club, "log_length") == 37
    assert _recorded(w.path, "clubs", w.club, "ledger_length") == 32
    assert _recorded(w.path, "clubs", w.club, "version") == 7 + 30
    assert verify(w.path, capsys)[0] == 0


def test_m015_chains_the_old_event_logs_and_records_what_each_chain_holds(tmp_path, capsys):
    """A database as the release before m015 left it: its event log unchained, no lengths.

    The migration chains the event's three lines as they are, and records on each owner
    the length and the head its chains hold then: the game's 2 lines, the club's 2 ledger
    rows (and no change yet), the event's 3 lines. From there a cut tail shows.
    """
    path = tmp_path / "old.sqlite"
    old = connect(path)
    migrations.apply(old, stop_before="m015_chain_lengths")
    game = store.create(old, Game(NAMES))
    store.add_coup(old, game, WON, 1)
    club = records.create(old, "Le Cercle", None, None)
    member = int(old.table("members").insert({"club_id": club, "name": "Anne"}).last_pk or 0)
    row = {"club_id": club, "member_id": member, "on_date": "2026-11-20", "created_at": now()}
    with old.atomic():
        chain.append(old, chain.LEDGER, {**row, "kind": "fee_season", "amount": -2500})
        chain.append(old, chain.LEDGER, {**row, "kind": "payment", "amount": 2500})
    settings = '{"kind": "hombre"}'
    event = {"name": "Coupe", "settings": settings, "seed": 7, "read_token": "t", "version": 3}
    event_id = int(old.table("events").insert(event).last_pk or 0)
    for version, action in enumerate(("create", "register", "withdraw"), 1):
        line = {"event_id": event_id, "version": version, "action": action, "at": now()}
        old.table("event_changes").insert({**line, "summary": ""})
    old.close()

    db = connect(path)
    migrations.apply(db, stop_before="m021_facts_on_the_logs")  # m021 adds a line (below)
    lines = list(db.query("select * from event_changes order by id"))
    assert lines[0]["prev_hash"] == chain.GENESIS
    assert [a["hash"] for a in lines[:-1]] == [b["prev_hash"] for b in lines[1:]]
    recorded = db.execute(
        "select log_length, log_head from events where id = ?", [event_id]
    ).fetchone()
    assert recorded == (3, lines[-1]["hash"])
    assert db.execute("select log_length from games where id = ?", [game]).fetchone() == (2,)
    assert db.execute(
        "select ledger_length, log_length, log_head from clubs where id = ?", [club]
    ).fetchone() == (2, 0, None)
    with pytest.raises(sqlite3.IntegrityError, match="event_changes is append-only"):
        db.execute("delete from event_changes where id = ?", [lines[-1]["id"]])
    migrations.apply(db)  # m021: each club and event gets its facts on a line ``chain``
    lines = list(db.query("select * from event_changes order by id"))
    assert [line["action"] for line in lines] == ["create", "register", "withdraw", "chain"]
    db.close()
    assert verify(path, capsys)[0] == 0
    copy = tmp_path / "cut.sqlite"
    with sqlite3.connect(path) as conn, sqlite3.connect(copy) as target:
        conn.backup(target)
    target = sqlite3.connect(copy)
    for (name,) in target.execute("select name from sqlite_master where type = 'trigger'"):
        target.execute(f"drop trigger [{name}]")
    target.execute("delete from event_changes where id = ?", [lines[-1]["id"]])
    target.commit()
    target.close()
    code, said = verify(copy, capsys)
    assert code == 1 and f"FAULT events row {event_id}: event {event_id}: its event_changes" in said
