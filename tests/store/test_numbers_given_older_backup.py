"""A restore of a backup older than the last restore (ops17). The log of the numbers given
(``numbers_given``, m033) was the backup's: restore A wrote its line on A's log, then
restoring the older B put B's log in place, without A's line. Its floors were copied onto
B's restore line, but the record of restore A was gone, and the head of that log a
treasurer kept (``verify --heads``) was named as rewritten. The log is the server's: a
restore keeps the replaced database's log and writes its own line on top, and the floors
kept are at least what every line of it says."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_numbers_given_verified import one, sql, verify
from test_operator import an_app
from web import enter, new_game

from scorekeeper.cli import main


def _backup(database: Path, to: Path) -> None:
    assert main(["backup", str(to), "--database", str(database)]) == 0


def _restore(source: Path, database: Path) -> None:
    assert main(["restore", str(source), "--database", str(database), "--force"]) == 0


@pytest.fixture
def older_restored(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    """Game 1, backup B; game 2, backup A; then game 3 made and game 2 given a coup; restore
    A (heads kept); restore B. Returns the database, the phone that made game 3 (its cookie
    follows game 3, gone), restore A's line as it was and the heads file."""
    app = an_app(tmp_path / "live")
    database = Path(app.config["DATABASE"])
    phone = app.test_client()
    older, newer = tmp_path / "B.sqlite", tmp_path / "A.sqlite"
    assert new_game(phone) == "/games/1"
    _backup(database, older)
    assert new_game(phone, player0="Denise") == "/games/2"
    _backup(database, newer)
    assert new_game(phone, player0="Zoé") == "/games/3"
    assert enter(phone, "/games/2", "A demande A5 B2 C2").status_code == 302  # version 2
    _restore(newer, database)
    line_a = one(database, "select * from numbers_given")
    heads = tmp_path / "heads.txt"
    assert main(["verify", "--database", str(database), "--heads", str(heads)]) == 0
    _restore(older, database)
    capsys.readouterr()
    return database, phone, line_a, heads


def test_the_last_restores_line_is_kept_and_the_floors_above_every_number_given(
    older_restored, tmp_path, capsys
):
    database, phone, line_a, heads = older_restored
    # restore A's line as it was written (the same id and hash); restore B keeps nothing
    # A's line does not say already, so it writes none (as any restore that keeps nothing new)
    assert one(database, "select * from numbers_given order by id") == line_a
    # restore A kept game 3 (made after A) and game 2's version 2 (its coup after A)
    assert json.loads(str(line_a[0][5])) == {
        "given": {"clubs": 1, "games": 3},
        "versions": [["games", 2, 2]],
    }
    # restore B: B holds game 1 only; games 2 and 3 were handed out, game 2 reached version 2
    assert one(database, "select games_given, clubs_given, log_length from generation") == [
        (3, 1, 1)
    ]
    assert one(database, "select owner, id, version from versions_given") == [("games", 2, 2)]
    code, said = verify(database, capsys)
    assert code == 0, said
    # the head kept after restore A is still in the log; game 2 (gone with B) is named
    code = main(["verify", "--database", str(database), "--heads", str(heads)])
    faults = [line for line in capsys.readouterr().err.splitlines() if line.startswith("FAULT")]
    assert code == 1
    assert len(faults) == 1 and faults[0].startswith("FAULT changes: game 2: the head"), faults
    # the phone that followed game 3 (gone twice) never reads the next game: 3 + 1 = 4
    stranger = an_app(database.parent).test_client()
    assert new_game(stranger, player0="Yves") == "/games/4"
    assert phone.get("/games/4").status_code == 404
    assert "Yves" not in phone.get("/").get_data(as_text=True)
    assert stranger.get("/games/2").status_code == 404


def test_a_log_retyped_behind_the_app_is_not_carried(older_restored, tmp_path, capsys):
    """A replaced database whose log was retyped is not the log kept: the backup's is, with
    the restore's line on top (every floor it keeps), and the restored database verifies
    clean. Its numbers count for nothing (test_numbers_given_tampered)."""
    database, _phone, _line_a, _heads = older_restored
    sql(
        database,
        "drop trigger numbers_given_no_update",
        "update numbers_given set summary = 'retyped' where id = 1",
    )
    assert verify(database, capsys)[0] == 1
    _restore(tmp_path / "B.sqlite", database)
    capsys.readouterr()
    code, said = verify(database, capsys)
    assert code == 0, said
    assert one(database, "select action from numbers_given") == [("restore",)]
    assert one(database, "select games_given from generation") == [(3,)]


def test_a_backup_whose_log_went_another_way_keeps_this_servers_log(tmp_path, capsys):
    """A backup of another server (its own restore's line) restored over this one (its
    own): this server's log stays, the restore's line on top holds the floors of both."""
    here = an_app(tmp_path / "here")
    database = Path(here.config["DATABASE"])
    phone = here.test_client()
    kept = tmp_path / "here-kept.sqlite"
    _backup(database, kept)  # no game
    assert [new_game(phone), new_game(phone)] == ["/games/1", "/games/2"]
    _restore(kept, database)  # games 1 and 2 gone: given up to 2
    heads = tmp_path / "heads.txt"
    assert main(["verify", "--database", str(database), "--heads", str(heads)]) == 0
    line_here = one(database, "select * from numbers_given")
    there = an_app(tmp_path / "there")
    other = there.test_client()
    there_db = Path(there.config["DATABASE"])
    there_kept = tmp_path / "there-kept.sqlite"
    assert new_game(other) == "/games/1"
    _backup(there_db, there_kept)
    assert [new_game(other) for _ in range(4)] == [f"/games/{n}" for n in (2, 3, 4, 5)]
    _restore(there_kept, there_db)  # its log: given up to 5
    moved = tmp_path / "there-moved.sqlite"
    _backup(there_db, moved)
    assert json.loads(str(one(moved, "select state from numbers_given")[0][0]))["given"] == {
        "clubs": 1,
        "games": 5,
    }
    _restore(moved, database)
    capsys.readouterr()
    lines = one(database, "select * from numbers_given order by id")
    assert lines[0] == line_here[0] and len(lines) == 2  # this server's line, then the restore's
    # the highest of both: here 2, there 5
    assert json.loads(str(lines[1][5]))["given"] == {"clubs": 1, "games": 5}
    assert one(database, "select games_given, log_length from generation") == [(5, 2)]
    code, said = verify(database, capsys)
    assert code == 0, said
    # the other server's club 1 (made by m006 on each) is another chain; this log is the same
    main(["verify", "--database", str(database), "--heads", str(heads)])
    faults = [line for line in capsys.readouterr().err.splitlines() if line.startswith("FAULT")]
    assert len(faults) == 1 and faults[0].startswith("FAULT club_changes: club 1: the head")
    assert new_game(an_app(database.parent).test_client()) == "/games/6"
