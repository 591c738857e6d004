"""A game file imported as a club evening's table asks about a name that is only a part of
members' names, as a typed new table and the seat form do (import18).

The import linked a file's players and its seat changes' newcomers to members with nobody
asked: a file whose player is "Chloé" beside Chloé Dubois, or whose seat change names
"Bruno" beside Bruno Leroy, silently made a second member of the same person, past repair
(two members who sat at one table are never merged). The import now comes back (422, nothing
stored) with the question of the typed new table (``part_names.ask_new``, its words) on the
file's field, and under it a "new member" box per name asked; ticked, the import goes on.
"""

from __future__ import annotations

import io
import json
import re
import sqlite3

from test_a_part_of_a_members_name import _members
from test_clubs import club_version, new_club, new_evening
from test_imported_newcomer import seed_file
from test_one_member_one_seat import _field, _stored

CHLOE = "Chloé: did you mean Chloé Dubois? Type the full name, or tick “new member”."
BRUNO = "Bruno: did you mean Bruno Leroy? Type the full name, or tick “new member”."
AGAIN = "Choose the file again: a browser does not keep it."


def _file(players: list[str], seat: str, newcomer: str) -> str:
    """The seed played by ``players``, ``newcomer`` taking over ``seat`` (``seed_file``)."""
    return json.dumps(seed_file(players, seat, newcomer), ensure_ascii=False)


def _club(client, app, *names: str) -> int:
    """A club of ``names`` (no short names): the id of an evening of it."""
    club = new_club(client)
    for name in names:
        data = {"name": name, "short_name": "", "version": club_version(app)}
        assert client.post(f"/clubs/{club}/members", data=data).status_code == 302
    return new_evening(client, app, club, "2026-11-30")


def _changes(app) -> list[tuple]:
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        found = conn.execute("select * from seat_changes order by 1, 2").fetchall()
    conn.close()
    return found


def _boxes(page: str) -> list[tuple[str, bool]]:
    """The "new member" boxes of the page: (value, ticked)."""
    tags = re.findall(r'<input[^>]*\bname="new_member"[^>]*>', page)
    return [(re.search(r'\bvalue="([^"]*)"', t).group(1), " checked" in t) for t in tags]


def test_a_files_player_chloe_asks_and_nothing_is_stored(client, app):
    evening = _club(client, app, "Chloé Dubois")
    before = _stored(app), _changes(app)
    text = _file(["Anne", "Bruno", "Chloé"], "Bruno", "Denis")
    response = client.post(f"/games/import?evening={evening}", data={"text": text})
    page = response.data.decode()
    assert response.status_code == 422
    assert CHLOE in _field(page, "text")  # on the import's field, the pasted text kept
    assert "Denis" in _field(page, "text")
    assert _boxes(page) == [("Chloé", False)]
    assert (_stored(app), _changes(app)) == before  # no game, no seat, no member
    assert _members(app) == ["Chloé Dubois"]


def test_a_chosen_file_is_asked_on_its_field_and_said_to_choose_it_again(client, app):
    evening = _club(client, app, "Chloé Dubois")
    before = _stored(app)
    raw = _file(["Anne", "Bruno", "Chloé"], "Bruno", "Denis").encode()
    data = {"file": (io.BytesIO(raw), "game.json")}
    response = client.post(
        f"/games/import?evening={evening}", data=data, content_type="multipart/form-data"
    )
    page = response.data.decode()
    assert response.status_code == 422
    assert CHLOE in _field(page, "file") and AGAIN in _field(page, "file")
    assert _boxes(page) == [("Chloé", False)]
    assert _stored(app) == before


def test_a_files_seat_change_bruno_asks_and_nothing_is_stored(client, app):
    full = ["Anne Martin", "Bruno Leroy", "Chloé Dubois"]
    evening = _club(client, app, *full)
    before = _stored(app), _changes(app)
    text = _file(full, "Chloé Dubois", "Bruno")  # "Bruno" takes over Chloé's seat
    response = client.post(f"/games/import?evening={evening}", data={"text": text})
    page = response.data.decode()
    assert response.status_code == 422
    assert BRUNO in _field(page, "text")
    assert _boxes(page) == [("Bruno", False)]
    assert (_stored(app), _changes(app)) == before
    assert _members(app) == full
    response = client.post(
        f"/games/import?evening={evening}", data={"text": text, "new_member": "Bruno"}
    )
    assert response.status_code == 302, response.data.decode()[-800:]
    # the three members, and "Bruno" told a new member: four
    assert _members(app) == ["Anne Martin", "Bruno", "Bruno Leroy", "Chloé Dubois"]
    assert [row[4] for row in _changes(app)] == ["Bruno"]  # (game, position, coup, seat, player)


def test_the_box_ticked_imports_and_makes_her_a_member(client, app):
    evening = _club(client, app, "Chloé Dubois")
    text = _file(["Anne", "Bruno", "Chloé"], "Bruno", "Denis")
    data = {"text": text, "new_member": "Chloé"}
    response = client.post(f"/games/import?evening={evening}", data=data)
    assert response.status_code == 302, response.data.decode()[-800:]
    # Chloé Dubois, the file's three players and its newcomer Denis: five members
    assert _members(app) == ["Anne", "Bruno", "Chloé", "Chloé Dubois", "Denis"]


def test_two_names_asked_one_at_a_time_the_ticked_box_kept(client, app):
    evening = _club(client, app, "Bruno Leroy", "Chloé Dubois")
    text = _file(["Anne", "Bruno", "Chloé"], "Bruno", "Denis")
    url = f"/games/import?evening={evening}"
    page = client.post(url, data={"text": text}).data.decode()
    assert BRUNO in _field(page, "text")  # the players in seat order: Bruno first
    response = client.post(url, data={"text": text, "new_member": "Bruno"})
    page = response.data.decode()
    assert response.status_code == 422
    assert CHLOE in _field(page, "text") and BRUNO not in _field(page, "text")
    assert _boxes(page) == [("Bruno", True), ("Chloé", False)]
    response = client.post(url, data={"text": text, "new_member": ["Bruno", "Chloé"]})
    assert response.status_code == 302
    assert len(_members(app)) == 2 + 4  # the two members, Anne, Bruno, Chloé, Denis


def test_the_full_name_imports_without_a_question(client, app):
    evening = _club(client, app, "Chloé Dubois")
    text = _file(["Anne", "Bruno", "Chloé Dubois"], "Bruno", "Denis")
    response = client.post(f"/games/import?evening={evening}", data={"text": text})
    assert response.status_code == 302
    assert _members(app) == ["Anne", "Bruno", "Chloé Dubois", "Denis"]  # one Chloé still


def test_the_kitchen_import_asks_nothing(client, app):
    _club(client, app, "Chloé Dubois")
    text = _file(["Anne", "Bruno", "Chloé"], "Bruno", "Denis")
    assert client.post("/games/import", data={"text": text}).status_code == 302
    assert _members(app) == ["Chloé Dubois"]  # no club: no member made
