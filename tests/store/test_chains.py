"""Issue 28, a log no one can quietly rewrite: hash chains, append-only logs, ``verify``.

The database is written by the app's own routes (every kind, corrections,
deletions, undo and redo, a set-up change, the money, an import, a club and
its evening); then one row is changed or removed with ``sqlite3`` outside the
app, the triggers dropped first, and ``verify`` must name the place.
"""

from __future__ import annotations

import itertools
import json
import sqlite3
from datetime import date
from pathlib import Path
from typing import Any

import pytest
import sqlite_utils
from apps import fresh_database, new_app
from apps import tampered as _tampered
from fuzz_app import build_world
from hypothesis import given, settings
from hypothesis import strategies as st
from test_settlement import pdf_text
from web import NEW_GAME, coup_data, version_of

from scorekeeper.cli import main
from scorekeeper.db import chain, connect
from scorekeeper.db.migrations import migrations


@pytest.fixture(scope="module")
def manager(tmp_path_factory) -> tuple[Path, Any]:
    """A database the app wrote through its routes, and the client of its manager."""
    path = tmp_path_factory.mktemp("chains") / "app.sqlite"
    world = build_world(str(path), RATELIMIT_ENABLED=False)
    client = world.client
    game = "/games/1"

    def post(page: str, data: dict[str, str], of: str = game) -> None:
        response = client.post(page, data={**data, "version": version_of(client, of)})
        assert response.status_code == 302, (page, response.data.decode()[-800:])

    for text in ("C demande A3 B3 C3", "A demande A5 B2 C2", "B demande A2 B5 C2"):
        post(game + "/coups", coup_data(text, save="1"))
    post(game + "/coups/1/edit", coup_data("A demande A5 B2 C2", save="1"))  # a correction
    post(game + "/coups/2/delete", {})  # a deletion
    post(game + "/undo", {})
    post(game + "/undo", {})
    post(game + "/redo", {})
    post(game + "/settlement", {"chip_value": "0.05", "currency": "EUR", "submit": "1"})
    post("/games/2/sheet/coups", {"points": "54"}, "/games/2")  # Brou: a coup, undone
    post("/games/2/sheet/undo", {}, "/games/2")
    setup = f"/games/{world.setup['hombre 1709']}"
    post(setup + "/setup", {**NEW_GAME, "player0": "Anna", "player2": "Cleo"}, setup)
    exported = client.get(game + "/game.json").data.decode()
    imported = client.post("/games/import", data={"text": exported})
    assert imported.status_code == 302
    return path, client


@pytest.fixture
def written(manager) -> Path:
    return Path(manager[0])


def chain_count(db: sqlite_utils.Database) -> int:
    """How many chains the database holds: the distinct owners of each chained table's rows."""
    return sum(
        db.execute(f"select count(distinct {c.scope}) from {c.table}").fetchone()[0]
        for c in chain.CHAINS
    )


def verify(path: Path, *more: str, capsys) -> tuple[int, str]:
    code = main(["verify", "--database", str(path), *more])
    out = capsys.readouterr()
    return code, out.out + out.err


def test_a_database_the_app_wrote_verifies_with_every_head(written, capsys):
    code, said = verify(written, capsys=capsys)
    assert code == 0, said
    db = sqlite_utils.Database(str(written))
    # a chain per game, one per club that has ledger entries (the world's club 2), one per
    # event (its creation's line at least), one per club whose members or evenings changed
    assert f"ok: {chain_count(db)} chains, every game is what its log says" in said
    assert chain_count(db) > db.execute("select count(*) from games").fetchone()[0]
    head = chain.head(db, chain.CHANGES, 1)
    assert head is not None and f"changes game 1: {head.short} ({head.length} rows)" in said
    # game 1: created, 2 coups of the world, its link and handover code, then 3 added, a
    # correction, a deletion, 2 undos, a redo, the money = 1 + 2 + 2 + 3 + 1 + 1 + 2 + 1 + 1
    assert head.length == 14
    # every line of the log holds the hash of the line before it
    rows = list(db.query("select prev_hash, hash from changes where game_id = 1 order by id"))
    assert rows[0]["prev_hash"] == chain.GENESIS
    assert all(a["hash"] == b["prev_hash"] for a, b in itertools.pairwise(rows))


