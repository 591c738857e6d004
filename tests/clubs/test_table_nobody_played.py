"""A club table opened and never played (no coup) is a table in nobody's season: the season
(clubs/season.py) and the member's page (ratings/history.py, from the club's matches) count
a table by one definition, ``clubs.room.played``. A careful treasurer's reading: a table set
up and left unplayed moved no chip nor point, and "2 tables" for one played would overstate
the member's evening.

The manillen values are the rules' (docs/rules/manille.md): at four, the side that takes more
than 30 of the 60 card points marks what is above 30, the other side nothing.
"""

from __future__ import annotations

import csv
import io
import sqlite3

from test_club_points import FOUR, manillen_table
from test_clubs import NEW_GAME, new_club, new_evening, seed_table


def member_id(app, name: str) -> int:
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        return int(conn.execute("select id from members where name = ?", [name]).fetchone()[0])


def season(client, club: int) -> dict[str, dict[str, str]]:
    text = client.get(f"/clubs/{club}/season.csv").text[1:]
    return {r["member"]: r for r in csv.DictReader(io.StringIO(text))}


def test_an_unplayed_points_table_is_in_neither_the_season_nor_the_member_page(client, app):
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-03")
    # Nous (Anne, Chloé) takes 40 of 60: 40 − 30 = +10 each; Eux (Bruno, Denis) 0
    manillen_table(client, evening, FOUR, [("pique", 40)])
    # a second table of Anne's that evening, opened and never played
    manillen_table(client, evening, ("Anne", "Eve", "Fanny", "Gilles"), [])
    rows = season(client, club)
    anne = rows["Anne"]
    # one table played, one evening, 10 points: the unplayed table adds no table
    assert (anne["manillen_evenings"], anne["manillen_tables"], anne["manillen_points"]) == (
        "1",
        "1",
        "10",
    )
    # Eve, Fanny and Gilles sat at no played table: no line in the season
    assert set(rows) == set(FOUR)
    # the member's page: the same one table for Anne, none for Eve
    page = client.get(f"/clubs/{club}/members/{member_id(app, 'Anne')}").text
    assert "1 table" in page and "2 tables" not in page
    page = client.get(f"/clubs/{club}/members/{member_id(app, 'Eve')}").text
    assert "No table played at the club yet." in page


def test_an_unplayed_chip_table_is_in_neither_the_season_nor_the_member_page(client, app):
    club = new_club(client)
    first = new_evening(client, app, club, "2026-11-03")
    seed_table(client, first, "Anne", "Bruno", "Chloé")  # Anne −72, Bruno −9, Chloé +81
    second = new_evening(client, app, club, "2026-11-10")
    # an l'Hombre table opened the second evening and never played
    data = {"player0": "Anne", "player1": "Bruno", "player2": "Denis"}
    response = client.post(f"/games/new?evening={second}", data={**NEW_GAME, **data})
    assert response.status_code == 302
    rows = season(client, club)
    # Anne played one evening (the first): the second's unplayed table is no evening of hers
    assert (rows["Anne"]["evenings"], rows["Anne"]["net"]) == ("1", "-72")
    assert "Denis" not in rows
    page = client.get(f"/clubs/{club}/members/{member_id(app, 'Anne')}").text
    assert "1 evening" in page and "2 evenings" not in page
