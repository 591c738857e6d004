"""Issue 16: the game survives the manager's phone (handover code), redo, the change log."""

from __future__ import annotations

import re
import sqlite3

from test_trust import copy_cookie, coups_of, make, phone
from web import enter, new_game, report

CODE = re.compile(r'<p class="code"><b>([0-9A-Z]{4}-[0-9A-Z]{4})</b>')


def code_on(page: str) -> str:
    match = CODE.search(page)
    assert match, "no handover code on the page"
    return match.group(1)


def table_link(client, game):
    page = client.get(game + "/links").data.decode()
    return re.search(r'href="http://localhost(/games/\d+/table/[^"]+)"', page).group(1)


def follower(app, client, game, address="10.0.0.2"):
    other = phone(app)
    other.environ_base["REMOTE_ADDR"] = address
    assert other.get(table_link(client, game)).status_code == 302
    return other


def take_over(client, game, code):
    return client.post(game + "/takeover", data={"code": code})


def test_a_following_phone_takes_the_fiche_over_and_the_lost_phone_is_refused(tmp_path):
    app = make(tmp_path)
    lost = phone(app)
    game = new_game(lost)
    first = lost.get(game).data.decode()
    code = code_on(first)  # shown once, beside the manager link
    kept_link = re.search(r'href="http://localhost(/games/\d+/manage/[^"]+)"', first).group(1)
    assert CODE.search(lost.get(game).data.decode()) is None  # and then forgotten
    assert enter(lost, game, "pass").status_code == 302
    copy = phone(app)
    copy_cookie(lost, copy)  # the lost phone's cookie, wherever it is
    taker = follower(app, lost, game)
    page = taker.get(game).data.decode()
    assert "/takeover" in page and code not in page  # a follower may take over, never sees it
    assert taker.get(game + "/takeover").status_code == 200
    assert take_over(taker, game, "AAAA-AAAA").status_code == 403
    assert enter(taker, game, "pass").status_code == 403
    # typed as read aloud: lower case, no dash, O for 0 and I or L for 1
    typed = code.lower().replace("-", " ").replace("0", "o").replace("1", "l")
    response = take_over(taker, game, typed)
    assert response.status_code == 302
    new_code = code_on(taker.get(game).data.decode())  # the new manager sees the new code
    assert new_code != code
    assert enter(taker, game, "pass").status_code == 302
    assert enter(lost, game, "pass").status_code == 403
    assert enter(copy, game, "pass").status_code == 403
    assert "Save the coup" not in lost.get(game).data.decode()  # read-only now
    assert coups_of(app) == 2
    # the old code and the kept manager link no longer give the fiche back
    assert take_over(lost, game, code).status_code == 403
    assert lost.get(kept_link).status_code == 404
    assert enter(lost, game, "pass").status_code == 403
    history = taker.get(game + "/history").data.decode()
    assert "fiche taken over with the handover code" in history
    assert "by Android · Chrome (#2)" in history  # the taker's grant, #1 being the lost phone
    # the new code works, once, for the next phone
    third = follower(app, taker, game)
    assert take_over(third, game, new_code).status_code == 302
    assert enter(taker, game, "pass").status_code == 403
    assert coups_of(app) == 2


def test_code_tries_are_throttled_per_client_and_game(tmp_path):
    app = make(tmp_path, RATELIMIT_ENABLED=True)
    manager = phone(app)
    game = new_game(manager)
    code = code_on(manager.get(game).data.decode())
    guesser = follower(app, manager, game)
    for _ in range(5):
        assert take_over(guesser, game, "AAAA-AAAA").status_code == 403
    assert take_over(guesser, game, code).status_code == 429  # even the right code, for now
    assert enter(guesser, game, "pass").status_code == 403
    other_game = new_game(manager)
    other = follower(app, manager, other_game)  # the same address, another game
    assert take_over(other, other_game, "AAAA-AAAA").status_code == 403
    somebody = follower(app, manager, game, address="10.0.0.3")
    assert take_over(somebody, game, code).status_code == 302


