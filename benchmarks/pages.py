"""Time the pages as ``make run`` serves them, against a hello-world on the same server.

Run with ``make bench``. Builds, in a temporary database, l'Hombre games of
300 and 3,000 random valid coups and Brou and manillen sheets of 300 and
3,000 coups; serves it with ``scorekeeper serve`` (gunicorn, one process
per core) and a Flask hello-world with the same gunicorn settings; then
requests each page over one kept-alive connection, as the admin (who sees
every page fully drawn: no 304). The machine is shared and noisy, so the
figures that matter are ratios to the hello-world measured in this run.

Prints the issue-15 rows it measures: the game page ÷ hello-world, the
slowest median of every page but the PDF at 3,000 coups, a coup posted
at 3,000 coups, and the settlement PDF at 300 and 3,000 coups
(``BENCH_PDF_3000=0`` skips the last, which takes a minute).
"""

from __future__ import annotations

import http.client
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from scorekeeper import store
from scorekeeper.db import connect
from scorekeeper.rules.brou.engine import BrouCoup, BrouGame, BrouRules, Mariage
from scorekeeper.rules.hombre.engine import Game
from scorekeeper.rules.hombre.ruleset import RuleSet
from scorekeeper.rules.manille.belge import TRUMPS, ManillenCoup, ManillenGame, ManillenRules

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from replay import random_coups  # noqa: E402

SHORT, LONG = 300, 3_000
CORRECTION = {"hombre": "0", "contract": "demande", "t0": "5", "t1": "2", "t2": "2"}
CORRECTION |= {"check": "Check", "version": "1"}
"""A won demande put in place of a coup, checked (not saved): the page shows what it changes."""
GAMES = {"hombre": (1, 4), "brou": (2, 5), "manillen": (3, 6)}
"""Game ids: (300 coups, 3,000 coups)."""


def pages(hombre: int, brou: int, manillen: int, coups: int) -> list[str]:
    middle = coups // 2
    return [
        f"/games/{hombre}",
        f"/games/{hombre}/coups",
        f"/games/{hombre}/coups?page={coups // 50}",
        f"/games/{hombre}/coups/{middle}/edit",
        f"/games/{hombre}/coups/{middle}/delete",
        f"/games/{hombre}/fiche",
        f"/games/{hombre}/history",
        f"/games/{hombre}/settlement",
        f"/games/{hombre}/story",
        f"/games/{hombre}/journal.csv",
        f"/games/{hombre}/game.json",
        f"/games/{hombre}/report.json",
        f"/games/{brou}",
        f"/games/{brou}/sheet/coups/{middle}/edit",
        f"/games/{brou}/settlement",
        f"/games/{manillen}",
        f"/games/{manillen}/settlement",
    ]


def build(path: Path) -> None:
    db = connect(path, migrate=True)
    for count in (SHORT, LONG):
        rules = RuleSet(poules_to_play=10**6)
        store.create(db, Game(("Anne", "Bruno", "Chloé"), rules, 0, tuple(random_coups(count))))
        rng = random.Random(1802)
        brou = BrouGame(
            ("Anne", "Bruno", "Chloé", "Denis"),
            BrouRules(parties_to_win=10**6),
            0,
            tuple(
                BrouCoup(
                    rng.randint(0, 120),
                    mariages=(Mariage(rng.randint(0, 1)),) * rng.randint(0, 1),
                )
                for _ in range(count)
            ),
        )
        store.create(db, brou)
        manillen = ManillenGame(
            ("Anne", "Bruno", "Chloé", "Denis"),
            ManillenRules(deals=count, sans_atout=0),
            0,
            tuple(
                ManillenCoup(rng.choice(TRUMPS), rng.randint(0, 2), rng.randint(0, 60))
                for _ in range(count)
            ),
        )
        store.create(db, manillen)
    # ids in the order GAMES says: 1-3 short, 4-6 long
    db.close()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_for(port: int) -> None:
    for _ in range(300):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"nothing answers on port {port}")


@contextmanager
def served(command: list[str], env: dict[str, str], port: int) -> Iterator[None]:
    process = subprocess.Popen(
        command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=HERE
    )
    try:
        wait_for(port)
        yield
    finally:
        process.terminate()
        process.wait()


