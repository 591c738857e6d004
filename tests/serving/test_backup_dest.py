"""What ``scorekeeper backup DEST`` may write over (ops17). It replaced whatever file DEST
named: the live database itself (named again, by another path, through a link), a text
file, another server's database. It now replaces only an earlier backup of the same
database (a night's ``latest.sqlite``); anything else is refused in one line, exit 2, the
file left as it was."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest
from test_operator import an_app
from web import new_game

from scorekeeper.cli import main


def games_in(path: Path) -> int:
    """The games a database file holds, read without writing to it."""
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return int(conn.execute("select count(*) from games").fetchone()[0])
    finally:
        conn.close()


@pytest.fixture
def live(tmp_path: Path) -> Path:
    """A server's database holding two games (its key kept in it, as a server without
    settings keeps it)."""
    app = an_app(tmp_path / "live")
    phone = app.test_client()
    assert [new_game(phone), new_game(phone, player0="Denise")] == ["/games/1", "/games/2"]
    return Path(app.config["DATABASE"])


def _refused(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(["backup", *args]) == 2
    said = capsys.readouterr()
    assert said.out == ""
    (line,) = said.err.splitlines()  # one line, no traceback
    return line


def test_the_live_database_is_never_written_over_by_any_of_its_names(
    live, tmp_path, capsys, monkeypatch
):
    os.symlink(live, tmp_path / "link.sqlite")
    os.link(live, tmp_path / "hard.sqlite")
    names = [
        live,  # backup instance/scorekeeper.sqlite --database instance/scorekeeper.sqlite
        live.parent / ".." / live.parent.name / live.name,  # the same path, spelt otherwise
        tmp_path / "link.sqlite",  # a symbolic link to it
        tmp_path / "hard.sqlite",  # a hard link: the same file under another name
    ]
    for name in names:
        line = _refused(capsys, str(name), "--database", str(live))
        assert line == f"error: {name} is the database itself ({live}): name another file"
    monkeypatch.chdir(live.parent)  # the command as typed in the data folder, both names relative
    line = _refused(capsys, live.name, "--database", live.name)
    assert line == f"error: {live.name} is the database itself ({live.name}): name another file"
    assert games_in(live) == 2  # both games still there
    assert not (live.parent / f"{live.name}.partial").exists()


def test_a_file_that_is_not_a_backup_of_this_database_is_never_replaced(live, tmp_path, capsys):
    text = tmp_path / "notes.txt"
    text.write_text("the club's minutes\n")
    other = an_app(tmp_path / "other")  # another server: its live database, then a backup
    assert new_game(other.test_client()) == "/games/1"
    other_live = Path(other.config["DATABASE"])
    other_backup = tmp_path / "other-backup.sqlite"
    assert main(["backup", str(other_backup), "--database", str(other_live)]) == 0
    plain = tmp_path / "plain.sqlite"  # an SQLite file of something else
    with sqlite3.connect(plain) as conn:
        conn.execute("create table t (x)")
    conn.close()
    capsys.readouterr()
    cases = {
        text: "is not a Scorekeeper backup",
        plain: "is not a Scorekeeper backup",
        other_live: "is a database in WAL mode (as a served one), not a backup",
        other_backup: "is not a backup of this database (not its secret key)",
    }
    for dest, words in cases.items():
        before = dest.read_bytes()
        line = _refused(capsys, str(dest), "--database", str(live))
        assert line == f"error: {dest} {words}: move it away, or name another file", line
        assert dest.read_bytes() == before
    assert games_in(other_live) == 1 and games_in(other_backup) == 1


def test_an_earlier_backup_of_the_same_database_is_replaced(live, tmp_path, capsys):
    """The nightly ``backup latest.sqlite`` replaces yesterday's copy, as it always did."""
    latest = tmp_path / "latest.sqlite"
    assert main(["backup", str(latest), "--database", str(live)]) == 0
    assert games_in(latest) == 2
    app = an_app(live.parent)
    assert new_game(app.test_client(), player0="Zoé") == "/games/3"
    capsys.readouterr()
    assert main(["backup", str(latest), "--database", str(live)]) == 0
    assert capsys.readouterr().out == f"backed up 3 games from {live} to {latest}\n"
    assert games_in(latest) == 3  # 2 games, then 1 more


def test_a_restore_of_the_database_over_itself_is_refused_by_any_of_its_names(
    live, tmp_path, capsys
):
    """``restore X --database X`` (or a link to it) said "restored 2 games from X into X"
    as if a backup had been put in place: nothing was, and the operator believes they
    went back to a backup."""
    os.symlink(live, tmp_path / "link.sqlite")
    for name in (live, tmp_path / "link.sqlite"):
        assert main(["restore", str(name), "--database", str(live), "--force"]) == 2
        said = capsys.readouterr()
        assert (
            said.out == ""
            and said.err == f"error: {name} is the database itself: name a backup of it\n"
        )
    assert games_in(live) == 2


def test_the_database_s_own_folder_is_refused_as_the_folder_of_the_backups(
    live, tmp_path, capsys, monkeypatch
):
    """ops18: `backup instance` (the data folder typed as what to back up, no slash) wrote a
    dated copy into the live folder, among the database's own files; every night's copy
    then piled up there, one letter from the database's name, and went with the folder.
    Refused, by any of its names, with or without the slash and --keep-days; the folder
    left as it was."""
    folder = live.parent
    before = sorted(p.name for p in folder.iterdir())
    os.symlink(folder, tmp_path / "link")
    for dest, more in (
        (str(folder), []),  # backup instance
        (f"{folder}/", []),  # backup instance/
        (str(folder), ["--keep-days", "30"]),  # the nightly line, pointed at it
        (str(folder / ".." / folder.name), []),  # the same folder spelt otherwise
        (str(tmp_path / "link"), []),  # a link to it
    ):
        line = _refused(capsys, dest, "--database", str(live), *more)
        assert line == (
            f"error: {dest} is the database's own folder ({folder}):"
            " name a folder for the backups (e.g. /var/backups/scorekeeper/)"
        )
    monkeypatch.chdir(folder.parent)  # as typed beside it, both names relative
    line = _refused(capsys, folder.name, "--database", f"{folder.name}/{live.name}")
    assert line == (
        f"error: {folder.name} is the database's own folder ({folder.name}):"
        " name a folder for the backups (e.g. /var/backups/scorekeeper/)"
    )
    assert sorted(p.name for p in folder.iterdir()) == before  # no copy written there
    # a folder of its own inside the data folder (the container's /app/instance/backups/)
    assert main(["backup", f"{folder}/backups/", "--database", str(live)]) == 0
    (copy,) = (folder / "backups").iterdir()
    assert games_in(copy) == 2
