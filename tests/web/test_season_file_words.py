"""The season's file for people (``season.csv?sep=semicolon``) says the outcomes in the
reader's words, as the season page does (the play-through of a Danish club: "gagne 1" under
Danish headers, in every language; the file read the words from the page's context, where
they no longer are since they became template globals).

The seed (docs/rules/hombre.md §10) at one table: Chloé plays hombre once and wins ("gagne":
"vundet" in Danish, "gewonnen" in Dutch, "gagne" kept in English as in French); the comma
file keeps the key.
"""

from __future__ import annotations

import pytest
from test_clubs import new_club, new_evening, seed_table


def _row(text: str, name: str, sep: str) -> list[str]:
    return next(
        line.split(sep)
        for line in text.lstrip("\ufeff").splitlines()
        if line.startswith(name + sep)
    )


@pytest.mark.parametrize(
    ("language", "won"),
    [("da", "vundet 1"), ("nl", "gewonnen 1"), ("en", "gagne 1"), ("fr", "gagne 1")],
)
def test_the_season_file_says_the_outcomes_in_the_readers_words(client, app, language, won):
    club = new_club(client)
    seed_table(client, new_evening(client, app, club, "2026-11-27"), "Anne", "Bruno", "Chloé")
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = language
    page = client.get(f"/clubs/{club}/season").text
    chloe = page[page.index(">Chloé</th>") :].split("</tr>", 1)[0]
    assert won in chloe  # the page's words
    people = client.get(f"/clubs/{club}/season.csv?sep=semicolon").text
    assert _row(people, "Chloé", ";")[5] == won
    tools = client.get(f"/clubs/{club}/season.csv").text
    assert _row(tools, "Chloé", ",")[5] == "gagne:1"
