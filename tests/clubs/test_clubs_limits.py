"""Limits on clubs (issue 24): creation throttled, the list read from the rows it shows, links.

A stranger could create 3,000 clubs in 6.6 s and 300 evenings in 0.7 s, and
``/clubs`` read every club's row to show them none. Club and evening
creation are now rate limited like games and imports (docs/security.md,
*Limits*), the list reads only the rows of the clubs the browser manages or
has a link for, and the club's links use ``SCOREKEEPER_PUBLIC_URL`` as the
game links do.
"""

from __future__ import annotations

import re
import sqlite3
import threading
import time
from contextlib import closing
from pathlib import Path

import pytest
from apps import fresh_database, new_app, suite_app
from web import PageClient

from scorekeeper import clubs
from scorekeeper.db import connect

CLUB = {"name": "Le Cercle", "chip_value": "", "currency": "", "submit": "1"}


def make(tmp_path: Path, **config: object):
    app = suite_app(tmp_path / "t.sqlite", **{"RATELIMIT_ENABLED": True, **config})
    app.test_client_class = PageClient
    return app


def browser(app, address: str = "127.0.0.1"):
    client = app.test_client()
    client.environ_base.update(HTTP_ACCEPT_LANGUAGE="en", REMOTE_ADDR=address)
    return client


def test_club_and_evening_creation_are_throttled(tmp_path):
    app = make(tmp_path, RATELIMIT_ENABLED=True)
    client = browser(app)
    codes = [client.post("/clubs/new", data=CLUB).status_code for _ in range(6)]
    assert codes == [302] * 5 + [429]  # 5 a minute
    assert client.get("/clubs/new").status_code == 200  # reading the form is not limited
    codes = []
    for n in range(11):
        data = {"date": f"2026-11-{n + 1:02}", "title": ""}
        with sqlite3.connect(app.config["DATABASE"]) as conn:
            (data["version"],) = conn.execute("select version from clubs where id = 2").fetchone()
        codes.append(client.post("/clubs/2/evenings", data=data).status_code)
    assert codes == [302] * 10 + [429]  # 10 a minute
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        assert conn.execute("select count(*) from clubs").fetchone() == (1 + 5,)  # m006's + 5
        assert conn.execute("select count(*) from evenings").fetchone() == (10,)
    other = browser(app, "10.0.0.7")  # another client: its own count
    assert other.post("/clubs/new", data=CLUB).status_code == 302


def names(page: str) -> list[str]:
    return re.findall(r'<a href="/clubs/\d+">([^<]+)</a>', page)


def test_the_list_shows_only_the_clubs_this_browser_may_see(tmp_path):
    app = make(tmp_path)
    founder, reader, stranger = browser(app), browser(app), browser(app)
    for name in ("Zeta", "Alpha", "Mid"):
        assert founder.post("/clubs/new", data={**CLUB, "name": name}).status_code == 302
    assert names(founder.get("/clubs").data.decode()) == ["Alpha", "Mid", "Zeta"]
    assert names(stranger.get("/clubs").data.decode()) == []  # not even m006's "Club"
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        (token,) = conn.execute("select read_token from clubs where name = 'Mid'").fetchone()
    mid = conn_id(app, "Mid")
    assert reader.get(f"/clubs/{mid}?key=nope").status_code == 404
    assert reader.get(f"/clubs/{mid}?key={token}").status_code == 200
    assert names(reader.get("/clubs").data.decode()) == ["Mid"]


def conn_id(app, name: str) -> int:
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        (club_id,) = conn.execute("select id from clubs where name = ?", [name]).fetchone()
    return int(club_id)


def steps(db, visible: set[int] | None) -> int:
    """SQLite virtual-machine steps (in hundreds) that listing ``visible`` costs."""
    count = [0]

    def tick() -> int:
        count[0] += 1
        return 0

    db.conn.set_progress_handler(tick, 100)
    try:
        clubs.club_names(db, visible)
    finally:
        db.conn.set_progress_handler(None, 100)
    return count[0]


@pytest.mark.long
def test_the_list_reads_the_rows_it_shows_not_every_club(tmp_path):
    db_path = fresh_database(tmp_path / "many.sqlite")
    db = connect(db_path)
    mine = clubs.create(db, "Mine", None, None)
    few = steps(db, {mine})
    # 20,000 clubs put in behind the app, in one transaction of a plain connection: the
    # app's own (``db.atomic``) also wrote each new club's line on its chain (facts.py),
    # 4.4 of the test's 4.9 CPU-s, for rows that only the list's reading is about; and
    # 20,000 inserts each committed by itself (each one a sync of the file) took a minute
    with closing(sqlite3.connect(db_path)) as behind, behind:
        behind.executemany(
            "insert into clubs (name, read_token, version, created_at) values (?, 'x', 1, 'now')",
            [(f"club {n}",) for n in range(20_000)],
        )
    assert [c.name for c in clubs.club_names(db, {mine})] == ["Mine"]
    assert clubs.club_names(db, set()) == []
    # 20,000 more clubs cost a stranger's list nothing (reading them all: thousands of steps)
    assert steps(db, {mine}) <= few + 2
    assert steps(db, set()) == 0
    assert steps(db, None) > 1000  # the admin's list does read them all
    db.close()


