"""Issue 14: rights that can be taken back, no 500 whatever is sent, no abuse, sound backups."""

from __future__ import annotations

import csv
import io
import json
import logging
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from apps import new_app, suite_app
from flask.testing import FlaskClient
from notation import SEED
from test_cli import in_this_process
from web import NEW_GAME, PageClient, coup_data, enter, new_game

from scorekeeper import store

BIN = Path(sys.executable).parent / "scorekeeper"
FOUR = {"player0": "Anne", "player1": "Bruno", "player2": "Chloé", "player3": "Denis"}


def make(tmp_path, **config):
    app = suite_app(tmp_path / "t.sqlite", **config)
    app.test_client_class = PageClient
    return app


def phone(app):
    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    client.environ_base["HTTP_USER_AGENT"] = "Mozilla/5.0 (Linux; Android 14) Chrome/120 Mobile"
    return client


def manager_link(client, game):
    page = client.get(game).data.decode() + client.get(game + "/links").data.decode()
    return re.search(r'href="http://localhost(/games/\d+/manage/[^"]+)"', page).group(1)


def coups_of(app, game_id=1):
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        return conn.execute("select count(*) from coups where game_id = ?", [game_id]).fetchone()[0]


def copy_cookie(source, target):
    """Another browser holding a copy of ``source``'s session cookie."""
    target.set_cookie("session", source.get_cookie("session").value)


# ---- Rights -------------------------------------------------------------------------------


def test_a_new_manager_link_ends_the_right_of_every_other_phone(app, client):
    game = new_game(client)
    other = phone(app)
    assert other.get(manager_link(client, game)).status_code == 302
    assert enter(other, game, "pass").status_code == 302
    copy = phone(app)
    copy_cookie(other, copy)
    assert client.post(game + "/links").status_code == 302  # a new manager link
    assert enter(other, game, "pass").status_code == 403
    assert enter(copy, game, "pass").status_code == 403
    assert enter(client, game, "pass").status_code == 302  # the phone that issued it keeps it
    assert coups_of(app) == 2


def test_remove_this_phone_ends_its_right_and_every_copy_of_its_cookie(app, client):
    game = new_game(client)
    other = phone(app)
    other.get(manager_link(client, game))
    copy = phone(app)
    copy_cookie(other, copy)
    assert enter(copy, game, "pass").status_code == 302
    page = client.get(game + "/links").data.decode()
    assert "Android · Chrome" in page and "last change" in page and "(this phone)" in page
    grant_ids = re.findall(r'action="/games/1/phones/(\d+)/remove"', page)
    assert len(grant_ids) == 2
    response = client.post(f"{game}/phones/{grant_ids[1]}/remove")
    assert response.status_code == 302
    assert enter(other, game, "pass").status_code == 403
    assert enter(copy, game, "pass").status_code == 403
    assert other.get(game).status_code == 200  # it may still read: it opened the game
    page = client.get(game + "/links").data.decode()
    assert "Android · Chrome" not in page
    assert client.post(f"{game}/phones/{grant_ids[1]}/remove").status_code == 404  # once


def test_the_links_page_tells_when_each_phone_last_changed_the_game(app, client):
    game = new_game(client)
    assert "no change yet" in client.get(game + "/links").data.decode()
    enter(client, game, "pass")
    page = client.get(game + "/links").data.decode()
    assert "no change yet" not in page and re.search(
        r"last change \d{1,2}/\d{1,2}/\d\d", page
    )  # the date as an English reader writes it (Babel)


def test_a_coup_records_its_phone_within_its_own_write(app, client, monkeypatch):
    """The grant's time is written in the coup's transaction: one commit a coup, not two."""
    from scorekeeper.store import grants

    inside: list[bool] = []
    real = grants.changed

    def spy(db, grant_id, at=None):
        inside.append(db.conn.in_transaction)
        real(db, grant_id, at)

    monkeypatch.setattr(grants, "changed", spy)
    game = new_game(client)
    enter(client, game, "pass")
    enter(client, game, "pass")
    assert inside == [True, True]
    page = client.get(game + "/links").data.decode()
    assert re.search(
        r"last change \d{1,2}/\d{1,2}/\d\d", page
    )  # the date as an English reader writes it (Babel)


