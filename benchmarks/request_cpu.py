"""CPU per request of a club evening's traffic, in process, against a Flask hello-world.

Run with ``make bench``. The capacity plan (docs/capacity.md) multiplies
these by the requests a table makes. Each figure is the best of several
rounds of CPU time (``time.process_time``) per request through the app's
test client, so the other processes of a shared machine weigh less; the
ratio to a hello-world app through the same client is the figure to keep.

Kinds measured on a 300-coup l'Hombre game: a following phone's page poll
answered 304 (most of an evening's requests: static/follow.js asks for the
page with its ETag every 3 s), the version poll tools use, a phone's page
handed out as drawn (by its process or another: web/kept/shared.py), the
manager's page reloaded when kept, and the follower's and the manager's
pages drawn afresh (once each per coup).

Then the load test's own sequence (``evening``): a table made through the
form as ``benchmarks/locustfile.py`` makes it, a coup posted, the manager's
page it redirects to (a new version: its frame kept, the version's pieces
drawn: web/kept/frames.py), the first phone's page after it (kept from the
manager's drawing) and the next phones' (kept), the median of each over
the coups.
``BENCH_COUPS`` sets how many (default 120).
"""

from __future__ import annotations

import os
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from flask import Flask

from scorekeeper import create_app
from scorekeeper.web.kept import frames, memory
from scorekeeper.web.kept import shared as shared_pages

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from pages import build  # noqa: E402

ROUNDS, EACH = 5, 200
COUPS = int(os.environ.get("BENCH_COUPS", "120"))


def cpu_ms(
    request: Callable[[], object], each: int = EACH, before: Callable[[], object] | None = None
) -> float:
    """The best round's CPU per request; ``before`` runs ahead of each request, untimed."""
    best = float("inf")
    for _ in range(ROUNDS):
        spent = 0.0
        for _ in range(each):
            if before is not None:
                before()
            start = time.process_time()
            request()
            spent += time.process_time() - start
        best = min(best, spent / each)
    return best * 1000


def forget_pages(app: Flask) -> Callable[[], None]:
    """Empties the kept pages (this process's and the shared file) and the manager's
    frames, so that the next page is drawn whole: a page of a new version. The pieces kept
    by what they read (kept/fragments.py: the recent coups' articles, a fresh form's fields)
    stay, as they do after a coup. Without this, ``?draw=`` was answered from the kept page
    of the version: the manager's "afresh" page cost a seventh of the one drawn after a
    coup."""

    def forget() -> None:
        memory.DRAWN.clear()
        memory.MANAGED.clear()
        frames.FRAMES.clear()
        shared = app.extensions.get(shared_pages.EXTENSION)
        if shared is not None:
            shared.empty()

    return forget


def evening(app: Flask, coups: int = COUPS) -> dict[str, float]:
    """Median CPU ms of each request of the load test's sequence, over ``coups`` coups."""
    from evening import COUPS as FORMS
    from evening import table, token, version

    manager, game, phones, page = table(app, 4)
    times: dict[str, list[float]] = {
        "coup posted": [],
        "manager's page after it (drawn)": [],
        "first phone's page after it (drawn)": [],
        "next phone's page (kept)": [],
    }
    for n in range(coups):
        data = {**FORMS[n % len(FORMS)], "csrf_token": token(page), "version": version(page)}
        steps = [
            lambda data=data: manager.post(game + "/coups", data=data),
            lambda: manager.get(game),
            lambda: phones[0].get(game),
            lambda: phones[1].get(game),
        ]
        answers = []
        for name, step in zip(times, steps, strict=True):
            start = time.process_time()
            answers.append(step())
            times[name].append((time.process_time() - start) * 1000)
        assert answers[0].status_code == 302, answers[0].status_code
        assert all(a.status_code == 200 for a in answers[1:])
        page = answers[1].text
    return {name: statistics.median(ms) for name, ms in times.items()}


def main() -> None:
    hello = Flask("hello")
    hello.get("/")(lambda: "Hello, World!")
    baseline = hello.test_client()
    with tempfile.TemporaryDirectory() as tmp:
        database = Path(tmp) / "bench.sqlite"
        build(database)
        app = create_app(
            {
                "DATABASE": str(database),
                "SECRET_KEY": "bench",
                "ADMIN_PASSWORD": "bench",
                "RATELIMIT_ENABLED": False,
            }
        )
        manager = app.test_client()
        login = manager.get("/admin").data.decode()
        token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', login)
        assert token is not None
        manager.post("/admin", data={"password": "bench", "csrf_token": token.group(1)})
        links = manager.get("/games/1/links").data.decode()
        table = re.search(r'href="https?://[^/]+(/games/1/table/[^"]+)"', links)
        assert table is not None
        phone = app.test_client()
        phone.get(table.group(1))
        tag = phone.get("/games/1/version").headers["ETag"]
        page_tag = phone.get("/games/1").headers["ETag"]
        manager.get("/games/1")
        kinds = {
            "hello-world": lambda: baseline.get("/"),
            "phone's page poll, unchanged (304)": lambda: phone.get(
                "/games/1", headers={"If-None-Match": page_tag}
            ),
            "version poll, unchanged (304)": lambda: phone.get(
                "/games/1/version", headers={"If-None-Match": tag}
            ),
            "phone's page, as drawn (kept)": lambda: phone.get("/games/1"),
            "manager reloads the game page (kept)": lambda: manager.get("/games/1"),
            "phone's page drawn afresh (after a coup)": lambda: phone.get("/games/1"),
            "manager's page drawn afresh (after a coup)": lambda: manager.get("/games/1"),
        }
        forget = forget_pages(app)
        figures = {
            name: cpu_ms(request, 40, forget) if "afresh" in name else cpu_ms(request)
            for name, request in kinds.items()
        }
        sequence = evening(app)
    unit = figures["hello-world"]
    print(f"\n{'request, 300-coup game (CPU, in process)':<46} {'ms':>7} {'÷ hello':>8}")
    for name, ms in figures.items():
        print(f"{name:<46} {ms:>7.2f} {ms / unit:>8.1f}")
    print(f"\n{'the load test, median of ' + str(COUPS) + ' coups':<46} {'ms':>7} {'÷ hello':>8}")
    for name, ms in sequence.items():
        print(f"{name:<46} {ms:>7.2f} {ms / unit:>8.1f}")


if __name__ == "__main__":
    main()
