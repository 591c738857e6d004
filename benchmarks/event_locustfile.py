"""The load of a championship: 136 manillen tables entering deals, 500 phones and a wall.

Driven by ``benchmarks/event_load.py`` (``LOAD_EVENT``: the event made before the
server started). Each table's manager opens its slip's link, then enters a deal
every 2 to 4 s (the load test's stress pace; ``LOAD_COUP_EVERY``) and follows the
redirect as their browser does. Each phone follows the event's read link as
static/follow.js does: every 3 s, with the ETag of the copy it has (304 while
unchanged); the wall does the same on ``/wall``. A probe asks ``/health`` every
second: the baseline the figures are compared with, in the same run.
"""

from __future__ import annotations

import json
import os
import re

import gevent
from event_setup import DEALS
from locust import FastHttpUser, between, constant, events, task

TOKEN = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')
VERSION = re.compile(r'<input id="version" name="version" type="hidden" value="(\d+)"')
with open(os.environ["LOAD_EVENT"], encoding="utf-8") as made:
    MADE = json.load(made)
TABLES = MADE["tables"]
PHONES = int(os.environ.get("LOAD_PHONES", "500"))
SECONDS = float(os.environ.get("LOAD_SECONDS", "60"))
WARMUP = float(os.environ.get("LOAD_WARMUP", "5"))
COUP_EVERY = [float(n) for n in os.environ.get("LOAD_COUP_EVERY", "2,4").split(",")]
ARRIVED = {"tables": 0, "phones": 0}
EXPECTED = {"tables": len(TABLES), "phones": PHONES + 1}
ENVIRONMENT = []
CONFIRMED: dict[str, int] = {}
NEXT_TABLE = iter(range(len(TABLES)))


def found(pattern: re.Pattern[str], html: str) -> str:
    match = pattern.search(html)
    return match.group(1) if match else ""


class Table(FastHttpUser):
    """A table's manager: the slip's link, then a deal every 2 to 4 s."""

    fixed_count = len(TABLES)
    wait_time = between(COUP_EVERY[0], COUP_EVERY[-1])

    def on_start(self) -> None:
        table = TABLES[next(NEXT_TABLE)]
        self.game = table["game"]
        self.client.get(table["manage"], name="GET slip link", allow_redirects=False)
        CONFIRMED[self.game] = 0
        self.page = self.client.get(self.game, name="GET /games/[id]").text
        arrived("tables")

    @task
    def enter_deal(self) -> None:
        deal = DEALS[CONFIRMED[self.game] % len(DEALS)]
        form = {**deal, "csrf_token": found(TOKEN, self.page), "version": found(VERSION, self.page)}
        with self.client.post(
            self.game + "/sheet/coups",
            data=form,
            name="POST /games/[id]/sheet/coups",
            allow_redirects=False,
            catch_response=True,
        ) as response:
            if response.status_code == 302:
                CONFIRMED[self.game] += 1
                response.success()
            else:
                response.failure(f"status {response.status_code}")
        self.page = self.client.get(self.game, name="GET /games/[id]").text


class Follower(FastHttpUser):
    """What follow.js does: the page again every 3 s with its ETag."""

    abstract = True
    wait_time = constant(3)
    path = ""
    label = ""

    def on_start(self) -> None:
        self.tag = ""
        arrived("phones")

    @task
    def follow(self) -> None:
        headers = {"If-None-Match": self.tag} if self.tag else {}
        response = self.client.get(self.path, name=self.label, headers=headers)
        self.tag = response.headers.get("ETag") or self.tag


class Phone(Follower):
    fixed_count = PHONES
    path = f"/events/{MADE['read']}"
    label = "GET /events/[read] (phone)"


class Wall(Follower):
    fixed_count = 1
    path = f"/events/{MADE['read']}/wall?dark=1"
    label = "GET /events/[read]/wall"


class Probe(FastHttpUser):
    """The baseline, in the same run: the cheapest page there is."""

    fixed_count = 1
    wait_time = constant(1)

    @task
    def health(self) -> None:
        self.client.get("/health", name="GET /health (baseline)")


@events.init.add_listener
def keep(environment, **kwargs) -> None:
    ENVIRONMENT.append(environment)


def arrived(who: str) -> None:
    ARRIVED[who] += 1
    if ARRIVED == EXPECTED:
        gevent.spawn(count)


def count() -> None:
    environment = ENVIRONMENT[0]
    gevent.sleep(WARMUP)
    environment.runner.stats.reset_all()
    gevent.sleep(SECONDS)
    environment.runner.quit()


@events.test_stop.add_listener
def record(environment, **kwargs) -> None:
    with open(os.environ["LOAD_RESULTS"], "w", encoding="utf-8") as handle:
        json.dump({"confirmed": CONFIRMED}, handle)
