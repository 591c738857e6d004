"""The service worker's two address patterns are checked against the app's own routes.

``static/sw.js`` is plain JavaScript the browser runs: it cannot import the routes, so it
writes two of their shapes again — ``PAGES`` (the pages it keeps for offline: the home
list, a game's page, its settlement) and ``LINKS`` (a table or manager link, whose
redirect it remembers). The routes' one home is the app's URL map (web/table/links.py,
web/table/, web/games.py); this test reads both patterns out of sw.js and asks every GET
route of the app whether the pattern takes it. A route renamed, moved or added beside
them fails here, not offline on a phone.
"""

from __future__ import annotations

import re
from pathlib import Path

from flask import Flask

SW = Path(__file__).resolve().parents[2] / "static" / "sw.js"

KEPT_PAGES = {"games.home", "table.game", "settlement.settlement"}
"""The pages sw.js keeps (its comment at the top names them)."""

REMEMBERED_LINKS = {"links.follow", "links.manage"}
"""The table and manager links whose redirect sw.js remembers."""

SAMPLES = {"int": "7", "path": "a/b"}
"""A value for each kind of route variable (any other kind: a token's letters)."""


def pattern(name: str) -> re.Pattern[str]:
    """``var NAME = /…/;`` of sw.js as a Python pattern (the same syntax for these two)."""
    found = re.search(rf"^var {name} = /(.+)/;", SW.read_text(encoding="utf-8"), re.MULTILINE)
    assert found, f"sw.js no longer defines {name}"
    return re.compile(found.group(1))


def sample(rule: str) -> str:
    """The rule's address with a sample value in each variable, without the first slash."""

    def value(variable: re.Match[str]) -> str:
        return SAMPLES.get(variable.group(1) or "", "Tok3n_-x")

    return re.sub(r"<(?:(\w+)(?:\([^)]*\))?:)?\w+>", value, rule).removeprefix("/")


def get_routes(app: Flask) -> list[tuple[str, str]]:
    return [
        (sample(rule.rule), rule.endpoint)
        for rule in app.url_map.iter_rules()
        if "GET" in (rule.methods or ()) and rule.endpoint != "static"
    ]


def test_sw_keeps_exactly_the_pages_it_says(app: Flask) -> None:
    pages = pattern("PAGES")
    taken = {endpoint for path, endpoint in get_routes(app) if pages.fullmatch(path)}
    assert taken == KEPT_PAGES


def test_sw_remembers_exactly_the_table_and_manager_links(app: Flask) -> None:
    links = pattern("LINKS")
    routes = get_routes(app)
    taken = {endpoint for path, endpoint in routes if links.fullmatch(path)}
    assert taken == REMEMBERED_LINKS
    # The first group is the game's number: the page sw.js sends the link on to.
    for path, endpoint in routes:
        if endpoint in REMEMBERED_LINKS:
            found = links.fullmatch(path)
            assert found and found.group(1) == SAMPLES["int"]


def test_the_samples_reach_the_routes_they_stand_for(app: Flask) -> None:
    """The test's own check: each sample address is answered by its own route."""
    adapter = app.url_map.bind("localhost")
    for path, endpoint in get_routes(app):
        if endpoint in KEPT_PAGES | REMEMBERED_LINKS:
            assert adapter.match("/" + path, method="GET")[0] == endpoint
