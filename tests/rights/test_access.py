"""Who may see and change a game: manager link, table link, admin; headers and cookies."""

import json
import re

import pytest
from apps import suite_app
from markupsafe import escape
from web import coup_data, enter, new_game


def links_of(client, game):
    """The manager link shown once on the game page, and the table link of the links page."""
    page = client.get(game).data.decode()
    manager = re.search(r'href="(http://localhost/games/\d+/manage/[^"]+)"', page)
    table = re.search(
        r'href="(http://localhost/games/\d+/table/[^"]+)"',
        client.get(game + "/links").data.decode(),
    )
    return (manager.group(1) if manager else None), table.group(1)


def stranger(app):
    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    return client


def test_a_game_is_hidden_from_a_browser_without_a_link(client, app):
    game = new_game(client)
    other = stranger(app)
    for path in (
        "",
        "/game.json",
        "/report.json",
        "/settlement",
        "/coups",
        "/story",
        "/journal.csv",
    ):
        assert other.get(game + path).status_code == 404, path
    assert "Anne" not in other.get("/").data.decode()
    assert other.post(game + "/coups", data=coup_data("pass")).status_code == 404
    assert "Anne" in client.get("/").data.decode()


def test_the_manager_link_is_shown_once_and_hands_over_the_game(client, app):
    game = new_game(client)
    manager, _ = links_of(client, game)
    assert manager is not None
    assert "/manage/" not in client.get(game).data.decode()  # shown only once
    other = stranger(app)
    assert other.get(manager.replace("http://localhost", "")).status_code == 302
    assert enter(other, game, "pass").status_code == 302
    with app.app_context():
        from scorekeeper.db import get_db

        stored_hash = get_db().execute("select manager_hash from games").fetchone()[0]
    assert manager.rsplit("/", 1)[1] not in stored_hash  # only its hash is stored


def test_the_table_link_follows_read_only(client, app):
    game = new_game(client)
    enter(client, game, "B demande A2 B5 C2")
    _, table = links_of(client, game)
    other = stranger(app)
    assert other.get(table.replace("http://localhost", "")).status_code == 302
    page = other.get(game).data.decode()
    assert "+18" in page and "read-only" in page
    assert 'action="/games/1/coups"' not in page and "Undo the last coup" not in page
    assert "follow.js" in page
    assert other.get(game + "/settlement").status_code == 200
    assert "Anne" in other.get("/").data.decode()
    for path, data in (
        ("/coups", coup_data("pass")),
        ("/undo", {}),
        ("/coups/1/delete", {}),
        ("/links", {}),
    ):
        assert other.post(game + path, data=data).status_code == 403, path
    assert other.get(game + "/coups/1/edit").status_code == 403
    refused = other.post(game + "/settlement", data={"chip_value": "1", "currency": "EUR"})
    assert refused.status_code == 403
    assert "may follow this game but not change it" in refused.data.decode()
    assert len(json.loads(client.get(game + "/report.json").data)["coups"]) == 1


def test_tools_read_with_the_table_key(client, app):
    game = new_game(client)
    _, table = links_of(client, game)
    key = table.rsplit("/", 1)[1]
    other = stranger(app)
    assert other.get(f"{game}/game.json?key={key}").status_code == 200
    assert other.get(f"{game}/report.json?key={key}").status_code == 200
    assert other.get(f"{game}/report.json?key=wrong").status_code == 404


def test_a_new_manager_link_retires_the_old_one(client, app):
    game = new_game(client)
    old, _ = links_of(client, game)
    assert client.post(game + "/links").status_code == 302
    page = client.get(game + "/links").data.decode()
    new = re.search(r'href="http://localhost(/games/1/manage/[^"]+)"', page).group(1)
    assert "/manage/" not in client.get(game + "/links").data.decode()
    assert stranger(app).get(old.replace("http://localhost", "")).status_code == 404
    assert stranger(app).get(new).status_code == 302


def test_the_admin_sees_every_game(tmp_path):
    app = suite_app(tmp_path / "a.sqlite", ADMIN_PASSWORD="s3cret")
    owner, admin = app.test_client(), app.test_client()
    game = new_game(owner)
    assert admin.get(game).status_code == 404
    assert admin.post("/admin", data={"password": "nope"}).status_code == 403
    assert admin.post("/admin", data={"password": "s3cret"}).status_code == 302
    assert "Anne" in admin.get("/").data.decode()
    assert enter(admin, game, "pass").status_code == 302


def test_without_an_admin_password_nobody_is_admin(client):
    assert client.post("/admin", data={"password": ""}).status_code == 403


def test_security_headers(client):
    response = client.get("/")
    csp = response.headers["Content-Security-Policy"]
    assert (
        "script-src 'self'" in csp
        and "unsafe-inline" not in csp
        and "frame-ancestors 'none'" in csp
    )
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["X-Frame-Options"] == "DENY"
    assert response.headers["Referrer-Policy"] == "same-origin"


def test_no_inline_script_or_style_in_any_page(client):
    game = new_game(client)
    enter(client, game, "A demande A4 B4 C1")
    for path in (
        "/",
        "/games/new",
        "/games/import",
        game,
        game + "/links",
        game + "/coups/1/edit",
        game + "/settlement",
        game + "/story",
        "/admin",
    ):
        page = client.get(path).data.decode()
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", page), path
        assert " style=" not in page and "<style" not in page, path
        assert re.search(r"\son[a-z]+=", page) is None, path


def test_the_session_cookie_is_signed_httponly_samesite(client):
    response = client.post("/games/new", data=__import__("web").NEW_GAME)
    cookie = response.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie


def test_the_version_poll(client):
    game = new_game(client)
    assert client.get(game + "/version").get_json() == {"version": 1}
    enter(client, game, "pass")
    assert client.get(game + "/version").get_json() == {"version": 2}


@pytest.mark.parametrize("name", ["<script>alert(1)</script>", "Zoé \"l'as\" O'Brien"])
def test_names_and_notes_show_as_typed(client, name):
    game = new_game(client, player0=name)
    enter(client, game, "pass", note=name)
    for path in ("", "/coups", "/settlement", "/story", "/links"):
        page = client.get(game + path).data.decode()
        assert str(escape(name)) in page, path  # escaped, so the browser shows it as typed
        assert name not in page, path  # and never as markup
