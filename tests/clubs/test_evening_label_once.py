"""Two evenings of a club never share a label (its day, then its title: ``evening_label``):
every page names an evening by it, so a second "30 November — Mardi" could be told apart
from the first by none of them (smoke21). The new one is refused where its title is typed,
in the reader's words, and nothing is written."""

from __future__ import annotations

import sqlite3

from test_clubs import club_version, new_club

DAY = "2026-11-30"


def _open(client, app, club: int, title: str):
    data = {"date": DAY, "title": title, "version": club_version(app)}
    return client.post(f"/clubs/{club}/evenings", data=data)


def _count(app) -> int:
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        (n,) = conn.execute("select count(*) from evenings").fetchone()
    conn.close()
    return int(n)


def test_a_second_evening_of_that_day_and_title_is_refused_beside_its_title(client, app):
    club = new_club(client)
    assert _open(client, app, club, "Mardi").status_code == 302
    assert _open(client, app, club, "Jeudi").status_code == 302  # another title: told apart
    for typed in ("Mardi", "  mardi ", "MARDI"):  # alike but for case and spaces
        answer = _open(client, app, club, typed)
        assert answer.status_code == 422, typed
        page = answer.data.decode()
        said = "The club has an evening of November 30, 2026 — Mardi already"
        assert said in page, typed
        assert 'id="title-error"' in page and 'aria-invalid="true"' in page, typed
    assert _count(app) == 2
    answer = client.post(
        f"/clubs/{club}/evenings",
        data={"date": DAY, "title": "Mardi", "version": club_version(app)},
        headers={"Accept-Language": "fr"},
    )
    assert "Le club a déjà une soirée du 30 novembre 2026 — Mardi" in answer.data.decode()


def test_two_untitled_evenings_of_one_day_are_refused_too(client, app):
    """No title: the label is the day alone, and two would read alike."""
    club = new_club(client)
    assert _open(client, app, club, "").status_code == 302
    assert _open(client, app, club, "").status_code == 422
    assert _open(client, app, club, "Night").status_code == 302
    assert _count(app) == 2