def test_the_settlements_print_the_head_the_verifier_prints(manager, tmp_path):
    path, client = manager
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    db = sqlite_utils.Database(str(path))
    heads = {}
    for game in (1, 2, 3):
        head = chain.head(db, chain.CHANGES, game)
        assert head is not None
        heads[game] = head.short
        page = client.get(f"/games/{game}/settlement").data.decode()
        assert f'Change log head: <code class="chain-head">{head.short}</code>' in page, game
        assert "starts at the migration" not in page
    assert heads[1] in pdf_text(client.get("/games/1/settlement.pdf").data, tmp_path)
    # the room: evening 1's table (the game the world seated there) prints its own head
    (table,) = db.execute("select game_id from evening_games where evening_id = 1").fetchone()
    head = chain.head(db, chain.CHANGES, table)
    assert head is not None
    room = client.get("/evenings/1/settlement").data.decode()
    assert room.count("Change log head:") == 1  # one table; the club ledger's head besides
    assert f'Change log head: <code class="chain-head">{head.short}</code>' in room


def _changed(column: str, kind: str) -> str:
    """An UPDATE's new value: an integer moved by 1000 (no row has it), a text given one more
    character."""
    return (
        f"coalesce({column}, 0) + 1000" if kind == "INTEGER" else f"coalesce({column}, '') || 'x'"
    )


def _columns(path: Path, table: str) -> list[tuple[str, str]]:
    with sqlite3.connect(path) as conn:
        return [(row[1], row[2]) for row in conn.execute(f"pragma table_info({table})")]


# the rows changed: game 1, its first coup, its correction's log line (a line in the middle)
ROW = {
    "games": "id = 1",
    "coups": "game_id = 1 and position = 1",
    "changes": "id = (select id from changes where game_id = 1 and action = 'edit')",
}
UPDATES = [
    (table, column, kind)
    for table, columns in {
        "games": [
            ("id", "INTEGER"),
            ("game", "TEXT"),
            ("players", "TEXT"),
            ("first_dealer", "INTEGER"),
            ("rules", "TEXT"),
            ("created_at", "TEXT"),
            ("updated_at", "TEXT"),
            ("version", "INTEGER"),
            ("chip_value", "TEXT"),
            ("currency", "TEXT"),
            ("manager_hash", "TEXT"),
            ("table_token", "TEXT"),
            ("handover_hash", "TEXT"),
            ("log_length", "INTEGER"),
            ("log_head", "TEXT"),
            ("stopped", "INTEGER"),
        ],
        # a coup's own id means nothing: coups are read by game and position
        "coups": [("game_id", "INTEGER"), ("position", "INTEGER"), ("data", "TEXT")],
        "changes": [
            ("id", "INTEGER"),
            ("game_id", "INTEGER"),
            ("at", "TEXT"),
            ("action", "TEXT"),
            ("position", "INTEGER"),
            ("before", "TEXT"),
            ("after", "TEXT"),
            ("summary", "TEXT"),
            ("grant_id", "INTEGER"),
            ("prev_hash", "TEXT"),
            ("hash", "TEXT"),
            ("state", "TEXT"),
        ],
    }.items()
    for column, kind in columns
]


def test_the_tampering_cases_cover_every_column(written):
    covered = {(t, c) for t, c, _ in UPDATES}
    for table in ROW:
        for column, _kind in _columns(written, table):
            assert (table, column) in covered or (table, column) == ("coups", "id")


@pytest.mark.parametrize(("table", "column", "kind"), UPDATES)
def test_any_single_update_is_found_and_named(written, tmp_path, capsys, table, column, kind):
    sql = f"update {table} set {column} = {_changed(column, kind)} where {ROW[table]}"
    code, said = verify(_tampered(written, tmp_path / "t.sqlite", sql), capsys=capsys)
    assert code == 1, said
    fault = said.split("FAULT ", 1)[1]
    # games.id moved: the log lines of game 1 are those of a game no longer stored
    named = "changes row" if (table, column) == ("games", "id") else f"{table}"
    assert fault.startswith(named), fault


