"""French typography (issue 35, point 10): a narrow no-break space (U+202F) before : ; ! ?
in every French string, put in the catalog (tools/french_typography.py), not by code at
render; the other languages keep theirs.
"""

from __future__ import annotations

import sys
from pathlib import Path

from test_web_sheets import new_sheet

sys.path.insert(0, str(Path(__file__).parent.parent / "tools"))
import french_typography
import translate


def test_every_french_string_has_its_narrow_space():
    assert translate.french_problems() == []


def test_the_tool_puts_it_in_and_leaves_times_and_links():
    assert french_typography.typeset("Vide : oui ; non! Vraiment ?") == (
        "Vide\u202f: oui\u202f; non\u202f! Vraiment\u202f?"
    )
    assert french_typography.typeset("à 20:15, https://a.b, {name!r}") == (
        "à 20:15, https://a.b, {name!r}"
    )


def test_the_tool_puts_the_apostrophe_in_every_elision_and_leaves_quotes():
    assert french_typography.typeset("l'Homme de Brou, quelqu'un, aujourd'hui") == (
        "l\u2019Homme de Brou, quelqu\u2019un, aujourd\u2019hui"
    )
    # a quote around a value, an attribute, a number's '
    said = "reçu '{value}', class='a', 5' et 6'"
    assert french_typography.typeset(said) == said
    assert french_typography.wrong("c'est") and not french_typography.wrong("c\u2019est")


def test_a_french_page_has_no_straight_apostrophe_in_its_words(client):
    game = new_sheet(client, "brou")
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "fr"
    page = client.get(game).data.decode()
    assert "l\u2019Homme de Brou" in page and "l&#39;Homme" not in page


def test_a_french_page_shows_it_and_an_english_one_does_not(client):
    game = new_sheet(client, "manille", variant="belge", house="boom")
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "fr"
    page = client.get(game + "/settlement").data.decode()
    assert "manillen\u202f: en 101 points" in page and "manillen : en" not in page
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    page = client.get(game + "/settlement").data.decode()
    assert "manillen: to 101 points" in page and "\u202f:" not in page
