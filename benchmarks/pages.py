"""Time and weigh every page of a 300-coup game, served by waitress on 127.0.0.1.

Run with ``make bench``. Builds a game of 300 random valid coups in a
temporary database (and a Brou sheet and a manillen sheet of 300 coups
each, far longer than an evening's), then requests each page 30 times over
HTTP and prints the median and 95th percentile answer times and the weight
of the page with its stylesheet. Targets: under 50 ms and under 60 KB.
"""

from __future__ import annotations

import http.cookiejar
import random
import statistics
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from pathlib import Path

from waitress.server import create_server

from scorekeeper import create_app, store
from scorekeeper.db import connect
from scorekeeper.rules.brou.engine import BrouCoup, BrouGame, BrouRules, Mariage
from scorekeeper.rules.hombre.engine import Game, replay
from scorekeeper.rules.hombre.ruleset import RuleSet
from scorekeeper.rules.manille.belge import TRUMPS, ManillenCoup, ManillenGame, ManillenRules

sys.path.insert(0, str(Path(__file__).parent))
from replay import random_coups

PAGES = [
    "/",
    "/games/1",
    "/games/1/coups",
    "/games/1/coups?page=12",
    "/games/1/coups/150/edit",
    "/games/1/coups/150/delete",
    "/games/1/fiche",
    "/games/1/history",
    "/games/1/settlement",
    "/games/1/story",
    "/games/1/game.json",
    "/games/1/report.json",
    "/games/2",
    "/games/2/sheet/coups/150/edit",
    "/games/2/settlement",
    "/games/3",
    "/games/3/settlement",
]


def build(path: Path, count: int = 300) -> None:
    rules = RuleSet(poules_to_play=10**6)
    game = Game(("Anne", "Bruno", "Chloé"), rules, 0, tuple(random_coups(count)))
    replay(game)
    db = connect(path, migrate=True)
    store.create(db, game, action="import")
    rng = random.Random(1802)
    brou = BrouGame(
        ("Anne", "Bruno", "Chloé", "Denis"),
        BrouRules(parties_to_win=10**6),
        0,
        tuple(
            BrouCoup(
                rng.randint(0, 120), mariages=(Mariage(rng.randint(0, 1)),) * rng.randint(0, 1)
            )
            for _ in range(count)
        ),
    )
    store.create(db, brou, action="import")
    manillen = ManillenGame(
        ("Anne", "Bruno", "Chloé", "Denis"),
        ManillenRules(deals=count, sans_atout=0),
        0,
        tuple(
            ManillenCoup(rng.choice(TRUMPS), rng.randint(0, 2), rng.randint(0, 60))
            for _ in range(count)
        ),
    )
    store.create(db, manillen, action="import")


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        database = Path(tmp) / "bench.sqlite"
        app = create_app(
            {
                "SECRET_KEY": "bench",
                "DATABASE": str(database),
                "ADMIN_PASSWORD": "bench",  # the admin sees the game without its links
                "WTF_CSRF_ENABLED": False,
            }
        )
        build(database)
        server = create_server(app, host="127.0.0.1", port=0, threads=4)
        threading.Thread(target=server.run, daemon=True).start()
        base = f"http://127.0.0.1:{server.effective_port}"
        jar = http.cookiejar.CookieJar()
        browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        browser.open(base + "/admin", data=urllib.parse.urlencode({"password": "bench"}).encode())
        css = len(browser.open(base + "/static/style.css").read())
        print(f"{'page':<28} {'median ms':>9} {'p95 ms':>7} {'KB+css':>7}")
        for page in PAGES:
            times = []
            for _ in range(30):
                start = time.perf_counter()
                body = browser.open(base + page).read()
                times.append((time.perf_counter() - start) * 1000)
            weight = (len(body) + (css if not page.endswith(".json") else 0)) / 1024
            p95 = statistics.quantiles(times, n=20)[-1]
            print(f"{page:<28} {statistics.median(times):>9.1f} {p95:>7.1f} {weight:>7.1f}")
        # the server thread dies with the process


if __name__ == "__main__":
    main()