DELETES = [
    ("games", "id = 1", "changes row"),
    ("coups", "game_id = 1 and position = 2", "coups row"),  # the next one is out of place
    (
        "coups",
        "game_id = 1 and position = (select max(position) from coups where game_id = 1)",
        "games row 1: 2 coups stored, its log has 3",
    ),
    ("coups", "game_id = 1 and position = 1", "coups row"),
    ("changes", "id = (select min(id) from changes where game_id = 1)", "changes row"),
    ("changes", ROW["changes"].removeprefix("id = "), "changes row"),
    # the last line (the chip value set): the chain is whole but shorter than the game's row
    # records (issue 36): 14 lines written (test_a_database_the_app_wrote…), 13 left
    (
        "changes",
        "id = (select max(id) from changes where game_id = 1)",
        "games row 1: game 1: its changes chain has 13 rows, its row records 14",
    ),
]


@pytest.mark.parametrize(("table", "where", "named"), DELETES)
def test_any_single_delete_is_found_and_named(written, tmp_path, capsys, table, where, named):
    where = where if where.startswith(("id =", "game_id")) else f"id = {where}"
    sql = f"delete from {table} where {where}"
    code, said = verify(_tampered(written, tmp_path / "t.sqlite", sql), capsys=capsys)
    assert code == 1, said
    assert said.split("FAULT ", 1)[1].startswith(named), said


def test_a_ledger_row_changed_or_removed_is_found(written, tmp_path, capsys):
    """The club ledger, when the database has one (issue 28's accounts): a kept head shows
    any row changed or removed, and the club's own record its last row removed."""
    db = sqlite_utils.Database(str(written))
    if not db.table("ledger").exists() or not db.table("ledger").count:
        pytest.skip("no club ledger in this database yet")
    heads = tmp_path / "heads.txt"
    assert verify(written, "--heads", str(heads), capsys=capsys)[0] == 0
    last = "id = (select max(id) from ledger)"
    cases = [f"delete from ledger where {last}"] + [
        f"update ledger set {column} = {_changed(column, kind)} where {last}"
        for column, kind in _columns(written, "ledger")
    ]
    for n, sql in enumerate(cases):
        copy = _tampered(written, tmp_path / f"l{n}.sqlite", sql)
        code, said = verify(copy, "--heads", str(heads), capsys=capsys)
        assert code == 1 and "FAULT ledger" in said, (sql, said)
    # the last row removed shows without a kept head too: its club records the ledger's
    # length and head (issue 36)
    club = db.execute("select club_id from ledger order by id desc limit 1").fetchone()[0]
    code, said = verify(_tampered(written, tmp_path / "cut.sqlite", cases[0]), capsys=capsys)
    assert code == 1 and f"FAULT clubs row {club}: club {club}: its ledger chain has" in said


def test_the_logs_refuse_an_update_a_delete_and_an_unchained_insert(written, tmp_path):
    copy = tmp_path / "copy.sqlite"
    with sqlite3.connect(written) as conn, sqlite3.connect(copy) as target:
        conn.backup(target)
    db = connect(copy, migrate=True)
    for sql in (
        "update changes set summary = 'nothing happened' where id = 1",
        "delete from changes where id = 1",
        "insert into changes (game_id, at, action) values (1, '2026-11-25', 'add')",
    ):
        with pytest.raises(sqlite3.IntegrityError, match="changes"):
            db.execute(sql)
    db.close()


def test_a_kept_head_shows_a_chain_rewritten_whole(written, tmp_path, capsys):
    """What the chain alone cannot prove: whoever holds the file recomputes every hash."""
    heads = tmp_path / "heads.txt"
    assert verify(written, "--heads", str(heads), capsys=capsys)[0] == 0
    kept = heads.read_text()
    db = sqlite_utils.Database(str(written))
    assert kept.count("\n") == chain_count(db)  # a head a chain
    copy = _tampered(
        written, tmp_path / "t.sqlite", "update changes set summary = 'x' where id = 1"
    )
    db = sqlite_utils.Database(str(copy))
    prev = chain.GENESIS
    for row in list(db.query("select * from changes where game_id = 1 order by id")):
        row["prev_hash"] = prev
        prev = chain.link(prev, row)
        db.execute(
            "update changes set prev_hash = ?, hash = ? where id = ?",
            [row["prev_hash"], prev, row["id"]],
        )
    code, said = verify(copy, capsys=capsys)  # the game's row records the head it had
    assert code == 1 and "FAULT games row 1: game 1: its changes chain has 14 rows" in said, said
    db.execute("update games set log_head = ? where id = 1", [prev])  # and that rewritten too
    db.close()
    assert verify(copy, capsys=capsys)[0] == 0  # rewritten whole: nothing inside shows it
    code, said = verify(copy, "--heads", str(heads), capsys=capsys)
    assert code == 1 and "FAULT changes: game 1: the head" in said, said
    # the file kept is left as it was when the check fails
    assert heads.read_text() == kept