class Browser:
    """One kept-alive connection, with the session cookie the server gave."""

    def __init__(self, port: int) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
        self.cookie = ""
        self.last_etag = ""

    def request(
        self, method: str, path: str, form: dict[str, str] | None = None, etag: str = ""
    ) -> tuple[int, bytes, float]:
        headers = {"Cookie": self.cookie} if self.cookie else {}
        if etag:
            headers["If-None-Match"] = etag
        body = None
        if form is not None:
            body = urllib.parse.urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        start = time.perf_counter()
        try:
            self.conn.request(method, path, body=body, headers=headers)
            response = self.conn.getresponse()
        except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
            # the server closed a connection idle longer than its keep-alive: a new one
            self.conn.close()
            start = time.perf_counter()
            self.conn.request(method, path, body=body, headers=headers)
            response = self.conn.getresponse()
        data = response.read()
        seconds = time.perf_counter() - start
        self.last_etag = response.getheader("ETag") or ""
        cookie = response.getheader("Set-Cookie")
        if cookie:
            self.cookie = cookie.split(";", 1)[0]
        return response.status, data, seconds

    def posts(self, path: str, form: dict[str, str], count: int) -> list[float]:
        """Milliseconds of ``count`` POSTs of a form that changes nothing, after one."""
        seconds = []
        for _ in range(count + 1):
            status, _, took = self.request("POST", path, form)
            if status != 200:
                raise RuntimeError(f"POST {path}: {status}")
            seconds.append(took)
        return [s * 1000 for s in seconds[1:]]

    def times(self, path: str, count: int) -> list[float]:
        """Milliseconds of ``count`` GETs after one (not counted) that warms the caches."""
        status, _, _ = self.request("GET", path)
        if status != 200:
            raise RuntimeError(f"GET {path}: {status}")
        return [self.request("GET", path)[2] * 1000 for _ in range(count)]


def median(values: list[float]) -> float:
    return statistics.median(values)


def row(what: str, goal: str, today: str) -> None:
    print(f"{what:<52} {goal:>10} {today:>26}")


