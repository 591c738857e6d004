"""``scorekeeper restore`` while ``scorekeeper serve`` runs on the same database (ops18).

The docs say to stop the server first; nothing made sure: ``restore --force`` went ahead,
and the server's connections went on with the file swapped under them. The server now
holds a lock beside its database (db/serving_mark.py), which restore tries: refused in
one line naming the server, exit 2, the database left as it was. The kernel releases the
lock when the server's processes end, so a server killed with SIGKILL never blocks the
restore that follows.
"""

from __future__ import annotations

import signal
import time
from pathlib import Path

import pytest
from live import Phone, ended, start_serve, stop
from test_backup_dest import games_in
from web import NEW_GAME

from scorekeeper.cli import main


def _children(pid: int) -> list[int]:
    """Every process whose parent is ``pid``, whichever of its threads forked it (a
    thread's ``/proc/<pid>/task/<tid>/children`` lists only what that thread forked)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            parent = int(stat.read_text().rpartition(")")[2].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        if parent == pid:
            found.append(int(stat.parent.name))
    return found


def _state(pid: int) -> str | None:
    """The process's state letter (R, S, T stopped, Z zombie…), None once it is gone."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except OSError:
        return None


@pytest.mark.long
def test_a_restore_is_refused_while_the_server_runs_and_done_once_it_was_killed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    database = tmp_path / "live.sqlite"
    copy = tmp_path / "copy.sqlite"
    server, base = start_serve(database, workers=1)
    try:
        assert main(["backup", str(copy), "--database", str(database)]) == 0  # no game yet
        assert Phone(base).post("/games/new", NEW_GAME)[0] == 302  # then one: game 1
        capsys.readouterr()
        for force in (["--force"], []):
            assert main(["restore", str(copy), "--database", str(database), *force]) == 2
            said = capsys.readouterr()
            assert said.out == ""
            assert said.err.splitlines() == [  # one line, no traceback, naming the server
                f"error: scorekeeper serve (pid {server.pid}) is serving {database}:"
                " stop it first, then restore"
            ]
        assert games_in(database) == 1  # the game entered after the backup is still there
        # stopped first, so that no process is forked between the list and the kill (the
        # parent replaces its first processes by processes forked warm, prefork.py)
        server.send_signal(signal.SIGSTOP)
        deadline = time.monotonic() + 30
        while _state(server.pid) != "T":
            assert time.monotonic() < deadline
            time.sleep(0.01)
        processes = [server.pid, *_children(server.pid)]
        assert len(processes) >= 2  # the server and the process it forked
        server.send_signal(signal.SIGKILL)  # no stop handler runs: the kernel drops the lock
        server.wait()
        deadline = time.monotonic() + 30
        while not all(ended(pid) for pid in processes):  # the forked one ends on its parent's
            assert time.monotonic() < deadline, [p for p in processes if not ended(p)]
            time.sleep(0.05)
        assert main(["restore", str(copy), "--database", str(database), "--force"]) == 0
        said = capsys.readouterr()
        assert said.out.splitlines()[0] == f"restored 0 games from {copy} into {database}"
        assert games_in(database) == 0  # the backup's: taken before game 1
    finally:
        if server.poll() is None:
            stop(server)
        elif server.stdout is not None:
            server.stdout.close()
