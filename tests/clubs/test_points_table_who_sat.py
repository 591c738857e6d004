"""A points table's lines on the evening and its room's settlement say who took a seat
(found by play15, 2026-11-30).

A Flemish café's manillen table: Bruno left after the first deal and Eve took over their
seat. The room's points table (docs/guide-organisers.md, "Running a club evening" 4:
"a newcomer who took a seat, their own coups") listed Bruno with their points and one table,
while the table's lines under *The tables* named only Eve: the printed settlement had a
member with points at a table that nowhere said they sat there. The table's own settlement
says it ("From coup 2, Eve has taken over the seat of Bruno."); the room says it too now,
under each member's name as it is now.
"""

from __future__ import annotations

import json
import sqlite3

from test_club_points import FOUR, manillen_table
from test_clubs import club_version, new_club, new_evening

from scorekeeper import store
from scorekeeper.clubs.seats import newcomer_seated
from scorekeeper.db import get_db
from scorekeeper.rules.seating import TAKES_OVER

SAID = "From coup 2, Eve has taken over the seat of Bruno."


def table_with_newcomer(client, app) -> tuple[int, int, str]:
    """A club, its evening and a manillen table of four whose seat 1 Eve took over after
    deal 1 (a newcomer, kept as a member), and deal 2 played: club, evening, game."""
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-27")
    # Nous: Anne & Chloé; Eux: Bruno & Denis. Deal 1: pique, Nous 40 → Nous 10 (40 − 30)
    game = manillen_table(client, evening, FOUR, [("pique", 40)])
    game_id = int(game.rsplit("/", 1)[1])
    with app.app_context():
        store.take_seat(get_db(), game_id, 1, "Eve", TAKES_OVER, then=newcomer_seated)
    # deal 2: coeur, Nous 20 → Eux 40 − 30 = 10, Eve's and Denis's
    version = json.loads(client.get(game + "/version").data)["version"]
    data = {"version": str(version), "trump": "coeur", "points": "20"}
    assert client.post(game + "/sheet/coups", data=data).status_code == 302
    return club, evening, game


def test_the_room_and_the_evening_say_who_took_a_seat_at_a_points_table(client, app):
    _club, evening, _game = table_with_newcomer(client, app)
    room = client.get(f"/evenings/{evening}/settlement").data.decode()
    # Bruno's own coup (deal 1) marked Eux nothing: they are in the points table at 0
    assert "Bruno" in room.split('id="tables"')[0]
    tables = room.split('id="tables"')[1]
    assert SAID in tables  # the table's lines named Eve alone
    assert SAID in client.get(f"/evenings/{evening}").data.decode()


def test_the_seat_line_names_a_renamed_member_as_he_is_now(client, app):
    club, evening, _game = table_with_newcomer(client, app)
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        eve = conn.execute("select id from members where name = 'Eve'").fetchone()[0]
    data = {"name": "Eve Kok", "short_name": "", "version": club_version(app)}
    assert client.post(f"/clubs/{club}/members/{eve}", data=data).status_code == 302
    tables = client.get(f"/evenings/{evening}/settlement").data.decode().split('id="tables"')[1]
    assert "From coup 2, Eve Kok has taken over the seat of Bruno." in tables
