"""The PDFs of large work, each the first thing asked of a server just started (issue 45).

Three cases, each on its own start of ``scorekeeper serve`` (two processes,
the engine warmed before the fork as in real use), asked for as soon as
``/health`` answers:

- the settlement PDF of a l'Hombre game of 300 random valid coups;
- the same for 3,000 coups;
- the results PDF of an event of 600 players (manillen, 150 tables of two
  pairs, three rounds each closed after a deal at every table).

``python benchmarks/large_pdfs.py [N] [--beside DIR]``: the median of ``N``
starts per case; ``--beside`` runs the same starts with the code of another
tree (the code before a change, in a worktree of its own) in the same run,
interleaved, so the machine's load falls on both alike; the ratio to it is
the figure to keep on a shared machine. ``--small`` makes the cases tiny (the
suite's run: tests/serving/test_large_pdfs.py).
"""

from __future__ import annotations

import argparse
import datetime
import http.cookiejar
import os
import signal
import statistics
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from event_setup import DEALS, make_event  # noqa: E402
from replay import random_coups  # noqa: E402
from served import launch  # noqa: E402

SECRET = "large-pdfs"
SIZES = {"coups": (300, 3_000), "players": 600, "rounds": 3}
SMALL = {"coups": (6, 30), "players": 16, "rounds": 2}


def build(path: Path, sizes: dict[str, Any]) -> dict[str, str]:
    """The games and the event, in a new database: each case's name and the PDF's path."""
    from scorekeeper import create_app, store
    from scorekeeper.db import connect, get_db
    from scorekeeper.events import rounds as event_rounds
    from scorekeeper.events.drawing import draw
    from scorekeeper.events.rounds import rounds
    from scorekeeper.rules.hombre.engine import Game
    from scorekeeper.rules.hombre.ruleset import RuleSet
    from scorekeeper.web.events.rights import table_hash, table_token

    cases = {}
    db = connect(path, migrate=True)
    for count in sizes["coups"]:
        rules = RuleSet(poules_to_play=10**6)
        game = Game(("Anne", "Bruno", "Chloé"), rules, 0, tuple(random_coups(count)))
        cases[f"settlement, {count:,} coups"] = f"/games/{store.create(db, game)}/settlement.pdf"
    db.close()
    made = make_event(str(path), SECRET, players=sizes["players"])
    app = create_app(
        {"SECRET_KEY": SECRET, "DATABASE": str(path), "WTF_CSRF_ENABLED": False}
        | {"RATELIMIT_ENABLED": False}
    )
    event = made["event"]
    for played in range(sizes["rounds"]):
        with app.app_context():
            tables = [t.game_id for t in rounds(get_db(), event)[played].tables]
        for game_id in tables:  # one deal at each table, by its manager's link
            manager = app.test_client()
            link = f"/games/{game_id}/manage/"
            with app.app_context():
                link += table_token(game_id)
            assert manager.get(link).status_code == 302
            form = {**DEALS[(game_id + played) % len(DEALS)], "version": "1"}
            assert manager.post(f"/games/{game_id}/sheet/coups", data=form).status_code == 302
        with app.test_request_context():  # the director's two buttons
            event_rounds.close_round(get_db(), event, None)
            if played < sizes["rounds"] - 1:
                event_rounds.draw_round(get_db(), event, None, draw, table_hash, None)
    cases[f"results, {sizes['players']} players"] = f"/events/{made['read']}/results.pdf"
    return cases


def cpu_of(root: int) -> float:
    """CPU seconds (user and system) spent so far by ``root`` and every process below it,
    those that ended and were waited for included (a worker replaced by a warm one: its
    time moves to its parent's cutime and cstime)."""
    total, todo = 0.0, [root]
    while todo:
        pid = todo.pop()
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            spent = int(fields[11]) + int(fields[12]) + int(fields[13]) + int(fields[14])
            total += spent / os.sysconf("SC_CLK_TCK")
            for task in Path(f"/proc/{pid}/task").glob("*/children"):
                todo += [int(child) for child in task.read_text().split()]
        except OSError:  # gone meanwhile
            continue
    return total


