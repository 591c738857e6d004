"""A club event's round opens its evening by the club's one rule of labels (events22): a
club never has two evenings of one day and title (smoke21, ``clubs.insert_evening``), the
round's included. The round's evening of a label taken ("Cup — 1", typed on the club's page
first) takes the first free "(2)", "(3)" (a draw cannot wait, and no page renames an
evening: ``events/round_evenings.py``); an evening typed after the round is refused, its
message naming the round's evening, in the reader's language.

The day is fixed: the round's evening is dated the club's day (``clock.today``), the typed
one by its form.
"""

from __future__ import annotations

import re
import sqlite3

import pytest
from test_clubs import club_version, new_club
from test_events import EVENT, post

from scorekeeper.clubs.evening_tables import MAX_TITLE
from scorekeeper.events import round_evenings
from scorekeeper.events.round_evenings import round_title

DAY = "2026-11-30"
LABEL_EN = "November 30, 2026 — {}"
LABEL_FR = "30 novembre 2026 — {}"


@pytest.fixture(autouse=True)
def _the_day(monkeypatch):
    monkeypatch.setattr(round_evenings, "today", lambda: DAY)


def typed(client, app, club: int, title: str, language: str = "en"):
    data = {"date": DAY, "title": title, "version": club_version(app)}
    return client.post(f"/clubs/{club}/evenings", data=data, headers={"Accept-Language": language})


def club_event(client, app, club: int, rounds: str = "1") -> None:
    """Event 1, "Cup", of the club: Anne, Bert and Carl at one table of l'Hombre."""
    data = {**EVENT, "rounds": rounds, "name": "Cup", "kind": "hombre", "seating": "3"}
    assert client.post(f"/events/new?club={club}", data=data).status_code == 302
    assert post(client, app, "players", names="Anne\nBert\nCarl").status_code == 302


def evenings(app) -> list[tuple[int, str, str]]:
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        found = conn.execute("select id, date, title from evenings order by id").fetchall()
    conn.close()
    return [(int(i), str(d), str(t)) for i, d, t in found]


def round_evening(app, number: int) -> str:
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        (title,) = conn.execute(
            "select title from evenings where id ="
            " (select evening_id from event_rounds where event_id = 1 and number = ?)",
            [number],
        ).fetchone()
    conn.close()
    return str(title)


def refusal(answer) -> str:
    page = answer.data.decode()
    (said,) = re.findall(r'id="title-error"[^>]*>([^<]*)<', page)
    return " ".join(said.split())


def test_typed_then_round_the_round_takes_a_title_of_its_own(client, app):
    club = new_club(client)
    # alike but for case and spaces: the label "Cup — 1" is taken
    assert typed(client, app, club, "  cup —  1 ").status_code == 302
    club_event(client, app, club)
    assert post(client, app, "draw").status_code == 302
    assert round_evening(app, 1) == "Cup — 1 (2)"
    assert [(d, t) for _i, d, t in evenings(app)] == [(DAY, "cup —  1"), (DAY, "Cup — 1 (2)")]
    page = client.get(f"/clubs/{club}").data.decode()
    assert LABEL_EN.format("Cup — 1 (2)") in page  # two evenings, two labels
    # and the round's label is the club's as any: typed again, refused naming it
    answer = typed(client, app, club, "CUP — 1 (2)")
    assert answer.status_code == 422
    said = f"The club has an evening of {LABEL_EN.format('Cup — 1 (2)')} already"
    assert said in refusal(answer)
    assert len(evenings(app)) == 2


def test_round_then_typed_the_typed_evening_is_refused_naming_the_rounds(client, app):
    club = new_club(client)
    club_event(client, app, club, rounds="2")
    assert post(client, app, "draw").status_code == 302
    assert round_evening(app, 1) == "Cup — 1"
    for title, language, said in (
        ("Cup — 1", "en", f"The club has an evening of {LABEL_EN.format('Cup — 1')} already:"),
        (" cup — 1", "fr", f"Le club a déjà une soirée du {LABEL_FR.format('Cup — 1')}"),
    ):
        answer = typed(client, app, club, title, language)
        assert answer.status_code == 422, language
        assert said in refusal(answer), language
    assert len(evenings(app)) == 1  # nothing written
    # round 2's label typed before its draw: the round's evening is "Cup — 2 (2)"
    assert typed(client, app, club, "Cup — 2").status_code == 302
    assert post(client, app, "close", confirmed="1").status_code == 302  # no coup: it closes
    assert post(client, app, "draw").status_code == 302
    assert round_evening(app, 2) == "Cup — 2 (2)"
    assert len(evenings(app)) == 3


def test_two_events_of_one_name_on_one_day_have_rounds_told_apart(client, app):
    """The second "Cup" of the day (the first abandoned after its draw): its round 1 is
    "Cup — 1 (2)", the third's "Cup — 1 (3)"."""
    club = new_club(client)
    data = {**EVENT, "rounds": "1", "name": "Cup", "kind": "hombre", "seating": "3"}
    for event_id in (1, 2, 3):
        assert client.post(f"/events/new?club={club}", data=data).status_code == 302
        with sqlite3.connect(app.config["DATABASE"]) as conn:
            (version,) = conn.execute(
                "select version from events where id = ?", [event_id]
            ).fetchone()
        conn.close()
        names = {"names": "Anne\nBert\nCarl", "version": str(version)}
        assert client.post(f"/events/{event_id}/players", data=names).status_code == 302
        drawn = client.post(f"/events/{event_id}/draw", data={"version": str(version + 1)})
        assert drawn.status_code == 302
    assert [t for _i, _d, t in evenings(app)] == ["Cup — 1", "Cup — 1 (2)", "Cup — 1 (3)"]


def test_a_long_name_is_cut_never_the_rounds_number():
    """An event's name may be 80 characters, an evening's title 60: cut as a whole, the
    title of rounds 1 and 10 of a 56-character name once read alike ("…Cup — 1")."""
    name = "Championnat d'hiver des cercles de l'Hombre de Bruxelles"  # 56 characters
    assert len(name) == 56
    first, tenth = round_title(name, 1), round_title(name, 10)
    assert first == name + " — 1"  # 56 + 4 = 60: it fits
    assert tenth == name[:54] + "… — 10"  # 60 − 5 = 55 for the name: 54 and the "…"
    assert len(tenth) == MAX_TITLE
    long = "x" * 80
    assert round_title(long, 3, 2) == "x" * 51 + "… — 3 (2)"  # 60 − 8 = 52: 51 and "…"
    assert round_title("Cup", 2, 3) == "Cup — 2 (3)"
