"""Conditional requests: a follower re-reading an unchanged game gets 304, never a stale page."""

from __future__ import annotations

import json
import re

from apps import fresh_database, new_app
from test_access import links_of, stranger
from web import NEW_GAME, coup_data, csrf_token, enter, new_game


def follower(client, app, game):
    _, table = links_of(client, game)
    other = stranger(app)
    assert other.get(table.replace("http://localhost", "")).status_code == 302
    return other


def again(client, path, response, **headers):
    etag = response.headers["ETag"]
    return client.get(path, headers={"If-None-Match": etag, **headers})


def test_an_unchanged_page_is_not_sent_again(client, app):
    game = new_game(client)
    enter(client, game, "B demande A2 B5 C2")
    other = follower(client, app, game)
    for path in ("", "/coups", "/settlement", "/story", "/report.json", "/journal.csv"):
        first = other.get(game + path)
        assert first.status_code == 200, path
        assert first.headers["Cache-Control"] == "private, no-cache"
        second = again(other, game + path, first)
        assert second.status_code == 304 and second.data == b"", path
        assert second.headers["ETag"] == first.headers["ETag"]


def test_a_change_draws_the_page_again(client, app):
    game = new_game(client)
    other = follower(client, app, game)
    first = other.get(game)
    enter(client, game, "pass")
    second = again(other, game, first)
    assert second.status_code == 200 and second.headers["ETag"] != first.headers["ETag"]
    assert "coup 2" in second.data.decode()


def test_language_and_query_make_another_page(client, app):
    game = new_game(client)
    other = follower(client, app, game)
    english = other.get(game)
    assert again(other, game, english, **{"Accept-Language": "fr"}).status_code == 200
    csv = other.get(game + "/journal.csv")
    assert again(other, game + "/journal.csv?sep=semicolon", csv).status_code == 200
    # a page past the last is the last page's address, not another drawing of it
    past = other.get(game + "/coups?page=2")
    assert (past.status_code, past.headers["Location"]) == (302, game + "/coups")


def test_the_manager_page_is_never_cached(client, app):
    game = new_game(client)
    page = client.get(game)
    assert "ETag" not in page.headers  # forms and one-time messages
    enter(client, game, "pass")  # leaves a flash message for the next page
    assert "ETag" not in client.get(game).headers


def without_tokens(page: str) -> str:
    for token in tokens(page):
        page = page.replace(token, "TOKEN")
    return page


def tokens(page: str) -> set[str]:
    return set(re.findall(r'name="csrf_token" type="hidden" value="([^"]+)"', page)) | set(
        re.findall(r'<input type="hidden" name="csrf_token" value="([^"]+)"', page)
    )


def test_the_manager_page_is_kept_with_his_own_token_and_messages(csrf_app):
    """Two who may change the game read one kept page, each with their own valid token."""
    from scorekeeper.web.kept.memory import MANAGED

    manager = csrf_app.test_client()
    token = csrf_token(manager.get("/games/new").data.decode())
    game = manager.post("/games/new", data={**NEW_GAME, "csrf_token": token}).headers["Location"]
    first = manager.get(game).data.decode()  # shows the new manager link: drawn, not kept
    assert "/manage/" in first
    kept = len(MANAGED._pages)
    drawn = manager.get(game).data.decode()  # drawn and kept with holes
    assert len(MANAGED._pages) == kept + 1 and "/manage/" not in drawn
    again = manager.get(game).data.decode()  # from the kept page
    # the same page; its token is signed anew with the time, so it may differ by a second
    assert without_tokens(again) == without_tokens(drawn)
    # the admin manages every game: the kept page, with their token, which their posts pass
    admin = csrf_app.test_client()
    csrf_app.config["ADMIN_PASSWORD"] = "pw"
    login = csrf_token(admin.get("/admin").data.decode())
    assert admin.post("/admin", data={"password": "pw", "csrf_token": login}).status_code == 302
    theirs = admin.get(game).data.decode()
    assert tokens(theirs) and tokens(theirs).isdisjoint(tokens(drawn))
    assert "\x00" not in theirs and "csrf\x00" not in theirs
    strip = re.compile(r'value="[^"]*"')
    assert strip.sub("", theirs.replace("\n", "")) == strip.sub("", drawn.replace("\n", ""))
    (admin_token,) = tokens(theirs)
    saved = admin.post(game + "/coups", data={**coup_data("pass"), "csrf_token": admin_token})
    assert saved.status_code == 302
    # the new version is drawn with the admin's message, and kept without it
    after = admin.get(game).data.decode()
    assert "Coup 1 enregistré" in after or "Coup 1 saved" in after
    assert "Coup 1" not in admin.get(game).data.decode().split('id="saved"')[1].split("</div>")[0]


