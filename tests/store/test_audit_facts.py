"""Issue 43: every stored fact that moves money or a ranking is on a chained log, and
``verify`` finds it edited, removed, added or its log cut — and says every fault at once.

A club's members, chip value, presets, evenings, their tables, closings and seats, a
single table's transfers ticked as paid, an event's row (settings, seed), players,
rounds, tables and penalties. The world is written once by the app's own store
functions into a copy of the migrated database; each case copies that file, changes
one row with ``sqlite3`` (the triggers dropped first, as a tamperer would) and runs
``scorekeeper verify`` on it.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

import pytest
from apps import tampered

from scorekeeper import store
from scorekeeper.cashbox.entries import EntryKind
from scorekeeper.cli import main
from scorekeeper.clock import now
from scorekeeper.clubs import (
    closing,
    evening_tables,
    fee_charging,
    merging,
    presets,
    records,
    seats,
)
from scorekeeper.db import chain, connect, facts
from scorekeeper.db.migrations import migrations
from scorekeeper.events import corrections
from scorekeeper.events import records as stored_events
from scorekeeper.events import rounds as event_rounds
from scorekeeper.events.drawing import draw
from scorekeeper.events.ranking import Penalty
from scorekeeper.events.settings import settings_from
from scorekeeper.rules.hombre.engine import Contract, Coup, Game
from scorekeeper.rules.ledger import settle_up
from scorekeeper.rules.money import Money
from scorekeeper.store.paid import Paid, tick

NAMES = ("Anne", "Bruno", "Chloé")
WON = Coup(0, Contract.DEMANDE, (5, 2, 2))
"""Anne's demande won 5-2-2: Bruno and Chloé pay her."""


@dataclass(frozen=True)
class World:
    path: Path
    club: int
    members: dict[str, int]
    evening: int
    other_evening: int
    table: int
    """The evening's first table: two coups, a transfer ticked paid, then the evening closed."""
    second: int
    """The evening's second table: its set-up changed (Didier for Chloé: a new member)."""
    lone: int
    """A game of no evening."""
    event: int
    event_tables: tuple[int, ...]


def _version(db, table: str, owner: int) -> int:
    return int(db.execute(f"select version from {table} where id = ?", [owner]).fetchone()[0])


def _build(path: Path) -> World:
    db = connect(path)
    club = records.create(db, "Le Cercle", Money(Decimal("0.10"), "EUR"), None)
    members = {
        name: seats.add_member(db, club, name, "", _version(db, "clubs", club))
        for name in ("Anne", "Bruno", "Chloé", "Eve")
    }
    seats.rename(db, club, members["Eve"], "Ève", "", _version(db, "clubs", club))
    evening_id = evening_tables.create_evening(
        db, club, "2026-11-27", "jeudi", _version(db, "clubs", club)
    )
    other = evening_tables.create_evening(db, club, "2026-11-28", "", _version(db, "clubs", club))
    evening = evening_tables.evening(db, evening_id)
    assert evening is not None

    def at_the_evening(db, game_id: int) -> None:  # as web/starting/creating does
        evening_tables.add_table(db, evening, game_id, NAMES)
        presets.save_preset(db, club, "Maison", "hombre", {"system": "3-2"})

    table = store.create(db, Game(NAMES), then=at_the_evening)
    second = store.create(
        db, Game(NAMES), then=lambda db, g: evening_tables.add_table(db, evening, g, NAMES)
    )
    lone = store.create(db, Game(NAMES))
    for version in (1, 2):
        store.add_coup(db, table, WON, version)
    game = store.load(db, table)
    first = settle_up(game.people()[1])[0]
    tick(db, table, Paid(first.payer, first.payee, first.amount), True, game.version)
    # Gilles takes Chloé's seat at the first table: a member made inside the game's change
    store.take_seat(db, table, 2, "Gilles", "plays_for", 4, then=seats.newcomer_seated)
    store.add_coup(db, table, WON, 5)  # they sit: an evening closes no table someone waits at
    rules = store.load(db, second).game.rules
    store.set_table(db, second, ("Anne", "Bruno", "Didier"), 0, rules, 1, seats=seats.relink_seats)
    merging.merge(db, club, members["Eve"], members["Anne"], _version(db, "clubs", club))
    found = records.club(db, club)
    assert found is not None
    closing.close(db, found, evening, found.version)
    # the evening's fee, to three members in one form (issue 45.5): one change, three rows
    trio = [members[name] for name in NAMES]
    fee_charging.charge(
        db, club, _version(db, "clubs", club), trio, EntryKind.FEE_EVENING, 250, evening.date
    )
    event = stored_events.create_event(
        db, "Coupe", settings_from({"kind": "hombre"}), None, club_id=club, seed=7
    )
    players = [stored_events.Player(name) for name in ("A", "B", "C", "D", "E", "F")]
    stored_events.register(db, event, 1, players)
    event_rounds.draw_round(db, event, 2, draw, lambda game_id: f"hash-{game_id}")
    corrections.add_penalty(db, event, 3, Penalty("A", 1, "late", 0))
    event_rounds.lock_table(db, event, 4, 1, 1, (1, 0, -1))
    stored_events.withdraw(db, event, 5, "F")
    event_rounds.close_round(db, event, 6)
    found_tables = tuple(
        int(g) for (g,) in db.execute(
            "select game_id from event_tables where event_id = ? order by table_no", [event]
        )
    )  # fmt: skip
    db.close()
    return World(path, club, members, evening_id, other, table, second, lone, event, found_tables)


