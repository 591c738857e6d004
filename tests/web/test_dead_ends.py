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


# ---- A phone that lost the fiche is told why, with its coup kept ---------------------------


def test_a_phone_that_lost_the_fiche_is_told_why_in_its_language(tmp_path):
    from test_handover import code_on, follower, take_over
    from test_trust import make

    app = make(tmp_path)
    lost = phone(app)
    lost.environ_base["HTTP_ACCEPT_LANGUAGE"] = "fr"
    game = new_game(lost)
    code = code_on(lost.get(game).data.decode())
    taker = follower(app, lost, game)
    assert take_over(taker, game, code).status_code == 302
    answer = enter(lost, game, "B demande A4 B4 C1")
    page = answer.data.decode()
    assert answer.status_code == 403
    assert "Un autre téléphone tient la fiche depuis" in page
    at = re.search(r'<time datetime="([^"]+)" data-local="time">(\d\d:\d\d) UTC</time>', page)
    assert at and at.group(1)[11:16] == at.group(2)  # the reader's time once the script runs
    assert "permission" not in page and "Forbidden" not in page
    # the coup typed is still there, in words: who played, what, the tricks
    typed = re.search(r'<ul class="typed">(.*?)</ul>', page, re.S).group(1)
    assert "Bruno" in typed and "4" in typed and "1" in typed
    assert f'href="{game}/takeover"' in page  # the way back: the handover code
    assert "Anne · Bruno · Chloé" in page  # on the game's own page
    assert coups_of(app) == 0


def test_no_error_page_in_english_under_a_french_header(app, client):
    from test_handover import follower

    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "fr"
    game = new_game(client)
    reader = follower(app, client, game)
    reader.environ_base["HTTP_ACCEPT_LANGUAGE"] = "fr"
    answers = {
        400: client.post(game + "/undo"),  # nothing to undo
        403: reader.get(game + "/links"),  # a follower on the manager's page
        405: client.put(game),
    }
    for code, answer in answers.items():
        page = answer.data.decode()
        assert answer.status_code == code
        assert '<html lang="fr">' in page
        for english in ("The browser", "permission", "method is not allowed", "Forbidden"):
            assert english not in page, (code, english)
    assert "peut suivre cette partie mais pas la modifier" in answers[403].data.decode()


# ---- An old manager link says it was replaced ----------------------------------------------


def test_an_old_manager_link_says_it_was_replaced(app, client):
    from test_handover import follower

    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "fr"
    game = new_game(client)
    old = manager_link(client, game)
    reader = follower(app, client, game)
    reader.environ_base["HTTP_ACCEPT_LANGUAGE"] = "fr"
    assert client.post(game + "/links").status_code == 302  # a new manager link
    answer = reader.get(old)
    page = answer.data.decode()
    assert answer.status_code == 404
    assert "Rien ici" not in page and "n’existe pas" not in page
    assert "Ce lien de gestionnaire ne fonctionne plus" in page and "remplacé" in page
    assert f'href="{game}"' in page  # it follows the game: the way on
    assert enter(reader, game, "pass").status_code == 403
    # a stranger reads the same words for a game that exists and one that does not
    stranger = phone(app)
    stranger.environ_base["HTTP_ACCEPT_LANGUAGE"] = "fr"
    main = re.compile(r"<main>.*</main>", re.S)
    same = main.search(stranger.get(old).data.decode()).group(0)
    none = stranger.get("/games/99/manage/" + old.rsplit("/", 1)[1]).data.decode()
    assert same == main.search(none).group(0) and f'href="{game}"' not in same
    assert stranger.get("/games/99999999999999999999/manage/x").status_code == 404
