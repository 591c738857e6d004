"""The very name typed twice at one table is said once (label21): the smoke of words20 typed
"Anne Dupont" at two seats of an evening's new table and read "Anne Dupont is already at this
table as Anne Dupont". A name that differs from the other only by case, accents or spaces
still says which name it repeats ("anne dupont ... as Anne Dupont"); so does the draw, by
``SameMember.as_typed``.
"""

from __future__ import annotations

import html

from test_clubs import new_club, new_evening
from test_names import field_error
from web import NEW_GAME

from scorekeeper.clubs.one_seat import SameMember
from scorekeeper.events.rounds import drawn_twice

ONCE = "Anne Dupont is already at this table: one person cannot sit at two seats."


def test_one_name_typed_twice_at_an_evenings_table_is_said_once(client, app):
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-27")
    typed = {**NEW_GAME, "player0": "Anne Dupont", "player1": "Anne Dupont"}
    response = client.post(f"/games/new?evening={evening}", data=typed)
    assert response.status_code == 422
    said = html.unescape(field_error(response.text, "player1"))
    assert ONCE in said and "as Anne Dupont" not in said
    french = client.post(
        f"/games/new?evening={evening}", data=typed, headers={"Accept-Language": "fr"}
    )
    assert "Anne Dupont est déjà à cette table : une personne ne peut occuper deux places." in (
        html.unescape(field_error(french.text, "player1"))
    )
    # another spelling of the name: which name it repeats is said
    other = {**typed, "player1": "anne  dupont"}
    response = client.post(f"/games/new?evening={evening}", data=other)
    said = html.unescape(field_error(response.text, "player1"))
    assert "anne dupont is already at this table as Anne Dupont" in said


def test_a_draw_seating_one_member_by_the_name_he_is_drawn_by_says_it_once():
    """``drawn_twice``: his own name, drawn where he is drawn already by that very name (in
    another case: ``same_key``), says no "as"; by another name, which one (the control)."""
    here = "{name} is already drawn at this table: one person cannot sit at two seats"
    as_other = (
        "{name} is already drawn at this table as {other}: one person cannot sit at two seats"
    )
    member = "{name} is the member {member}, drawn at the same table"
    same = drawn_twice(
        SameMember("Anne Dupont", "Anne Dupont", "anne dupont"), member, as_other, here
    )
    assert str(same).endswith(
        "Anne Dupont is already drawn at this table: one person cannot sit at two seats"
    )
    short = drawn_twice(SameMember("Anne Dupont", "Anne Dupont", "Anne"), member, as_other, here)
    assert str(short).endswith(
        "Anne Dupont is already drawn at this table as Anne: one person cannot sit at two seats"
    )
