"""A closed evening is closed everywhere (issue 35, point 4), through the real pages.

The evening has two l'Hombre tables still playing (the seed's coups, docs/rules/hombre.md
§10: the game is not over). Closing asks first, on a page of its own naming them; a close
posted without that page's confirmation is sent to it, never carried out. Once closed,
the tables show why in place of their coup form, and neither the room's settlement nor a
table's — pages or PDFs — says PROVISIONAL. Reopening gives the form back.
"""

from __future__ import annotations

import sqlite3

import pytest
from test_clubs import club_version, new_club, new_evening, seed_table
from test_settlement import pdf_text
from web import enter

WORDS = {
    "fr": {
        "playing": "Les tables 1 et 2 jouent encore",
        "provisional": "PROVISOIRE",
        "closed_table": "une soirée que le club a close",
    },
    "nl": {
        "playing": "Tafels 1 en 2 spelen nog",
        "provisional": "VOORLOPIG",
        "closed_table": "een avond die de club heeft afgesloten",
    },
}


def closings(app, evening: int) -> list[str]:
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        rows = conn.execute(
            "select action from evening_closings where evening_id = ? order by id", [evening]
        )
        return [row[0] for row in rows]


@pytest.mark.parametrize("language", ["fr", "nl"])
def test_closing_asks_first_then_every_page_and_pdf_says_closed(app, tmp_path, language):
    words = WORDS[language]
    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = language
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-01")
    first = seed_table(client, evening, "Anne", "Bruno", "Chloé")
    second = seed_table(client, evening, "Denis", "Eve", "Fanny")
    page = client.get(f"/evenings/{evening}").text
    # no one-tap close: a link to the question, which works without a script
    assert f'action="/evenings/{evening}/close"' not in page
    assert f'href="/evenings/{evening}/close"' in page
    assert words["provisional"] in page
    # a close posted without the question's answer is sent to the question
    blind = client.post(f"/evenings/{evening}/close", data={"version": club_version(app)})
    assert blind.status_code == 303 and blind.headers["Location"] == f"/evenings/{evening}/close"
    assert closings(app, evening) == []
    question = client.get(f"/evenings/{evening}/close").text
    assert words["playing"] in question
    assert 'name="confirmed" value="1"' in question
    assert app.test_client().get(f"/evenings/{evening}/close").status_code == 404  # a stranger
    data = {"version": club_version(app), "confirmed": "1"}
    assert client.post(f"/evenings/{evening}/close", data=data).status_code == 302
    assert closings(app, evening) == ["close"]
    # its tables: the reason where the coup form was, before anything is typed
    for game in (first, second):
        page = client.get(game).text
        assert 'data-lock="evening"' in page and words["closed_table"] in page
        assert f'action="{game}/coups#entry"' not in page
    assert enter(client, first, "A demande A5 B3 C1").status_code == 423
    # no PROVISIONAL anywhere: the room's settlement and each table's, pages and PDFs
    pages = [
        client.get(f"/evenings/{evening}").text,
        client.get(f"/evenings/{evening}/settlement").text,
        client.get(first + "/settlement").text,
        pdf_text(client.get(f"/evenings/{evening}/settlement.pdf").data, tmp_path),
        pdf_text(client.get(first + "/settlement.pdf").data, tmp_path),
    ]
    for number, text in enumerate(pages):
        assert words["provisional"] not in text, number
    assert 'id="closed"' in pages[1]
    # reopened: the form is back, and the room is provisional again (its tables play on)
    reopen = client.post(f"/evenings/{evening}/reopen", data={"version": club_version(app)})
    assert reopen.status_code == 302
    assert f'action="{first}/coups#entry"' in client.get(first).text
    assert words["provisional"] in client.get(f"/evenings/{evening}/settlement").text
    assert enter(client, first, "A demande A5 B3 C1").status_code in (200, 302)
