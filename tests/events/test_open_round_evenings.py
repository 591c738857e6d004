"""Once a club event's final standing is declared, the director's page names its round
evenings still open at the club, each with its close page (events22): closing one posts its
tables' money in the cash box (clubs/closing.py), which the event never does behind the
club's managers. An evening closed leaves the list; reopened, it is back.

A club at 0.10 a chip, an event of l'Hombre of two rounds, Anne, Bert and Carl at one table.
"""

from __future__ import annotations

import re
import sqlite3

from test_club_money_one_figure import club_at
from test_events import EVENT, post

from scorekeeper.events import round_evenings

DAY = "2026-11-30"


def closings(app) -> int:
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        (n,) = conn.execute("select count(*) from evening_closings").fetchone()
    conn.close()
    return int(n)


def round_evening_ids(app) -> list[int]:
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        found = conn.execute(
            "select evening_id from event_rounds where event_id = 1 order by number"
        ).fetchall()
    conn.close()
    return [int(row[0]) for row in found]


def listed(page: str) -> str | None:
    """The director's list of round evenings still open, its words in one line (None: none)."""
    found = re.search(r'<div class="open-evenings" id="open-evenings">(.*?)</div>', page, re.S)
    if found is None:
        return None
    # ASCII spaces only: French's narrow no-break space before ":" is kept
    return re.sub(r"[ \t\n]+", " ", re.sub(r"<[^>]+>", " ", found.group(1))).strip()


def two_rounds_played(client, app, monkeypatch) -> tuple[int, str]:
    """Both rounds drawn and closed (no coup: they close whatever the evening); the event's
    manager link, read from its page's first view."""
    monkeypatch.setattr(round_evenings, "today", lambda: DAY)
    club = club_at(client, "0.10")
    data = {**EVENT, "name": "Cup", "kind": "hombre", "seating": "3", "rounds": "2"}
    assert client.post(f"/events/new?club={club}", data=data).status_code == 302
    (link,) = re.findall(r"/events/1/manage/[\w-]+", client.get("/events/1").data.decode())
    assert post(client, app, "players", names="Anne\nBert\nCarl").status_code == 302
    for _round in (1, 2):
        assert post(client, app, "draw").status_code == 302
        assert listed(client.get("/events/1").data.decode()) is None  # not final yet
        assert post(client, app, "close", confirmed="1").status_code == 302
    return club, link


def test_the_final_standing_names_the_round_evenings_left_open(client, app, monkeypatch):
    _club, _link = two_rounds_played(client, app, monkeypatch)
    first, second = round_evening_ids(app)
    page = client.get("/events/1").data.decode()
    assert 'id="finished"' in page
    assert closings(app) == 0  # the final standing closed nothing: no money moved
    assert listed(page) == (
        "2 evenings of its rounds are still open at the club:"
        " Round 1 — November 30, 2026 — Cup — 1 · Close the evening…"
        " Round 2 — November 30, 2026 — Cup — 2 · Close the evening…"
        " Closing an evening posts its results to the club's cash box: the event closes none."
    )
    for evening in (first, second):  # the close page goes back to the director's (fix22b)
        assert f'href="/evenings/{evening}/close?next=/events/1"' in page
        assert client.get(f"/evenings/{evening}/close").status_code == 200

    # round 1's evening closed from its page: one left, said in French too
    version = re.search(
        r'name="version" type="hidden" value="(\d+)"',
        client.get(f"/evenings/{first}/close").data.decode(),
    )
    assert version is not None
    closed = {"version": version.group(1), "confirmed": "1"}
    assert client.post(f"/evenings/{first}/close", data=closed).status_code == 302
    assert closings(app) == 1
    page = client.get("/events/1", headers={"Accept-Language": "fr"}).data.decode()
    said = listed(page)
    assert said is not None
    assert said.startswith(
        "1 soirée de ses tours est encore ouverte au club\u202f:"
        " Tour 2 — 30 novembre 2026 — Cup — 2"
    ), said
    assert f"/evenings/{first}/close" not in page

    # both closed: nothing listed; round 1's reopened: listed again
    version = re.search(
        r'name="version" type="hidden" value="(\d+)"',
        client.get(f"/evenings/{second}/close").data.decode(),
    )
    assert version is not None
    closed = {"version": version.group(1), "confirmed": "1"}
    assert client.post(f"/evenings/{second}/close", data=closed).status_code == 302
    assert listed(client.get("/events/1").data.decode()) is None
    reopened = {"version": str(int(version.group(1)) + 1)}
    assert client.post(f"/evenings/{first}/reopen", data=reopened).status_code == 302
    said = listed(client.get("/events/1").data.decode())
    assert said is not None and said.startswith(
        "1 evening of its rounds is still open at the club: Round 1 — November 30, 2026 — Cup — 1"
    ), said