def test_an_old_database_is_chained_from_the_migration_and_says_so(tmp_path, capsys):
    """Built as the release before the chains left it: migrations up to m008, rows, then m011."""
    path = tmp_path / "old.sqlite"
    old = sqlite_utils.Database(sqlite3.connect(path))
    migrations.apply(old, stop_before="m011_hash_chains")
    coups = [
        {"hombre": "Anne", "contract": "demande", "tricks": {"Anne": 4, "Bruno": 4, "Chloé": 1}},
        {"hombre": "Bruno", "contract": "demande", "tricks": {"Anne": 2, "Bruno": 5, "Chloé": 2}},
    ]
    old["games"].insert(
        {
            "id": 1,
            "game": "hombre",
            "players": json.dumps(["Anne", "Bruno", "Chloé"]),
            "first_dealer": 0,
            "rules": json.dumps({"poule_system": "3-2"}),
            "created_at": "2026-11-01T20:00:00+00:00",
            "updated_at": "2026-11-01T20:10:00+00:00",
            "version": 3,
            "table_token": "old-table-token-0123456789",
        }
    )
    for n, coup in enumerate(coups, 1):
        old["coups"].insert({"game_id": 1, "position": n, "data": json.dumps(coup)})
    lines = [("create", None, None, "0 coups")]
    lines += [("add", n, json.dumps(c), "") for n, c in enumerate(coups, 1)]
    for action, position, after, summary in lines:
        old["changes"].insert(
            {
                "game_id": 1,
                "at": "2026-11-01T20:00:00+00:00",
                "action": action,
                "position": position,
                "after": after,
                "summary": summary,
            }
        )
    old.conn.close()
    db = connect(path, migrate=True)  # m011 runs
    db.close()
    code, said = verify(path, capsys=capsys)
    assert code == 0, said
    migrated = (
        sqlite_utils.Database(str(path))
        .execute("select at from changes where action = 'chain'")
        .fetchone()[0]
    )
    assert f"(4 rows) (chained since the migration of {migrated[:10]})" in said
    # the app goes on from there: a coup added, still what the log says

    app = new_app(
        {
            "TESTING": True,
            "SECRET_KEY": "t",
            "DATABASE": str(path),
            "WTF_CSRF_ENABLED": False,
            "ADMIN_PASSWORD": "x",
        }
    )
    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    client.post("/admin", data={"password": "x"})
    added = client.post(
        "/games/1/coups", data=coup_data("C demande A3 B3 C3", save="1", version="3")
    )
    assert added.status_code == 302, added.data.decode()[-500:]
    assert verify(path, capsys=capsys)[0] == 0
    page = client.get("/games/1/settlement").data.decode()
    day = date.fromisoformat(migrated[:10])  # the page says it in words (issue 35)
    assert f"its chain starts at the migration of {day:%B} {day.day}, {day.year}" in page
    history = client.get("/games/1/history").data.decode()
    assert "hash chain begun: the game as it was at the migration" in history
    # an old line changed: the chain (made from the logs as they were) shows it
    copy = _tampered(
        path, tmp_path / "t.sqlite", "update changes set summary = '9 coups' where id = 1"
    )
    code, said = verify(copy, capsys=capsys)
    assert code == 1 and "FAULT changes row 1: game 1: its content is not what its hash" in said