def test_admin_logout_ends_every_copy_of_the_admin_cookie(tmp_path):
    app = make(tmp_path, ADMIN_PASSWORD="s3cret")
    owner, admin, thief = phone(app), phone(app), phone(app)
    game = new_game(owner)
    assert admin.post("/admin", data={"password": "s3cret"}).status_code == 302
    copy_cookie(admin, thief)
    assert thief.get(game).status_code == 200
    assert admin.post("/admin/logout").status_code == 302
    assert thief.get(game).status_code == 404
    assert enter(thief, game, "pass").status_code == 404
    assert admin.get(game).status_code == 404


def test_changing_the_admin_password_ends_the_admin_sessions(tmp_path):
    app = make(tmp_path, ADMIN_PASSWORD="one")
    owner, admin = phone(app), phone(app)
    game = new_game(owner)
    admin.post("/admin", data={"password": "one"})
    assert admin.get(game).status_code == 200
    app.config["ADMIN_PASSWORD"] = "two"
    assert admin.get(game).status_code == 404


def test_a_cookie_of_before_the_grants_becomes_a_grant_that_can_be_removed(app, client):
    game = new_game(client)
    old = phone(app)
    with old.session_transaction() as session:
        session["manage"] = [1, 99, "x"]
        session["admin"] = True
    assert enter(old, game, "pass").status_code == 302
    with old.session_transaction() as session:
        assert "manage" not in session and "admin" not in session
    assert len(re.findall(r"/phones/\d+/remove", client.get(game + "/links").data.decode())) == 2
    client.post(game + "/links")
    assert enter(old, game, "pass").status_code == 403


def test_admin_logins_are_throttled_and_refusals_logged(tmp_path, caplog):
    app = make(tmp_path, ADMIN_PASSWORD="s3cret", RATELIMIT_ENABLED=True)
    guesser = phone(app)
    caplog.set_level(logging.WARNING, logger="scorekeeper.access")
    codes = [guesser.post("/admin", data={"password": f"guess{n}"}).status_code for n in range(8)]
    assert codes[:5] == [403] * 5 and codes[5:] == [429] * 3
    response = guesser.post("/admin", data={"password": "s3cret"})
    assert response.status_code == 429 and "Too many attempts" in response.data.decode()
    assert caplog.text.count("refused admin login") == 5
    other = app.test_client()
    other.environ_base["REMOTE_ADDR"] = "10.0.0.7"  # another client: its own count
    assert other.post("/admin", data={"password": "s3cret"}).status_code == 302


def test_anonymous_creation_and_import_are_throttled(tmp_path):
    app = make(tmp_path, RATELIMIT_ENABLED=True)
    client = phone(app)
    codes = [client.post("/games/new", data=NEW_GAME).status_code for _ in range(11)]
    assert codes == [302] * 10 + [429]
    sheet = client.post("/games/new/brou", data={**FOUR, "first_dealer": "0"})
    assert sheet.status_code == 429  # the same limit for every kind of game
    text = json.dumps(SEED)
    codes = [client.post("/games/import", data={"text": text}).status_code for _ in range(11)]
    assert codes == [302] * 10 + [429]
    assert client.get("/games/new").status_code == 200  # reading the form is not limited


@pytest.mark.parametrize(
    "route, data",
    [
        ("/games/1/coups", {**coup_data("A demande A4 B4 C1"), "save": "1"}),
        ("/games/1/coups", coup_data("pass")),
        ("/games/1/coups/1/edit", {**coup_data("B demande A2 B5 C2"), "save": "1"}),
        ("/games/1/coups/1/delete", {}),
        ("/games/1/undo", {}),
        ("/games/1/settlement", {"chip_value": "0.05", "currency": "EUR"}),
        ("/games/1/links", {}),
        ("/games/1/phones/1/remove", {}),
        ("/games/1/handover-code", {}),
        ("/games/1/redo", {}),
        ("/games/2/setup", {**NEW_GAME, "version": ""}),
        ("/games/3/sheet/coups", {"points": "54"}),
        ("/games/3/sheet/coups/1/edit", {"points": "60"}),
        ("/games/3/sheet/coups/1/delete", {}),
        ("/games/3/sheet/undo", {}),
        ("/games/4/sheet/setup", {**FOUR, "first_dealer": "1"}),
    ],
)
def test_a_change_without_its_version_is_refused_not_applied(tmp_path, route, data):
    app = make(tmp_path)
    client = phone(app)
    new_game(client)
    enter(client, "/games/1", "pass")
    new_game(client)  # no coup yet: its set-up can change
    for _ in range(2):
        sheet = client.post("/games/new/brou", data={**FOUR, "first_dealer": "0"})
    client.post("/games/3/sheet/coups", data={"points": "54"})
    before = list(sqlite3.connect(app.config["DATABASE"]).iterdump())
    plain = FlaskClient(app, app.response_class, use_cookies=True)  # sends only what is given
    plain.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    copy_cookie(client, plain)
    response = plain.post(route, data=data)
    assert response.status_code == 428, (route, response.data.decode()[:300])
    assert "not applied" in response.data.decode()
    assert list(sqlite3.connect(app.config["DATABASE"]).iterdump()) == before
    assert sheet.status_code == 302


