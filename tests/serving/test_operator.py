"""A server an operator can trust (issue 43): the schema's version, migrations under a lock.

Processes are forked (not new interpreters) so that twenty pairs cost a few seconds.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import re
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.request
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from apps import fresh_database, new_app
from live import ended

from scorekeeper import db
from scorekeeper.db.migrations import SCHEMA, OtherSchema

PAIRS = 20


def _migrate_after(barrier, path: str, queue) -> None:
    barrier.wait()
    try:
        db.connect(path, migrate=True).close()
        queue.put("ok")
    except Exception as error:
        queue.put(f"{type(error).__name__}: {error}")


def test_twenty_pairs_of_processes_migrate_one_fresh_database_each_without_a_failure(tmp_path):
    """Before the lock: "table _sqlite_migrations already exists" in 3 of 6 tries."""
    context = multiprocessing.get_context("fork")
    queue = context.Queue()
    said = []
    for pair in range(PAIRS):
        path = str(tmp_path / f"fresh{pair}.sqlite")
        barrier = context.Barrier(2)
        processes = [
            context.Process(target=_migrate_after, args=(barrier, path, queue)) for _ in range(2)
        ]
        for process in processes:
            process.start()
        said += [queue.get(timeout=60) for _ in processes]
        for process in processes:
            process.join(timeout=60)
            assert process.exitcode == 0
    assert said == ["ok"] * 2 * PAIRS
    with sqlite3.connect(tmp_path / "fresh0.sqlite") as conn:  # each migration applied once
        names = [row[0] for row in conn.execute("select name from _sqlite_migrations")]
    conn.close()
    assert len(names) == len(set(names)) and max(int(n[1:4]) for n in names) == SCHEMA


def newer(path: Path, number: int = SCHEMA + 3) -> None:
    """``path`` as a later version leaves it: one migration more than this code knows."""
    db.connect(path, migrate=True).close()
    with sqlite3.connect(path) as conn:
        conn.execute(
            "insert into _sqlite_migrations (migration_set, name, applied_at)"
            " values ('scorekeeper', ?, '2027-01-01')",
            [f"m{number:03d}_later"],
        )
    conn.close()


def test_a_database_of_a_newer_version_is_refused_naming_both_versions(tmp_path):
    path = tmp_path / "newer.sqlite"
    newer(path)
    with pytest.raises(OtherSchema) as refused:
        new_app({"DATABASE": str(path), "SECRET_KEY": "x"})
    said = str(refused.value)
    assert f"schema {SCHEMA + 3}" in said and f"schema {SCHEMA}" in said and str(path) in said


def test_serve_refuses_a_newer_database_in_one_line(tmp_path):
    path = tmp_path / "newer.sqlite"
    newer(path)
    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper.cli", "serve", "--port", "0", "--no-qr"],
        env={**os.environ, "SCOREKEEPER_DATABASE": str(path), "SCOREKEEPER_SECRET_KEY": "x"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    (line,) = done.stderr.strip().splitlines()
    newer_one = f"a newer Scorekeeper (schema {SCHEMA + 3})"
    assert line.startswith(f"error: {path} was written by {newer_one}")
    assert f"this version has schema {SCHEMA}" in line


# --- /health tells the truth; a database that cannot be written stops the start -------------

IN_NAMESPACE = r"""
import json, subprocess, sys
from pathlib import Path
small, bound = Path(sys.argv[1]), Path(sys.argv[2])
sys.path.insert(0, sys.argv[3])
from apps import new_app  # the tests' helpers
from web import enter, new_game
app = new_app({"DATABASE": str(small / "s.sqlite"), "SECRET_KEY": "x",
               "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False})
health = lambda: app.test_client().get("/health").data.decode()
manager = app.test_client()
manager.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
game = new_game(manager)
from scorekeeper import db
serving = db.connect(small / "s.sqlite")  # a server's connection, open all along (its -shm too)
serving.execute("select count(*) from games").fetchone()
said = {"fresh": health()}
app.config["DATABASE"] = str(bound / "s.sqlite")  # the same file, through a read-only mount
said["read-only"] = health()
app.config["DATABASE"] = str(small / "s.sqlite")
with open(small / "filler", "wb") as filler:  # the disk filled up by something else
    try:
        while True:
            filler.write(bytes(1 << 16))
    except OSError:
        pass
said["full"] = health()
refused = enter(manager, game, "pass")
said["coup on a full disk"] = [refused.status_code, refused.headers.get("Retry-After"),
                               "disk is full" in refused.get_data(as_text=True)]
(small / "filler").unlink()
said["room again"] = health()
said["coup again"] = enter(manager, game, "pass").status_code
said["coups"] = len(manager.get(game + "/report.json").get_json()["coups"])
serve = [sys.executable, "-m", "scorekeeper.cli", "serve", "--port", "0", "--no-qr"]
done = subprocess.run(serve, env={"SCOREKEEPER_DATABASE": str(bound / "s.sqlite"),
    "SCOREKEEPER_SECRET_KEY": "x", "PATH": "/usr/bin:/bin"}, capture_output=True, text=True)
said["start"] = [done.returncode, done.stderr]
print(json.dumps(said))
"""


def in_a_small_filesystem(tmp_path: Path, script: str) -> dict[str, object]:
    """``script`` run with a 4 MB tmpfs at its first argument and the same folder mounted
    read-only at its second: in a user and mount namespace of its own, so that no root is
    needed and nothing is mounted outside it. Its last line of output, as JSON."""
    unshare = shutil.which("unshare")
    namespace = [str(unshare), "--user", "--map-root-user", "--mount"]
    if not unshare or subprocess.run([*namespace, "true"], capture_output=True).returncode:
        pytest.skip("this kernel gives no user namespace: no small file system to fill")
    small, bound = tmp_path / "small", tmp_path / "bound"
    small.mkdir()
    bound.mkdir()
    (tmp_path / "script.py").write_text(script)
    steps = (
        f"mount -t tmpfs -o size=4m tmpfs {small} && mount --bind {small} {bound}"
        f" && mount -o remount,bind,ro {bound}"
        f" && exec {sys.executable} {tmp_path / 'script.py'} {small} {bound}"
        f" {Path(__file__).parents[1]}"
    )
    done = subprocess.run(
        [*namespace, "sh", "-c", steps], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr[-3000:]
    said: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return said


def test_health_is_503_on_a_full_disk_or_a_read_only_database_and_ok_again_after(tmp_path):
    said = in_a_small_filesystem(tmp_path, IN_NAMESPACE)
    assert said["fresh"] == "ok\n"
    assert said["read-only"] == "unavailable: database read-only\n"
    assert said["full"] == "unavailable: disk full\n"
    # a coup then: 503 and why, not a generic 500 (a phone's outbox keeps it to send again)
    assert said["coup on a full disk"] == [503, "30", True]
    assert said["room again"] == "ok\n"
    assert said["coup again"] == 302 and said["coups"] == 1  # the refused one left nothing
    code, stderr = said["start"]  # type: ignore[misc]
    # one line naming the file, no traceback, and not 0: systemd does not restart it in a loop
    assert code == 2 and stderr.startswith("error: cannot ")
    (line,) = stderr.strip().splitlines()
    assert str(tmp_path / "bound" / "s.sqlite") in line and "read-only" in line


# --- signals: every stop ends every process with 0, at any moment of the start ---------------

SIGNALS = (signal.SIGHUP, signal.SIGTERM, signal.SIGINT)
MOMENTS = (0.0, 0.4, 1.2, None)
"""Seconds after the command holds its signals (its first lines) that the signal is sent;
None: once it serves. Fixed, spread over a start (~1-3 s), not drawn: the same every run."""


def _blocked(pid: int) -> bool:
    """``pid`` holds SIGTERM (``hold_signals``, the first thing ``serve`` does)."""
    try:
        fields = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    mask = int(re.search(r"^SigBlk:\s*([0-9a-f]+)", fields, re.MULTILINE).group(1), 16)
    return bool(mask >> (signal.SIGTERM - 1) & 1)


def _group(pgid: int) -> list[int]:
    """The processes still alive in process group ``pgid`` (an orphan keeps its group)."""
    alive = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rpartition(")")[2].split()
        except OSError:
            continue
        if int(fields[2]) == pgid and not ended(int(stat.parent.name)):
            alive.append(int(stat.parent.name))
    return alive


@pytest.mark.parametrize(("number", "moment"), list(zip(SIGNALS * 2, MOMENTS, strict=False)))
def test_a_stop_at_any_moment_ends_every_process_with_0_and_frees_the_port(
    tmp_path, migrated_database, number, moment
):
    """SIGHUP to the parent used to leave its processes serving as orphans (the next start:
    address in use); SIGTERM in the first second of a start ended it with -15."""
    shutil.copy(migrated_database, tmp_path / "served.sqlite")
    process = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper.cli", "serve", "--port", "0", "--no-qr"],
        env={
            **os.environ,
            "SCOREKEEPER_DATABASE": str(tmp_path / "served.sqlite"),
            "SCOREKEEPER_SECRET_KEY": "x",
        },
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        start_new_session=True,  # its own process group: what it forks stays in it
    )
    assert process.stdout is not None
    try:
        deadline = time.monotonic() + 30
        while not _blocked(process.pid):
            assert time.monotonic() < deadline and process.poll() is None
            time.sleep(0.005)
        port = None
        if moment is None:
            for line in process.stdout:
                if found := re.fullmatch(r"    http://127\.0\.0\.1:(\d+)/\n", line):
                    port = int(found.group(1))
                    break
            assert port is not None
            while True:  # until a process answers
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=2):
                        break
                except OSError:
                    assert time.monotonic() < deadline, "it never answered"
                    time.sleep(0.05)
        else:
            time.sleep(moment)
        process.send_signal(number)
        assert process.wait(timeout=40) == 0
        while _group(process.pid):  # the forked processes end with it, none orphaned
            assert time.monotonic() < deadline + 40, f"left serving: {_group(process.pid)}"
            time.sleep(0.05)
        if port is not None:  # the port is free: another server may bind it
            with socket.socket() as again:
                again.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                again.bind(("127.0.0.1", port))
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        for pid in _group(process.pid):
            os.kill(pid, signal.SIGKILL)
        process.stdout.close()


def test_a_parent_killed_outright_leaves_no_process_serving(tmp_path, migrated_database):
    """SIGKILL cannot be taken: each forked process gets SIGTERM when its parent dies."""
    from live import start_serve, warm_children

    shutil.copy(migrated_database, tmp_path / "served.sqlite")
    process, base = start_serve(tmp_path / "served.sqlite")
    try:
        children = warm_children(process.pid, workers=2)  # no fork under way then
        process.kill()
        process.wait()
        deadline = time.monotonic() + 30
        while [pid for pid in children if not ended(pid)]:
            assert time.monotonic() < deadline, "a process serves on, orphaned"
            time.sleep(0.05)
        with pytest.raises(OSError):
            urllib.request.urlopen(base + "/health", timeout=2)
    finally:
        if process.stdout is not None:
            process.stdout.close()


def test_a_stopped_server_leaves_every_change_in_the_database_file_alone(
    tmp_path, migrated_database
):
    """Its processes ended on SIGTERM with their connections open, which left the last
    changes in the ``-wal`` beside the file: an operator who stopped the server and copied
    ``scorekeeper.sqlite`` alone (as one copies any file of a stopped program) lost them.
    Once stopped, the log is written into the file and removed."""
    from live import Phone, start_serve, stop, warm_children
    from web import NEW_GAME

    served = tmp_path / "served.sqlite"
    shutil.copy(migrated_database, served)
    process, base = start_serve(served)
    warm_children(process.pid, workers=2)  # the warm processes serve: none is being forked
    status, _page = Phone(base).post("/games/new", NEW_GAME)
    assert status == 302  # made: to the game's page
    stop(process)
    assert process.returncode == 0
    assert not Path(f"{served}-wal").exists()
    copied = tmp_path / "copied.sqlite"
    shutil.copy(served, copied)  # the file alone, as a copy of a stopped program's file
    with sqlite3.connect(copied) as conn:
        assert conn.execute("select players from games").fetchall() == [
            ('["Anne", "Bruno", "Chloé"]',)
        ]
    conn.close()


# --- the data folder and the backups -------------------------------------------------------


def an_app(folder: Path):
    """The app as a server without settings starts it: no secret key given, its data folder."""
    return new_app(
        {"DATA_FOLDER": str(folder), "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False}
    )


def test_a_backup_restored_in_a_new_folder_keeps_the_managers_phone(tmp_path):
    """The key used to live in a file backups left out: every phone got 404 after a restore
    on a new machine, until each game's link was given again."""
    from web import new_game

    from scorekeeper.cli import main

    old = an_app(tmp_path / "old")
    manager = old.test_client()
    game = new_game(manager)
    assert manager.get(game).status_code == 200
    (tmp_path / "backups").mkdir()
    assert main(["backup", str(tmp_path / "backups"), "--database", old.config["DATABASE"]]) == 0
    (copy,) = (tmp_path / "backups").iterdir()  # one file: no -wal or -shm beside it
    (tmp_path / "new").mkdir()
    new_database = tmp_path / "new" / "scorekeeper.sqlite"
    assert main(["restore", str(copy), "--database", str(new_database)]) == 0
    new = an_app(tmp_path / "new")
    phone = new.test_client()
    assert phone.get(game).status_code == 404  # a stranger: the game's page needs its right
    phone.set_cookie("session", manager.get_cookie("session").value)  # the manager's phone
    assert phone.get(game).status_code == 200
    assert sorted(p.name for p in (tmp_path / "new").iterdir() if "sqlite" not in p.name) == []


def test_the_nightly_backup_prunes_what_is_older_than_its_days(tmp_path):
    from scorekeeper.cli import main
    from scorekeeper.db.backup import DATED

    database = Path(fresh_database(tmp_path / "live.sqlite"))
    folder = tmp_path / "backups"
    folder.mkdir()
    now = datetime.now()
    for days, hours in ((40, 0), (31, 0), (29, 23)):
        name = (now - timedelta(days=days, hours=hours)).strftime(DATED)
        (folder / name).write_bytes(b"")
        (folder / (name + "-shm")).write_bytes(b"")  # what an older version left beside it
    (folder / "notes.txt").write_text("the club's own file")
    command = ["backup", str(folder), "--database", str(database), "--keep-days", "30"]
    assert main(command) == 0
    kept = {p.name for p in folder.iterdir()}
    young = (now - timedelta(days=29, hours=23)).strftime(DATED)
    # 40 and 31 days old: removed with their -shm; 29 days 23 hours: kept, and today's copy
    (today,) = kept - {young, young + "-shm", "notes.txt"}
    assert abs(datetime.strptime(today, DATED) - now) < timedelta(minutes=1)
    assert {young, young + "-shm", "notes.txt"} <= kept


def test_the_prune_line_says_one_file_and_one_day_in_the_singular(tmp_path, capsys):
    """review14: --keep-days 1 with one old copy printed "removed 1 files older than 1 days"
    (the line moved to db/backup_command.py beside "1 game", which was said right)."""
    from scorekeeper.cli import main
    from scorekeeper.db.backup import DATED

    database = Path(fresh_database(tmp_path / "live.sqlite"))
    folder = tmp_path / "backups"
    folder.mkdir()
    old = (datetime.now() - timedelta(days=3)).strftime(DATED)
    (folder / old).write_bytes(b"")  # 3 days old, kept 1 day: the one file removed
    command = ["backup", str(folder), "--database", str(database), "--keep-days", "1"]
    assert main(command) == 0
    assert "removed 1 file older than 1 day\n" in capsys.readouterr().out
    (folder / old).write_bytes(b"")
    (folder / (old + "-shm")).write_bytes(b"")  # two files now, kept 2 days
    command[-1] = "2"
    assert main(command) == 0
    assert "removed 2 files older than 2 days\n" in capsys.readouterr().out


def test_a_backup_into_a_folder_not_made_yet_makes_it_and_writes_a_dated_copy_in_it(tmp_path):
    """The guides' commands where the folder was not made first (play5): the operators' cron
    line without deploy.md's `install -d`, the container's `/app/instance/backups/` on a fresh
    volume. With a trailing slash the folder was taken for a file name: a file `backups` was
    written, and overwritten each night, no dated copy, nothing pruned; with --keep-days the
    command failed saying "--keep-days takes a number of days from 1"."""
    import stat

    from scorekeeper.cli import main
    from scorekeeper.db.backup import DATED

    database = Path(fresh_database(tmp_path / "live.sqlite"))
    for folder, args in (
        (tmp_path / "nightly", [f"{tmp_path / 'nightly'}/"]),
        (tmp_path / "kept", [str(tmp_path / "kept"), "--keep-days", "30"]),
    ):
        assert main(["backup", *args, "--database", str(database)]) == 0
        assert folder.is_dir() and stat.S_IMODE(folder.stat().st_mode) == 0o700  # the key is in it
        (copy,) = folder.iterdir()
        assert datetime.strptime(copy.name, DATED)
    # a folder whose parent is not there either (a typo, say): refused, nothing made
    missing = tmp_path / "no-such" / "backups"
    assert main(["backup", f"{missing}/", "--database", str(database)]) == 2
    assert not missing.parent.exists()
    # without the slash a name in an existing folder is still a file to write
    assert main(["backup", str(tmp_path / "copy.sqlite"), "--database", str(database)]) == 0
    assert (tmp_path / "copy.sqlite").is_file()


def test_a_backup_folder_refused_is_never_made_nor_a_file_of_its_name_overwritten(tmp_path):
    """review5: --keep-days 0 made the folder, then refused the days (a refused command
    left a folder behind); and `backups/` naming the file a night wrote before the folder
    was made (the play5 bug) overwrote it again each night: one copy, never dated, never
    pruned. Both refused, nothing made or written."""
    from scorekeeper.cli import main

    database = Path(fresh_database(tmp_path / "live.sqlite"))
    for days in ("0", "-3"):
        folder = tmp_path / f"days{days}"
        assert main(["backup", str(folder), "--keep-days", days, "--database", str(database)]) == 2
        assert not folder.exists()
    old = tmp_path / "backups"
    old.write_bytes(b"last night's copy")
    for args in ([f"{old}/"], [str(old), "--keep-days", "30"]):
        assert main(["backup", *args, "--database", str(database)]) == 2
        assert old.read_bytes() == b"last night's copy"


# --- the access log and waitress's queue warnings ---------------------------------------------

LINE = re.compile(
    r"time=(?P<time>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z) addr=(?P<addr>\S+)"
    r" method=(?P<method>\S+) path=(?P<path>\S+) status=(?P<status>\d{3})"
    r" bytes=(?P<bytes>\d+) ms=(?P<ms>\d+\.\d)\n"
)


def test_each_request_is_one_parseable_line_with_its_time_size_and_duration(app):
    import io

    from werkzeug.test import EnvironBuilder

    from scorekeeper.serving.prefork import _logged

    out = io.StringIO()
    logged = _logged(app.wsgi_app, out)
    paths = ["/health", "/static/style.css", "/games/99999", '/a b"\nc/é']
    for path in paths:
        environ = EnvironBuilder(path=path).get_environ()
        environ["REMOTE_ADDR"] = "192.0.2.7"
        environ["PATH_INFO"] = path.encode().decode("latin-1")  # as a server decodes it
        answer = logged(environ, lambda status, headers, exc_info=None: None)
        body = b"".join(answer)
        answer.close()
        said = LINE.fullmatch(out.getvalue().splitlines(keepends=True)[-1])
        assert said, out.getvalue()
        assert int(said["bytes"]) == len(body) and said["addr"] == "192.0.2.7"
        assert said["method"] == "GET" and float(said["ms"]) >= 0
        assert abs(
            datetime.strptime(said["time"], "%Y-%m-%dT%H:%M:%S.%fZ") - datetime.utcnow()
        ) < timedelta(minutes=1)
    lines = out.getvalue().splitlines()
    assert len(lines) == len(paths)  # a newline in a path does not make a second line
    assert [LINE.fullmatch(line + "\n")["status"] for line in lines] == ["200", "200", "404", "404"]
    assert LINE.fullmatch(lines[0] + "\n")["bytes"] == "3"  # "ok\n"
    assert LINE.fullmatch(lines[3] + "\n")["path"] == "/a%20b%22%0Ac/%C3%A9"


def test_the_queue_warnings_come_at_most_every_ten_seconds_with_their_numbers():
    import logging

    from scorekeeper.serving.prefork import QueueDepthEvery

    now = [100.0]
    keep = QueueDepthEvery(every=10.0, clock=lambda: now[0])
    said = []
    for step, depth in enumerate([1, 3, 7, 2, 5, 4, 1]):  # a warning every 3 s
        now[0] = 100.0 + 3 * step
        record = logging.LogRecord(
            "waitress.queue", logging.WARNING, "", 0, "Task queue depth is %d", (depth,), None
        )
        if keep.filter(record):
            said.append(record.getMessage())
    # t=100 the first at once; t=103, 106, 109 held; t=112 says the 4 since t=100, deepest 7
    assert said == [
        "Task queue depth 1 (deepest 1, 1 times in the last 0 s)",
        "Task queue depth 5 (deepest 7, 4 times in the last 12 s)",
    ]


def test_a_restore_keeps_this_servers_key_when_the_backup_has_none_and_says_when_it_changes(
    tmp_path, capsys
):
    from scorekeeper.cli import main
    from scorekeeper.db.backup import key_of

    here = Path(an_app(tmp_path / "here").config["DATABASE"])
    there = Path(an_app(tmp_path / "there").config["DATABASE"])
    ours, theirs = key_of(here), key_of(there)
    assert ours and theirs and ours != theirs
    old = tmp_path / "old.sqlite"  # a backup made before keys were kept in the database
    assert main(["backup", str(old), "--database", str(there)]) == 0
    with sqlite3.connect(old) as conn:
        conn.execute("delete from secret_key")
    conn.close()
    capsys.readouterr()
    assert main(["restore", str(old), "--database", str(here), "--force"]) == 0
    assert key_of(here) == ours and "restart" not in capsys.readouterr().out
    copy = tmp_path / "copy.sqlite"  # a backup of the other server: its key comes with it
    assert main(["backup", str(copy), "--database", str(there)]) == 0
    assert main(["restore", str(copy), "--database", str(here), "--force"]) == 0
    assert (
        key_of(here) == theirs
        and "which the server reads when it starts" in capsys.readouterr().out
    )


def test_the_data_folder_is_the_setting_else_a_checkouts_instance_else_xdgs(tmp_path, monkeypatch):
    from scorekeeper.db import folder

    monkeypatch.delenv("SCOREKEEPER_DATA_FOLDER", raising=False)
    root = Path(__file__).resolve().parents[2]
    assert folder.data_folder() == root / "instance"  # this checkout (make run)
    monkeypatch.setenv("SCOREKEEPER_DATA_FOLDER", str(tmp_path / "named"))
    assert folder.data_folder() == tmp_path / "named"
    assert folder.data_folder(tmp_path / "given") == tmp_path / "given"  # create_app's
    monkeypatch.delenv("SCOREKEEPER_DATA_FOLDER")
    installed = tmp_path / "venv" / "lib" / "site-packages" / "scorekeeper"
    installed.mkdir(parents=True)
    (installed.parent / "pyproject.toml").write_text('name = "another"\n')  # not ours
    monkeypatch.setattr(folder, "PACKAGE", installed)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    assert folder.data_folder() == tmp_path / "home" / ".local" / "share" / "scorekeeper"
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert folder.data_folder() == tmp_path / "xdg" / "scorekeeper"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/ignored")  # the XDG rule: absolute only
    assert folder.data_folder() == tmp_path / "home" / ".local" / "share" / "scorekeeper"


def _two_coups_after_a_backup(tmp_path: Path):
    """A server's app, its database, the manager's phone and their game of one coup backed
    up (``kept``), then two coups more: what a restore of ``kept`` takes back."""
    from web import enter, new_game

    from scorekeeper.cli import main

    app = an_app(tmp_path / "live")
    database = app.config["DATABASE"]
    manager = app.test_client()
    game = new_game(manager)
    assert enter(manager, game, "A demande A5 B2 C2").status_code == 302
    kept = tmp_path / "kept.sqlite"
    assert main(["backup", str(kept), "--database", database]) == 0
    for coup in ("B demande A2 B5 C2", "C demande A2 B1 C6"):
        assert enter(manager, game, coup).status_code == 302
    return app, database, manager, game, kept


def test_a_restore_in_place_says_which_games_lose_what_was_entered_since_the_backup(
    tmp_path, capsys
):
    """play13: restored over a running server's database, a backup took a game from 6 coups
    back to 3 and printed only "restored 2 games": the operator could not tell the table that
    three coups were gone, and the phones showed the older game without a word."""
    from web import new_game

    from scorekeeper.cli import main

    _app, database, manager, game, kept = _two_coups_after_a_backup(tmp_path)
    later = new_game(manager, player0="Denise")  # made after the backup
    untouched = tmp_path / "untouched.sqlite"
    capsys.readouterr()
    assert main(["restore", str(kept), "--database", database, "--force"]) == 0
    said = capsys.readouterr().out
    number, later_number = game.rstrip("/").split("/")[-1], later.rstrip("/").split("/")[-1]
    # 3 coups stored, 1 in the backup: 3 − 1 = 2 coups gone
    assert f"game {number} (Anne · Bruno · Chloé): 2 coups entered since the backup are gone" in (
        said
    )
    assert f"game {later_number} (Denise · Bruno · Chloé) was made after the backup: gone" in said
    # the same backup restored again takes nothing away: nothing said of any game
    assert main(["backup", str(untouched), "--database", database]) == 0
    capsys.readouterr()
    assert main(["restore", str(untouched), "--database", database, "--force"]) == 0
    assert "gone" not in capsys.readouterr().out


def test_a_coup_saved_from_a_page_older_than_a_restore_says_the_game_went_back(tmp_path):
    """play13: after a restore in place took the game from 5 coups back to 3, the manager's
    page (which does not follow) still showed coup 6; their save was refused with only "the game
    changed meanwhile", as if another phone had entered something, and coups 4 and 5 were gone
    from the page they got back without a word. A page's version above the stored one can only
    come from a backup put back (every change adds to the version)."""
    from web import coup_data, enter, new_game, version_of

    from scorekeeper.cli import main

    app = an_app(tmp_path / "live")
    database = app.config["DATABASE"]
    manager = app.test_client()
    game = new_game(manager)
    for coup in ("A demande A5 B2 C2", "B demande A2 B5 C2", "C demande A2 B1 C6"):
        assert enter(manager, game, coup).status_code == 302
    kept = tmp_path / "kept.sqlite"
    assert main(["backup", str(kept), "--database", database]) == 0
    for coup in ("A demande A5 B2 C2", "B demande A2 B5 C2"):
        assert enter(manager, game, coup).status_code == 302
    shown = version_of(manager, game)  # the version the manager's page was drawn at
    assert main(["restore", str(kept), "--database", database, "--force"]) == 0
    refused = enter(manager, game, "C demande A2 B1 C6", version=shown)
    assert refused.status_code == 409
    page = refused.data.decode()
    # in French, the server's first language
    assert "La partie est revenue à un état antérieur (une sauvegarde remise en place)" in page
    assert "ce qui avait été saisi depuis n’est plus enregistré." in page

    # offline14: the phone's outbox (JSON) sending a coup kept from before the restore is
    # told the same fact and the page's words, not "another phone changed the game"
    def outbox_sends(coup: str, version: str):
        data = {**coup_data(coup), "save": "1", "version": version, "entry_key": "ab" * 16}
        return manager.post(game + "/coups", data=data, headers={"Accept": "application/json"})

    restored = int(version_of(manager, game))
    kept_coup = outbox_sends("C demande A2 B1 C6", shown)
    assert kept_coup.status_code == 409
    assert kept_coup.get_json() == {
        "error": "went_back",
        "coup": 3,  # the backup's 3 coups
        "version": restored,
        "message": "La partie est revenue à un état antérieur (une sauvegarde remise en place)"
        "\u202f: ce qui avait été saisi depuis n’est plus enregistré.",
    }
    # a page merely behind another phone's change is still told just that
    assert enter(manager, game, "A demande A5 B2 C2").status_code == 302
    one_behind = str(int(version_of(manager, game)) - 1)
    behind = enter(manager, game, "B demande A2 B5 C2", version=one_behind)
    assert behind.status_code == 409
    assert "revenue à un état antérieur" not in behind.data.decode()
    assert "La partie a changé entre-temps" in behind.data.decode()
    behind = outbox_sends("B demande A2 B5 C2", one_behind)
    assert behind.status_code == 409
    assert behind.get_json()["error"] == "changed"
    assert behind.get_json()["coup"] == 4  # the backup's 3 coups and the one entered since
    assert behind.get_json()["message"].startswith("La partie a changé entre-temps")


@pytest.mark.parametrize("value", ["'sept'", "x'80ff00'"])
def test_a_restore_over_a_database_with_a_retyped_version_replaces_it(tmp_path, capsys, value):
    """review11: ``restore --force`` replaces a damaged live database whole (docs/deploy.md),
    but the lines of what it takes away read each game's version with ``int``: a version
    retyped behind the app refused the restore with "invalid literal for int() with base
    10: 'sept'", the one command meant to mend that database. A damaged backup was refused
    the same way where it used to be restored (``verify`` names its row afterwards)."""
    from apps import tampered
    from web import enter, new_game

    from scorekeeper.cli import main

    app = an_app(tmp_path / "live")
    database = Path(app.config["DATABASE"])
    manager = app.test_client()
    game = new_game(manager)
    assert enter(manager, game, "A demande A5 B2 C2").status_code == 302
    kept = tmp_path / "kept.sqlite"
    assert main(["backup", str(kept), "--database", str(database)]) == 0
    assert enter(manager, game, "B demande A2 B5 C2").status_code == 302
    number = game.rstrip("/").split("/")[-1]
    sql = f"update games set version = {value} where id = {number}"
    damaged = tampered(database, tmp_path / "damaged.sqlite", sql)
    capsys.readouterr()
    assert main(["restore", str(kept), "--database", str(damaged), "--force"]) == 0
    said = capsys.readouterr()
    assert "invalid literal" not in said.err
    # 2 coups stored, 1 in the backup: 2 − 1 = 1 coup gone, counted whatever the version
    assert f"game {number} (Anne · Bruno · Chloé): 1 coup entered since the backup is gone" in (
        said.out
    )
    with sqlite3.connect(damaged) as conn:  # the backup's game: 1 coup, its version sound
        assert conn.execute("select count(*) from coups").fetchone() == (1,)
        assert type(conn.execute("select version from games").fetchone()[0]) is int
    assert main(["restore", str(damaged), "--database", str(database), "--force"]) == 0
    assert "invalid literal" not in capsys.readouterr().err


def test_a_restore_over_a_damaged_database_or_a_folder_leaves_nothing_beside_it(tmp_path, capsys):
    """ops16: ``restore --force`` over a damaged database restores into a new file beside
    it, which then takes its place (docs/deploy.md); that file's ``-shm``, ``-wal`` and
    ``-writer`` stayed in the data folder under the name ``scorekeeper.sqlite.restoring``.
    A folder named as the database (``--database /srv/scorekeeper/instance``) was refused in
    one line, but only after the backup had been copied beside it, as
    ``instance.restoring`` with the secret key in it, left there."""
    from web import new_game

    from scorekeeper.cli import main

    app = an_app(tmp_path / "live")
    new_game(app.test_client())
    kept = tmp_path / "kept.sqlite"
    assert main(["backup", str(kept), "--database", app.config["DATABASE"]]) == 0
    data = tmp_path / "data"
    data.mkdir()
    damaged = data / "scorekeeper.sqlite"
    damaged.write_text("not a database")
    assert main(["restore", str(kept), "--database", str(damaged), "--force"]) == 0
    assert [p.name for p in data.iterdir() if "restoring" in p.name] == []
    capsys.readouterr()
    for force in (["--force"], []):  # without it, it was told to add --force
        assert main(["restore", str(kept), "--database", str(data), *force]) == 2
        said = capsys.readouterr().err
        assert said == f"error: {data} is a folder: name the database file in it\n"
    assert [p.name for p in tmp_path.iterdir() if "restoring" in p.name] == []


def test_a_backup_its_user_cannot_read_is_said_so_not_called_no_scorekeeper_database(
    tmp_path_factory,
):
    """ops16: a backup written by root, restored as the scorekeeper user (the guide's very
    warning), was refused as "…: not a Scorekeeper database (unable to open database file)":
    the operator took a sound backup for a damaged one. The same for ``backup`` of a database
    the user cannot read. Each says it cannot read the file, and why."""
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="ops16-", dir="/tmp"))  # a folder others may cross
    try:
        folder.chmod(0o777)
        kept = folder / "kept.sqlite"
        fresh_database(kept)
        kept.chmod(0o600)
        as_other: list[str] = []
        if os.geteuid() == 0:  # root reads any file: the command runs as nobody
            if not shutil.which("setpriv"):
                pytest.skip("no setpriv to run the command as another user")
            as_other = ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"]
        else:
            kept.chmod(0)
        command = [*as_other, sys.executable, "-m", "scorekeeper.cli"]
        for args in (
            ["restore", str(kept), "--database", str(folder / "new.sqlite")],
            ["backup", str(folder / "copy.sqlite"), "--database", str(kept)],
        ):
            done = subprocess.run(
                [*command, *args], capture_output=True, text=True, timeout=60, cwd=folder
            )
            assert done.returncode == 2, done.stderr
            assert done.stderr == f"error: cannot read {kept}: Permission denied\n"
    finally:
        shutil.rmtree(folder)