@pytest.fixture(scope="module")
def world(tmp_path_factory, migrated_database) -> World:
    path = tmp_path_factory.mktemp("facts") / "world.sqlite"
    shutil.copy(migrated_database, path)
    return _build(path)


def verify(path: Path, capsys) -> tuple[int, list[str]]:
    code = main(["verify", "--database", str(path)])
    out = capsys.readouterr()
    return code, (out.out + out.err).splitlines()


def test_the_world_verifies_and_its_logs_carry_its_facts(world, capsys):
    code, said = verify(world.path, capsys)
    assert code == 0, said
    db = connect(world.path)
    # the second table's set-up made Didier a member, and Gilles sat down at the first
    # table: each is a member added, one line ``member_add`` on the club's log carrying their
    # row (clubs.seats.new_member, the one way a member is made)
    for name in ("Didier", "Gilles"):
        (count,) = db.execute(
            "select count(*) from club_changes where club_id = ? and action = 'member_add'"
            " and state like ?",
            [world.club, f"%{name}%"],
        ).fetchone()
        assert count == 1, name
    # the evening opened by the event's draw is the club's too: on its log, from the draw
    assert db.execute(
        "select count(*) from club_changes where club_id = ? and summary = ?",
        [world.club, f"event {world.event}: draw"],
    ).fetchone() == (1,)
    # the club's log replays it: its first line holds its row, chip value 0.10
    first = db.execute(
        "select action, state from club_changes where club_id = ? order by id limit 1",
        [world.club],
    ).fetchone()
    assert first[0] == "create"
    assert json.loads(first[1])["clubs"][f"[{world.club}]"]["chip_value"] == "0.10"
    db.close()


def test_a_fee_to_several_members_is_one_change_and_verifies(world, capsys):
    code, said = verify(world.path, capsys)
    assert code == 0, said
    db = connect(world.path)
    # the evening's fee to three members: one line of the club's log, three ledger rows
    assert db.execute(
        "select count(*) from club_changes where club_id = ? and summary = 'fee_evening -250 × 3'",
        [world.club],
    ).fetchone() == (1,)
    assert db.execute(
        "select count(*), sum(amount) from ledger where club_id = ? and kind = 'fee_evening'",
        [world.club],
    ).fetchone() == (3, -750)
    db.close()


def _w(text: str):
    return lambda w: text.format(w=w, m=w.members)