def test_every_changing_form_carries_the_version(app, client):
    game = new_game(client)
    enter(client, game, "pass")
    for path in ("", "/coups/1/edit", "/coups/1/delete", "/links", "/settlement"):
        page = client.get(game + path).data.decode()
        for form in re.findall(r'<form method="post".*?</form>', page, re.S):
            if "/lang/" not in form:
                assert 'name="version" type="hidden" value="2"' in form, (path, form[:200])


# ---- No 500 -------------------------------------------------------------------------------

HUGE = str(2**64)


@pytest.mark.parametrize(
    "path",
    [
        f"/games/{HUGE}",
        f"/games/{'9' * 5000}",
        f"/games/{HUGE}/coups/1/edit",
        f"/games/1/coups/{HUGE}/edit",
        f"/games/{HUGE}/version",
        f"/games/{HUGE}/manage/x",
        f"/games/new/brou?again={HUGE}",
        "/games/1/report.json?key=é",
        "/games/1/table/ééé",
        "/games/1/manage/ééé",
        "/games/1/table/%FF%FE",
        f"/?page={HUGE}",
        "/lang/en?next=/%0a/evil",
    ],
)
def test_hostile_addresses_are_answered_without_a_500(app, client, path):
    new_game(client)
    for browser in (client, phone(app)):
        assert browser.get(path).status_code < 500, path
    assert client.post(f"/games/{HUGE}/undo").status_code == 404


def import_refusal(client, text):
    response = client.post("/games/import", data={"text": text})
    assert response.status_code == 422, response.data.decode()[:500]
    match = re.search(r'class="error"[^>]*>([^<]*)<', response.data.decode())
    return match.group(1) if match else response.data.decode()


def jetons_file(bonus_player):
    return {
        "format": "scorekeeper-game/1",
        "game": "hombre",
        "players": ["Anne", "Bruno", "Chloé"],
        "rules": {"accounting": "jetons"},
        "coups": [
            {
                "hombre": "Bruno",
                "contract": "simple",
                "tricks": {"Anne": 2, "Bruno": 5, "Chloé": 2},
                "bonuses": [{"player": bonus_player, "hand": "charivari"}],
            }
        ],
    }


def test_a_hostile_game_file_gets_a_message(client):
    assert "out of bounds" in import_refusal(client, '{"players": ' + "9" * 5000 + "}")
    assert "out of bounds" in import_refusal(client, '{"x": 1e999}')
    assert "out of bounds" in import_refusal(client, '{"x": NaN}')
    assert "bonus" in import_refusal(client, json.dumps(jetons_file({"a": 1})))
    assert (
        client.post("/games/import", data={"text": json.dumps(jetons_file("Anne"))}).status_code
        == 302
    )


def test_a_lone_surrogate_escape_is_refused_not_stored(client, app, tmp_path):
    """JSON may write half a UTF-16 pair ("\\ud800"): no UTF-8 writer (SQLite, a page) takes it."""
    text = json.dumps(SEED).replace('"A"', '"A\\ud800"')  # player A, everywhere named
    assert "surrogate" in import_refusal(client, text)
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        assert conn.execute("select count(*) from games").fetchone() == (0,)
    conn.close()
    # a pair is one character (U+20000, a CJK ideograph beyond the BMP): read as such (a
    # letter: a pictograph such as the ace of spades card is no name, names.py)
    paired = json.dumps(SEED).replace('"A"', '"A \\ud840\\udc00"')
    assert client.post("/games/import", data={"text": paired}).status_code == 302
    assert "A \U00020000" in client.get("/games/1").data.decode()
    path = tmp_path / "lone.json"
    path.write_text(text)
    refused = subprocess.run(
        [sys.executable, "-m", "scorekeeper.cli", "replay", str(path)],
        capture_output=True,
        text=True,
    )
    assert refused.returncode == 2 and "surrogate" in refused.stderr
    assert len(refused.stderr.strip().splitlines()) == 1