def test_an_undo_or_a_deletion_from_a_page_older_than_a_restore_says_the_game_went_back(
    tmp_path,
):
    """review11: a coup saved from a page older than a restore said the game went back, but
    its Undo, Redo and a coup's deletion, sent from that same page, said only that the game
    changed meanwhile (``forms.went_back`` now tells all of them), as if another phone had
    changed it, while the coups the page showed were gone."""
    from web import enter, version_of

    from scorekeeper.cli import main

    _app, database, manager, game, kept = _two_coups_after_a_backup(tmp_path)
    shown = version_of(manager, game)  # the page drawn with 3 coups
    assert main(["restore", str(kept), "--database", database, "--force"]) == 0
    went_back = "La partie est revenue à un état antérieur (une sauvegarde remise en place)"
    undone = manager.post(f"{game}/undo", data={"version": shown}, follow_redirects=True)
    assert went_back in undone.data.decode()
    assert "La partie a changé entre-temps\u202f: rien n’a été annulé" in undone.data.decode()
    deleted = manager.post(f"{game}/coups/1/delete", data={"version": shown})
    assert deleted.status_code == 409
    assert went_back in deleted.data.decode()
    redone = manager.post(f"{game}/redo", data={"version": shown}, follow_redirects=True)
    assert went_back in redone.data.decode()
    # a page merely behind another phone's change is told just that
    behind = str(int(version_of(manager, game)) - 1)
    assert enter(manager, game, "B demande A2 B5 C2").status_code == 302
    undone = manager.post(f"{game}/undo", data={"version": behind}, follow_redirects=True)
    assert went_back not in undone.data.decode()


