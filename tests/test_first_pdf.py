"""Issue 36: the first PDF after a start took 2.6–2.9 s (then 0.17 s): each server process
loaded the PDF engine and its fonts on its first PDF. ``scorekeeper serve`` now draws a
tiny PDF before it forks (web/printing.py): the first PDF after a start is under 1 s.
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
        for table in tables:
            follower.open(url + table.removeprefix("http://localhost")).read()
        took = []
        for game in games:  # the first at once: nothing of the engine loaded by a PDF before
            asked = time.monotonic()
            with follower.open(url + game + "/settlement.pdf", timeout=60) as answer:
                assert answer.read().startswith(b"%PDF")
                said = answer.headers["Server-Timing"]
            took.append(time.monotonic() - asked)
            assert said.startswith("draw"), said  # drawn for this request, not a kept one
        # A cold engine makes the first PDF 7-8 times the second drawn by the same process
        # (0.6-1.1 s against 0.08-0.15 s here, quiet; 2.6-2.9 s against 0.2 s on a loaded
        # day); warmed before the fork, 2-3 times (the first request's own costs). A ratio
        # holds on a loaded machine, where a bound of 1 s on the clock did not.
        assert took[0] < 4.5 * max(took[1], 0.05), (
            f"the first PDF took {took[0]:.2f} s, the second {took[1]:.2f} s"
        )
    finally:
        stop(process)
