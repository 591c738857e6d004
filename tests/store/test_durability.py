"""Nothing lost: kill -9 in a stream of coups, online backup and restore, old databases."""

from __future__ import annotations

import http.client
import json
import os
import signal
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest
import sqlite_utils
from apps import new_app
from live import Phone, free_port, start_server
from test_cli import run_here
from web import NEW_GAME, coup_data

from scorekeeper.db.migrations import migrations
from scorekeeper.rules.hombre.file import load_coup

BIN = Path(sys.executable).parent / "scorekeeper"
COUPS = ["B demande A2 B5 C2", "pass", "A demande A4 B4 C1", "C sans_prendre A1 B2 C6"]
STREAMED = 12
"""Coups the server confirms before it is killed, the stream still going."""


def check_database(path: Path) -> int:
    """The database is sound and every stored coup is whole; returns the number of coups."""
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("pragma integrity_check").fetchone()[0] == "ok"
        positions = [r[0] for r in conn.execute("select position from coups order by position")]
        assert positions == list(range(1, len(positions) + 1))
        adds = conn.execute("select count(*) from changes where action = 'add'").fetchone()[0]
        version = conn.execute("select version from games").fetchone()[0]
        assert adds == len(positions) and version == 1 + adds
        seats = {"Anne": 0, "Bruno": 1, "Chloé": 2}
        for (data,) in conn.execute("select data from coups"):
            load_coup(json.loads(data), seats)
        return len(positions)
    finally:
        conn.close()


@pytest.mark.long
def test_kill_9_during_a_stream_of_coups_loses_at_most_the_request_in_flight(tmp_path):
    database = tmp_path / "live.sqlite"
    port = free_port()
    server = start_server(database, port)
    phone = Phone(f"http://127.0.0.1:{port}")
    try:
        status, _ = phone.post("/games/new", {**NEW_GAME, "poules_to_play": "1000"})
        assert status == 302
        saved = []
        stop = threading.Event()
        streaming = threading.Event()  # set once the server has confirmed STREAMED coups

        def stream() -> None:
            n = 0
            while not stop.is_set():
                data = coup_data(COUPS[n % len(COUPS)])
                data.setdefault("save", "1")
                try:
                    status, _ = phone.post("/games/1/coups", data, token_from="/games/1")
                except (OSError, http.client.HTTPException):
                    return  # the server is gone (mid-request, or mid-answer: IncompleteRead)
                if status == 302:
                    saved.append(n)
                    if len(saved) >= STREAMED:
                        streaming.set()
                n += 1

        writer = threading.Thread(target=stream)
        writer.start()
        # killed mid-stream once it is well under way (not after a fixed time: on a loaded
        # machine 2.5 s were a handful of coups, on a quick one dozens)
        assert streaming.wait(timeout=60), saved
        os.kill(server.pid, signal.SIGKILL)
        server.wait()
        stop.set()
        writer.join()
    finally:
        if server.poll() is None:
            server.kill()
    assert len(saved) >= 3, "the stream should have saved some coups before the kill"
    stored = check_database(database)
    assert len(saved) <= stored <= len(saved) + 1
    # the server comes back with every coup it confirmed
    server = start_server(database, port)
    try:
        status, page = phone.get("/games/1/report.json")
        assert status == 200 and len(json.loads(page)["coups"]) == stored
    finally:
        server.kill()
        server.wait()


@pytest.mark.long
def test_backup_while_the_server_writes_then_restore(tmp_path):
    database = tmp_path / "live.sqlite"
    port = free_port()
    server = start_server(database, port)
    phone = Phone(f"http://127.0.0.1:{port}")
    try:
        phone.post("/games/new", NEW_GAME)
        for text in COUPS * 3:
            data = {**coup_data(text)}
            data.setdefault("save", "1")
            assert phone.post("/games/1/coups", data, token_from="/games/1")[0] == 302
        done = subprocess.run(
            # a folder of its own: the database's folder is refused (ops18)
            [str(BIN), "backup", f"{tmp_path / 'backups'}/", "--database", str(database)],
            capture_output=True,
            text=True,
        )
        assert done.returncode == 0, done.stderr
        copy = next((tmp_path / "backups").glob("scorekeeper-*.sqlite"))
        assert check_database(copy) == 12
        # a coup after the backup, then the restore takes the game back to 12 coups
        phone.post("/games/1/coups", {"passed": "1"}, token_from="/games/1")
        refused = subprocess.run(
            [str(BIN), "restore", str(copy), "--database", str(database)],
            capture_output=True,
            text=True,
        )
        assert refused.returncode == 2 and "--force" in refused.stderr
        done = subprocess.run(
            [str(BIN), "restore", str(copy), "--database", str(database), "--force"],
            capture_output=True,
            text=True,
        )
        assert done.returncode == 0, done.stderr
        status, page = phone.get("/games/1/report.json")
        assert status == 200 and len(json.loads(page)["coups"]) == 12
    finally:
        server.kill()
        server.wait()


def test_restore_refuses_what_is_not_a_backup(tmp_path, capsys):
    junk = tmp_path / "junk.sqlite"
    junk.write_bytes(b"not a database at all" * 100)
    # main in the test's process: the refusal is the subject (the real process: above)
    done = run_here(capsys, "restore", str(junk), "--database", str(tmp_path / "db.sqlite"))
    assert done.returncode == 2 and "not a Scorekeeper database" in done.stderr