# One case a kind of tamper of each table of facts: (statement, the fault it is named by).
TAMPERS: dict[str, tuple[str, str]] = {
    # the club
    "a club's chip value ×10": (
        "update clubs set chip_value = '1.00' where id = {w.club}",
        "clubs row {w.club}: club {w.club}: chip_value is '1.00', its log says '0.10'",
    ),
    "a club's currency": (
        "update clubs set currency = 'DKK' where id = {w.club}",
        "clubs row {w.club}: club {w.club}: currency is 'DKK'",
    ),
    "a club added": (
        "insert into clubs (name, read_token, version, created_at)"
        " values ('X', 't', 1, '2026-12-24T20:00:00+00:00')",
        "clubs row",
    ),
    "a club's version": (
        "update clubs set version = version + 1 where id = {w.club}",
        "clubs row {w.club}: club {w.club}: version is",
    ),
    # members
    "a member renamed": (
        "update members set name = 'Anna' where id = {m[Anne]}",
        "members row {m[Anne]}: club {w.club}: name is 'Anna', its log says 'Anne'",
    ),
    "a member merged": (
        "update members set merged_into = {m[Anne]} where id = {m[Bruno]}",
        "members row {m[Bruno]}: club {w.club}: merged_into is {m[Anne]}, its log says None",
    ),
    "a merge undone": (
        "update members set merged_into = null where id = {m[Eve]}",
        "members row {m[Eve]}: club {w.club}: merged_into is None",
    ),
    "a member added": (
        "insert into members (club_id, name) values ({w.club}, 'Zoé')",
        "members row",
    ),
    "a member removed": (
        "delete from members where id = {m[Eve]}",
        "members row {m[Eve]}: club {w.club}: the row id {m[Eve]} of its log is not stored",
    ),
    "a member moved to another club": (
        "update members set club_id = 1 where id = {m[Bruno]}",
        "members row {m[Bruno]}: club 1: the row id {m[Bruno]} is in no line of its log",
    ),
    # presets
    "a preset inserted": (
        "insert into club_presets (club_id, name, game, rules, created_at)"
        " values ({w.club}, 'Fausse', 'hombre', '{{}}', '2026-12-24T20:00:00+00:00')",
        "club_presets row",
    ),
    "a preset's rules changed": (
        'update club_presets set rules = \'{{"system": "2-1"}}\' where club_id = {w.club}',
        "club_presets row",
    ),
    "a preset removed": (
        "delete from club_presets where club_id = {w.club}",
        "club_presets row",
    ),
    # evenings
    "an evening's date": (
        "update evenings set date = '2026-12-01' where id = {w.evening}",
        "evenings row {w.evening}: club {w.club}: date is '2026-12-01'",
    ),
    "an evening added": (
        "insert into evenings (club_id, date, created_at)"
        " values ({w.club}, '2026-12-24', '2026-12-24T20:00:00+00:00')",
        "evenings row",
    ),
    "an evening removed": (
        "delete from evenings where id = {w.other_evening}",
        "evenings row {w.other_evening}",
    ),
    # an evening's tables
    "a table moved out of its evening": (
        "update evening_games set evening_id = {w.other_evening} where game_id = {w.table}",
        "evening_games: club {w.club}: the row evening_id {w.other_evening}, game_id {w.table}"
        " is in no line of its log",
    ),
    "a table renumbered": (
        "update evening_games set table_no = 9 where game_id = {w.table}",
        "evening_games: club {w.club}: table_no is 9, its log says 1",
    ),
    "a table added to an evening": (
        "insert into evening_games (evening_id, game_id, table_no)"
        " values ({w.other_evening}, {w.lone}, 1)",
        "evening_games: club {w.club}: the row evening_id {w.other_evening}",
    ),
    "a table taken out of its evening": (
        "delete from evening_games where game_id = {w.second}",
        "evening_games: club {w.club}: the row evening_id {w.evening}, game_id {w.second} of"
        " its log is not stored",
    ),
    # closings
    "a closing deleted": (
        "delete from evening_closings where evening_id = {w.evening}",
        "evening_closings row",
    ),
    "a closing turned into a reopening": (
        "update evening_closings set action = 'reopen' where evening_id = {w.evening}",
        "evening_closings row",
    ),
    "a closing added": (
        "insert into evening_closings (evening_id, action, at)"
        " values ({w.other_evening}, 'close', '2026-12-24T20:00:00+00:00')",
        "evening_closings row",
    ),
    # seats: who a table's money is billed to
    "a seat billed to another member": (
        "update seats set member_id = {m[Bruno]} where game_id = {w.table} and seat = 0",
        "seats: club {w.club}: member_id is {m[Bruno]}, its log says {m[Anne]}",
    ),
    "a seat removed": (
        "delete from seats where game_id = {w.table} and seat = 2",
        "seats: club {w.club}: the row game_id {w.table}, seat 2 of its log is not stored",
    ),
    "a seat added": (
        "insert into seats (game_id, seat, member_id) values ({w.table}, 3, {m[Bruno]})",
        "seats: club {w.club}: the row game_id {w.table}, seat 3 is in no line of its log",
    ),
    # a payment's sides (m029, on the logs since m030): the world, made at today's schema,
    # has none (m029 alone writes them), so one added is the tamper here; one turned or
    # removed is test_payment_sides_migration's, on a database migrated from m028
    "a payment's sides added": (
        "insert into payment_sides (entry_id, paid_by, received_by) values ((select min(id)"
        " from ledger where club_id = {w.club}), {m[Bruno]}, 0)",
        "payment_sides row",
    ),
    # a single table's ticks
    "a paid transfer unticked": (
        "delete from transfers_paid where game_id = {w.table}",
        "transfers_paid: game {w.table}: seat",
    ),
    "a transfer ticked": (
        "insert into transfers_paid (game_id, payer, payee, amount, at)"
        " values ({w.table}, 2, 0, 1, '2026-12-24T20:00:00+00:00')",
        "transfers_paid: game {w.table}: seat 2 → seat 0 1 is ticked, its log never did",
    ),
    "a tick made twice": (
        "insert into transfers_paid (game_id, payer, payee, amount, at)"
        " select game_id, payer, payee, amount, at from transfers_paid where game_id = {w.table}",
        "transfers_paid: game {w.table}: seat",
    ),
    "a tick's money": (
        "update transfers_paid set cents = coalesce(cents, 0) + 1 where game_id = {w.table}",
        "transfers_paid: game {w.table}: seat",
    ),
    "a tick's amount": (
        "update transfers_paid set amount = amount + 1 where game_id = {w.table}",
        "transfers_paid: game {w.table}: seat",
    ),
    # the event
    "an event's settings": (
        'update events set settings = \'{{"kind": "jetons"}}\' where id = {w.event}',
        "events row {w.event}: event {w.event}: settings is",
    ),
    "an event's seed": (
        "update events set seed = 8 where id = {w.event}",
        "events row {w.event}: event {w.event}: seed is 8, its log says 7",
    ),
    "an event added": (
        "insert into events (name, settings, seed, read_token, version)"
        " values ('X', '{{}}', 1, 't', 1)",
        "events row",
    ),
    "an event player renamed": (
        "update event_players set name = 'Z' where event_id = {w.event} and name = 'A'",
        "event_players row",
    ),
    "an event player withdrawn": (
        "update event_players set withdrawn = 1 where event_id = {w.event} and name = 'B'",
        "event_players row",
    ),
    "an event player's withdrawal undone": (
        "update event_players set withdrawn = null where event_id = {w.event} and name = 'F'",
        "event_players row",
    ),
    "an event player added": (
        "insert into event_players (event_id, name, joined) values ({w.event}, 'G', 1)",
        "event_players row",
    ),
    "an event player removed": (
        "delete from event_players where event_id = {w.event} and name = 'C'",
        "event_players row",
    ),
    "a round's seed": (
        "update event_rounds set seed = seed + 1 where event_id = {w.event}",
        "event_rounds: event {w.event}: seed is",
    ),
    "a round reopened": (
        "update event_rounds set closed_at = null where event_id = {w.event}",
        "event_rounds: event {w.event}: closed_at is None",
    ),
    "a round removed": (
        "delete from event_rounds where event_id = {w.event}",
        "event_rounds: event {w.event}: the row event_id {w.event}, number 1 of its log",
    ),
    "a round added": (
        "insert into event_rounds (event_id, number, seed, sitting_out, started_at)"
        " values ({w.event}, 2, 9, '[]', '2026-12-24T20:00:00+00:00')",
        "event_rounds: event {w.event}: the row event_id {w.event}, number 2 is in no line",
    ),
    "a table's game swapped": (
        "update event_tables set game_id = {w.table} where event_id = {w.event} and table_no = 1",
        "event_tables: event {w.event}: game_id is {w.table}",
    ),
    "a table's locked result": (
        "update event_tables set locked = '[9, 0, -9]' where event_id = {w.event} and table_no = 1",
        "event_tables: event {w.event}: locked is '[9, 0, -9]', its log says '[1, 0, -1]'",
    ),
    "an event table removed": (
        "delete from event_tables where event_id = {w.event} and table_no = 2",
        "event_tables: event {w.event}: the row event_id {w.event}, round 1, table_no 2 of",
    ),
    "an event table added": (
        "insert into event_tables (event_id, round, table_no, game_id)"
        " values ({w.event}, 1, 3, {w.table})",
        "event_tables: event {w.event}: the row event_id {w.event}, round 1, table_no 3 is",
    ),
    "a penalty inserted": (
        "insert into event_penalties (event_id, player, points, reason, round)"
        " values ({w.event}, 'B', 5, 'x', 1)",
        "event_penalties row",
    ),
    "a penalty's points": (
        "update event_penalties set points = 50 where event_id = {w.event}",
        "event_penalties row",
    ),
    "a penalty removed": (
        "delete from event_penalties where event_id = {w.event}",
        "event_penalties row",
    ),
    # the logs themselves: a line changed, removed from the middle, the last one cut
    "a club line's facts changed": (
        "update club_changes set state = replace(state, 'Anne', 'Anna')"
        " where id = (select min(id) from club_changes where club_id = {w.club}"
        " and state like '%Anne%')",
        "club_changes row",
    ),
    "a club line removed from the middle": (
        "delete from club_changes where id = (select min(id) from club_changes"
        " where club_id = {w.club} and action = 'member_rename')",
        "club_changes row",
    ),
    "a club's last line cut": (
        "delete from club_changes where id = (select max(id) from club_changes"
        " where club_id = {w.club})",
        "clubs row {w.club}: club {w.club}: its club_changes chain has",
    ),
    "an event's last line cut": (
        "delete from event_changes where id = (select max(id) from event_changes"
        " where event_id = {w.event})",
        "events row {w.event}: event {w.event}: its event_changes chain has",
    ),
}


