"""Issue 25, dead ends: removing a phone asks first and never leaves nobody in charge; a
phone that lost the fiche is told why, in its language, with its coup kept; an old manager
link says it was replaced."""

from __future__ import annotations

import re

from test_trust import coups_of, manager_link, phone
from web import enter, new_game

REMOVE = re.compile(r'action="/games/1/phones/(\d+)/remove"')


def test_the_last_phone_cannot_remove_itself(app, client):
    game = new_game(client)
    page = client.get(game + "/links").data.decode()
    assert REMOVE.findall(page) == []  # no button: it is the only phone that holds the right
    assert "it cannot be removed" in page and "the way back is the handover code" in page
    own = re.search(r"\(this phone\)", page)
    assert own is not None
    # asked by hand all the same: refused, the right kept, no 500
    for ask in (client.get, client.post):
        answer = ask(f"{game}/phones/1/remove")
        assert answer.status_code in (200, 409)
        assert "removing it would leave nobody in charge" in answer.data.decode()
    assert client.post(f"{game}/phones/1/remove").status_code == 409
    assert enter(client, game, "pass").status_code == 302
    assert client.get(game + "/links").status_code == 200


def test_removing_another_phone_asks_first(app, client):
    game = new_game(client)
    other = phone(app)
    assert other.get(manager_link(client, game)).status_code == 302
    page = client.get(game + "/links").data.decode()
    ids = REMOVE.findall(page)
    assert len(ids) == 2
    assert 'method="get" action="/games/1/phones/' in page  # the button only asks
    question = client.get(f"{game}/phones/{ids[1]}/remove")
    text = question.data.decode()
    assert question.status_code == 200
    assert "Remove Android · Chrome?" in text and "Yes, remove this phone" in text
    assert enter(other, game, "pass").status_code == 302  # asking changed nothing
    answer = client.post(f"{game}/phones/{ids[1]}/remove")
    assert answer.status_code == 302
    assert enter(other, game, "pass").status_code == 403
    assert coups_of(app) == 1


def test_a_phone_may_remove_itself_while_another_keeps_the_right(app, client):
    game = new_game(client)
    other = phone(app)
    other.get(manager_link(client, game))
    page = client.get(game + "/links").data.decode()
    own = REMOVE.findall(page)[0]
    text = client.get(f"{game}/phones/{own}/remove").data.decode()
    assert "(this phone)" in text and "ask one of them for a new manager link" in text
    assert client.post(f"{game}/phones/{own}/remove").status_code == 302
    assert enter(client, game, "pass").status_code == 403
    # the other phone is now the last one: it cannot remove itself
    assert REMOVE.findall(other.get(game + "/links").data.decode()) == []
    assert enter(other, game, "pass").status_code == 302


def test_removal_is_asked_in_french(app, client):
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "fr"
    game = new_game(client)
    other = phone(app)
    other.get(manager_link(client, game))
    ids = REMOVE.findall(client.get(game + "/links").data.decode())
    text = client.get(f"{game}/phones/{ids[1]}/remove").data.decode()
    assert "Oui, retirer ce téléphone" in text
    page = client.get(game + "/links").data.decode()
    assert "Retirer ce téléphone…" in page