def test_a_restore_in_place_names_the_clubs_it_takes_back_too(tmp_path, capsys):
    """review11: restore named each game that loses coups, but a club's changes since the
    backup went without a word: an evening closed since (its nets posted to the cash box),
    a club made since. The treasurer's entries are money as a game's coups are."""
    from test_clubs import club_version, new_club, new_evening, seed_table

    from scorekeeper.cli import main

    app = an_app(tmp_path / "live")
    database = app.config["DATABASE"]
    manager = app.test_client()
    club = new_club(manager)
    evening = new_evening(manager, app, club, "2026-11-01")
    seed_table(manager, evening, "Anne", "Bruno", "Chloé")
    kept = tmp_path / "kept.sqlite"
    assert main(["backup", str(kept), "--database", database]) == 0
    data = {"version": club_version(app), "confirmed": "1"}
    assert manager.post(f"/evenings/{evening}/close", data=data).status_code == 302
    later = new_club(manager)
    capsys.readouterr()
    assert main(["restore", str(kept), "--database", database, "--force"]) == 0
    said = capsys.readouterr().out
    assert f"club {club} (Le Cercle): the changes made since the backup are undone" in said
    assert f"club {later} (Le Cercle) was made after the backup: gone" in said
    # the same backup again: nothing of any club said
    assert main(["restore", str(kept), "--database", database, "--force"]) == 0
    assert "club " not in capsys.readouterr().out