def _tables_tampered(kind: str) -> set[str]:
    words = {"edit": "update", "delete": "delete from", "insert": "insert into"}[kind]
    found = set()
    for sql, _named in TAMPERS.values():
        if sql.startswith(words):
            found.add(sql.split()[2 if kind != "edit" else 1])
    return found


@pytest.mark.parametrize("kind", ["edit", "delete", "insert"])
def test_every_table_of_facts_is_tampered_every_way(kind):
    """The cases cover each table of facts (and the ticks) edited, removed from and added to."""
    wanted = {fact.table for fact in facts.FACTS} | {"transfers_paid"}
    if kind != "insert":  # none in the world: test_payment_sides_migration edits and removes
        wanted -= {"payment_sides"}
    if kind == "delete":
        wanted -= {"clubs", "events"}  # an owner removed: its log's lines name a missing owner
    assert wanted <= _tables_tampered(kind)


@pytest.mark.parametrize("name", TAMPERS)
def test_a_tamper_of_a_fact_is_found_and_named(world, tmp_path, capsys, name):
    sql, named = TAMPERS[name]
    code, said = verify(tampered(world.path, tmp_path / "t.sqlite", _w(sql)(world)), capsys)
    assert code == 1, said
    faults = [line.removeprefix("FAULT ") for line in said if line.startswith("FAULT ")]
    assert any(f.startswith(_w(named)(world)) for f in faults), faults


