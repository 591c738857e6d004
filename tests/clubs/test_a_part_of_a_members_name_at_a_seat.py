"""A name typed in the seat form that is only a part of members' names asks, as a new table
does (fix18a, from the smoke play).

At a club table of Anne Martin, Bruno Leroy and Chloé Dubois, after coup 1, "Bruno" typed at
Chloé's seat took the seat at once and made a member "Bruno" beside Bruno Leroy: the same
person on two seats, past repair (two members who sat at one table are never merged). The
seat form now asks the new table's question (``part_names.ask_new``), in its words and with
its "new member" box, the form kept and nothing stored; the box ticked makes "Bruno".
"""

from __future__ import annotations

import sqlite3

from test_a_part_of_a_members_name import _box, _members
from test_clubs import club_version, new_club, new_evening
from test_one_member_one_seat import _field, _stored, _value
from web import NEW_GAME, SEED_COUPS, enter, version_of

ASKED = "Bruno: did you mean Bruno Leroy? Type the full name, or tick “new member”."
FULL = ["Anne Martin", "Bruno Leroy", "Chloé Dubois"]


def _table_after_coup_1(client, app) -> str:
    """A club's table of its three members, typed by their full names, coup 1 played."""
    club = new_club(client)
    for name in FULL:
        data = {"name": name, "short_name": "", "version": club_version(app)}
        assert client.post(f"/clubs/{club}/members", data=data).status_code == 302
    evening = new_evening(client, app, club, "2026-11-30")
    data = {**NEW_GAME, "player0": FULL[0], "player1": FULL[1], "player2": FULL[2]}
    response = client.post(f"/games/new?evening={evening}", data=data)
    assert response.status_code == 302, response.data.decode()[-800:]
    game = response.headers["Location"]
    assert enter(client, game, SEED_COUPS[0]).status_code == 302
    return game


def _sit(client, game: str, player: str, **extra: str):
    data = {"seat": "2", "player": player, "way": "plays_for", **extra}
    return client.post(game + "/seat", data={**data, "version": version_of(client, game)})


def _changes(app) -> list[tuple]:
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        found = conn.execute("select * from seat_changes order by 1, 2").fetchall()
    conn.close()
    return found


def test_a_first_name_at_a_seat_asks_and_stores_nothing(client, app):
    game = _table_after_coup_1(client, app)
    before = _stored(app), _changes(app)
    response = _sit(client, game, "Bruno")
    page = response.data.decode()
    assert response.status_code == 422
    assert ASKED in _field(page, "player")  # under the field where "Bruno" was typed
    assert (_value(page, "player"), _box(page)) == ("Bruno", "Bruno")  # the form kept
    assert (_stored(app), _changes(app)) == before  # no seat change, no member "Bruno"
    assert _members(app) == FULL


def test_the_box_ticked_makes_the_newcomer_a_member(client, app):
    game = _table_after_coup_1(client, app)
    response = _sit(client, game, "Bruno", new_member="Bruno")
    assert response.status_code == 302, response.data.decode()[-800:]
    # the three members, and "Bruno" told a new member: four
    assert _members(app) == ["Anne Martin", "Bruno", "Bruno Leroy", "Chloé Dubois"]
    assert [row[4] for row in _changes(app)] == ["Bruno"]  # (game, position, coup, seat, player)


def test_a_name_of_nobody_asks_nothing(client, app):
    game = _table_after_coup_1(client, app)
    response = _sit(client, game, "Denis")  # no member's name, nor a part of one
    assert response.status_code == 302
    assert _members(app) == [*FULL, "Denis"]


def test_the_question_in_french(client, app):
    game = _table_after_coup_1(client, app)
    client.get("/lang/fr")
    response = _sit(client, game, "Bruno")
    assert response.status_code == 422
    said = "Bruno : vouliez-vous dire Bruno Leroy ? Tapez le nom entier, ou cochez « nouveau"
    assert said in _field(response.data.decode(), "player")


def test_a_newcomer_of_the_table_sitting_again_under_its_name_is_not_asked(client, app):
    """Denis sat down at Chloé's seat as "Denis" (made a member), was renamed Denis Morel on
    the club's page, made way for Eric and sits down again typed "Denis": a part of Denis
    Morel's name, but this table's newcomer already, kept with their first seat change
    (``person_members``): nothing to ask, no second Denis."""
    game = _table_after_coup_1(client, app)
    assert _sit(client, game, "Denis").status_code == 302  # at Chloé's seat, from coup 2
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        (denis, club) = conn.execute(
            "select id, club_id from members where name = 'Denis'"
        ).fetchone()
    conn.close()
    data = {"name": "Denis Morel", "short_name": "", "version": club_version(app)}
    assert client.post(f"/clubs/{club}/members/{denis}", data=data).status_code == 302
    assert enter(client, game, SEED_COUPS[1]).status_code == 302
    assert _sit(client, game, "Eric").status_code == 302  # plays for Chloé, seat 2's owner
    assert enter(client, game, SEED_COUPS[2]).status_code == 302
    response = _sit(client, game, "Denis")  # the newcomer of coup 2 again, by their table name
    assert response.status_code == 302, response.data.decode()[-800:]
    assert _members(app) == [*FULL, "Denis Morel", "Eric"]  # no second Denis
