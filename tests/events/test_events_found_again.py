"""Everything can be found again (issue 35, point 5): the events a browser runs.

``/events`` lists them (it answered 404 "this game does not exist"): those the
browser created or whose manager link it opened, its clubs' events, every event
for the admin, a page at a time; the home page shows the newest; a club's page
lists its events to its managers (the director's page) and readers (the ranking).
"""

from __future__ import annotations

import re
import sqlite3

import pytest
from test_clubs import new_club
from test_events import EVENT

LIST = re.compile(r'<a href="/events/(\d+)"><b>([^<]+)</b></a>')


def listed(client, path="/events") -> list[tuple[str, str]]:
    response = client.get(path)
    assert response.status_code == 200
    return LIST.findall(response.text)


def create(client, name, club=None):
    path = "/events/new" + (f"?club={club}" if club else "")
    data = {**EVENT, "name": name, "kind": "hombre", "seating": "3", "method": "total"}
    response = client.post(path, data=data)
    assert response.status_code == 302
    return int(response.headers["Location"].rsplit("/", 1)[1])


@pytest.mark.parametrize(
    ("language", "empty", "title"),
    [
        ("fr", "Aucun tournoi dirigé depuis ce téléphone", "Tournois"),
        ("da", "Ingen turnering", "Turneringer"),
    ],
)
def test_events_are_listed_for_whoever_runs_them(app, language, empty, title):
    app.config["ADMIN_PASSWORD"] = "s3cret"
    director = app.test_client()
    stranger = app.test_client()
    for c in (director, stranger):
        c.environ_base["HTTP_ACCEPT_LANGUAGE"] = language
    page = stranger.get("/events")
    assert page.status_code == 200 and empty in page.text and f"<h1>{title}</h1>" in page.text
    cup = create(director, "Winter Cup")
    plate = create(stranger, "Plate")
    assert listed(director) == [(str(cup), "Winter Cup")]
    assert listed(stranger) == [(str(plate), "Plate")]
    # the home page lists them too, beside the games
    assert LIST.findall(director.get("/").text) == [(str(cup), "Winter Cup")]
    # a club's events: its managers run them (listed); its page lists them
    club = new_club(director)
    league = create(director, "League", club=club)
    assert listed(director) == [(str(league), "League"), (str(cup), "Winter Cup")]
    club_page = director.get(f"/clubs/{club}").text
    assert f'href="/events/{league}"' in club_page
    # the admin sees every event
    admin = app.test_client()
    assert admin.post("/admin", data={"password": "s3cret"}).status_code == 302
    assert [n for _id, n in listed(admin)] == ["League", "Plate", "Winter Cup"]


def test_a_club_reader_finds_the_ranking_and_long_lists_are_paged(app):
    director = app.test_client()
    club = new_club(director)
    league = create(director, "League", club=club)
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        token = conn.execute("select read_token from clubs where id = ?", [club]).fetchone()[0]
    reader = app.test_client()
    page = reader.get(f"/clubs/{club}?key={token}")
    assert page.status_code == 200
    # the reader finds the event's ranking (its read link), not its director's page
    assert f'href="/events/{league}"' not in page.text
    assert re.search(r'href="/events/[\w-]{20,}">League</a>', page.text)
    assert reader.get("/events").status_code == 200
    assert listed(reader) == []  # they run none of them
    # 25 events: 20 a page, newest first; a page past the end is the last one's size 0
    for n in range(24):
        create(director, f"Event {n:02}")
    first = listed(director)
    second = listed(director, "/events?page=2")
    assert len(first) == 20 and len(second) == 5
    assert first[0][1] == "Event 23" and second[-1][1] == "League"
    assert listed(director, "/events?page=99") == []
    assert listed(director, "/events?page=abc") == first  # junk: the first page, no 500
    assert 'href="/events?page=2"' in director.get("/events").text
