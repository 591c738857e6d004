"""A registration line is one player: ``name; team; registered together`` (the form's
label says so). A line of more parts is a typing mistake, refused naming the line: it
was registered as its first three, the rest dropped, so "Els;Claes;x;y" made a player
"Els" (team "Claes", which an individual event ignores) who could then only be withdrawn,
and whose line stays in the ranking marked withdrawn (docs/competitions.md) — found
registering a Flemish manillen competition, 2026-11-30. ``scorekeeper draw`` refuses such a
line of its players file too."""

from __future__ import annotations

import re

from test_events import new_event, post

from scorekeeper.db import get_db
from scorekeeper.events import records as stored

NAMES = "Jan Peeters\nMarie Janssens\nLuc Maes"


def _registered(app) -> list[tuple[str, str, str]]:
    with app.app_context():
        return [(p.name, p.team, p.together) for p in stored.players(get_db(), 1)]


def test_a_line_of_more_parts_than_name_team_together_is_refused_naming_it(app):
    client = app.test_client()
    new_event(client, kind="manillen", seating="pairs", method="total")
    client.set_cookie("lang", "en")
    refused = post(client, app, "players", names=NAMES + "\nEls;Claes;x;y")
    assert refused.status_code == 422
    assert "Els;Claes;x;y: one line is one player" in refused.text
    assert _registered(app) == []  # the list is refused whole, as a name twice is
    assert "Jan Peeters\nMarie Janssens" in refused.text  # the form keeps what was typed

    # three parts (a team and a mark; the mark alone after an empty team) still register
    done = post(client, app, "players", names=NAMES + "\nEls Claes; Gent; 1\nWim; ; 1")
    assert done.status_code == 302
    assert ("Els Claes", "Gent", "1") in _registered(app)
    assert ("Wim", "", "1") in _registered(app)


def test_the_refusal_in_the_players_languages(app):
    client = app.test_client()
    new_event(client, kind="manillen", seating="pairs", method="total")
    said = {}
    for language in ("fr", "da", "nl"):
        client.set_cookie("lang", language)
        page = post(client, app, "players", names="a;b;c;d").text
        said[language] = re.findall(r"a;b;c;d[^<]*", page)[0]
    assert said["fr"].startswith("a;b;c;d\u202f: une ligne est un joueur")
    assert said["da"].startswith("a;b;c;d: én linje er én spiller")
    assert said["nl"].startswith("a;b;c;d: één regel is één speler")
