"""Issue 24's rights: the safe default of the rate limits, the database's generation
(a restore in place), the files' mode, a removed phone's way back."""

from __future__ import annotations

import datetime as real_datetime
import os
import stat
from pathlib import Path

import pytest
from apps import fresh_database, new_app
from test_fresh import again, follower
from web import PageClient, enter, new_game

from scorekeeper import clock
from scorekeeper.db import backup as database


def deployers_app(tmp_path: Path, **config):
    """An app as a deployer's own WSGI file makes it: a few settings, nothing said of limits."""
    app = new_app(
        {
            "SECRET_KEY": "w",
            "DATABASE": fresh_database(tmp_path / "w.sqlite"),
            "WTF_CSRF_ENABLED": False,
        }
        | config
    )
    app.test_client_class = PageClient
    return app


# ---- The rate limits are on unless a setting turns them off ------------------------------


def test_an_app_made_with_settings_keeps_its_rate_limits(tmp_path):
    app = deployers_app(tmp_path, ADMIN_PASSWORD="s3cret")
    guesser = app.test_client()
    codes = [guesser.post("/admin", data={"password": f"no{n}"}).status_code for n in range(6)]
    assert codes == [403] * 5 + [429]  # LOGIN: 5 per minute
    maker = app.test_client()
    maker.environ_base["REMOTE_ADDR"] = "10.0.0.9"
    codes = [maker.post("/games/new", data=_new()).status_code for _ in range(11)]
    assert codes == [302] * 10 + [429]  # CREATE: 10 per minute


def test_only_an_explicit_setting_turns_the_limits_off(tmp_path):
    app = deployers_app(tmp_path, RATELIMIT_ENABLED=False)
    maker = app.test_client()
    assert {maker.post("/games/new", data=_new()).status_code for _ in range(12)} == {302}


def test_an_app_made_with_settings_still_reads_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_ADMIN_PASSWORD", "from-env")
    app = deployers_app(tmp_path)
    assert app.config["ADMIN_PASSWORD"] == "from-env"
    assert app.config["DATABASE"] == str(tmp_path / "w.sqlite")  # the caller's own wins


def _new():
    from web import NEW_GAME

    return NEW_GAME


# ---- A restore in place gives the database a new generation ------------------------------


class _Frozen(real_datetime.datetime):
    @classmethod
    def now(cls, tz=None):
        return real_datetime.datetime(2026, 11, 25, 12, 0, 0, tzinfo=tz)


def test_a_restore_in_the_same_second_never_serves_a_kept_page(client, app, tmp_path, monkeypatch):
    """Restored to version 1 and given another coup in the same second as the first
    version 2: game, version, time and table token are those of the page the follower
    kept; only the generation tells them apart."""
    monkeypatch.setattr(clock, "datetime", _Frozen)
    game = new_game(client)
    live = Path(app.config["DATABASE"])
    database.backup(live, tmp_path / "at-version-1.sqlite")
    enter(client, game, "B demande A2 B5 C2")
    other = follower(client, app, game)
    kept = other.get(game)
    assert kept.status_code == 200
    database.restore(tmp_path / "at-version-1.sqlite", live)
    enter(client, game, "pass")  # version 2 again, in the same second
    for page in (again(other, game, kept), stranger_follows(app, client, game)):
        assert page.status_code == 200
        assert page.data != kept.data and page.headers["ETag"] != kept.headers["ETag"]


def stranger_follows(app, client, game):
    """A phone that never kept anything: served from the kept pages, if any match."""
    return follower(client, app, game).get(game)


def test_the_generation_changes_on_restore_only(app, tmp_path):
    from scorekeeper import db

    live = Path(app.config["DATABASE"])
    before = db.generation(db.connect(live))
    assert len(before) == 24 and before == db.generation(db.connect(live))
    database.backup(live, tmp_path / "copy.sqlite")
    assert db.generation(db.connect(tmp_path / "copy.sqlite")) == before
    database.restore(tmp_path / "copy.sqlite", live)
    after = db.generation(db.connect(live))
    assert after != before and len(after) == 24
    database.restore(tmp_path / "copy.sqlite", tmp_path / "new.sqlite")
    assert db.generation(db.connect(tmp_path / "new.sqlite")) not in (before, after, "")


# ---- The database and its companions are the owner's only --------------------------------


