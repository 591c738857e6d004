"""The load of a club evening: 50 tables entering coups, 200 phones following them.

Driven by ``benchmarks/load.py``; each table records the coups the server
confirmed so that the database can be checked against them afterwards.
``LOAD_TABLES`` sets the tables (four phones follow each). The users are
Locust's FastHttpUser (geventhttpclient): the load generator shares the
server's two cores, and the lighter client leaves more of them to it.

A phone does what its browser does with follow.js: every 3 s it asks for
the game page with the ETag of the copy it shows (If-None-Match), so an
unchanged page is a 304 without a body and a change is one 200. The
manager's phone follows the redirect after each coup at once, as its
browser does, and enters the next coup from that page.
"""

from __future__ import annotations

import itertools
import json
import os
import sys
from pathlib import Path

import gevent
from locust import FastHttpUser, between, constant, events, task

sys.path.insert(0, str(Path(__file__).resolve().parent))
from evening import COUPS, NEW_GAME, TABLE_LINK, token, version

TABLES = int(os.environ.get("LOAD_TABLES", "50"))
SECONDS = float(os.environ.get("LOAD_SECONDS", "60"))
COUP_EVERY = [float(n) for n in os.environ.get("LOAD_COUP_EVERY", "2,4").split(",")]
"""Seconds between two coups of a table (``120,180`` is a real table's pace)."""
WARMUP = float(os.environ.get("LOAD_WARMUP", "5"))
"""Seconds between the last arrival and the start of the count."""
ARRIVALS = os.environ.get("LOAD_ARRIVALS", "0") == "1"
FOLLOW = os.environ.get("LOAD_FOLLOW", "page")
"""``page``: the page asks for itself with its ETag (static/follow.js); ``version``: the
version poll and a reload when it moves (follow.js before 2026-11-23), to compare."""
ARRIVED = {"tables": 0, "phones": 0}
PHONES = itertools.count()
ENVIRONMENT = []
SERVER_CPU: list[float] = []
CONFIRMED: dict[str, int] = {}
ATTEMPTED: dict[str, int] = {}
TABLE_LINKS: list[str] = []


class Table(FastHttpUser):
    """The bête manager's phone: a coup every 2 to 4 s (at a real table, minutes)."""

    fixed_count = TABLES
    wait_time = between(COUP_EVERY[0], COUP_EVERY[-1])

    def on_start(self) -> None:
        page = self.client.get("/games/new", name="GET /games/new").text
        response = self.client.post(
            "/games/new",
            data={**NEW_GAME, "csrf_token": token(page)},
            name="POST /games/new",
            allow_redirects=False,
        )
        if response.status_code != 302:
            raise RuntimeError(f"POST /games/new answered {response.status_code}")
        self.game = response.headers["Location"]
        CONFIRMED[self.game] = ATTEMPTED[self.game] = 0
        links = self.client.get(self.game + "/links", name="GET /games/[id]/links").text
        TABLE_LINKS.extend(TABLE_LINK.findall(links)[:1])
        self.n = 0
        self.page = self.game_page()
        arrived("tables")

    def game_page(self) -> str:
        """The manager's game page: where their browser lands after each coup."""
        return str(self.client.get(self.game, name="GET /games/[id]").text)

    @task
    def enter_coup(self) -> None:
        page = self.page
        coup = COUPS[self.n % len(COUPS)]
        ATTEMPTED[self.game] = self.n + 1
        with self.client.post(
            self.game + "/coups",
            data={**coup, "csrf_token": token(page), "version": version(page)},
            name="POST /games/[id]/coups",
            allow_redirects=False,
            catch_response=True,
        ) as response:
            if response.status_code == 302:
                CONFIRMED[self.game] += 1
                self.n += 1
                response.success()
            else:
                response.failure(f"status {response.status_code}")
        self.page = self.game_page()  # the redirect followed, as the browser does


class Phone(FastHttpUser):
    """A player following a table link: asks for the page with its ETag every 3 s."""

    fixed_count = 4 * TABLES
    wait_time = constant(3)

    def on_start(self) -> None:
        """Join table k mod TABLES (four phones a table) once it is made."""
        self.tags: dict[str, str] = {}
        table = next(PHONES) % TABLES
        while len(TABLE_LINKS) <= table:
            gevent.sleep(0.1)
        link = TABLE_LINKS[table]
        self.client.get(link, name="GET /games/[id]/table/[token]")
        self.game = link.rsplit("/table/", 1)[0]
        arrived("phones")

    def get(self, path: str, name: str) -> tuple[int, str]:
        """GET as the browser does: with the ETag of the copy it has."""
        tag = self.tags.get(path)
        headers = {"If-None-Match": tag} if tag else {}
        response = self.client.get(path, name=name, headers=headers)
        if response.headers.get("ETag"):
            self.tags[path] = response.headers["ETag"]
        return response.status_code, response.text or ""

    @task
    def follow(self) -> None:
        if FOLLOW != "version":
            self.get(self.game, "GET /games/[id] (table link)")
            return
        status, text = self.get(self.game + "/version", "GET /games/[id]/version")
        moved = status == 200 and json.loads(text)["version"] != self.tags.get("version")
        if moved:
            self.tags["version"] = json.loads(text)["version"]
            self.get(self.game, "GET /games/[id] (table link)")


@events.init.add_listener
def keep(environment, **kwargs) -> None:
    ENVIRONMENT.append(environment)


def arrived(who: str) -> None:
    """Once every table and phone is in: count for LOAD_SECONDS after LOAD_WARMUP, then stop."""
    ARRIVED[who] += 1
    if ARRIVED == {"tables": TABLES, "phones": 4 * TABLES}:
        gevent.spawn(count)


def server_cpu() -> float:
    """CPU seconds used so far by the server (LOAD_SERVER_PID) and its worker processes."""
    server = os.environ.get("LOAD_SERVER_PID")
    if not server:
        return 0.0
    total = 0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="ascii") as handle:
                fields = handle.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if entry == server or fields[1] == server:  # fields[1]: the parent's pid
            total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / os.sysconf("SC_CLK_TCK")


def count() -> None:
    environment = ENVIRONMENT[0]
    gevent.sleep(WARMUP)
    if not ARRIVALS:
        environment.runner.stats.reset_all()
    start = server_cpu()
    gevent.sleep(SECONDS)
    SERVER_CPU.append(server_cpu() - start)
    environment.runner.quit()


@events.test_stop.add_listener
def record(environment, **kwargs) -> None:
    with open(os.environ["LOAD_RESULTS"], "w", encoding="utf-8") as handle:
        told = {"confirmed": CONFIRMED, "attempted": ATTEMPTED, "server_cpu": SERVER_CPU[:1]}
        json.dump(told, handle)
