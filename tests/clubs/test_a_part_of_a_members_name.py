"""A name typed at a club's new table that is only a part of a member's name asks (names18).

"Chloé" typed at a new table of a club whose member is Chloé Dubois (no short name, no other
Chloé) silently made a second member "Chloé", and the room split her money over two
accounts. The docs promise that a name typed finds a member by their name, their short name or a
merged member's name, and that two people may share a first name (guide-players.md): so the
server neither seats Chloé Dubois for "Chloé" nor makes "Chloé" without asking. The form
comes back (422, nothing stored) with the question under the field, and a box "new member"
to tick; ticked, "Chloé" is made a member. The kitchen table (no club) is not asked.
"""

from __future__ import annotations

import re
import sqlite3

from test_clubs import club_version, new_club, new_evening
from test_one_member_one_seat import _field, _stored, _value
from test_renamed_member_at_his_table import _text
from web import NEW_GAME, version_of

ASKED = "Chloé: did you mean Chloé Dubois? Type the full name, or tick “new member”."


def _club_with_chloe_dubois(client, app) -> tuple[int, int]:
    """A club whose one member is Chloé Dubois (no short name), and an evening of it."""
    club = new_club(client)
    data = {"name": "Chloé Dubois", "short_name": "", "version": club_version(app)}
    assert client.post(f"/clubs/{club}/members", data=data).status_code == 302
    return club, new_evening(client, app, club, "2026-11-03")


def _members(app) -> list[str]:
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        found = [name for (name,) in conn.execute("select name from members order by name")]
    conn.close()
    return found


def _seat_members(app, game: str) -> list[str]:
    number = int(game.rsplit("/", 1)[1])
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        found = conn.execute(
            "select members.name from seats join members on members.id = seats.member_id"
            " where seats.game_id = ? order by seats.seat",
            [number],
        ).fetchall()
    conn.close()
    return [name for (name,) in found]


def _box(page: str) -> str | None:
    """The "new member" box offered in the form, its value, or None."""
    found = re.search(r'<input[^>]*\bname="new_member"[^>]*>', page)
    value = None if found is None else re.search(r'\bvalue="([^"]*)"', found.group(0))
    return None if value is None else value.group(1)


def test_a_first_name_alone_asks_whether_it_is_the_member(client, app):
    _club, evening = _club_with_chloe_dubois(client, app)
    before = _stored(app)
    data = {**NEW_GAME, "player0": "Anne", "player1": "Bruno", "player2": "Chloé"}
    response = client.post(f"/games/new?evening={evening}", data=data)
    page = response.data.decode()
    assert response.status_code == 422
    assert ASKED in _field(page, "player2")  # under the field where "Chloé" was typed
    assert (_value(page, "player2"), _box(page)) == ("Chloé", "Chloé")
    assert _stored(app) == before  # no game, no seat, no member "Chloé", nor Anne nor Bruno


def test_the_box_ticked_makes_her_a_new_member(client, app):
    _club, evening = _club_with_chloe_dubois(client, app)
    data = {**NEW_GAME, "player0": "Anne", "player1": "Bruno", "player2": "Chloé"}
    response = client.post(f"/games/new?evening={evening}", data={**data, "new_member": "Chloé"})
    assert response.status_code == 302, _text(response.data.decode())[-600:]
    # Chloé Dubois, then the three names of the table, each a member: four members
    assert _members(app) == ["Anne", "Bruno", "Chloé", "Chloé Dubois"]
    assert _seat_members(app, response.headers["Location"]) == ["Anne", "Bruno", "Chloé"]


def test_the_full_name_seats_the_member_and_asks_nothing(client, app):
    _club, evening = _club_with_chloe_dubois(client, app)
    data = {**NEW_GAME, "player0": "Anne", "player1": "Bruno", "player2": "chloé dubois"}
    response = client.post(f"/games/new?evening={evening}", data=data)
    assert response.status_code == 302
    assert _seat_members(app, response.headers["Location"]) == ["Anne", "Bruno", "Chloé Dubois"]
    assert _members(app) == ["Anne", "Bruno", "Chloé Dubois"]  # one Chloé still


