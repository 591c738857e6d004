"""An event round's evening says whose round it is (fix22b, smoke22): its page and its close
page say "Cup — round 1 of 3" as the round's tables do, linked to the event's page its reader
may open (the director's page to whoever runs the event, the read link's ranking to a club
reader); a typed evening of the same day and label says none of it. The close page opened
from the director's list goes back there once closed; a ``next`` that is not a path of this
site is ignored.

The club's "Cup — 1" is typed first, so round 1's evening is "Cup — 1 (2)" (events22).
"""

from __future__ import annotations

import re
import sqlite3

import pytest
from test_clubs import club_version, new_club
from test_events import EVENT, post

from scorekeeper.events import round_evenings

DAY = "2026-11-30"


@pytest.fixture(autouse=True)
def _the_day(monkeypatch):
    monkeypatch.setattr(round_evenings, "today", lambda: DAY)


def one_value(app, sql: str, *args: object) -> object:
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        (value,) = conn.execute(sql, args).fetchone()
    conn.close()
    return value


def typed_then_round(client, app) -> tuple[int, int, int]:
    """The club, its typed evening "Cup — 1" and round 1's evening of the event "Cup" of three
    rounds (Anne, Bert and Carl at one table), drawn after it."""
    club = new_club(client)
    data = {"date": DAY, "title": "Cup — 1", "version": club_version(app)}
    answer = client.post(f"/clubs/{club}/evenings", data=data)
    assert answer.status_code == 302
    typed = int(answer.headers["Location"].rsplit("/", 1)[1])
    event = {**EVENT, "rounds": "3", "name": "Cup", "kind": "hombre", "seating": "3"}
    assert client.post(f"/events/new?club={club}", data=event).status_code == 302
    assert post(client, app, "players", names="Anne\nBert\nCarl").status_code == 302
    assert post(client, app, "draw").status_code == 302
    rounds = int(str(one_value(app, "select evening_id from event_rounds where number = 1")))
    assert one_value(app, "select title from evenings where id = ?", rounds) == "Cup — 1 (2)"
    return club, typed, rounds


def said(page: str) -> tuple[str, str] | None:
    """The page's line of its round: (the link's target, its words); None: no such line."""
    found = re.search(
        r'<p class="small" id="evening-round"><a href="([^"]*)"[^>]*>([^<]*)</a>', page
    )
    return None if found is None else (found.group(1), found.group(2))


def test_the_rounds_evening_says_its_round_and_links_the_directors_page(client, app):
    _club, typed, rounds = typed_then_round(client, app)
    # the club's manager runs the club's event: its director's page. "of 3": the event's rounds
    for path in (f"/evenings/{rounds}", f"/evenings/{rounds}/close"):
        assert said(client.get(path).text) == ("/events/1", "Cup — round 1 of 3"), path
        page = client.get(path, headers={"Accept-Language": "fr"}).text
        assert said(page) == ("/events/1", "Cup — tour 1 sur 3"), path
    # the typed evening of the same label: none of it, in no language
    for path in (f"/evenings/{typed}", f"/evenings/{typed}/close"):
        for language in ("en", "fr"):
            page = client.get(path, headers={"Accept-Language": language}).text
            assert 'id="evening-round"' not in page, (path, language)
            assert "/events/1" not in page, (path, language)


def test_a_club_reader_is_linked_to_the_ranking_never_to_the_directors_page(client, app):
    club, _typed, rounds = typed_then_round(client, app)
    token = one_value(app, "select read_token from clubs where id = ?", club)
    reader = app.test_client()
    reader.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    assert reader.get(f"/clubs/{club}?key={token}").status_code == 200
    ranking = one_value(app, "select read_token from events where id = 1")
    page = reader.get(f"/evenings/{rounds}").text
    assert said(page) == (f"/events/{ranking}", "Cup — round 1 of 3")
    assert reader.get(f"/events/{ranking}").status_code == 200  # a page they may open
    assert 'href="/events/1"' not in page
    assert reader.get("/events/1").status_code == 404  # what the director's link is to them
    # once they hold the event's manager link too, they are its director: its page
    (link,) = re.findall(r"/events/1/manage/[\w-]+", client.get("/events/1").text)
    assert reader.get(link).status_code == 302
    assert said(reader.get(f"/evenings/{rounds}").text) == ("/events/1", "Cup — round 1 of 3")