def test_a_database_from_an_older_version_opens_and_keeps_its_games(tmp_path):
    path = tmp_path / "old.sqlite"
    db_conn = sqlite3.connect(path)

    old = sqlite_utils.Database(db_conn)
    migrations.apply(old, stop_before="m002_money")  # the schema of the first release
    old["games"].insert(
        {
            "id": 1,
            "game": "hombre",
            "players": json.dumps(["Anne", "Bruno", "Chloé"]),
            "first_dealer": 0,
            "rules": json.dumps({"poule_system": "3-2"}),
            "created_at": "2026-11-01T20:00:00+00:00",
            "updated_at": "2026-11-01T20:00:00+00:00",
            "version": 2,
        }
    )
    old["coups"].insert(
        {
            "game_id": 1,
            "position": 1,
            "data": json.dumps(
                {
                    "hombre": "Bruno",
                    "contract": "demande",
                    "tricks": {"Anne": 2, "Bruno": 5, "Chloé": 2},
                }
            ),
        }
    )
    db_conn.close()
    app = new_app(
        {
            "TESTING": True,
            "SECRET_KEY": "t",
            "DATABASE": str(path),
            "ADMIN_PASSWORD": "x",
            "WTF_CSRF_ENABLED": False,
            "RATELIMIT_ENABLED": False,
        }
    )
    client = app.test_client()
    client.post("/admin", data={"password": "x"})  # old games have no link yet: the admin's
    report = json.loads(client.get("/games/1/report.json").data)
    assert report["net"] == {"Anne": -9, "Bruno": 18, "Chloé": -9}
    applied = [m.name for m in migrations.applied(sqlite_utils.Database(str(path)))]
    assert applied == [
        "m001_games_coups_changes",
        "m002_money",
        "m003_links",
        "m004_grants",
        "m005_handover_and_who",
        "m006_clubs",
        "m007_seats_follow_the_table",
        "m008_generation",
        "m009_coup_keys",
        "m010_cash_box",
        "m011_hash_chains",
        "m012_events",
        "m013_phone_names",
        "m014_club_presets",
        "m015_chain_lengths",
        "m016_coup_key_digests_and_look_alikes",
        "m018_payments_at_tables",
        "m019_seat_changes",
        "m020_imported_seat_changes_in_the_log",
        "m021_facts_on_the_logs",
        "m022_secret_key",
        "m023_table_stops",
        "m024_a_payment_ticked_twice",
        "m025_a_payments_money",
        "m026_who_paid",
        "m027_what_the_draw_was_asked",
        "m028_a_payments_two_sides",
        "m029_payment_sides",
        "m030_payment_sides_on_the_logs",
        "m031_numbers_given",
        "m032_versions_given",
        "m033_numbers_given_on_a_chain",
        "m034_ledger_by_club",
        "m035_ledger_by_other_side",
        "m036_games_lost_charged",
        "m037_how_a_coup_key_went",
        "m038_a_corrected_coup_key",
    ]
    assert client.get("/games/1/links").status_code == 200  # a table link was made for it


def test_phones_creating_games_at_once_all_get_their_game(tmp_path):
    """Writes that read first take the write lock first: no "database is locked" (a 500).

    In WAL mode a deferred transaction that has read cannot take the write lock
    once another connection has written since, and SQLite refuses at once. The
    load test found it: fifty tables created together, a quarter answered 500.
    """
    database = tmp_path / "db.sqlite"
    port = free_port()
    server = start_server(database, port, RATELIMIT_ENABLED="false")
    statuses: list[int] = []
    try:

        def create() -> None:
            phone = Phone(f"http://127.0.0.1:{port}")
            for _ in range(3):
                statuses.append(phone.post("/games/new", NEW_GAME)[0])

        threads = [threading.Thread(target=create) for _ in range(16)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        server.terminate()
        server.wait()
    assert statuses == [302] * 48
    with sqlite3.connect(database) as conn:
        assert conn.execute("select count(*) from games").fetchone() == (48,)
        assert conn.execute("select count(*) from grants").fetchone() == (48,)
    conn.close()


def test_an_empty_file_migrates_to_the_schema_the_tests_copy(tmp_path, migrated_database):
    """``create_app`` on an empty file makes the schema and migration list of the copy.

    The ``app`` fixture copies one database migrated per test process (conftest's
    ``migrated_database``) rather than migrating each test's own: this is the app's
    own migration from nothing, compared table by table, index by index.
    """
    new_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE": str(tmp_path / "new.sqlite")})

    def schema(path: Path) -> tuple[list[tuple[str, str, str]], list[str]]:
        with sqlite3.connect(path) as conn:
            tables = conn.execute(
                "select type, name, sql from sqlite_master order by type, name"
            ).fetchall()
            applied = [row[0] for row in conn.execute("select name from _sqlite_migrations")]
        conn.close()
        return tables, applied

    made, applied = schema(tmp_path / "new.sqlite")
    assert (made, applied) == schema(migrated_database)
    every = migrations.pending(sqlite_utils.Database(memory=True))
    assert applied == [migration.name for migration in every]
    assert len(made) > 20  # games, coups, changes, grants, clubs, events… and their indexes
