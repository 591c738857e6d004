"""The room counts the tables played, by the one rule the season and the member's page count
them by (``clubs.room.played``: a coup was played at it). Its header said "3 tables" for an
evening of three tables where one was opened and never played, and its points standing gave
each member seated at that table one table more (and Eve, Fanny and Gilles a line of 0
points) than the season did. The unplayed table is still listed, said not played.

The manillen values are the rules' (docs/rules/manille.md): at four, the side that takes more
than 30 of the 60 card points marks what is above 30, the other side nothing.
"""

from __future__ import annotations

import re

from test_club_points import FOUR, manillen_table
from test_clubs import new_club, new_evening
from test_settlement import pdf_text
from test_table_nobody_played import season

PLAYED = {
    "en": "2 tables played",
    "fr": "2 tables jouées",
    "da": "2 borde spillet",
    "nl": "2 tafels gespeeld",
}
"""Two tables of the three were played, in each language (the plural: 2)."""

UNPLAYED = {
    "en": "No coup played: this table counts for nobody.",
    "fr": "Aucun coup joué\u202f: cette table ne compte pour personne.",
}


def text(page: str) -> str:
    """A page's words, tags out, spaces of every kind as one."""
    return " ".join(re.sub(r"<[^>]+>", " ", page).replace("\u202f", " ").split())


def standing_tables(page: str) -> dict[str, str]:
    """The room's manillen standing: each member's Tables column."""
    start = page.index('id="points-manillen"')
    part = page[start : page.index("</table>", start)]
    rows = re.findall(r'<th scope="row">([^<]+)</th><td class="num"><b>[^<]+</b></td>'
                      r'<td class="num">(\d+)</td>', part)  # fmt: skip
    return dict(rows)


def test_an_evening_of_three_tables_one_never_played_counts_two(client, app, tmp_path):
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-03")
    # table 1: Nous (Anne, Chloé) takes 40 of 60: 40 − 30 = +10 each
    manillen_table(client, evening, FOUR, [("pique", 40)])
    # table 2: Nous takes 20, so Eux (Bruno, Denis) take 40: +10 each
    manillen_table(client, evening, FOUR, [("pique", 20)])
    # table 3: Anne with Eve, Fanny and Gilles, opened and never played
    manillen_table(client, evening, ("Anne", "Eve", "Fanny", "Gilles"), [])

    for language, words in PLAYED.items():
        headers = {"Accept-Language": language}
        room = text(client.get(f"/evenings/{evening}/settlement", headers=headers).text)
        assert words in room, (language, room[:600])
        page = text(client.get(f"/evenings/{evening}", headers=headers).text)
        assert words in page, (language, page[:600])
    pdf = client.get(f"/evenings/{evening}/settlement.pdf")
    assert PLAYED["en"] in " ".join(pdf_text(pdf.data, tmp_path).split())

    # the room's standing: every member of the four at both tables played (2), Anne's
    # unplayed third not counted; Eve, Fanny and Gilles played nowhere: no line
    room = client.get(f"/evenings/{evening}/settlement").text
    assert standing_tables(room) == {name: "2" for name in FOUR}
    # the season: the same two tables, the same members
    rows = season(client, club)
    assert {name: rows[name]["manillen_tables"] for name in rows} == {n: "2" for n in FOUR}

    # the unplayed table is listed, said not played, on the room and the evening's page
    for language, words in UNPLAYED.items():
        headers = {"Accept-Language": language}
        for url in (f"/evenings/{evening}/settlement", f"/evenings/{evening}"):
            page = client.get(url, headers=headers).text
            said = re.search(r'id="unplayed-3">([^<]+)<', page)
            assert said is not None and said.group(1) == words, (url, language)
            assert 'id="unplayed-1"' not in page and 'id="unplayed-2"' not in page
