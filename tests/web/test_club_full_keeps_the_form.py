"""A club at its bound (``clubs.MAX_MEMBERS``) refuses a new table that names a newcomer, as
every form refuses: the new-table form comes back as typed (422), the message beside the
player field the new name was typed in. It was an error page, the players, the rules and
the first dealer typed lost (the manager typed the whole table again with a member's name).
"""

from __future__ import annotations

import json
import re

from test_clubs import new_evening
from test_names import field_error
from test_names_every_path import club_with_anne_and_cleo, count, fill_club
from test_refused_forms_keep_what_was_typed import _value
from web import NEW_GAME

FULL = "no more can be added"


def test_a_full_clubs_new_lhombre_table_comes_back_as_typed(client, app):
    club = club_with_anne_and_cleo(client, app)  # Anne, Cleo, Bruno
    evening = new_evening(client, app, club, "2026-11-28")
    fill_club(app, club)
    games = count(app, "select count(*) from games")
    table = {**NEW_GAME, "player0": "Anne", "player1": "Zoé", "player2": "Bruno"}
    table |= {"first_dealer": "2"}
    response = client.post(f"/games/new?evening={evening}", data=table)
    assert response.status_code == 422
    page = response.text
    # the message beside Zoé, the one name that would be a member more; not beside Anne
    assert FULL in field_error(page, "player1")
    assert field_error(page, "player0") == ""
    # what was typed, as typed
    assert (_value(page, "player0"), _value(page, "player1"), _value(page, "player2")) == (
        "Anne",
        "Zoé",
        "Bruno",
    )
    dealers = re.findall(r'<input[^>]*name="first_dealer"[^>]*>', page)
    assert [tag for tag in dealers if "checked" in tag] == [
        tag for tag in dealers if 'value="2"' in tag
    ]
    assert count(app, "select count(*) from games") == games  # nothing stored


def test_a_full_clubs_new_manille_table_comes_back_as_typed(client, app):
    club = club_with_anne_and_cleo(client, app)
    evening = new_evening(client, app, club, "2026-11-28")
    fill_club(app, club)
    data = {"player0": "Anne", "player1": "Bruno", "player2": "Cleo", "player3": "Zoé"}
    data |= {"first_dealer": "0", "create": "1", "variant": "belge"}
    response = client.post(f"/games/new/manille?evening={evening}", data=data)
    assert response.status_code == 422
    assert FULL in field_error(response.text, "player3")
    assert _value(response.text, "player3") == "Zoé"


def test_a_full_clubs_imported_table_is_refused_beside_the_file(client, app):
    club = club_with_anne_and_cleo(client, app)
    evening = new_evening(client, app, club, "2026-11-28")
    fill_club(app, club)
    exported = client.post("/games/new", data={**NEW_GAME, "player2": "Zoé"})
    text = client.get(exported.headers["Location"] + "/game.json").text
    assert json.loads(text)["players"][2] == "Zoé"
    response = client.post(f"/games/import?evening={evening}", data={"text": text})
    assert response.status_code == 422
    assert FULL in field_error(response.text, "text")  # beside the file's text, kept
    assert "Zoé" in response.text
