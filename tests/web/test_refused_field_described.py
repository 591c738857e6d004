"""A refused field says so with its message: ``aria-invalid`` and ``aria-describedby`` naming
the message's id, drawn by the shared macro (``macros.html`` ``text``, ``forms.marked``) for
every form, as the cash box's forms did alone (play19: the long-name refusal on the new-game
and set-up pages was read apart from ``#player0``).

A name of 41 characters is one past ``names.MAX_LENGTH`` (40): refused beside its field,
the form kept (422); the fields not refused carry neither attribute.
"""

from __future__ import annotations

import re

from web import NEW_GAME, new_game

from scorekeeper.names import MAX_LENGTH

LONG = "A" * (MAX_LENGTH + 1)  # 41 letters: one past the bound


def field(page: str, ident: str) -> str:
    found = re.search(rf'<input[^>]*\bid="{ident}"[^>]*>', page)
    assert found is not None, ident
    return found.group(0)


def assert_refused_beside(page: str, ident: str, others: tuple[str, ...]) -> None:
    tag = field(page, ident)
    assert 'aria-invalid="true"' in tag
    assert f'aria-describedby="{ident}-error"' in tag
    message = re.search(rf'<p class="error" role="alert" id="{ident}-error">([^<]+)</p>', page)
    assert message is not None and str(MAX_LENGTH) in message.group(1)  # "at most 40"
    for other in others:
        assert "aria-invalid" not in field(page, other)
        assert "aria-describedby" not in field(page, other)


def test_the_new_game_pages_tie_the_long_name_to_its_field(client):
    answer = client.post("/games/new", data={**NEW_GAME, "player0": LONG})
    assert answer.status_code == 422
    assert_refused_beside(answer.data.decode(), "player0", ("player1", "player2"))
    four = {"player0": "Anne", "player1": LONG, "player2": "Chloé", "player3": "Denis"}
    answer = client.post("/games/new/brou", data={**four, "first_dealer": "0", "create": "1"})
    assert answer.status_code == 422
    assert_refused_beside(answer.data.decode(), "player1", ("player0", "player2", "player3"))


def test_the_set_up_page_ties_the_long_name_to_its_field(client):
    game = new_game(client)
    page = client.get(game + "/setup").data.decode()
    version = re.search(r'name="version"[^>]*value="(\d+)"', page)
    assert version is not None
    data = {**NEW_GAME, "player2": LONG, "version": version.group(1)}
    answer = client.post(game + "/setup", data=data)
    assert answer.status_code == 422
    assert_refused_beside(answer.data.decode(), "player2", ("player0", "player1"))


def test_a_form_not_refused_marks_no_field(client):
    page = client.get("/games/new").data.decode()
    assert "aria-invalid" not in page and "aria-describedby" not in page


def test_a_group_of_choices_refused_is_described_by_its_message(client):
    """A group of radio buttons refused (a first dealer not offered): its fieldset names the
    message (``macros.html`` ``choices``), as a text field does."""
    four = {"player0": "Anne", "player1": "Bruno", "player2": "Chloé", "player3": "Denis"}
    answer = client.post("/games/new/brou", data={**four, "first_dealer": "9", "create": "1"})
    assert answer.status_code == 422
    page = answer.data.decode()
    group = re.search(r'<fieldset[^>]*\bid="f-first_dealer"[^>]*>', page)
    assert group is not None and 'aria-describedby="first_dealer-error"' in group.group(0)
    assert re.search(r'<p class="error" role="alert" id="first_dealer-error">', page)
