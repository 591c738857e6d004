"""The first follower's page made from the manager's drawing (web/kept/readers.py).

The manager's game page after a coup is drawn with the followers' parts beside
the manager's; the page with theirs in place of the manager's is kept as the followers' page of
that version. A follower must never be handed the manager's links, forms,
token or messages: the page they are handed must be, byte for byte, the page a
follower's own request draws with nothing kept. And the other way round: a
manager's page drawn after a follower's is the manager's page drawn afresh.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from scorekeeper.web.kept import said

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from evening import COUPS, NEW_GAME, TABLE_LINK, token, version
from web import forget_kept

FLASHES = re.compile(r"<!--flashes-->.*?<!--/flashes-->", re.S)
# both spellings of the hidden field: WTForms' (name, type, value) and the templates'
# own (type, name, value), as in _redo.html
TOKEN = re.compile(
    r'((?:name="csrf_token" type="hidden"|type="hidden" name="csrf_token") value=")[^"]+"'
)


def his(page: str) -> str:
    """The manager's page without their one-time messages and with their CSRF token's value
    blanked: the token is signed with the second it was drawn in, so two drawings of the
    same page a second apart differ there (the token itself: test_hidden_fields.py)."""
    return TOKEN.sub(r'\1"', FLASHES.sub("", page))


# what only the manager may see or use on the game page
MANAGERS = (
    "/coups#entry",  # the coup form
    "/undo",
    "/redo",
    "/links",
    "/stop",
    "/resume",
    "/seats/take",
    "Correct</a>",
    "table.js",
    "outbox.js",
    'name="csrf_token"',
    "outbox-words",
)


def client(app):
    made = app.test_client()
    made.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    return made


def table(app):
    manager = client(app)
    page = manager.get("/games/new").text
    game = manager.post("/games/new", data={**NEW_GAME, "csrf_token": token(page)})
    game = game.headers["Location"]
    link = TABLE_LINK.findall(manager.get(game + "/links").text)[0]
    phones = [client(app) for _ in range(2)]
    for phone in phones:
        phone.get(link)
    return manager, game, phones


def coup(manager, game, n):
    page = manager.get(game).text
    data = {**COUPS[n % len(COUPS)], "csrf_token": token(page), "version": version(page)}
    assert manager.post(game + "/coups", data=data).status_code == 302


def test_a_follower_is_handed_the_page_his_own_request_draws(csrf_app):
    manager, game, (phone, other) = table(csrf_app)
    for n in range(4):
        coup(manager, game, n)
        mine = manager.get(game)  # the coup's redirect: drawn, with the followers' parts
        assert " saved: " in mine.text and token(mine.text)  # their message and their token
        handed = phone.get(game)
        assert handed.headers[said.HEADER] == said.KEPT  # made from the manager's drawing
        forget_kept(csrf_app)
        drawn = other.get(game)  # a follower's own request, nothing kept
        assert said.KEPT not in drawn.headers[said.HEADER]
        assert handed.text == drawn.text, n
        assert handed.headers["ETag"] == drawn.headers["ETag"]
        for words in (*MANAGERS, token(mine.text), " saved: "):
            assert words not in handed.text, (n, words)
        assert "follow.js" in handed.text and "Take over the fiche" in handed.text
        etag = re.search(r'data-etag="([^"]*)"', handed.text)
        assert etag is not None and f'"{etag.group(1)}"' == handed.headers["ETag"]
        # and the manager's page itself is the one drawn for them afresh, marks taken out
        again = manager.get(game).text
        assert "<!--reader:" not in mine.text and "<!--/reader:" not in mine.text
        assert his(again) == his(mine.text)


def test_a_managers_page_drawn_after_a_followers_is_his_own(csrf_app):
    manager, game, (phone, _) = table(csrf_app)
    coup(manager, game, 0)
    manager.get(game)  # the message shown
    coup(manager, game, 1)
    forget_kept(csrf_app)
    followed = phone.get(game).text  # a follower draws this version first
    page = manager.get(game).text
    for words in ("follow.js", "read-only", "Take over the fiche", 'http-equiv="refresh"'):
        assert words in followed and words not in page, words
    assert all(words in page for words in ("/coups#entry", "/undo", "Correct</a>", "table.js"))
    forget_kept(csrf_app)
    afresh = manager.get(game).text
    assert his(afresh) == his(page)


def test_a_stopped_table_hands_no_follower_the_managers_resume_form(csrf_app):
    manager, game, (phone, other) = table(csrf_app)
    coup(manager, game, 0)
    manager.get(game)
    page = manager.get(game + "/stop").text
    stopped = manager.post(game + "/stop", data={"confirmed": "1", "csrf_token": token(page)})
    assert stopped.status_code == 302
    mine = manager.get(game).text
    assert "/resume" in mine
    handed = phone.get(game)
    assert handed.headers[said.HEADER] == said.KEPT
    for words in (*MANAGERS, token(mine)):
        assert words not in handed.text, words
    forget_kept(csrf_app)
    assert other.get(game).text == handed.text


def test_the_page_that_shows_the_manager_link_once_gives_the_followers_nothing(csrf_app):
    manager = client(csrf_app)
    page = manager.get("/games/new").text
    game = manager.post("/games/new", data={**NEW_GAME, "csrf_token": token(page)})
    game = game.headers["Location"]
    first = manager.get(game).text  # the manager link and the handover code, shown once
    secret = re.search(r'href="(https?://[^"]+/manage/[^"]+)"', first)
    assert secret is not None and 'id="handover"' in first
    link = TABLE_LINK.findall(manager.get(game + "/links").text)[0]
    phone = client(csrf_app)
    phone.get(link)
    followed = phone.get(game)
    assert said.KEPT not in followed.headers[said.HEADER]  # drawn by the phone itself
    assert secret.group(1) not in followed.text and 'id="handover"' not in followed.text