def test_the_manager_shows_a_new_code_on_the_links_page_and_the_settlement(tmp_path):
    app = make(tmp_path)
    manager = phone(app)
    game = new_game(manager)
    first = code_on(manager.get(game).data.decode())
    watcher = follower(app, manager, game)
    assert "handover-code" not in watcher.get(game + "/settlement").data.decode()
    assert watcher.post(game + "/handover-code").status_code == 403
    response = manager.post(game + "/handover-code?back=settlement")
    assert response.headers["Location"].endswith(game + "/settlement")
    second = code_on(manager.get(game + "/settlement").data.decode())
    manager.post(game + "/handover-code?back=links")
    third = code_on(manager.get(game + "/links").data.decode())
    assert len({first, second, third}) == 3
    assert take_over(watcher, game, first).status_code == 403
    assert take_over(watcher, game, second).status_code == 403
    assert take_over(watcher, game, third).status_code == 302


def test_redo_puts_the_undone_coups_back_while_nothing_else_changed(app, client):
    game = new_game(client)
    for text in ("A demande A4 B4 C1", "B demande A2 B5 C2"):
        assert enter(client, game, text).status_code == 302
    played = report(client, game)
    assert "Redo coup" not in client.get(game).data.decode()
    client.post(game + "/undo")
    client.post(game + "/undo")
    assert report(client, game)["coups"] == []
    assert "Redo coup 1" in client.get(game).data.decode()
    client.post(game + "/redo")
    assert "Redo coup 2" in client.get(game).data.decode()
    client.post(game + "/redo")
    assert report(client, game) == played
    assert "Redo coup" not in client.get(game).data.decode()
    assert client.post(game + "/redo").status_code == 302  # nothing to redo: nothing changes
    assert report(client, game) == played
    # an undo, then another change: the redo is gone
    client.post(game + "/undo")
    assert enter(client, game, "pass").status_code == 302
    assert "Redo coup" not in client.get(game).data.decode()
    client.post(game + "/redo")
    assert len(report(client, game)["coups"]) == 2
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        actions = [a for (a,) in conn.execute("select action from changes order by id")]
    assert actions == ["create", "add", "add", "undo", "undo", "redo", "redo", "undo", "add"]


def test_the_change_log_shows_each_correction_and_what_it_changed(tmp_path):
    app = make(tmp_path)
    client = phone(app)
    four = {"player0": "Anne", "player1": "Bruno", "player2": "Chloé", "player3": "Denis"}
    response = client.post("/games/new/brou", data={**four, "first_dealer": "0", "create": "1"})
    game = response.headers["Location"]
    assert client.post(game + "/sheet/coups", data={"points": "54"}).status_code == 302
    data = {"points": "60", "save": "1"}
    assert client.post(game + "/sheet/coups/1/edit", data=data).status_code == 302
    client.post(game + "/sheet/undo")
    page = client.get(game + "/history").data.decode()
    lines = re.findall(r'<li class="change change-(\w+)">(.*?)</li>', page, re.S)
    assert [action for action, _ in lines] == ["undo", "edit", "add", "create"]
    undo, edit, add = (re.sub(r"\s+", " ", text) for _, text in lines[:3])
    # 54 counts 50 for Nous, 120 − 54 = 66 counts 70 for Eux; 60 against 60 counts as is
    assert "Nous 0 → +50 (+50) · Eux 0 → +70 (+70)" in add
    assert "Nous +50 → +60 (+10) · Eux +70 → +60 (−10)" in edit
    assert "Before: Nous +50, Eux +70" in edit and "After: Nous +60, Eux +60" in edit
    assert "Nous +60 → 0 (−60) · Eux +60 → 0 (−60)" in undo
    assert "by Android · Chrome (#1)" in edit
    # the instant in UTC for the page's script to show in the phone's zone; UTC said without it
    assert re.search(r'<time datetime="\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00" data-local>', edit)
    assert " UTC</time>" in edit