@pytest.mark.parametrize(
    ("table", "where"), [("clubs", "id = {w.club}"), ("events", "id = {w.event}")]
)
def test_an_owner_removed_is_found(world, tmp_path, capsys, table, where):
    copy = tampered(
        world.path, tmp_path / "t.sqlite", f"delete from {table} where {_w(where)(world)}"
    )
    code, said = verify(copy, capsys)
    assert code == 1 and any(line.startswith("FAULT ") for line in said), said


def test_every_fault_is_reported_not_the_first_only(world, tmp_path, capsys):
    """Four tampers in four places: four faults, one line each, and their count."""
    chosen = ("a member renamed", "a closing deleted", "a transfer ticked", "an event's seed")
    copy = tampered(world.path, tmp_path / "t.sqlite", *(_w(TAMPERS[n][0])(world) for n in chosen))
    code, said = verify(copy, capsys)
    assert code == 1
    faults = [line.removeprefix("FAULT ") for line in said if line.startswith("FAULT ")]
    for name in chosen:
        assert any(f.startswith(_w(TAMPERS[name][1])(world)) for f in faults), (name, faults)
    assert len(faults) == 4, faults
    assert said[-1] == "4 faults"


def db_lines(db, log: str, scope: str, owner: int) -> list[str]:
    return [
        a for (a,) in db.execute(f"select action from {log} where {scope} = ? order by id", [owner])
    ]


