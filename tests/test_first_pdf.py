"""Issue 36: the first PDF after a start took 2.6–2.9 s (then 0.17 s): each server process
loaded the PDF engine and its fonts on its first PDF. ``scorekeeper serve`` now draws a
tiny PDF in its parent (web/printing.py) and forks processes with the engine loaded: the
first PDF is under 1 s. Since issue 43 the first processes serve before that (``/health``
within 2 s of the start) and are replaced by the warm ones a moment later.
"""

from __future__ import annotations

import http.cookiejar
import os
import re
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from test_access import links_of
from test_serve import stop
from test_trust import make
from web import enter, new_game

SERVE = (sys.executable, "-m", "scorekeeper.cli", "serve", "--port", "0", "--no-qr")


def test_the_first_pdf_after_a_start_is_under_a_second(tmp_path: Path) -> None:
    database = tmp_path / "served.sqlite"
    app = make(tmp_path, DATABASE=str(database))
    manager = app.test_client()
    games = [new_game(manager), new_game(manager)]
    for game in games:
        for coup in ("B demande A2 B5 C2", "pass", "A demande A4 B4 C1"):
            assert enter(manager, game, coup).status_code == 302
    tables = [links_of(manager, game)[1] for game in games]
    process = subprocess.Popen(
        [*SERVE, "--workers", "1"],  # one process: the second PDF is drawn where the first was
        env={
            **os.environ,
            "SCOREKEEPER_DATABASE": str(database),
            "SCOREKEEPER_SECRET_KEY": "first-pdf",
            "SCOREKEEPER_RATELIMIT_ENABLED": "false",
        },
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert process.stdout is not None
        url = ""
        for line in process.stdout:
            if found := re.search(r"^    (http://127\.0\.0\.1:\d+)/$", line):
                url = found.group(1)
                break
        assert url
        follower = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
        )
        deadline = time.monotonic() + 60
        while True:  # the processes serve once /health answers
            try:
                with urllib.request.urlopen(url + "/health", timeout=5) as answer:
                    assert answer.read() == b"ok\n"
                break
            except OSError:
                assert time.monotonic() < deadline, "the server did not answer"
                time.sleep(0.05)
        # The mechanism, seen without a clock: before any PDF was asked for, every process
        # of the server comes to hold the PDF engine's text layout library (Pango), which a
        # cold process loads only with its first PDF: the warm processes replace the first.
        tree = _processes(process.pid)
        while not all(_maps_pango(pid) for pid in tree):
            assert time.monotonic() < deadline, f"no warm processes: {tree}"
            time.sleep(0.05)
            tree = _processes(process.pid)
        assert len(tree) == 2, tree  # the parent and one warm process: the cold one is gone
        for table in tables:
            follower.open(url + table.removeprefix("http://localhost")).read()
        took = []
        for game in games:
            asked = time.monotonic()
            with follower.open(url + game + "/settlement.pdf", timeout=60) as answer:
                assert answer.read().startswith(b"%PDF")
                said = answer.headers["Server-Timing"]
            took.append(time.monotonic() - asked)
            assert said.startswith("draw"), said  # drawn for this request, not a kept one
        # On the clock, loosely (a loaded machine): a cold engine cost 2.6-2.9 s more.
        assert took[0] < 1.0 + 4.5 * took[1], f"first PDF {took[0]:.2f} s, second {took[1]:.2f} s"
    finally:
        stop(process)


def _processes(root: int) -> list[int]:
    """``root`` and every process below it (from /proc's children lists)."""
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        try:
            tasks = list(Path(f"/proc/{pid}/task").glob("*/children"))
            below = [int(child) for task in tasks for child in task.read_text().split()]
        except OSError:  # the process ended meanwhile (a worker replaced by a warm one)
            continue
        found.append(pid)
        todo += below
    return found


def _maps_pango(pid: int) -> bool:
    try:
        return "libpango" in Path(f"/proc/{pid}/maps").read_text()
    except OSError:  # ended meanwhile (the cold process, replaced)
        return False
