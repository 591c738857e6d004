"""The very name typed twice at one table is said once (label21): the smoke of words20 typed
"Anne Dupont" at two seats of an evening's new table and read "Anne Dupont is already at this
table as Anne Dupont". A name that differs from the other only by case, accents or spaces
still says which name it repeats ("anne dupont ... as Anne Dupont"); so does the draw, by
``SameMember.as_typed``.
"""

from __future__ import annotations

import html

import pytest
from test_clubs import new_club, new_evening
from test_names import field_error
from web import NEW_GAME

from scorekeeper.clubs.one_seat import SameMember
from scorekeeper.events.rounds import drawn_twice
from scorekeeper.web.formats.words import same_member_text
from scorekeeper.web.forms import clash_text

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
    """``drawn_twice``: their own name, drawn where they are drawn already by that very name, says
    no "as"; by another spelling of it ("anne dupont") or another name, which one — the rule
    of the new-game form (``names.said_once``, names22: ``same_key`` said "anne dupont" once)."""
    here = "{name} is already drawn at this table: one person cannot sit at two seats"
    as_other = (
        "{name} is already drawn at this table as {other}: one person cannot sit at two seats"
    )
    member = "{name} is the member {member}, drawn at the same table"
    same = drawn_twice(
        SameMember("Anne Dupont", "Anne Dupont", "Anne Dupont"), member, as_other, here
    )
    assert str(same).endswith(
        "Anne Dupont is already drawn at this table: one person cannot sit at two seats"
    )
    spelt = drawn_twice(
        SameMember("Anne Dupont", "Anne Dupont", "anne dupont"), member, as_other, here
    )
    assert str(spelt).endswith(
        "Anne Dupont is already drawn at this table as anne dupont:"
        " one person cannot sit at two seats"
    )
    short = drawn_twice(SameMember("Anne Dupont", "Anne Dupont", "Anne"), member, as_other, here)
    assert str(short).endswith(
        "Anne Dupont is already drawn at this table as Anne: one person cannot sit at two seats"
    )


SPELT = {  # "anne dupont" typed beside "Anne Dupont": both names said, as typed (names22)
    "en": (
        "anne dupont is already at this table as Anne Dupont: one person cannot sit at two seats.",
        "anne dupont is already at this table as Anne Dupont (names are compared without"
        " case, accents or spaces).",
        ONCE,
    ),
    "fr": (
        "anne dupont est déjà à cette table sous le nom Anne Dupont\u202f: une personne ne"
        " peut occuper deux places.",
        "anne dupont est déjà à cette table sous le nom Anne Dupont (les noms sont comparés"
        " sans majuscules, accents ni espaces).",
        "Anne Dupont est déjà à cette table\u202f: une personne ne peut occuper deux places.",
    ),
}


@pytest.mark.parametrize("language", sorted(SPELT))
def test_a_seat_refused_and_the_form_ask_one_rule_of_the_name_said_once(app, language):
    """One rule (``names.said_once``) for the seat refused (``SameMember.as_typed``) and the
    new-game form (``clash_text``): "anne dupont" beside "Anne Dupont" says both spellings in
    both (the seat's said "anne dupont" once, by ``same_key``, the form both); the very name
    twice says it once in both."""
    seat_words, form_words, once = SPELT[language]
    headers = {"Accept-Language": language}
    with app.test_request_context("/", headers=headers):
        spelt = SameMember("anne dupont", "Anne Dupont", "Anne Dupont")
        assert same_member_text(spelt) == seat_words
        assert str(clash_text("anne dupont", "Anne Dupont")) == form_words
        very = SameMember("Anne Dupont", "Anne Dupont", "Anne Dupont")
        assert same_member_text(very) == once == str(clash_text("Anne Dupont", "Anne Dupont"))


@pytest.mark.parametrize("language", sorted(SPELT))
def test_the_new_game_form_says_both_spellings_in_the_readers_language(client, app, language):
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-27")
    typed = {**NEW_GAME, "player0": "Anne Dupont", "player1": "anne dupont"}
    response = client.post(
        f"/games/new?evening={evening}", data=typed, headers={"Accept-Language": language}
    )
    assert response.status_code == 422
    assert SPELT[language][1] in html.unescape(field_error(response.text, "player1"))
