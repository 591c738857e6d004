"""What a request costs in plumbing: the kept connection and the session cookie sent once a day.

Both are speed measures (issue 15); these tests hold what they must not
change: nothing carried from one request to the next, a restored database
seen at once, a phone's rights kept as long as before.
"""

from __future__ import annotations

import re
import sqlite3
from datetime import date, timedelta
from pathlib import Path

from apps import fresh_database
from test_access import links_of, stranger
from web import PageClient, coup_data, enter, new_game, version_of

from scorekeeper import db as database
from scorekeeper.db.backup import restore
from scorekeeper.rights import sessions


def test_a_request_that_ends_inside_a_transaction_leaves_nothing_behind(make_app, tmp_path):
    # a route of its own: an app that no other test used (apps.lent_app)
    app = make_app(DATABASE=tmp_path / "own.sqlite")
    app.test_client_class = PageClient
    client = app.test_client()

    @app.get("/_test/open-transaction")
    def open_transaction() -> str:
        conn = database.get_db().conn
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("update games set version = 999")
        return "left open"

    game = new_game(client)

    assert client.get("/_test/open-transaction").data == b"left open"
    # the thread's kept connection is used again: its transaction was rolled back
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        assert conn.execute("select version from games").fetchone() == (1,)
    conn.close()
    enter(client, game, "pass")
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        assert conn.execute("select version from games").fetchone() == (2,)
    conn.close()


def test_the_app_reads_the_file_it_points_at_now(app, client, tmp_path):
    """A restore puts another file in place: the next request reads it, not the kept one."""
    game = new_game(client)
    assert client.get(game).status_code == 200
    empty = tmp_path / "empty.sqlite"
    fresh_database(empty)
    live = app.config["DATABASE"]
    restore(empty, tmp_path / "other.sqlite")  # another app's file, same schema
    app.config["DATABASE"] = str(tmp_path / "other.sqlite")
    assert client.get(game).status_code == 404
    app.config["DATABASE"] = live
    assert client.get(game).status_code == 200
    restore(empty, Path(live))  # restored in place while the server runs
    assert client.get(game).status_code == 404


def cookie_sent(response) -> bool:
    return any(h.startswith("session=") for h in response.headers.getlist("Set-Cookie"))


def test_a_following_phone_gets_its_cookie_once_a_day(app, client, monkeypatch):
    game = new_game(client)
    _, table = links_of(client, game)
    phone = stranger(app)
    assert cookie_sent(phone.get(table.replace("http://localhost", "")))  # the right to follow
    polls = [phone.get(game + "/version") for _ in range(3)]
    assert all(p.status_code == 200 for p in polls)
    assert not any(cookie_sent(p) for p in polls)  # nothing changed, same day: no cookie

    class Tomorrow(date):
        @classmethod
        def today(cls):
            return date.fromordinal(date.today().toordinal() + 1)

    monkeypatch.setattr(sessions, "date", Tomorrow)
    next_day = phone.get(game + "/version")
    assert cookie_sent(next_day)  # sent again: its 400 days start from today
    expires = re.search(r"Expires=([^;]+)", next_day.headers["Set-Cookie"]).group(1)
    year = int(re.search(r"\d{4}", expires).group(0))
    assert year == (date.today() + timedelta(days=401)).year
    assert not cookie_sent(phone.get(game + "/version"))
    assert phone.get(game).status_code == 200  # still following


def test_the_kept_session_signer_follows_the_secret_key(app, client):
    """The serializer is made once, but a new secret key still ends every old cookie.

    And a key moved to SECRET_KEY_FALLBACKS still reads the cookies it signed.
    """
    game = new_game(client)  # the manager's rights are in this browser's cookie
    assert client.get(game).status_code == 200
    app.secret_key = "another"
    app.config["SECRET_KEY"] = "another"
    assert client.get(game).status_code == 404  # the old cookie no longer opens the game
    app.config["SECRET_KEY_FALLBACKS"] = ["test"]
    assert client.get(game).status_code == 200  # signed with the fallback: read again
    assert sessions._DERIVED  # the derived keys are kept


def test_form_messages_of_wtforms_speak_the_reader_language(app):
    """WTForms' own messages come from its catalog, kept per language, not per request.

    The words are WTForms' catalogs' (fr "Ce champ est requis.", nl "Dit veld is
    vereist."); asked in turn, each language gets its own, never the last one read.
    """
    expected = {
        "fr": "Ce champ est requis.",
        "en": "This field is required.",
        "nl": "Dit veld is vereist.",
    }
    client = app.test_client()
    for lang in ("fr", "en", "nl", "fr", "en", "nl"):
        client.set_cookie("lang", lang)
        response = client.post("/games/new", data={"player0": "", "create": "1"})
        assert response.status_code in (200, 422)
        assert expected[lang] in response.get_data(as_text=True), lang


