"""Load test of a championship (issue 27): 544 players at 136 manillen tables, 500 phones, a wall.

Run by ``make load`` after the club evening's case (or alone:
``python benchmarks/event_load.py``). Makes the event in-process on a fresh
database (``event_setup.py``: the event's form, 544 names, the first draw),
serves it as ``make run`` does (``scorekeeper serve`` on 127.0.0.1), and drives
it with Locust on the same two cores: every table enters a deal every 2 to 4 s,
500 phones follow the read link and a wall follows ``/wall``, each every 3 s with
its ETag. Counted for ``LOAD_SECONDS`` (60) once everyone has arrived. Prints
p50 / p99 per kind of request and as a multiple of ``/health`` in the same run,
then checks the database: every deal a table was told was saved is stored.
``LOAD_PHONES`` and ``LOAD_EVENT_PLAYERS`` make it smaller.
"""

from __future__ import annotations

import csv
import json
import os
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
SECONDS = int(os.environ.get("LOAD_SECONDS", "60"))
PHONES = int(os.environ.get("LOAD_PHONES", "500"))
PLAYERS = int(os.environ.get("LOAD_EVENT_PLAYERS", "544"))
PORT = 5056
LIMIT_MS = 200
SECRET = "event-load"


def serve(database: Path, log: Path) -> subprocess.Popen[bytes]:
    env = {
        **os.environ,
        "SCOREKEEPER_DATABASE": str(database),
        "SCOREKEEPER_SECRET_KEY": SECRET,  # the slips' links are derived from it
        "SCOREKEEPER_RATELIMIT_ENABLED": "false",
    }
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "scorekeeper.cli",
            "serve",
            "--host=127.0.0.1",
            f"--port={PORT}",
            "--no-qr",
        ],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=log.open("wb"),
    )
    for _ in range(100):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{PORT}/health", timeout=1)
            break
        except OSError:
            time.sleep(0.1)
    return server


def main() -> int:
    import importlib.util

    from event_setup import make_event

    if importlib.util.find_spec("locust") is None:
        print("Locust is not installed here: run `make load` (it installs the bench extra)")
        return 2

    print(
        f"event load, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())},"
        f" load {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores before the run"
    )
    with tempfile.TemporaryDirectory() as tmp:
        database = Path(tmp) / "event.sqlite"
        made = make_event(str(database), SECRET, PLAYERS)
        (Path(tmp) / "event.json").write_text(json.dumps(made))
        print(
            f"{PLAYERS} players, {len(made['tables'])} tables, {PHONES} phones and a wall,"
            f" {SECONDS} s counted"
        )
        server = serve(database, Path(tmp) / "server.log")
        try:
            subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "locust",
                    "-f",
                    str(HERE / "event_locustfile.py"),
                    "--headless",
                    "-u",
                    str(len(made["tables"]) + PHONES + 2),
                    "-r",
                    "100",
                    "-t",
                    f"{SECONDS + 120}s",
                    "--host",
                    f"http://127.0.0.1:{PORT}",
                    "--csv",
                    str(Path(tmp) / "event"),
                    "--only-summary",
                    "--loglevel",
                    "WARNING",
                ],
                env={
                    **os.environ,
                    "LOAD_EVENT": str(Path(tmp) / "event.json"),
                    "LOAD_RESULTS": str(Path(tmp) / "confirmed.json"),
                    "LOAD_SECONDS": str(SECONDS),
                    "LOAD_PHONES": str(PHONES),
                },
                check=False,
            )
        finally:
            server.terminate()
            server.wait()
        errors_seen = [
            line
            for line in (Path(tmp) / "server.log").read_text(errors="replace").splitlines()
            if "Error" in line or "error" in line
        ]
        for line in errors_seen[-10:]:
            print("server:", line)
        with open(Path(tmp) / "event_stats.csv", encoding="utf-8") as handle:
            rows = {r["Name"]: r for r in csv.DictReader(handle)}
        confirmed = json.loads((Path(tmp) / "confirmed.json").read_text())["confirmed"]
        conn = sqlite3.connect(database)
        lost = sum(
            1
            for game, count in confirmed.items()
            if conn.execute(
                "select count(*) from coups where game_id = ?", [int(game.rsplit("/", 1)[1])]
            ).fetchone()[0]
            < count
        )
        conn.close()
    base = float(rows["GET /health (baseline)"]["50%"]) or 1.0
    print(
        f"\n{'request':<34} {'count':>7} {'fail':>5} {'p50 ms':>7} {'p99 ms':>7}"
        f" {'req/s':>7} {'p50 ÷ /health':>14}"
    )
    for name, row in rows.items():
        if row["Request Count"] == "0":
            continue
        ratio = float(row["50%"]) / base
        print(
            f"{name[:34]:<34} {row['Request Count']:>7} {row['Failure Count']:>5}"
            f" {row['50%']:>7} {row['99%']:>7} {float(row['Requests/s']):>7.1f} {ratio:>13.1f}×"
        )
    p99 = float(rows["Aggregated"]["99%"])
    errors = int(rows["Aggregated"]["Failure Count"])
    print(f"\n{sum(confirmed.values())} deals confirmed; tables with a deal lost: {lost}")
    print(f"p99 over all requests: {p99:.0f} ms (goal < {LIMIT_MS} ms); errors: {errors}")
    return 1 if lost or errors else 0


if __name__ == "__main__":
    sys.exit(main())