def test_a_database_before_the_facts_is_chained_from_the_migration(tmp_path, capsys):
    """A club and an event written before m021 (their lines carry no facts): m021 gives each
    a line ``chain`` holding every fact as it is, and the check starts there — a member
    renamed afterwards outside the app shows."""
    path = tmp_path / "old.sqlite"
    old = connect(path)
    migrations.apply(old, stop_before="m021_facts_on_the_logs")
    club = records.create(old, "Le Cercle", Money(Decimal("0.10"), "EUR"), None)
    anne = seats.add_member(old, club, "Anne", "", 1)
    event = stored_events.create_event(old, "Coupe", settings_from({"kind": "hombre"}), None)
    stored_events.register(old, event, 1, [stored_events.Player(n) for n in ("A", "B", "C")])
    game = store.create(old, Game(NAMES))
    row = {"game_id": game, "payer": 1, "payee": 0, "amount": 9, "at": now()}
    old.execute(
        "insert into transfers_paid (game_id, payer, payee, amount, at)"
        " values (:game_id, :payer, :payee, :amount, :at)",
        row,
    )
    migrations.apply(old)
    lines = old.execute(
        "select action, state from club_changes where club_id = ? order by id", [club]
    ).fetchall()
    assert [a for a, _ in lines] == ["member_add", "chain"]
    assert json.loads(lines[-1][1])["members"][f"[{anne}]"]["name"] == "Anne"
    seats.rename(old, club, anne, "Anne M.", "", 2)  # a change after the migration
    # a tick stored with no ``paid`` line (as a hand-made database might hold): m021's
    # ``chain`` line holds it, and the game's ticks are checked from there
    assert db_lines(old, "changes", "game_id", game) == ["create", "chain"]
    old.close()
    code, said = verify(path, capsys)
    assert code == 0, said
    (head,) = [line for line in said if line.startswith(f"club_changes club {club}: ")]
    assert "(its rows checked since the migration of 20" in head, head
    shutil.copy(path, tmp_path / "w.sqlite")
    world = World(tmp_path / "w.sqlite", club, {}, 0, 0, 0, 0, 0, event, ())
    copy = tampered(
        world.path, tmp_path / "t.sqlite", f"update members set name = 'X' where id = {anne}"
    )
    code, said = verify(copy, capsys)
    assert code == 1 and said[0].startswith(
        f"FAULT members row {anne}: club {club}: name is 'X', its log says 'Anne M.'"
    ), said


def test_a_club_log_rewritten_whole_passes_only_without_a_kept_head(world, tmp_path, capsys):
    """What the logs alone cannot prove (docs/security.md): whoever holds the file renames a
    member in the row *and* in every line of the club's log that holds it, recomputes every
    hash after and the club's recorded head — ``verify`` passes; a head kept before shows it."""
    heads = tmp_path / "heads.txt"
    assert main(["verify", "--database", str(world.path), "--heads", str(heads)]) == 0
    capsys.readouterr()
    anne = world.members["Anne"]
    copy = tampered(
        world.path, tmp_path / "t.sqlite", f"update members set name = 'Anna' where id = {anne}"
    )
    conn = sqlite3.connect(copy)
    conn.row_factory = sqlite3.Row
    prev = chain.GENESIS
    lines = conn.execute(
        "select * from club_changes where club_id = ? order by id", [world.club]
    ).fetchall()
    for line in lines:
        row = dict(line)
        if row["state"]:
            row["state"] = row["state"].replace('"name":"Anne"', '"name":"Anna"')
        row["prev_hash"] = prev
        prev = row["hash"] = chain.link(prev, row)
        conn.execute(
            "update club_changes set state = ?, prev_hash = ?, hash = ? where id = ?",
            [row["state"], row["prev_hash"], row["hash"], row["id"]],
        )
    conn.execute("update clubs set log_head = ? where id = ?", [prev, world.club])
    conn.commit()
    conn.close()
    code, said = verify(copy, capsys)
    assert code == 0, said  # rewritten whole: nothing inside the file shows it
    code = main(["verify", "--database", str(copy), "--heads", str(heads)])
    said = capsys.readouterr().err.splitlines()
    assert code == 1 and said[0].startswith(f"FAULT club_changes: club {world.club}: the head")
