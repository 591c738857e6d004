"""The first PDF after a start: ``scorekeeper serve`` started, then a PDF asked for at once.

Each server process loads the PDF engine (WeasyPrint, its Pango and fonts)
once; before issue 36 the first PDF after a start paid for it (2.6–2.9 s,
the next ones 0.17 s). Now each process warms it as it starts
(web/printing/pdf.py). Figures, each the median of ``N`` starts on a database
made once (two games of 60 coups):

- ``health``: from the start of the command to ``/health`` answering;
- ``first``: the first PDF asked for as soon as ``/health`` answers
  (a game's settlement, by a follower of its table link);
- ``warm``: the second game's PDF, asked for just after (the engine warm).

``python benchmarks/first_pdf.py [N] [--beside DIR]``: ``--beside`` runs the
same starts with the code of another tree (``/work/main``) in the same run.
"""

from __future__ import annotations

import argparse
import http.cookiejar
import os
import re
import signal
import sqlite3
import statistics
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from served import launch

COUPS = ["B demande A2 B5 C2", "pass", "A demande A4 B4 C1", "C sans_prendre A1 B2 C6"]


def make_database(path: Path) -> list[str]:
    """Two games of 60 coups; the table links of both (a follower opens them)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
    from web import NEW_GAME, coup_data  # the tests' notation of a coup

    from scorekeeper import create_app

    app = create_app(
        {
            "DATABASE": str(path),
            "SECRET_KEY": "bench",
            "WTF_CSRF_ENABLED": False,
            "RATELIMIT_ENABLED": False,
        }
    )
    client = app.test_client()
    links = []
    for _ in range(2):
        game = client.post("/games/new", data={**NEW_GAME, "poules_to_play": "1000"})
        path_of_game = game.headers["Location"]
        for n in range(60):
            data = coup_data(COUPS[n % len(COUPS)])
            data.setdefault("save", "1")
            client.post(path_of_game + "/coups", data=data)
        page = client.get(path_of_game + "/links").get_data(as_text=True)
        found = re.search(r'href="http://localhost(/games/\d+/table/[^"]+)"', page)
        assert found, page[:500]
        links.append(found.group(1))
    return links


def one_start(database: Path, links: list[str], code: Path | None) -> tuple[float, float, float]:
    """Start the server, ask for a PDF at once, then another: (health, first, warm) in s."""
    env = {
        **os.environ,
        "SCOREKEEPER_DATABASE": str(database),
        "SCOREKEEPER_SECRET_KEY": "bench",
        "SCOREKEEPER_RATELIMIT_ENABLED": "false",
    }
    started = time.monotonic()
    process, url = launch(env, code)
    try:
        while True:
            try:
                with urllib.request.urlopen(url + "/health", timeout=5) as answer:
                    answer.read()
                break
            except OSError:
                time.sleep(0.02)
        health = time.monotonic() - started
        opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
        )
        for link in links:
            opener.open(url + link).read()  # the table link: a follower's cookie
        took = []
        for link in links:
            game = re.match(r"(/games/\d+)", link)
            assert game
            asked = time.monotonic()
            with opener.open(url + game.group(1) + "/settlement.pdf", timeout=60) as answer:
                assert answer.read().startswith(b"%PDF")
            took.append(time.monotonic() - asked)
        return health, took[0], took[1]
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=20)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("starts", nargs="?", type=int, default=3)
    parser.add_argument(
        "--beside", type=Path, action="append", default=[], help="another tree's code, beside"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "bench.sqlite"
        links = make_database(database)
        codes: list[tuple[str, Path | None]] = [("this tree", None)]
        codes += [(str(tree), tree.resolve()) for tree in args.beside]
        figures: dict[str, list[tuple[float, float, float]]] = {name: [] for name, _ in codes}
        # each tree its own copy: one may migrate it to a schema the other refuses
        copies = {name: Path(folder) / f"tree{i}.sqlite" for i, (name, _) in enumerate(codes)}
        for copy in copies.values():  # SQLite's copy: the app's connection holds a WAL
            with sqlite3.connect(database) as source, sqlite3.connect(copy) as target:
                source.backup(target)
            source.close()
            target.close()
        for _ in range(args.starts):  # interleaved: the machine's load falls on both alike
            for name, code in codes:
                figures[name].append(one_start(copies[name], links, code))
        print(f"first PDF after a start ({args.starts} starts, median; 2 processes)")
        for name, runs in figures.items():
            health, first, warm = (statistics.median(column) for column in zip(*runs))
            print(
                f"  {name:>16}: /health after {health:.2f} s, first PDF {first * 1000:.0f} ms,"
                f" next PDF {warm * 1000:.0f} ms"
            )


if __name__ == "__main__":
    main()