def main() -> None:
    count = int(os.environ.get("BENCH_REPEAT", "30"))
    with tempfile.TemporaryDirectory() as tmp:
        database = Path(tmp) / "bench.sqlite"
        build(database)
        app_port, hello_port = free_port(), free_port()
        env = {
            **os.environ,
            "SCOREKEEPER_DATABASE": str(database),
            "SCOREKEEPER_SECRET_KEY": "bench",
            "SCOREKEEPER_ADMIN_PASSWORD": "bench",
            "SCOREKEEPER_WTF_CSRF_ENABLED": "false",
        }
        app = [sys.executable, "-m", "scorekeeper.cli", "serve", f"--port={app_port}", "--no-qr"]
        workers = str(len(os.sched_getaffinity(0)))
        hello = [
            sys.executable,
            "-m",
            "gunicorn",
            f"--workers={workers}",
            "--worker-class=gthread",
            "--threads=8",
            "--keep-alive=75",
            f"--bind=127.0.0.1:{hello_port}",
            "hello:app",
        ]
        with served(app, env, app_port), served(hello, env, hello_port):
            baseline = Browser(hello_port)
            browser = Browser(app_port)
            status, _, _ = browser.request("POST", "/admin", {"password": "bench"})
            assert status == 302, status
            hello_ms = median(baseline.times("/", count * 4))
            print(f"\n{'page':<40} {'median ms':>9} {'p95 ms':>7} {'÷ hello':>8}")
            medians: dict[int, dict[str, float]] = {}
            for size, (hombre, brou, manillen) in zip(
                (SHORT, LONG), zip(*GAMES.values(), strict=True)
            ):
                medians[size] = {}
                for page in pages(hombre, brou, manillen, size):
                    times = browser.times(page, count if size == SHORT else count // 2)
                    medians[size][page] = median(times)
                    p95 = statistics.quantiles(times, n=20)[-1]
                    print(
                        f"{page + f' ({size})':<40} {median(times):>9.1f} {p95:>7.1f}"
                        f" {median(times) / hello_ms:>8.1f}"
                    )
                # a correction checked before it is saved (posted, nothing written): the game
                # replayed with coup k changed
                page = f"/games/{hombre}/coups/{size // 2}/edit"
                times = browser.posts(page, CORRECTION, count if size == SHORT else count // 2)
                medians[size][page + " (posted)"] = median(times)
                p95 = statistics.quantiles(times, n=20)[-1]
                print(
                    f"{page + f' posted ({size})':<40} {median(times):>9.1f} {p95:>7.1f}"
                    f" {median(times) / hello_ms:>8.1f}"
                )
            # the game page again, next to the baseline (the ratio the issue names): drawn
            # in full for the manager; for a phone following the table link, drawn once per
            # version and then revalidated (ETag, 304)
            game = f"/games/{GAMES['hombre'][0]}"
            game_ms = median(browser.times(game, count))
            links = browser.request("GET", game + "/links")[1].decode()
            table = links.split("/table/", 1)[1].split('"', 1)[0]
            phone = Browser(app_port)
            phone.request("GET", f"{game}/table/{table}")
            followed_ms = median(phone.times(game, count))
            status, _, _ = phone.request("GET", game)
            tag = phone.last_etag
            revalidated_ms = median(
                [phone.request("GET", game, etag=tag)[2] * 1000 for _ in range(count)]
            )
            hello_again = median(baseline.times("/", count * 4))
            hello_both = (hello_ms + hello_again) / 2
            ratio = game_ms / hello_both
            # a coup posted at 3,000 coups (a pass: it never ends the game)
            posts = []
            long_game = f"/games/{GAMES['hombre'][1]}"
            for _ in range(count // 2):
                # the version the page showed: a change without one is refused (428)
                version = json.loads(browser.request("GET", long_game + "/version")[1])["version"]
                status, _, seconds = browser.request(
                    "POST", long_game + "/coups", {"passed": "1", "version": str(version)}
                )
                assert status == 302, status
                posts.append(seconds * 1000)
                browser.request("GET", long_game)  # the redirect's page
            pdf = {}
            sizes = [SHORT] + ([LONG] if os.environ.get("BENCH_PDF_3000", "1") != "0" else [])
            browser.request("GET", f"/games/{GAMES['hombre'][0]}/settlement.pdf")  # warm up
            for size in sizes:
                game_id = GAMES["hombre"][0 if size == SHORT else 1]
                status, body, seconds = browser.request("GET", f"/games/{game_id}/settlement.pdf")
                assert status == 200 and body.startswith(b"%PDF"), status
                pdf[size] = seconds
        slowest = max(medians[LONG].items(), key=lambda item: item[1])
        print(f"\nhello-world median: {hello_ms:.2f} ms, then {hello_again:.2f} ms")
        print(f"\n{'issue 15':<52} {'goal':>10} {'today':>26}")
        row("game page, 300 coups ÷ hello-world (manager)", "≤ 4×", f"{ratio:.1f}×")
        row(
            "  a phone on the table link (drawn once a version)",
            "",
            f"{followed_ms / hello_both:.1f}×",
        )
        row(
            "  a phone on the table link, unchanged (304)",
            "",
            f"{revalidated_ms / hello_both:.1f}×",
        )
        row("any page but the PDF, 3,000 coups, median", "< 40 ms", f"{slowest[1]:.1f} ms")
        row("  (the slowest)", "", slowest[0])
        reading = {p: ms for p, ms in medians[LONG].items() if not p.endswith("/delete")}
        other = max(reading.items(), key=lambda item: item[1])
        row("  the slowest but the deletion check", "< 40 ms", f"{other[1]:.1f} ms")
        row("  (that one)", "", other[0])
        row("post a coup at 3,000 coups, median", "< 15 ms", f"{median(posts):.1f} ms")
        row("settlement.pdf, 300 coups", "< 1 s", f"{pdf[SHORT]:.1f} s")
        if LONG in pdf:
            row("settlement.pdf, 3,000 coups", "< 8 s", f"{pdf[LONG]:.1f} s")


if __name__ == "__main__":
    main()