def one_start(database: Path, paths: list[str], code: Path | None) -> list[tuple[float, float]]:
    """Start the server; as soon as it answers, ask for each PDF in turn: for each, the
    seconds it took and the server's CPU seconds meanwhile (less sensitive to the load of
    a shared machine than the wall clock)."""
    env = {
        **os.environ,
        "SCOREKEEPER_DATABASE": str(database),
        "SCOREKEEPER_SECRET_KEY": SECRET,
        "SCOREKEEPER_ADMIN_PASSWORD": SECRET,
        "SCOREKEEPER_RATELIMIT_ENABLED": "false",
        "SCOREKEEPER_WTF_CSRF_ENABLED": "false",
    }
    process, url = launch(env, code)
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                with urllib.request.urlopen(url + "/health", timeout=5) as answer:
                    answer.read()
                break
            except OSError:
                assert time.monotonic() < deadline, "the server did not answer"
                time.sleep(0.02)
        admin = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
        )
        login = urllib.parse.urlencode({"password": SECRET}).encode()
        admin.open(url + "/admin", data=login).read()  # the admin reads every game
        took = []
        for path in paths:
            asked, cpu = time.monotonic(), cpu_of(process.pid)
            with admin.open(url + path, timeout=600) as answer:
                assert answer.read().startswith(b"%PDF"), path
            took.append((time.monotonic() - asked, cpu_of(process.pid) - cpu))
        return took
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=30)
        if process.stdout is not None:
            process.stdout.close()


def main(argv: list[str] | None = None) -> dict[str, dict[str, tuple[float, float]]]:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("starts", nargs="?", type=int, default=3)
    parser.add_argument(
        "--beside", type=Path, action="append", default=[], help="another tree's code, beside"
    )
    parser.add_argument("--small", action="store_true", help="tiny cases (the suite's run)")
    parser.add_argument("--only", default="", help="the cases whose name has these words")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "bench.sqlite"
        made = build(database, SMALL if args.small else SIZES)
        cases = {case: path for case, path in made.items() if args.only in case}
        codes: list[tuple[str, Path | None]] = [("this tree", None)]
        codes += [(str(tree), tree.resolve()) for tree in args.beside]
        figures: dict[tuple[str, str], list[tuple[float, float]]] = {
            (case, name): [] for case in cases for name, _ in codes
        }
        for _ in range(args.starts):  # interleaved: the machine's load falls on all alike
            for case, path in cases.items():
                for name, code in codes:
                    figures[case, name] += one_start(database, [path], code)
    now = datetime.datetime.now(datetime.UTC)
    load = os.getloadavg()[0]
    print(
        f"PDFs asked first after a start ({args.starts} starts each, median ms; 2 processes;"
        f" wall clock / the server's CPU) — {now:%Y-%m-%d %H:%M} UTC, load average {load:.1f}"
    )
    found: dict[str, dict[str, tuple[float, float]]] = {}
    for case in cases:
        found[case] = {}
        for name, _ in codes:
            walls, cpus = zip(*figures[case, name], strict=True)
            found[case][name] = (statistics.median(walls), statistics.median(cpus))
        wall, cpu = found[case]["this tree"]
        line = f"  {case:<26} {wall * 1000:>7.0f} / {cpu * 1000:>5.0f} ms"
        for name, _ in codes[1:]:
            old_wall, old_cpu = found[case][name]
            line += (
                f"   {name}: {old_wall * 1000:.0f} / {old_cpu * 1000:.0f} ms,"
                f" ratio {wall / old_wall:.2f} / {cpu / old_cpu:.2f}"
            )
        print(line)
    return found


if __name__ == "__main__":
    main()