def test_import_limits(client):
    long_name = {**SEED, "players": ["A" * 41, "B", "C"]}
    assert "40 characters" in import_refusal(client, json.dumps(long_name))
    many = {**SEED, "coups": [{"pass": True}] * 5001}
    # importing.MAX_COUPS, grouped as the reader writes it (an English page: 5,000)
    assert "at most 5,000 coups (this one has 5,001)" in import_refusal(client, json.dumps(many))
    big = json.dumps({**SEED, "x": "y" * 600_000})
    assert "larger than 512 KB" in import_refusal(client, big)
    long_note = {**SEED, "coups": [{"pass": True, "note": "n" * 201}]}
    assert "200 characters" in import_refusal(client, json.dumps(long_note))
    rules = {**SEED["rules"], "poules_to_play": 5000}
    evening = {**SEED, "rules": rules, "coups": SEED["coups"] * 430}  # ten evenings of 300
    assert len(evening["coups"]) >= 3000 and len(json.dumps(evening)) < 512 * 1024
    assert client.post("/games/import", data={"text": json.dumps(evening)}).status_code == 302


@pytest.mark.parametrize(
    "text, message",
    [
        ('{"players": ' + "9" * 5000 + "}", "out of bounds"),
        (json.dumps(jetons_file({"a": 1})), "bonus"),
        (json.dumps({**SEED, "coups": [{"pass": True}] * 5001}), "5000 coups"),
    ],
)
def test_the_command_refuses_a_hostile_file_in_one_line(tmp_path, capsys, text, message):
    path = tmp_path / "game.json"
    path.write_text(text)
    code, _out, err = in_this_process(capsys, "replay", str(path))  # as test_cli's refusals
    assert code == 2 and message in err
    assert len(err.strip().splitlines()) == 1, err


# ---- No abuse -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "target",
    [
        "/%09/evil.example",
        "/%0a/evil.example",
        "/%0d/evil.example",
        "//evil.example",
        "/\\evil.example",
        "/%5Cevil.example",
        "https://evil.example/",
        "/ /evil.example",
        "javascript:alert(1)",
    ],
)
def test_the_language_switch_follows_only_paths_of_this_site(client, target):
    response = client.get(f"/lang/en?next={target}")
    assert response.status_code == 302 and response.headers["Location"] == "/", target


def test_the_language_switch_returns_to_the_page(client):
    response = client.get("/lang/en?next=/games/1/coups%3Fpage%3D2")
    assert response.headers["Location"] == "/games/1/coups?page=2"


FORMULA = '=HYPERLINK("http://evil.example","x")'


@pytest.mark.parametrize("name", [FORMULA, "+1+1", "-2+3", "@SUM(1)"])
def test_csv_cells_never_start_a_formula(client, name):
    game = new_game(client, player0=name)
    enter(client, game, "B demande A2 B5 C2")
    for path in ("/journal.csv", "/standings.csv"):
        text = client.get(game + path).data.decode("utf-8-sig")
        rows = list(csv.reader(io.StringIO(text)))
        cells = [c for row in rows for c in row]
        assert "'" + name in cells, path
        assert not any(c.startswith(("=", "+", "@", "\t", "\r")) for c in cells), path
        assert not any(c.startswith("-") and not c[1:].isdigit() for c in cells), path
    standings = client.get(game + "/standings.csv").data.decode("utf-8-sig")
    assert re.search(r",-9\b", standings)  # a negative net stays a number


def test_a_cell_starting_with_tab_or_carriage_return_is_text():
    from scorekeeper.rules.hombre.exports import cell

    assert [cell(v) for v in ("\tx", "\rx", "x", -9, "-9x")] == ["'\tx", "'\rx", "x", -9, "'-9x"]


def test_a_stranger_is_refused_before_the_game_is_read(app, client, monkeypatch):
    game = new_game(client)
    enter(client, game, "pass")

    def no_load(*args, **kwargs):
        raise AssertionError("the game was loaded for a stranger")

    monkeypatch.setattr(store, "load", no_load)
    stranger = phone(app)
    for path in ("", "/coups", "/settlement", "/game.json", "/journal.csv", "/story"):
        assert stranger.get(game + path).status_code == 404, path
        assert stranger.get(f"/games/99{path}").status_code == 404, path
    assert stranger.post(game + "/coups", data=coup_data("pass")).status_code == 404
    assert stranger.get("/").status_code == 200