def test_a_director_who_does_not_manage_the_club_is_told_who_closes_them(client, app, monkeypatch):
    """The event's manager link alone: the evenings named, no close link (its page would
    refuse them), and who closes them."""
    _club, link = two_rounds_played(client, app, monkeypatch)
    director = app.test_client()
    director.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    assert director.get(link).status_code == 302
    page = director.get("/events/1").data.decode()
    assert listed(page) == (
        "2 evenings of its rounds are still open at the club:"
        " Round 1 — November 30, 2026 — Cup — 1 Round 2 — November 30, 2026 — Cup — 2"
        " Closing an evening posts its results to the club's cash box: the event closes none."
        " A manager of the club closes them, on the club's pages."
    )
    assert "/close" not in re.search(r'id="open-evenings".*?</div>', page, re.S).group(0)


def test_a_round_evening_changed_behind_the_app_is_named_not_a_409(client, app, monkeypatch):
    """Round 1's evening's date made a blob behind the app: the director's page still answers,
    naming that evening as the club's list does (its number and what is wrong)."""
    two_rounds_played(client, app, monkeypatch)
    first, _second = round_evening_ids(app)
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        conn.execute("update evenings set date = x'ff' where id = ?", [first])  # a blob
    conn.close()
    answer = client.get("/events/1")
    assert answer.status_code == 200
    said = listed(answer.data.decode())
    assert said is not None
    assert said.startswith(
        f"2 evenings of its rounds are still open at the club: Round 1 — Evening {first} "
    ), said
    assert "Round 2 — November 30, 2026 — Cup — 2" in said


def test_a_close_refused_comes_back_to_its_question_not_to_the_list(client, app, monkeypatch):
    """A close posted from the director's list on a stale page (the club changed since: round
    2's evening closed meanwhile) closes nothing: it comes back to the close page, the
    director's page still its way back, saying why — it went back to the list, where the
    evening was still listed with the refusal above it and no question."""
    two_rounds_played(client, app, monkeypatch)
    first, second = round_evening_ids(app)
    shown = re.search(
        r'name="version" type="hidden" value="(\d+)"',
        client.get(f"/evenings/{first}/close?next=/events/1").data.decode(),
    )
    assert shown is not None
    stale = {"version": shown.group(1), "confirmed": "1", "next": "/events/1"}
    assert client.post(f"/evenings/{second}/close", data=stale).status_code == 302  # meanwhile
    answer = client.post(f"/evenings/{first}/close", data=stale)
    assert answer.status_code == 302
    assert answer.headers["Location"] == f"/evenings/{first}/close?next=/events/1"
    assert closings(app) == 1  # round 2's alone
    page = client.get(answer.headers["Location"], headers={"Accept-Language": "en"}).text
    assert "changed" in page and 'value="/events/1"' in page  # why, and the way back kept
    closed = {"version": str(int(shown.group(1)) + 1), "confirmed": "1", "next": "/events/1"}
    answer = client.post(f"/evenings/{first}/close", data=closed)
    assert answer.headers["Location"] == "/events/1"  # closed: back to the list
    assert closings(app) == 2
