"""The numbers and versions a restore keeps from being handed out again (m031, m032) are
on a hash chain of their own (``numbers_given``, m033), and ``verify`` names a floor
stored below what it says: lowered or deleted behind the app, a restore's floors went
unseen, and with them the protection (a gone game's number handed out again to a
stranger, a version repeated so that a stale page's change is taken; trust15)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from test_operator import an_app
from test_restore_game_numbers import _new_club
from web import enter, new_game

from scorekeeper.cli import main
from scorekeeper.db import connect
from scorekeeper.db.migrations import migrations

M033 = "m033_numbers_given_on_a_chain"


def verify(path: Path, capsys) -> tuple[int, str]:
    code = main(["verify", "--database", str(path)])
    out = capsys.readouterr()
    return code, out.out + out.err


def sql(path: Path, *statements: str) -> None:
    conn = sqlite3.connect(path)
    for statement in statements:
        conn.execute(statement)
    conn.commit()
    conn.close()


def one(path: Path, query: str) -> list[tuple[object, ...]]:
    conn = sqlite3.connect(path)
    try:
        return conn.execute(query).fetchall()
    finally:
        conn.close()


@pytest.fixture
def restored(tmp_path, capsys) -> Path:
    """A server's database restored from a backup holding game 1 at its creation, after
    game 2, club 2 and two coups of game 1 were made since the backup."""
    app = an_app(tmp_path / "live")
    database = Path(app.config["DATABASE"])
    phone = app.test_client()
    assert new_game(phone) == "/games/1"
    kept = tmp_path / "kept.sqlite"
    assert main(["backup", str(kept), "--database", str(database)]) == 0
    assert new_game(phone, player0="Denise") == "/games/2"
    assert _new_club(phone) == "/clubs/2"  # m006 made club 1
    for coup in ("A demande A5 B2 C2", "B demande A2 B5 C2"):
        assert enter(phone, "/games/1", coup).status_code == 302
    assert main(["restore", str(kept), "--database", str(database), "--force"]) == 0
    capsys.readouterr()
    return database


def test_a_restore_writes_the_floors_it_keeps_on_their_log_and_verifies_clean(restored, capsys):
    # game 2 and club 2 were handed out since the backup; game 1 was at version 1 (its
    # creation), then 2 and 3 (its two coups): 3 is kept
    assert one(restored, "select games_given, clubs_given from generation") == [(2, 2)]
    assert one(restored, "select owner, id, version from versions_given") == [("games", 1, 3)]
    lines = one(restored, "select action, state from numbers_given order by id")
    assert [action for action, _ in lines] == ["restore"]
    assert json.loads(str(lines[0][1])) == {
        "given": {"clubs": 2, "games": 2},
        "versions": [["games", 1, 3]],
    }
    code, said = verify(restored, capsys)
    assert code == 0, said
    assert "numbers_given generation 1: " in said  # its head, as every chain's
    assert one(restored, "select log_length from generation") == [(1,)]


@pytest.mark.parametrize(
    ("tamper", "named"),
    [
        (
            ["update generation set games_given = 1"],
            ["generation row 1: games_given is 1, its log says 2"],
        ),
        (
            ["update generation set games_given = 0, clubs_given = 0"],
            [
                "generation row 1: clubs_given is 0, its log says 2",
                "generation row 1: games_given is 0, its log says 2",
            ],
        ),
        (
            ["update versions_given set version = 2"],
            ["versions_given: game 1: the version kept is 2, its log says 3"],
        ),
        (
            ["delete from versions_given"],
            ["versions_given: game 1: the version kept is not stored, its log says 3"],
        ),
        (
            ["delete from generation"],
            [
                "numbers_given row 1: generation 1 is not stored, yet its chain has rows",
                "generation row 1: clubs_given is not stored, its log says 2",
                "generation row 1: games_given is not stored, its log says 2",
            ],
        ),
        (  # the log cut with the floor: its owner's row still records its length
            [
                "drop trigger numbers_given_no_delete",
                "delete from numbers_given",
                "update generation set games_given = 0",
            ],
            ["generation row 1: generation 1: its numbers_given chain has no row, its row"],
        ),
    ],
)
def test_a_floor_lowered_or_deleted_behind_the_app_is_named(restored, capsys, tamper, named):
    sql(restored, *tamper)
    code, said = verify(restored, capsys)
    assert code == 1, said
    faults = [line for line in said.splitlines() if line.startswith("FAULT ")]
    assert len(faults) == len(named), said
    for fault, words in zip(faults, named, strict=True):
        assert fault.startswith(f"FAULT {words}"), said
    assert said.splitlines()[-1] == (f"{len(named)} fault" + ("s" if len(named) > 1 else ""))


@pytest.mark.parametrize(
    ("damage", "said"),
    [
        ("update generation set games_given = 0", "games_given is 0, its log says 2"),
        # the row made again by the restore records its log as it is (m015's way)
        ("delete from generation", "games_given is not stored, its log says 2"),
    ],
)
def test_a_backup_whose_floors_were_lowered_is_restored_with_its_logs(
    restored, tmp_path, capsys, damage, said
):
    """A restore reads the backup's own log of the numbers given: its floors lowered behind
    the app come back (on a new machine there is no replaced database to keep them), the
    restore says so, and the restored database verifies clean."""
    kept = tmp_path / "kept-after.sqlite"
    assert main(["backup", str(kept), "--database", str(restored)]) == 0
    sql(kept, damage, "delete from versions_given")
    (tmp_path / "new").mkdir()
    target = tmp_path / "new" / "scorekeeper.sqlite"
    capsys.readouterr()
    assert main(["restore", str(kept), "--database", str(target)]) == 0
    out = capsys.readouterr().out
    assert f"in the backup, generation row 1: {said}" in out
    assert "in the backup, versions_given: game 1: the version kept is not stored" in out
    assert one(target, "select games_given, clubs_given from generation") == [(2, 2)]
    assert one(target, "select owner, id, version from versions_given") == [("games", 1, 3)]
    code, verified = verify(target, capsys)
    assert code == 0, verified
    phone = an_app(tmp_path / "new").test_client()
    assert new_game(phone) == "/games/3"  # 2 was handed out before the first restore


def test_floors_kept_before_their_log_are_its_first_line_and_none_is_nothing(tmp_path, capsys):
    """A database restored between m031 and m033 kept floors on no log: m033 puts them as
    they are on a first line ``chain``, checked from then on. One never restored (or older
    than m031) has none: nothing is written, nothing to flag."""
    old, never = tmp_path / "old.sqlite", tmp_path / "never.sqlite"
    for path in (old, never):
        db = connect(path)
        migrations.apply(db, stop_before=M033)
        db.conn.close()
    sql(
        old,
        "update generation set games_given = 4, clubs_given = 1",  # 1 as m006's club 1
        "insert into versions_given (owner, id, version) values ('games', 7, 9)",
    )
    for path in (old, never):
        connect(path, migrate=True).close()
    assert one(never, "select count(*) from numbers_given") == [(0,)]
    code, said = verify(never, capsys)
    assert code == 0, said
    assert one(old, "select action, state from numbers_given") == [
        ("chain", '{"given":{"clubs":1,"games":4},"versions":[["games",7,9]]}')
    ]
    code, said = verify(old, capsys)
    assert code == 0, said
    sql(old, "update generation set games_given = 3")
    code, said = verify(old, capsys)
    assert code == 1 and "FAULT generation row 1: games_given is 3, its log says 4" in said


def test_a_restore_over_a_database_whose_floors_were_lowered_keeps_its_logs(
    restored, tmp_path, capsys
):
    """The replaced database's log counts too: the floors lowered in it behind the app are
    what the restored one keeps, and the restore says so."""
    sql(
        restored,
        "update generation set games_given = 0, clubs_given = 0",
        "delete from versions_given",
    )
    kept = tmp_path / "kept.sqlite"  # the backup of the fixture: game 1 at its creation
    assert main(["restore", str(kept), "--database", str(restored), "--force"]) == 0
    out = capsys.readouterr().out
    assert f"in {restored}, generation row 1: games_given is 0, its log says 2" in out
    assert one(restored, "select games_given, clubs_given from generation") == [(2, 2)]
    assert one(restored, "select owner, id, version from versions_given") == [("games", 1, 3)]
    code, verified = verify(restored, capsys)
    assert code == 0, verified