def test_a_kept_manager_page_gets_the_waiting_message_once(client, app):
    game = new_game(client)
    enter(client, game, "B demande A2 B5 C2")
    client.get(game)  # the manager link, shown once
    kept = client.get(game).data.decode()  # drawn and kept
    with client.session_transaction() as session:
        session["_flashes"] = [("message", "<b>Bruno</b> was here")]
    page = client.get(game).data.decode()
    saved = page.split('id="saved">')[1].split("</div>")[0]
    assert "&lt;b&gt;Bruno&lt;/b&gt; was here" in saved and "<b>Bruno" not in page
    assert without_tokens(page.replace(saved, "")) == without_tokens(
        kept.replace(kept.split('id="saved">')[1].split("</div>")[0], "")
    )
    assert "was here" not in client.get(game).data.decode()  # once


def test_the_poll_answers_304_until_the_version_moves(client, app):
    game = new_game(client)
    other = follower(client, app, game)
    first = other.get(game + "/version")
    assert first.headers["Cache-Control"] == "private, no-cache"
    assert again(other, game + "/version", first).status_code == 304
    enter(client, game, "pass")
    moved = again(other, game + "/version", first)
    assert moved.status_code == 200
    assert json.loads(moved.data)["version"] == json.loads(first.data)["version"] + 1


def test_no_304_for_a_browser_without_a_link(client, app):
    game = new_game(client)
    other = follower(client, app, game)
    first = other.get(game)
    assert again(stranger(app), game, first).status_code == 404


def test_followers_share_the_page_drawn_once(client, app):
    from scorekeeper.web.kept.memory import DRAWN

    game = new_game(client)
    enter(client, game, "B demande A2 B5 C2")
    one, two = follower(client, app, game), follower(client, app, game)
    first = one.get(game)
    assert DRAWN.get(first.headers["ETag"].strip('"')) is not None
    second = two.get(game)
    assert second.status_code == 200 and second.data == first.data
    assert second.headers["ETag"] == first.headers["ETag"]
    assert client.get(game).data != first.data  # the manager's own page, with its forms


def test_another_database_never_shares_a_page(tmp_path):
    """Game 1, version 1 of two databases: different tags, different pages."""

    pages = []
    for name in ("one", "two"):
        app = new_app(
            {
                "SECRET_KEY": "t",
                "DATABASE": fresh_database(tmp_path / f"{name}.sqlite"),
                "TESTING": True,
                "RATELIMIT_ENABLED": False,
            }
        )
        app.config["WTF_CSRF_ENABLED"] = False
        client = app.test_client()
        game = new_game(client, player0=name.title())
        other = follower(client, app, game)
        pages.append(other.get(game))
    assert pages[0].headers["ETag"] != pages[1].headers["ETag"]
    assert "One" in pages[0].data.decode() and "Two" in pages[1].data.decode()