def close_form(page: str) -> dict[str, str]:
    """The close page's form as drawn: its hidden fields' names and values."""
    form = re.search(
        r'<form method="post" action="[^"]*/close" id="closing">(.*?)</form>', page, re.S
    )
    assert form is not None
    fields = {}
    for field in re.findall(r'<input [^>]*type="hidden"[^>]*>', form.group(1)):
        name, value = re.search(r'name="(\w+)"', field), re.search(r'value="([^"]*)"', field)
        assert name is not None and value is not None, field
        fields[name.group(1)] = value.group(1)
    return fields


def test_closed_from_the_directors_list_the_director_is_back_on_his_page(client, app):
    _club, _typed, rounds = typed_then_round(client, app)
    # as the director's list links it (test_open_round_evenings, once the event is final)
    page = client.get(f"/evenings/{rounds}/close?next=/events/1").text
    assert re.search(r'<a class="button" href="/events/1" id="not-now">', page)
    fields = close_form(page)
    assert fields["next"] == "/events/1" and fields["confirmed"] == "1"
    answer = client.post(f"/evenings/{rounds}/close", data=fields)
    assert answer.status_code == 302
    assert answer.headers["Location"] == "/events/1"
    assert one_value(app, "select count(*) from evening_closings where evening_id = ?", rounds) == 1
    # its page says the evening is closed, and how many entries it posted (none: no coup)
    assert "The evening is closed: its tables take no more coups." in client.get("/events/1").text


FORGED = ["https://evil.example/", "//evil.example", "/\\evil.example", "/\t/evil.example", "evil"]


@pytest.mark.parametrize("forged", FORGED)
def test_a_forged_next_is_ignored(client, app, forged):
    _club, _typed, rounds = typed_then_round(client, app)
    page = client.get(f"/evenings/{rounds}/close", query_string={"next": forged}).text
    assert re.search(rf'<a class="button" href="/evenings/{rounds}" id="not-now">', page)
    fields = close_form(page)
    assert "next" not in fields
    # posted by hand: the evening's page, as without one
    answer = client.post(f"/evenings/{rounds}/close", data={**fields, "next": forged})
    assert answer.status_code == 302
    assert answer.headers["Location"] == f"/evenings/{rounds}"
    assert one_value(app, "select count(*) from evening_closings") == 1
    # not confirmed: asked first, the forged target not carried on
    unasked = client.post(
        f"/evenings/{rounds}/close", data={"next": forged, **{"version": fields["version"]}}
    )
    assert unasked.status_code == 303
    assert unasked.headers["Location"] == f"/evenings/{rounds}/close"


def test_an_event_row_changed_behind_the_app_is_named_not_a_409(client, app):
    """The event's settings made junk behind the app: the evening's page still answers,
    naming the round and the event by its number, what is wrong, and no link."""
    _club, _typed, rounds = typed_then_round(client, app)
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        conn.execute("update events set settings = 'junk' where id = 1")
    conn.close()
    answer = client.get(f"/evenings/{rounds}")
    assert answer.status_code == 200
    line = re.search(r'<p class="small" id="evening-round">(.*?)</p>', answer.text, re.S)
    assert line is not None
    assert line.group(1).startswith("Round 1 — Competition 1 <span"), line.group(1)
    assert "href" not in line.group(1)


def test_the_round_of_an_evening_is_read_through_indexes(db):
    """Every evening's page asks it: the statement it really runs (traced) reads no table
    whole (``event_rounds`` has no index on its evening: ``where evening_id = ?`` alone
    scans every round of every event of the server, at each view of any evening)."""
    ran: list[str] = []
    db.conn.set_trace_callback(ran.append)
    try:
        assert round_evenings.round_of(db, 1) is None
    finally:
        db.conn.set_trace_callback(None)
    (statement,) = [s for s in ran if s.lstrip().lower().startswith("select")]
    plan = [str(row[3]) for row in db.execute(f"explain query plan {statement}")]
    assert plan and not [step for step in plan if step.startswith("SCAN")], plan