def test_club_links_use_the_public_url(tmp_path, monkeypatch):
    for name, value in {
        "SECRET_KEY": "settings",
        "DATABASE": str(tmp_path / "db.sqlite"),
        "WTF_CSRF_ENABLED": "false",
        "PUBLIC_URL": "https://scores.example.org/",
    }.items():
        monkeypatch.setenv("SCOREKEEPER_" + name, value)
    app = new_app()
    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    base = "http://localhost/"  # behind a proxy that does not forward the host
    response = client.post("/clubs/new", data=CLUB, base_url=base)
    assert response.status_code == 302
    page = client.get(response.headers["Location"], base_url=base).data.decode()
    manager = re.search(r'id="manager-link">.*?<code class="link">([^<]+)</code>', page, re.S)
    assert manager and re.fullmatch(
        r"https://scores\.example\.org/clubs/2/manage\?key=[\w-]+", manager.group(1)
    )
    reader = re.search(r'The club link [^<]*</p>\s*<p><code class="link">([^<]+)</code>', page)
    assert reader and re.fullmatch(
        r"https://scores\.example\.org/clubs/2\?key=[\w-]+", reader.group(1)
    )


def _event() -> dict[str, str]:
    from test_events import EVENT

    return {**EVENT, "name": "Cup", "kind": "hombre", "seating": "3", "method": "total"}


def _game() -> dict[str, str]:
    from web import NEW_GAME

    return dict(NEW_GAME)


@pytest.mark.parametrize(
    ("path", "made", "refused", "most"),
    [
        ("/clubs/new", lambda: CLUB, lambda: {**CLUB, "chip_value": "abc"}, 5),
        ("/events/new", _event, lambda: {**_event(), "name": ""}, 5),
        ("/games/new", _game, lambda: {**_game(), "player0": ""}, 10),
    ],
)
def test_a_refused_form_does_not_use_up_the_limit_of_things_made(
    tmp_path, path, made, refused, most
):
    """Five competitions (clubs) a minute, ten games: each refused form (422, nothing made)
    once took one of them, so a founder who mistyped five times was sent 429 when they got
    their competition right. Refusals have a count of their own (``limits.REFUSED``, 60 a
    minute): a script repeating them still meets a bound."""
    client = browser(make(tmp_path))
    codes = [client.post(path, data=refused()).status_code for _ in range(6)]
    assert codes == [422] * 6
    codes = [client.post(path, data=made()).status_code for _ in range(most + 1)]
    assert codes == [302] * most + [429]  # the limit of things made, whole, then no more
    assert client.post(path, data=refused()).status_code == 429  # nor a refusal past it
    other = browser(make(tmp_path / "other"), "10.0.0.9")
    codes = [other.post(path, data=refused()).status_code for _ in range(61)]
    assert codes == [422] * 60 + [429]  # REFUSED: 60 a minute


def test_requests_at_once_make_no_more_than_the_limit(tmp_path, monkeypatch):
    """A script posting eight clubs at once, on a server's eight threads: the limit of things
    made counted each only once it was made (``deduct_when``), so all eight had passed the
    count of none before the first was made, and all eight were made (5 a minute, 20 an
    hour: a burst each minute made 8, and the threads of each process more). A try takes
    its place at once and gives it back if refused."""
    app = make(tmp_path)
    create = clubs.create
    arrived: list[int] = []
    lock = threading.Lock()

    def slow(*args, **kwargs):  # each made club waits for the others to arrive, 2 s at most
        with lock:
            arrived.append(1)
        deadline = time.monotonic() + 2.0
        while len(arrived) < 8 and time.monotonic() < deadline:
            time.sleep(0.01)
        return create(*args, **kwargs)

    monkeypatch.setattr(clubs, "create", slow)
    codes: list[int] = []

    def post() -> None:
        code = browser(app).post("/clubs/new", data=CLUB).status_code
        with lock:
            codes.append(code)

    threads = [threading.Thread(target=post) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(codes) == [302] * 5 + [429] * 3  # 5 a minute, however they come


def test_every_limited_address_is_a_form_and_every_count_is_stated_once(tmp_path, monkeypatch):
    # a count's limit lives in COUNTS, once for the routes that share it (six routes count
    # as "cash"), and each limited address in LIMITS must still be a form of the app: a
    # route renamed beside a LIMITS row left unchanged went unlimited without a word
    from scorekeeper.web.ops import limits

    assert set(limits.LIMITS.values()) == set(limits.COUNTS)  # no count unused, none unknown
    assert limits.EVERY_TRY.issubset(limits.COUNTS)
    posted = {r.rule for r in make(tmp_path).url_map.iter_rules() if "POST" in (r.methods or ())}
    assert set(limits.LIMITS) <= posted
    monkeypatch.setitem(limits.LIMITS, "/clubs/create", "club")  # a route's old address
    with pytest.raises(RuntimeError, match="/clubs/create"):
        make(tmp_path)