def two_processes(tmp_path, **config):
    """Two apps on one database, as gunicorn's processes are (each with its own memory)."""

    settings = {
        "SECRET_KEY": "t",
        "DATABASE": str(tmp_path / "s.sqlite"),
        "TESTING": True,
        "RATELIMIT_ENABLED": False,
    }
    apps = [new_app({**settings, **config}) for _ in range(2)]
    for app in apps:
        app.config["WTF_CSRF_ENABLED"] = False
    return apps


def renders(app) -> list[str]:
    """The names of the templates ``app`` draws from now on."""
    from flask import template_rendered

    drawn: list[str] = []
    template_rendered.connect(
        lambda _, template, **kw: drawn.append(template.name), app, weak=False
    )
    return drawn


def test_a_page_drawn_by_one_process_is_served_by_the_other_without_drawing(tmp_path):
    from scorekeeper.web.kept.memory import DRAWN

    one, two = two_processes(tmp_path)
    manager = one.test_client()
    game = new_game(manager)
    enter(manager, game, "B demande A2 B5 C2")
    first = follower(manager, one, game).get(game)
    assert first.status_code == 200
    DRAWN.clear()  # the other process has its own memory: nothing of the first one's
    drawn = renders(two)
    second = follower(manager, two, game).get(game)
    assert second.status_code == 200 and second.data == first.data
    assert second.headers["ETag"] == first.headers["ETag"]
    assert drawn == []  # handed out as the first process drew it
    enter(manager, game, "pass")  # a new version: drawn again, by whichever asks first
    DRAWN.clear()
    third = follower(manager, two, game).get(game)
    assert third.status_code == 200 and third.data != first.data and drawn


def test_without_shared_pages_every_page_is_still_served(tmp_path):
    """No folder for the file, or a damaged file: each process draws its own, nothing fails."""
    (tmp_path / "damaged").write_bytes(b"not a database" * 100)
    for path in (str(tmp_path / "missing" / "pages"), str(tmp_path / "damaged"), ""):
        one, two = two_processes(tmp_path / path.replace("/", "_"), SHARED_PAGES=path)
        manager = one.test_client()
        game = new_game(manager)
        first = follower(manager, one, game).get(game)
        second = follower(manager, two, game).get(game)
        assert first.status_code == second.status_code == 200, path
        assert "Anne" in second.data.decode()


def test_a_backup_restored_in_place_never_brings_back_a_kept_page(client, app, tmp_path):
    """Restored to version 1, the game goes on with another coup: its version 2 is not the
    version 2 the phones kept (the tag holds the time of the change too)."""
    import time
    from pathlib import Path

    from scorekeeper import clock
    from scorekeeper.db import backup as database

    game = new_game(client)
    live = Path(app.config["DATABASE"])
    database.backup(live, tmp_path / "at-version-1.sqlite")
    enter(client, game, "B demande A2 B5 C2")
    entered = clock.now()  # the first version 2's time, or a second after it
    other = follower(client, app, game)
    kept = other.get(game)
    assert "Bruno" in kept.data.decode() and kept.status_code == 200
    database.restore(tmp_path / "at-version-1.sqlite", live)
    while clock.now() == entered:  # the change times are kept to the second: the next one
        time.sleep(0.01)
    enter(client, game, "pass")  # version 2 again, another coup, of a later second
    after = again(other, game, kept)
    assert after.status_code == 200 and after.data != kept.data
    assert after.headers["ETag"] != kept.headers["ETag"]


def test_a_damaged_shared_page_is_drawn_again(tmp_path):
    """A row of the shared file that cannot be read costs a draw, never an answer."""
    import sqlite3

    from scorekeeper.web.kept.memory import DRAWN

    one, two = two_processes(tmp_path)
    manager = one.test_client()
    game = new_game(manager)
    first = follower(manager, one, game).get(game)
    conn = sqlite3.connect(one.config["DATABASE"] + "-drawn")
    with conn:
        conn.execute("update pages set headers = 'not json', body = x'00'")
    conn.close()
    DRAWN.clear()
    second = follower(manager, two, game).get(game)
    assert second.status_code == 200 and second.data == first.data
