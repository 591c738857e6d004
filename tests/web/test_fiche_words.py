"""The 1709 bête sheet and the stacks in the reader's words (the play-through of a Danish
club: the sheet's header "n°" and its legend "… · n° jeton" were French on every page, where
the rest of the page says "jeton nr. 1"; "9 fiches + 2" where Danish writes *ficher*; "I
puljen før kortgivningen:" — in the pot — above "Pulje 10" read as a contradiction: the line
says what each puts in).

The seed (docs/rules/hombre.md §10): each starts with 10 fiches of 20 chips, 200; after it
Anne has 200 − 72 = 128 = 6 × 20 + 8, Bruno 200 − 9 = 191 = 9 × 20 + 11, Chloé 200 + 81 =
281 = 14 × 20 + 1. A Danish table (danois, the dealer's ante 5): Anne deals first and puts 5
in before the deal.
"""

from __future__ import annotations

import re

import pytest
from test_languages import danois_game
from web import SEED_COUPS, enter, new_game


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


@pytest.mark.parametrize(
    ("language", "number", "stacks"),
    [
        ("da", "nr.", ("6 ficher + 8", "9 ficher + 11", "14 ficher + 1")),
        ("nl", "nr.", ("6 fiches + 8", "9 fiches + 11", "14 fiches + 1")),
        ("fr", "n°", ("6 fiches + 8", "9 fiches + 11", "14 fiches + 1")),
        ("en", "No.", ("6 fiches + 8", "9 fiches + 11", "14 fiches + 1")),
    ],
)
def test_the_bete_sheet_and_the_stacks_in_the_readers_words(client, language, number, stacks):
    game = new_game(client)
    for coup in SEED_COUPS:
        enter(client, game, coup)
    html = client.get(game, headers={"Accept-Language": language}).data.decode()
    sheet = html[html.index('<table tabindex="0" class="fiche">') :]
    assert sheet.startswith(f'<table tabindex="0" class="fiche">\n<thead><tr><th>{number}</th>')
    legend = _text(
        sheet[
            sheet.index('<p class="legend') : sheet.index("</p>", sheet.index('<p class="legend'))
        ]
    )
    assert legend.rstrip().endswith(f"· {number} {'jeton' if language != 'en' else 'token'}")
    text = _text(html)
    assert all(stack in text for stack in stacks), stacks
    if language in ("da", "nl"):  # English keeps the sign in "token n°3", its msgid
        assert "n°" not in text


@pytest.mark.parametrize(
    ("language", "put"),
    [
        ("da", "Lagt i puljen før kortgivningen: Anne 5"),
        ("nl", "In de pot gelegd voor het delen: Anne 5"),
        ("fr", "Mis au pot avant la donne : Anne 5"),  # its narrow space as a space
        ("en", "Into the pot before the deal: Anne 5"),
    ],
)
def test_what_is_put_in_the_pot_before_the_deal_says_so(client, language, put):
    game = danois_game(client)
    assert put in _text(client.get(game, headers={"Accept-Language": language}).data.decode())
