"""Load test: 50 tables entering coups and 200 phones following them for 60 seconds.

Run with ``make load``. Starts the app as ``make run`` does (gunicorn) on 127.0.0.1 with a
fresh database, drives it with Locust (headless, on the same cores), then checks the
database against what every table was told: no coup lost, none duplicated. Prints
p50 / p99 latencies and requests per second per kind of request.

Then the same pacing with more tables (``LOAD_SWEEP``, default 100,150,200,250,300; four
phones a table; ``LOAD_SWEEP_SECONDS`` each, default 30): the most tables whose p99
over all requests stays under 200 ms. Every run is bounded in time and stays on
127.0.0.1. ``LOAD_SWEEP=`` (empty) skips the sweep; ``LOAD_PORT`` sets the port
(5055). ``LOAD_SERVE_ARGS`` adds options to ``scorekeeper serve`` (``--threads 8``: to
compare). ``LOAD_COUP_EVERY=120,180`` plays a real table's pace (a coup every 2 to 3
minutes) instead of 2 to 4 seconds.

Requests are counted for ``LOAD_SECONDS`` from ``LOAD_WARMUP`` (5 s) after every
table and phone has arrived (the locustfile resets the figures then and stops the run):
the evening as it is played. ``LOAD_ARRIVALS=1`` counts the arrivals too (fifty tables
created and two hundred phones joining in a few seconds).
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
TABLES = int(os.environ.get("LOAD_TABLES", "50"))
SWEEP = [int(n) for n in os.environ.get("LOAD_SWEEP", "100,150,200,250,300").split(",") if n]
SWEEP_SECONDS = int(os.environ.get("LOAD_SWEEP_SECONDS", "30"))
LIMIT_MS = 200
PORT = int(os.environ.get("LOAD_PORT", "5055"))
"""The server's port (another run on the same machine may hold 5055)."""
ARRIVALS = os.environ.get("LOAD_ARRIVALS", "0") == "1"
"""Count the arrivals too: every table created and every phone joining within a few
seconds (Locust starts them at 50 or more a second). By default the figures are
counted once everyone has arrived: the evening as it is played."""


def expected(k: int) -> dict[str, object]:
    """The k-th coup a table enters (the locustfile cycles through the same five)."""
    from evening import COUPS

    form = COUPS[k % len(COUPS)]
    if "passed" in form:
        return {"pass": True}
    names = ["Anne", "Bruno", "Chloé"]
    given = {int(key[1]): int(value) for key, value in form.items() if key in ("t0", "t1", "t2")}
    missing = ({0, 1, 2} - set(given)).pop()
    given[missing] = 9 - sum(given.values())
    return {
        "hombre": names[int(form["hombre"])],
        "contract": form["contract"],
        "tricks": {names[seat]: given[seat] for seat in range(3)},
    }