def test_the_home_page_lists_rows_a_page_at_a_time(app, client, monkeypatch):
    for n in range(25):
        new_game(client, player0=f"P{n:02}")
    enter(client, "/games/25", "pass")

    def no_replay(*args, **kwargs):
        raise AssertionError("a game was replayed or loaded to list it")

    monkeypatch.setattr(store, "load", no_replay)
    monkeypatch.setattr(store, "replayed", no_replay)
    first = client.get("/").data.decode()
    assert "P24" in first and "P05" in first and "P04" not in first and "1 coup" in first
    second = client.get("/?page=2").data.decode()
    assert "P04" in second and "P24" not in second
    assert "P24" not in phone(app).get("/").data.decode()


def test_behind_tls_cookies_are_secure_and_hsts_is_sent(tmp_path):
    app = make(tmp_path, BEHIND_TLS=True)
    client = phone(app)
    response = client.post("/games/new", data=NEW_GAME, headers={"X-Forwarded-Proto": "https"})
    assert "Secure" in response.headers["Set-Cookie"]
    assert response.headers["Strict-Transport-Security"].startswith("max-age=")
    language = client.get("/lang/en", headers={"X-Forwarded-Proto": "https"})
    assert "Secure" in language.headers["Set-Cookie"]
    page = client.get("/games/1/links", headers={"X-Forwarded-Proto": "https"}).data.decode()
    assert "https://localhost/games/1/table/" in page  # links as the phones reach the server
    plain = make(tmp_path / "plain", BEHIND_TLS=False)
    response = plain.test_client().post("/games/new", data=NEW_GAME)
    assert "Secure" not in response.headers["Set-Cookie"]
    assert "Strict-Transport-Security" not in response.headers


def test_behind_tls_is_read_from_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_BEHIND_TLS", "1")
    monkeypatch.setenv("SCOREKEEPER_DATABASE", str(tmp_path / "env.sqlite"))
    monkeypatch.setenv("SCOREKEEPER_SECRET_KEY", "env")
    app = new_app()
    assert app.config["BEHIND_TLS"] and app.config["SESSION_COOKIE_SECURE"]


# ---- Backups ------------------------------------------------------------------------------


def run(capsys, *args):
    """The command's ``main`` in this process (test_cli's ``in_this_process``): backups
    and restores by real processes, a server writing meanwhile, are test_durability's."""
    code, out, err = in_this_process(capsys, *map(str, args))
    return subprocess.CompletedProcess(args, code, out, err)


def a_database(path):
    app = suite_app(path)
    app.test_client_class = PageClient
    client = app.test_client()
    game = new_game(client)
    enter(client, game, "pass")
    return path


def test_backup_of_a_database_whose_path_holds_hash_or_question_mark(tmp_path, capsys):
    for name in ("a#b.sqlite", "a?b.sqlite", "a%20b.sqlite"):
        source = a_database(tmp_path / name)
        done = run(capsys, "backup", tmp_path / f"copy-{name}", "--database", source)
        assert done.returncode == 0, done.stderr
        assert "backed up 1 game from" in done.stdout  # one game, said so
        with sqlite3.connect(tmp_path / f"copy-{name}") as conn:
            assert conn.execute("select count(*) from coups").fetchone()[0] == 1


def test_backup_into_a_missing_folder_is_one_line(tmp_path, capsys):
    source = a_database(tmp_path / "db.sqlite")
    done = run(capsys, "backup", tmp_path / "nowhere" / "copy.sqlite", "--database", source)
    assert done.returncode == 2 and done.stderr.startswith("error: no folder")
    assert len(done.stderr.splitlines()) == 1


def test_restore_force_replaces_a_damaged_database(tmp_path, capsys):
    source = a_database(tmp_path / "db.sqlite")
    assert run(capsys, "backup", tmp_path / "copy.sqlite", "--database", source).returncode == 0
    data = bytearray(source.read_bytes())
    data[100:4000] = b"\xff" * 3900  # the live file is damaged
    source.write_bytes(bytes(data))
    refused = run(capsys, "restore", tmp_path / "copy.sqlite", "--database", source)
    assert refused.returncode == 2 and "--force" in refused.stderr
    assert len(refused.stderr.splitlines()) == 1
    done = run(capsys, "restore", tmp_path / "copy.sqlite", "--database", source, "--force")
    assert done.returncode == 0, done.stderr
    with sqlite3.connect(source) as conn:
        assert conn.execute("pragma integrity_check").fetchone()[0] == "ok"
        assert conn.execute("select count(*) from coups").fetchone()[0] == 1
    assert not list(tmp_path.glob("*.restoring"))