class Reads:
    """The statements the app runs on this thread's kept connection while counting
    (sqlite3's trace callback: every statement as SQLite runs it)."""

    def __init__(self) -> None:
        self.statements: list[str] = []

    def __enter__(self) -> Reads:
        conn = database.connection._kept.db.conn
        conn.set_trace_callback(self.statements.append)
        self.conn = conn
        return self

    def __exit__(self, *_: object) -> None:
        self.conn.set_trace_callback(None)

    @property
    def selects(self) -> list[str]:
        return [s for s in self.statements if s.lstrip()[:6].lower() == "select"]

    def of(self, table: str) -> list[str]:
        """The SELECTs that read ``table`` as their own (``from games``), not in a subquery
        of another table's read."""
        pattern = re.compile(rf"^\s*select .*? from {table} where", re.I | re.S)
        return [s for s in self.selects if pattern.match(s) and " from coups " not in s[:40]]


def test_a_coup_post_reads_the_database_at_most_six_times(client):
    """One read of the game per request (issue 44): the checks of the rights, the table's
    locks, the change and the after-request hook share what was read once.

    Before, a coup POST ran 19–20 SELECTs: the game's row 8 times, the phone's grant 4
    times, the table's locks twice, the change log's last line and the coup just written
    read back. Now: the row with the grant, the locks (before the work: 423 for a locked
    table), the row with the locks in the change's transaction, the version a restore took
    back (m032: the next is above it), the change log's next link, the journal of facts;
    with a phone's key, that key, once."""
    game = new_game(client)  # this browser holds the game's grant
    assert enter(client, game, "pass").status_code == 302
    client.get(game)  # the game kept by this process, as at a table
    data = {**coup_data("B demande A4 B4 C1"), "save": "1", "version": version_of(client, game)}
    with Reads() as reads:
        answer = client.post(game + "/coups", data=data)
    assert answer.status_code == 302
    assert len(reads.selects) <= 6, "\n".join(reads.selects)
    assert len(reads.of("games")) <= 2, "\n".join(reads.of("games"))
    assert not [s for s in reads.selects if "from grants where" in s]  # with the row
    with sqlite3.connect(client.application.config["DATABASE"]) as conn:
        (count,) = conn.execute("select count(*) from coups").fetchone()
    conn.close()
    assert count == 2

    client.get(game)
    data = {**coup_data("A demande A5 B2 C2"), "save": "1", "version": version_of(client, game)}
    key = {"entry_key": "k" * 20}
    with Reads() as reads:
        answer = client.post(game + "/coups", data={**data, **key})
    assert answer.status_code == 302
    assert len(reads.selects) <= 6, "\n".join(reads.selects)
    with Reads() as reads:  # the retry of a coup stored: answered from its key, once read
        again = client.post(game + "/coups", data={**data, **key})
    assert again.status_code == 302
    assert len(reads.selects) <= 6, "\n".join(reads.selects)
    assert len([s for s in reads.selects if "from coup_keys" in s]) == 1


def test_a_strangers_coup_reads_no_coup(app, client):
    """Access before expensive work: a browser without a link gets 404 from the game's row
    alone, its coups never read, nothing written."""
    game = new_game(client)
    enter(client, game, "pass")
    other = stranger(app)
    other.get("/")  # this thread's connection is open
    data = {**coup_data("B demande A4 B4 C1"), "save": "1", "version": "2"}
    with Reads() as reads:
        answer = other.post(game + "/coups", data=data)
    assert answer.status_code == 404
    assert not [s for s in reads.statements if "coups" in s.split("from", 1)[-1][:8]]
    assert not [s for s in reads.statements if not s.lstrip().lower().startswith("select")]


def test_a_tables_pages_read_its_club_with_its_row(app, client):
    """A club table's pages name its members by their names now and are kept by its club's
    version (names14): read in a statement of its own, the club cost every follower's poll a
    second SELECT (a 304 included) and the manager's page two more, a game alone as much.
    The club is read with the game's row and the phone's grant (``store.table_club``):
    a poll answered 304 runs one SELECT and the manager's page after a coup at most two,
    as before the names, a game alone or at a club's table alike."""
    from test_clubs import new_club, new_evening, seed_table

    club = new_club(client)
    alone = new_game(client)
    at_club = seed_table(client, new_evening(client, app, club, "2026-11-01"), "A", "B", "C")
    for game in (alone, at_club):
        _, table = links_of(client, game)
        phone = stranger(app)
        assert phone.get(table.replace("http://localhost", "")).status_code in (200, 302)
        assert enter(client, game, "pass").status_code == 302
        with Reads() as reads:
            assert client.get(game).status_code == 200  # the manager's page after a coup
        assert len(reads.selects) <= 2, (game, reads.selects)
        drawn = phone.get(game)
        assert drawn.status_code == 200
        with Reads() as reads:
            polled = phone.get(game, headers={"If-None-Match": drawn.headers["ETag"]})
        assert polled.status_code == 304
        assert len(reads.selects) == 1, (game, reads.selects)
