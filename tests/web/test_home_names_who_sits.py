"""The list of games (the home page) names each table's seats as its page does: who sits
there now (``seat_names.sitting_now``), a club's member by their name now. It named the seats'
first players, so a table where Denis had taken Bruno's seat read "Anne · Bruno · Chloé" on
the list and "Anne · Denis · Chloé" on its own page.
"""

from __future__ import annotations

import re
import sqlite3

from test_clubs import club_version, new_club, new_evening
from test_take_seat import take
from web import NEW_GAME, SEED_COUPS, enter, new_game


def listed(client) -> list[str]:
    """The home page's games, each as its line names its seats."""
    return re.findall(
        r'<li class="card">\s*<a href="/games/\d+"><b>([^<]+)</b>', client.get("/").text
    )


def title(client, game: str) -> str:
    found = re.search(r"<h1>([^<]+)</h1>", client.get(game).text)
    assert found is not None
    return found.group(1)


def test_the_list_names_who_sits_now_as_the_table_page_does(client):
    game = new_game(client)  # Anne, Bruno, Chloé
    assert enter(client, game, SEED_COUPS[0]).status_code == 302
    assert take(client, game, "1", "Denis").status_code == 302
    # from coup 2 Denis plays for Bruno at seat 1: the table's page names them
    assert title(client, game) == "Anne · Denis · Chloé"
    assert listed(client) == ["Anne · Denis · Chloé"]
    # Bruno back at their seat from coup 3 (one more coup first): the list follows
    assert enter(client, game, SEED_COUPS[1]).status_code == 302
    assert take(client, game, "1", "Bruno").status_code == 302
    assert title(client, game) == listed(client)[0] == "Anne · Bruno · Chloé"


def test_a_club_tables_newcomer_is_listed_by_his_members_name_now(client, app):
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-28")
    table = {**NEW_GAME, "player0": "Anne", "player1": "Bruno", "player2": "Chloé"}
    response = client.post(f"/games/new?evening={evening}", data=table)
    assert response.status_code == 302
    game = response.headers["Location"]
    assert enter(client, game, SEED_COUPS[0]).status_code == 302
    assert take(client, game, "1", "Denis").status_code == 302  # Denis: a member
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        (denis,) = conn.execute("select id from members where name = 'Denis'").fetchone()
    data = {"name": "Denis Martin", "short_name": "", "version": club_version(app)}
    assert client.post(f"/clubs/{club}/members/{denis}", data=data).status_code == 302
    # the member renamed: their table's page and the list name them so, at Bruno's seat
    assert title(client, game) == "Anne · Denis Martin · Chloé"
    assert listed(client) == ["Anne · Denis Martin · Chloé"]
