"""Issue 36: a kept answer is keyed by what it reads, and by the database's generation.

Each kept route declares the query arguments it reads (``kept.arguments.reads``);
anything else in the query string never draws it again. On main before this,
``settlement.pdf?page=<n>`` of a 5,000-coup game was drawn afresh for every ``n``
(18.6 s each, against 5 ms kept). The drawings are counted twice over: Flask's
``template_rendered`` signal (a page or a PDF is a template drawn) and the answer's
``Server-Timing`` header (``draw`` or ``kept``, kept.said).
"""

from __future__ import annotations

import re
import urllib.request
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from flask import template_rendered
from test_access import links_of, stranger
from test_events import EVENT, hombre_deal, open_table, post, ranking, tables
from test_trust import make
from web import NEW_GAME, coup_data, enter, new_game

from scorekeeper.web.kept import expensive, memory

JUNK = [
    "",
    "?x=1",
    "?page=7",
    "?page=1",
    "?page=0",
    "?page=-3",
    "?page=abc",
    "?page=" + "9" * 60,
    "?sep=comma",
    "?saved=1",
    "?from=2026-01-01&sort=name",
    "?a=1&a=2&page=2",
    "?%ff=%00",
]
"""Query strings none of the kept routes below reads a value from: each must hand out the
answer drawn for the bare address."""

FOLLOWED = ["", "/settlement", "/settlement.pdf", "/fiche", "/story", "/history"]
FILES = ["/journal.csv", "/standings.csv", "/game.json", "/report.json"]


@contextmanager
def drawings() -> Iterator[Counter[str]]:
    """Templates drawn, by name, while the block runs."""
    counted: Counter[str] = Counter()

    def seen(_app: object, template: object, **_: object) -> None:
        counted[str(getattr(template, "name", ""))] += 1

    template_rendered.connect(seen)
    try:
        yield counted
    finally:
        template_rendered.disconnect(seen)


def drawn(client, path: str) -> list[str]:
    """Each query string on ``path``: the answers' ``Server-Timing`` (``draw…`` or ``kept``)."""
    said = []
    for query in JUNK:
        response = client.get(path + query)
        if response.status_code == 302:  # a page past the last: its address, no drawing
            assert path.endswith(("/coups", "/history")) and "page=" in query, (path, query)
            continue
        assert response.status_code == 200, (path, query, response.status_code)
        said.append(response.headers["Server-Timing"].split(";")[0])
    return said


@pytest.fixture
def app(app):
    """The suite's app, nothing kept from the apps before it."""
    memory.DRAWN.clear()
    memory.MANAGED.clear()
    expensive.EXPENSIVE.clear()
    return app


def test_any_query_string_on_a_followed_page_costs_one_drawing_per_version(app):
    manager = app.test_client()
    manager.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    game = new_game(manager, poules_to_play="20")
    assert enter(manager, game, "A demande A5 B2 C2").status_code == 302
    _, table = links_of(manager, game)
    follower = stranger(app)
    assert follower.get(table.replace("http://localhost", "")).status_code == 302
    for version in (1, 2):
        for path in FOLLOWED + FILES + ["/coups"]:
            with drawings() as counted:
                said = drawn(follower, game + path)
            assert said.count("draw") == 1 and said[0] == "draw", (version, path, said)
            assert set(said[1:]) == {"kept"}, (version, path, said)
            assert sum(counted.values()) <= 1, (version, path, counted)  # one template at most
        assert enter(manager, game, "pass").status_code == 302  # the version moves on
    # what a page reads is still read: the journal's second page, the CSV's separator
    for _ in range(25):
        assert enter(manager, game, "pass").status_code == 302
    first = follower.get(game + "/coups").text
    second = follower.get(game + "/coups?page=2&x=1").text
    assert ">Coup 27 <" in first and ">Coup 1 <" in second and ">Coup 1 <" not in first
    assert ";" in follower.get(game + "/journal.csv?sep=semicolon&x=2").text.splitlines()[0]


def test_the_managers_page_and_his_pdf_take_no_key_from_junk(app):
    manager = app.test_client()
    manager.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    game = new_game(manager, poules_to_play="20")
    assert enter(manager, game, "A demande A5 B2 C2").status_code == 302
    manager.get(game)  # the page that shows "coup 1 saved" once
    for path in ("", "/settlement.pdf", "/report.json"):
        said = drawn(manager, game + path)
        assert said.count("draw") == 1 and said[0] == "draw", (path, said)


def test_the_players_page_and_an_events_pdfs_take_no_key_from_junk(tmp_path):
    memory.DRAWN.clear()
    expensive.EXPENSIVE.clear()
    app = make(tmp_path)
    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    response = client.post(
        "/events/new",
        data={**EVENT, "name": "Cup", "kind": "hombre", "seating": "3", "method": "rank_points"},
    )
    assert response.headers["Location"] == "/events/1"
    assert post(client, app, "players", names="Anne\nBert\nCarl").status_code == 302
    assert post(client, app, "draw").status_code == 302
    game = open_table(client, tables(client)[0])
    hombre_deal(client, game, (0, 1, 2))
    client.get(game)  # the page that shows "coup 1 saved" once (a page drawn then is not kept)
    token = ranking(app)[1].event.read_token
    for version in (1, 2):
        for path in (f"/events/{token}/results.pdf", "/events/1/slips.pdf", "/players"):
            with drawings() as counted:
                said = drawn(client, path)
            if version == 2 and path.endswith("slips.pdf"):  # a deal shows on no slip
                assert said.count("draw") == 0 and sum(counted.values()) == 0, (path, said)
                continue
            assert said.count("draw") == 1 and said[0] == "draw", (version, path, said)
            assert sum(counted.values()) == 1, (version, path, counted)
        hombre_deal(client, game, (0, 1, 2))  # the table's game moves on: so does the event
        client.get(game)
    # the event's own version moves (a late arrival registered): the slips are drawn again
    assert post(client, app, "players", names="Dora").status_code == 302
    assert drawn(client, "/events/1/slips.pdf").count("draw") == 1


def test_on_a_real_server_junk_query_strings_never_draw_a_pdf_again(tmp_path):
    """``scorekeeper serve`` (one process: the expensive answers are kept per process):
    the settlement PDF and ``report.json`` asked for with every query string above are
    drawn once per version; the follower's game page is made once, with the manager's."""
    from live import Phone, start_serve, stop

    server, base = start_serve(tmp_path / "served.sqlite", workers=1)
    try:
        manager, follower = Phone(base), Phone(base)
        assert manager.post("/games/new", {**NEW_GAME, "poules_to_play": "20"})[0] == 302
        links = manager.get("/games/1/links")[1]
        table = re.search(r"http://127\.0\.0\.1:\d+(/games/1/table/[^\"<]+)", links)
        assert table and follower.get(table.group(1))[0] == 302
        for version in (1, 2):
            data = {**coup_data("A demande A5 B2 C2"), "save": "1"}
            assert manager.post("/games/1/coups", data, token_from="/games/1")[0] == 302
            manager.get("/games/1")  # the page that shows the saved coup once
            for path in ("/settlement.pdf", "/report.json", ""):
                said = []
                for query in JUNK:
                    request = urllib.request.Request(base + "/games/1" + path + query)
                    with follower.opener.open(request, timeout=60) as answer:
                        said.append(answer.headers["Server-Timing"].split(";")[0])
                # the game page itself was made with the manager's (kept/readers.py)
                first = "kept" if path == "" else "draw"
                assert said == [first] + ["kept"] * (len(JUNK) - 1), (version, path, said)
    finally:
        stop(server)