def run(tables: int, seconds: int, detail: bool) -> tuple[dict[str, dict[str, str]], int]:
    """One bounded run; returns Locust's rows by name and the number of mismatched games."""
    with tempfile.TemporaryDirectory() as tmp:
        database = Path(tmp) / "load.sqlite"
        results = Path(tmp) / "confirmed.json"
        env = {
            **os.environ,
            "SCOREKEEPER_DATABASE": str(database),
            "SCOREKEEPER_SECRET_KEY": "load",
            # 50 tables made in a few seconds from one address would be refused by the
            # limit on creating games (issue 14); the limits cover creation, login,
            # takeover and import only, none of the traffic measured here
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
                *os.environ.get("LOAD_SERVE_ARGS", "").split(),
            ],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            for _ in range(100):
                try:
                    urllib.request.urlopen(f"http://127.0.0.1:{PORT}/", timeout=1)
                    break
                except OSError:
                    time.sleep(0.1)
            subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "locust",
                    "-f",
                    str(HERE / "locustfile.py"),
                    "--headless",
                    "-u",
                    str(5 * tables),
                    "-r",
                    str(max(50, tables)),
                    "-t",  # a bound only: the locustfile stops the run itself
                    f"{seconds + 120}s",
                    "--host",
                    f"http://127.0.0.1:{PORT}",
                    "--csv",
                    str(Path(tmp) / "load"),
                    "--only-summary",
                    "--loglevel",
                    os.environ.get("LOAD_LOG", "WARNING"),
                ],
                env={
                    **env,
                    "LOAD_RESULTS": str(results),
                    "LOAD_TABLES": str(tables),
                    "LOAD_SECONDS": str(seconds),
                    "LOAD_SERVER_PID": str(server.pid),
                },
                check=False,
            )
        finally:
            server.terminate()
            server.wait()
        with open(Path(tmp) / "load_stats.csv", encoding="utf-8") as handle:
            rows = list(csv.DictReader(handle))
        if detail:
            print(
                f"\n{'request':<36} {'count':>7} {'fail':>5} {'p50 ms':>7} {'p99 ms':>7}"
                f" {'req/s':>7}"
            )
            for row in rows:
                if row["Request Count"] == "0":
                    continue  # the arrivals, made before the count began
                print(
                    f"{row['Name'][:36]:<36} {row['Request Count']:>7} {row['Failure Count']:>5} "
                    f"{row['50%']:>7} {row['99%']:>7} {float(row['Requests/s']):>7.1f}"
                )
        failures = Path(tmp) / "load_failures.csv"
        if failures.exists():
            for row in csv.DictReader(failures.open(encoding="utf-8")):
                print(
                    f"failure: {row['Method']} {row['Name']}: {row['Error']} ×{row['Occurrences']}"
                )
        told = json.loads(results.read_text())
        confirmed, attempted = told["confirmed"], told["attempted"]
        conn = sqlite3.connect(database)
        problems = 0
        for path, count in confirmed.items():
            game_id = int(path.rsplit("/", 1)[1])
            stored = [
                json.loads(r[0])
                for r in conn.execute(
                    "select data from coups where game_id = ? order by position", [game_id]
                )
            ]
            # every confirmed coup is stored once, in order; at most the one in flight when
            # the run stopped is stored without its answer having reached the table
            pattern = [expected(k) for k in range(len(stored))]
            if not count <= len(stored) <= attempted[path] or stored != pattern:
                problems += 1
                print(f"game {game_id}: told {count} coups, stored {len(stored)}")
        conn.close()
        total = sum(confirmed.values())
        print(f"{len(confirmed)} tables, {total} coups confirmed and stored, {problems} mismatches")
        counted = {row["Name"]: row for row in rows}
        requests = int(counted["Aggregated"]["Request Count"])
        coups = int(counted["POST /games/[id]/coups"]["Request Count"])
        if told.get("server_cpu") and requests:
            cpu = told["server_cpu"][0]
            per_coup = f", {1000 * cpu / coups:.1f} ms a coup with its follows" if coups else ""
            print(
                f"server CPU while counted: {cpu:.1f} s for {seconds} s"
                f" ({cpu / seconds:.2f} cores), {1000 * cpu / requests:.2f} ms a request{per_coup}"
            )
        return {row["Name"]: row for row in rows}, problems


def main() -> int:
    import importlib.util

    if importlib.util.find_spec("locust") is None:
        # `make load` installs the bench extra; run by hand from a `make run` venv, the
        # run would otherwise end in a missing statistics file, not this sentence
        print("Locust is not installed here: run `make load` (it installs the bench extra)")
        return 2
    print(f"load {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores before the run")
    counted = "from the start, arrivals included" if ARRIVALS else "once everyone has arrived"
    print(f"requests counted {counted} (LOAD_ARRIVALS=1 counts the arrivals)")
    rows, problems = run(TABLES, SECONDS, detail=True)
    total = rows["Aggregated"]
    post = rows["POST /games/[id]/coups"]
    errors = sum(int(r["Failure Count"]) for name, r in rows.items() if name != "Aggregated")
    swept = []
    for tables in SWEEP:
        print(f"\n{tables} tables, {4 * tables} phones, {SWEEP_SECONDS} s")
        more, _ = run(tables, SWEEP_SECONDS, detail=False)
        p99 = float(more["Aggregated"]["99%"])
        print(f"p99 over all requests: {p99:.0f} ms")
        swept.append((tables, p99))
    held = [n for n, p99 in swept if p99 < LIMIT_MS]
    print(f"\n{'issue 15':<52} {'goal':>10} {'today':>12}")
    print(f"{'club evening, ' + str(TABLES) + ' tables: p99 over all requests':<52}", end="")
    print(f" {'< 200 ms':>10} {total['99%'] + ' ms':>12}")
    print(f"{'  p99 of the coup post':<52} {'< 300 ms':>10} {post['99%'] + ' ms':>12}")
    print(f"{'  errors; coups lost or duplicated':<52} {'0; 0':>10} {f'{errors}; {problems}':>12}")
    if swept:
        print(
            f"{'tables before p99 passes 200 ms (swept ' + ','.join(map(str, SWEEP)) + ')':<52}"
            f" {'≥ 150':>10} {(str(max(held)) if held else '< ' + str(SWEEP[0])):>12}"
        )
    return 1 if problems or errors else 0


if __name__ == "__main__":
    sys.exit(main())