def test_verify_refuses_a_missing_database_and_one_without_chains(tmp_path, capsys):
    code, said = verify(tmp_path / "none.sqlite", capsys=capsys)
    assert code == 2 and "no database at" in said
    old = sqlite_utils.Database(str(tmp_path / "old.sqlite"))
    migrations.apply(old, stop_before="m011_hash_chains")
    old.close()
    code, said = verify(tmp_path / "old.sqlite", capsys=capsys)
    assert code == 2 and "has no hash chains yet: start the app on it once" in said
    heads = tmp_path / "heads.txt"
    heads.write_text("changes one abc\n")
    db = connect(tmp_path / "old.sqlite", migrate=True)
    db.close()
    code, said = verify(tmp_path / "old.sqlite", "--heads", str(heads), capsys=capsys)
    assert code == 1 and "FAULT heads file row 1: not a line of heads" in said


def test_a_fresh_servers_verify_says_one_row_and_one_chain(tmp_path, capsys):
    """ops16: the first ``verify`` of a new server (its one chain: club 1's, m006's club of
    the games before clubs, one line) said "(1 rows)" and "ok: 1 chains"."""
    database = tmp_path / "app.sqlite"
    connect(database, migrate=True).close()
    code, said = verify(database, capsys=capsys)
    assert code == 0, said
    lines = said.splitlines()
    assert lines[0].startswith("club_changes club 1: ") and " (1 row) " in lines[0]
    assert lines[1] == "ok: 1 chain, every game is what its log says, every club and event too"


def test_verify_refuses_a_heads_file_it_cannot_read_or_write_in_one_line(tmp_path, capsys):
    """ops16: ``verify --heads`` naming a file in a folder that is not there (the treasurer's
    USB stick, not mounted) checked the whole database, printed every head, then ended in a
    traceback writing the file, exit 1 (the status of a fault found); a folder named as the
    heads file, or a heads file that is no text, was refused as if the *database* could not
    be read. docs/security.md: a command refused ends in one line, exit 2."""
    database = tmp_path / "app.sqlite"
    connect(database, migrate=True).close()
    stick = tmp_path / "stick"
    binary = tmp_path / "heads.bin"
    binary.write_bytes(b"\xff\xfe\x00")
    for heads, said in (
        (stick / "heads.txt", f"error: cannot keep the heads in {stick / 'heads.txt'}: no folder"),
        (tmp_path, f"error: cannot keep the heads in {tmp_path}: it is a folder"),
        (binary, f"error: cannot read the heads kept in {binary}:"),
    ):
        code = main(["verify", "--database", str(database), "--heads", str(heads)])
        out = capsys.readouterr()
        assert code == 2
        assert (out.out, len(out.err.splitlines())) == ("", 1)  # refused before any check
        assert out.err.startswith(said), out.err
    assert not stick.exists()
    # the file cannot be written once checked (here its temporary name is taken by a folder)
    heads = tmp_path / "heads.txt"
    (tmp_path / "heads.txt.tmp").mkdir()
    code = main(["verify", "--database", str(database), "--heads", str(heads)])
    out = capsys.readouterr()
    assert code == 2
    assert out.err.startswith(f"error: cannot write the heads to {heads}:"), out.err
    assert len(out.err.splitlines()) == 1 and not heads.exists()


def test_a_club_ledger_is_chained_like_a_log(tmp_path, capsys):
    """The chains are generic over their tables: a ``ledger`` (issue 28's club accounts, its
    own migration) with rows from before m011 is chained by it, then grows by ``append``."""
    path = tmp_path / "ledger.sqlite"
    db = sqlite_utils.Database(str(path))
    migrations.apply(db, stop_before="m011_hash_chains")
    # a club, a member and two ledger rows as the accounts' migration (m010) keeps them
    stamp = "2026-11-25T12:00:00+00:00"  # club 1 is the default club m006 makes
    db.table("members").insert({"id": 1, "club_id": 1, "name": "Anne"})
    row = {"club_id": 1, "member_id": 1, "on_date": "2026-11-25", "created_at": stamp}
    db.table("ledger").insert_all(
        [{**row, "kind": "fee", "amount": -500}, {**row, "kind": "payment", "amount": 500}]
    )
    db.close()
    db = connect(path, migrate=True)
    with db.atomic():
        chain.append(db, chain.LEDGER, {**row, "kind": "prize", "amount": 250})
    head = chain.head(db, chain.LEDGER, 1)
    assert head is not None and head.length == 3
    with pytest.raises(sqlite3.IntegrityError, match="ledger is append-only"):
        db.execute("delete from ledger where id = 1")
    db.close()
    code, said = verify(path, capsys=capsys)
    assert code == 0 and f"ledger club 1: {head.short} (3 rows)" in said, said
    copy = _tampered(path, tmp_path / "t.sqlite", "update ledger set amount = 5000 where id = 1")
    code, said = verify(copy, capsys=capsys)
    assert code == 1 and "FAULT ledger row 1: club 1: its content is not what its hash" in said


