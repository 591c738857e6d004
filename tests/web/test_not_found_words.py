"""A 404 says what was asked for that is not there (play19): a member's or a cash entry's
404 said "Nothing here: this game or coup does not exist."; an address the app does not
have says so without naming a game. Through the test client, a real SQLite file."""

from __future__ import annotations

import html
import re

import pytest
from test_clubs import new_club, new_evening

GAME_OR_COUP = "this game or coup does not exist"


def said(response) -> str:
    assert response.status_code == 404, response.status_code
    found = re.search(r'<p class="error">(.*?)</p>', response.data.decode(), re.S)
    assert found is not None
    return html.unescape(found.group(1))


@pytest.mark.parametrize(
    ("address", "words"),
    [
        ("/clubs/{club}/members/999", "Nothing here: this club or member does not exist."),
        ("/clubs/{club}/members/999/statement", "this club or member does not exist"),
        ("/clubs/{club}/cash/entries/999/reverse", "this club or cash entry does not exist"),
        ("/clubs/999", "Nothing here: this club does not exist."),
        ("/evenings/999", "Nothing here: this evening does not exist."),
        # the club is there, the evening its box was asked to show is not (a stale link)
        ("/clubs/{club}/cash?evening=999", "Nothing here: this evening does not exist."),
        ("/clubs/{club}/cash?evening=abc", "Nothing here: this evening does not exist."),
        ("/clubs/999/cash?evening=1", "Nothing here: this club does not exist."),
        ("/no/such/page", "Nothing here: this page does not exist."),
        ("/games/999", "Nothing here: this game or coup does not exist."),
    ],
)
def test_a_404_names_what_was_asked(client, app, address, words):
    club = new_club(client)
    new_evening(client, app, club, "2026-11-01")
    text = said(client.get(address.format(club=club)))
    assert words in text
    if not address.startswith("/games/"):
        assert GAME_OR_COUP not in text


def test_in_french(client, app):
    club = new_club(client)
    client.get("/lang/fr")
    text = said(client.get(f"/clubs/{club}/members/999"))
    assert text == "Rien ici\u202f: ce club ou ce membre n’existe pas."


def test_a_long_text_is_refused_in_the_houses_words(client, app):
    """An evening's title of 61 characters said WTForms' "Le champ ne peut pas contenir plus
    de 60 caractères."; the house says "Au plus 60 caractères." (``forms.at_most``), as the
    phone's name did in English only: its words were never extracted (lazy_ngettext)."""
    from test_clubs import club_version
    from web import new_game

    club = new_club(client)
    client.get("/lang/fr")
    data = {"date": "2026-11-02", "title": "x" * 61, "version": club_version(app)}
    page = client.post(f"/clubs/{club}/evenings", data=data)
    assert page.status_code == 422
    text = html.unescape(page.data.decode())
    assert "Au plus 60 caractères." in text and "Le champ ne peut" not in text
    game = new_game(client).rstrip("/")
    refused = client.post(game + "/phones/1/name", data={"name": "x" * 41})
    assert refused.status_code == 422 and "Au plus 40 caractères." in refused.data.decode()