def test_a_short_name_seats_the_member_as_the_docs_promise(client, app):
    club = new_club(client)
    data = {"name": "Chloé Dubois", "short_name": "Chloé", "version": club_version(app)}
    assert client.post(f"/clubs/{club}/members", data=data).status_code == 302
    evening = new_evening(client, app, club, "2026-11-03")
    data = {**NEW_GAME, "player0": "Anne", "player1": "Bruno", "player2": "Chloé"}
    response = client.post(f"/games/new?evening={evening}", data=data)
    assert response.status_code == 302
    assert _seat_members(app, response.headers["Location"]) == ["Anne", "Bruno", "Chloé Dubois"]


def test_a_last_name_alone_and_a_points_sheet_ask_too(client, app):
    _club, evening = _club_with_chloe_dubois(client, app)
    sheet = {"player0": "Anne", "player1": "Dubois", "player2": "Bruno", "player3": "Denis"}
    sheet |= {"first_dealer": "0", "create": "1"}
    before = _stored(app)
    response = client.post(f"/games/new/brou?evening={evening}", data=sheet)
    page = response.data.decode()
    assert response.status_code == 422
    said = "Dubois: did you mean Chloé Dubois? Type the full name, or tick “new member”."
    assert said in _field(page, "player1")
    assert _stored(app) == before


def test_two_members_of_that_first_name_are_both_offered(client, app):
    club, evening = _club_with_chloe_dubois(client, app)
    data = {"name": "Chloé Martin", "short_name": "", "version": club_version(app)}
    assert client.post(f"/clubs/{club}/members", data=data).status_code == 302
    data = {**NEW_GAME, "player0": "Anne", "player1": "Bruno", "player2": "Chloé"}
    response = client.post(f"/games/new?evening={evening}", data=data)
    assert response.status_code == 422
    said = "Chloé: did you mean Chloé Dubois or Chloé Martin? Type the full name, or tick"
    assert said in _field(response.data.decode(), "player2")


def test_the_question_in_french(client, app):
    _club, evening = _club_with_chloe_dubois(client, app)
    client.get("/lang/fr")
    data = {**NEW_GAME, "player0": "Anne", "player1": "Bruno", "player2": "Chloé"}
    response = client.post(f"/games/new?evening={evening}", data=data)
    assert response.status_code == 422
    # the catalog's narrow spaces before ":" and "?" read as spaces in the page's words
    said = "Chloé : vouliez-vous dire Chloé Dubois ? Tapez le nom entier, ou cochez « nouveau"
    said += " membre »."
    assert said in _field(response.data.decode(), "player2")


def test_the_kitchen_table_asks_nothing(client, app):
    _club_with_chloe_dubois(client, app)
    data = {**NEW_GAME, "player0": "Anne", "player1": "Bruno", "player2": "Chloé"}
    response = client.post("/games/new", data=data)
    assert response.status_code == 302  # no club: no member, nothing to ask
    assert _members(app) == ["Chloé Dubois"]


def test_a_setup_change_asks_too_and_the_box_ticked_makes_her(client, app):
    """A club table's set-up before its first coup types names as a new table does."""
    _club, evening = _club_with_chloe_dubois(client, app)
    data = {**NEW_GAME, "player0": "Anne", "player1": "Bruno", "player2": "Denis"}
    game = client.post(f"/games/new?evening={evening}", data=data).headers["Location"]
    before = _stored(app)
    data = {**data, "player2": "Chloé", "version": version_of(client, game)}
    response = client.post(game + "/setup", data=data)
    page = response.data.decode()
    assert response.status_code == 422
    assert ASKED in _field(page, "player2")
    assert _box(page) == "Chloé"
    assert _stored(app) == before
    response = client.post(game + "/setup", data={**data, "new_member": "Chloé"})
    assert response.status_code == 302
    assert _seat_members(app, game) == ["Anne", "Bruno", "Chloé"]
    # Chloé Dubois, Anne, Bruno, Denis (made by the table first), and now Chloé: five
    assert _members(app) == ["Anne", "Bruno", "Chloé", "Chloé Dubois", "Denis"]