def mode(path: Path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def test_the_database_files_are_created_0600_whatever_the_umask(tmp_path):
    old = os.umask(0o022)  # a shell's usual umask: files 0644
    try:
        app = deployers_app(tmp_path)
        client = app.test_client()
        game = new_game(client)
        follower(client, app, game).get(game)  # a page kept in the -drawn file
        live = tmp_path / "w.sqlite"
        database.backup(live, tmp_path / "backup.sqlite")
        database.restore(tmp_path / "backup.sqlite", tmp_path / "restored.sqlite")
    finally:
        os.umask(old)
    files = ["w.sqlite", "w.sqlite-wal", "w.sqlite-shm", "w.sqlite-drawn"]
    files += ["w.sqlite-drawn-wal", "backup.sqlite", "restored.sqlite"]
    for name in files:
        assert (tmp_path / name).exists(), name
        assert mode(tmp_path / name) == 0o600, name


@pytest.fixture(autouse=True)
def _no_environment(monkeypatch):
    """Nothing of the environment leaks into these apps."""
    for name in list(os.environ):
        if name.startswith("SCOREKEEPER_"):
            monkeypatch.delenv(name)


# ---- A removed phone has no way back -------------------------------------------------------


def handover_code(client, game):
    """The manager shows the game's handover code (a phone with the right sees it)."""
    import re

    from web import version_of

    client.post(game + "/handover-code", data={"version": version_of(client, game)})
    page = client.get(game + "/links").data.decode()
    return re.search(r'<p class="code"><b>([0-9A-Z]{4}-[0-9A-Z]{4})</b>', page).group(1)


def test_a_removed_phone_cannot_take_its_right_back(app, client):
    """Issue 24: the removed phone opened the manager link and saw the handover code; after
    "remove this phone" neither gives it the right again, whatever it clears."""
    import re

    from test_trust import coups_of, manager_link, phone
    from web import version_of

    game = new_game(client)
    link = manager_link(client, game)
    removed, third = phone(app), phone(app)
    assert removed.get(link).status_code == 302
    assert third.get(link).status_code == 302
    code = handover_code(removed, game)
    page = client.get(game + "/links").data.decode()
    grant_ids = re.findall(r'action="/games/1/phones/(\d+)/remove"', page)
    assert len(grant_ids) == 3  # this phone, the one to remove, the third
    response = client.post(f"{game}/phones/{grant_ids[1]}/remove")
    assert response.status_code == 302 and response.headers["Location"].endswith("/links")
    # the remover is shown the new link, once
    shown = client.get(game + "/links").data.decode()
    new = re.search(r'href="http://localhost(/games/1/manage/[^"]+)"', shown).group(1)
    assert new != link and "/manage/" not in client.get(game + "/links").data.decode()
    assert enter(removed, game, "pass").status_code == 403
    # the manager link it had used: refused, even from a browser with a fresh cookie
    assert removed.get(link).status_code == 404
    assert enter(removed, game, "pass").status_code == 403
    removed.delete_cookie("session")
    assert removed.get(link).status_code == 404
    assert removed.get(f"{game}?key={link.rsplit('/', 1)[1]}").status_code == 404
    # the handover code it had seen: refused too
    table = re.search(r"/games/1/table/[^\"]+", shown)[0]
    for taker in (removed, phone(app)):
        assert taker.get(table).status_code == 302  # the table link: it may read the game
        answer = taker.post(
            game + "/takeover", data={"code": code, "version": version_of(taker, game)}
        )
        assert answer.status_code == 403
        assert enter(taker, game, "pass").status_code == 403
    # the other phones keep their right
    assert enter(third, game, "pass").status_code == 302
    assert enter(client, game, "pass").status_code == 302
    assert coups_of(app) == 2
    newcomer = phone(app)
    assert newcomer.get(new).status_code == 302
    assert enter(newcomer, game, "pass").status_code == 302


def test_the_links_page_says_what_removal_does(client):
    game = new_game(client)
    page = client.get(game + "/links").data.decode()
    assert "the manager link is replaced by a new one" in page
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "fr"
    page = client.get(game + "/links").data.decode()
    assert "le lien de gestionnaire est remplacé par un nouveau" in page


def test_a_phone_that_removes_itself_goes_back_to_the_game(app, client):
    import re

    from test_trust import manager_link, phone

    game = new_game(client)
    link = manager_link(client, game)
    assert phone(app).get(link).status_code == 302  # another phone keeps the right (issue 25)
    page = client.get(game + "/links").data.decode()
    own = re.findall(r'action="/games/1/phones/(\d+)/remove"', page)
    response = client.post(f"{game}/phones/{own[0]}/remove")
    assert response.status_code == 302 and response.headers["Location"] == game
    assert enter(client, game, "pass").status_code == 403
    assert client.get(link).status_code == 404  # its own way back is gone too