def test_the_head_line_as_a_page_prints_it(app):
    from flask import render_template

    from scorekeeper.web.printing.chain_heads import ChainNote

    with app.test_request_context(headers={"Accept-Language": "en"}):
        club = render_template(
            "_chain_head.html", chain=ChainNote("0123456789ab"), label="Club ledger head:"
        )
        old = render_template("_chain_head.html", chain=ChainNote("ba9876543210", "2026-11-25T1"))
        none = render_template("_chain_head.html", chain=ChainNote(None))
    assert 'Club ledger head: <code class="chain-head">0123456789ab</code>' in club
    assert "starts at the migration of November 25, 2026: the changes before" in old
    assert none.strip() == ""


@settings(max_examples=40, deadline=None)
@given(texts=st.lists(st.text(max_size=8), min_size=2, max_size=8), data=st.data())
def test_a_chain_names_the_very_row_changed_and_the_row_after_one_removed(texts, data):
    """Any change of any column of any row (its hashes too) is found at that row; a row
    removed or moved away (its id, its scope), at the row after it."""
    log = chain.Chain("log", scope="book")
    db = sqlite_utils.Database(memory=True)
    db.table("log").create(
        {"id": int, "book": int, "text": str, "prev_hash": str, "hash": str}, pk="id"
    )
    for text in texts:
        chain.append(db, log, {"book": 1, "text": text})
    assert chain.check(db, log)[1] == []
    n = len(texts)
    row = data.draw(st.integers(1, n))
    column = data.draw(st.sampled_from(["id", "book", "text", "prev_hash", "hash", "delete"]))
    if column == "delete":
        db.execute("delete from log where id = ?", [row])
    else:
        was = db["log"].get(row)[column]
        other = {"id": 100, "book": 2}.get(column)
        value = other or data.draw(st.text(max_size=8).filter(lambda v: v != was))
        db.execute(f"update log set [{column}] = ? where id = ?", [value, row])
    faults = chain.check(db, log)[1]
    fault = faults[0] if faults else None
    if column in ("text", "prev_hash", "hash"):
        expected: int | None = row
    elif row < n:  # the next row no longer follows the one before it
        expected = row + 1
    else:  # the last row: removed, only a kept head shows it; moved, it is at fault itself
        expected = {"delete": None, "id": 100, "book": row}[column]
    assert (fault and fault.row) == expected, (column, row, fault)


def test_a_line_is_read_back_only_when_a_value_would_be_stored_otherwise(tmp_path):
    """append hashes what it gives; SQLite keeps text in a text column and a whole number in
    an integer one as given (no second read), but a bool becomes 1 and a number given to a
    text column becomes text: those are read back, and a hash that no longer matches the
    stored row is refused rather than written unchecked."""
    db = connect(fresh_database(tmp_path / "log.sqlite"))
    db.execute(
        "insert into games (id, game, players, rules, first_dealer, created_at, version)"
        " values (1, 'hombre', ?, '{}', 0, '2026-11-28', 1)",
        [json.dumps(["A", "B", "C"])],
    )
    reads: list[str] = []
    db.conn.set_trace_callback(reads.append)
    line = {"game_id": 1, "at": "2026-11-28T12:00:00+00:00", "action": "add", "summary": "x"}
    db.conn.execute("BEGIN IMMEDIATE")
    first = chain.append(db, chain.CHANGES, line)
    assert not [s for s in reads if s.startswith("select * from [changes]")]  # as given
    with pytest.raises(ValueError, match="stored otherwise than given"):
        chain.append(db, chain.CHANGES, {**line, "position": True})  # kept as 1, hashed true
    assert [s for s in reads if s.startswith("select * from [changes]")]  # it was read back
    db.conn.execute("ROLLBACK")
    db.conn.set_trace_callback(None)
    assert first == 1
