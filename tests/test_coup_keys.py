"""A coup sent twice under the phone's key is stored once (issue 26, the outbox's server half).

The retry of a coup whose answer was lost carries the version the page
showed before that coup: without its key it would be refused as another
phone's change (409); with it, it is answered as stored and nothing more
is stored, for every kind, through the one coup flow.
"""

from __future__ import annotations

import sqlite3

import pytest
from test_web_sheets import new_sheet
from test_web_sheets import report as sheet_report
from test_web_sheets import version as sheet_version
from web import coup_data, new_game, report, version_of

from scorekeeper import db as database
from scorekeeper import store

KEY = "k" * 15 + "0123456789abcdef"  # 31 URL-safe characters


def test_a_hombre_coup_sent_twice_under_its_key_is_stored_once(client):
    game = new_game(client)
    seen = version_of(client, game)
    data = {**coup_data("B demande A2 B5 C2"), "save": "1", "version": seen, "entry_key": KEY}
    first = client.post(game + "/coups", data=data)
    assert first.status_code == 302
    # the retry carries the version the page showed: the game moved on by this very coup
    again = client.post(game + "/coups", data=data)
    assert again.status_code == 302 and again.headers["Location"] == first.headers["Location"]
    assert len(report(client, game)["coups"]) == 1
    assert version_of(client, game) == str(int(seen) + 1)
    # without the key the same retry is another phone's change: refused, nothing stored
    stale = client.post(game + "/coups", data={**data, "entry_key": ""})
    assert stale.status_code == 409
    assert len(report(client, game)["coups"]) == 1
    # undone since: the key still names a coup stored once, it is not stored again
    assert client.post(game + "/undo").status_code == 302
    late = client.post(game + "/coups", data=data, follow_redirects=True)
    assert "Coup 1 was saved already." in late.data.decode()
    assert report(client, game)["coups"] == []


def test_the_outbox_reads_the_coup_number_and_version_in_json_on_a_retry_too(client):
    game = new_game(client)
    seen = int(version_of(client, game))
    asks = {"Accept": "application/json"}
    for n, key in enumerate(["a" * 16, "b" * 64], 1):
        data = {**coup_data("pass"), "version": str(seen + n - 1), "entry_key": key}
        answer = client.post(game + "/coups", data=data, headers=asks)
        assert answer.status_code == 200
        assert answer.get_json() == {"coup": n, "version": seen + n}
    retry = client.post(
        game + "/coups",
        data={**coup_data("pass"), "version": str(seen), "entry_key": "a" * 16},
        headers=asks,
    )
    assert retry.get_json() == {"coup": 1, "version": seen + 1}  # the first one's answer
    assert len(report(client, game)["coups"]) == 2


@pytest.mark.parametrize("kind", ["brou", "manille"])
def test_a_sheet_coup_sent_twice_under_its_key_is_stored_once(client, kind):
    game = new_sheet(client, kind)
    data = {"version": sheet_version(client, game), "points": "60", "entry_key": KEY}
    assert client.post(game + "/sheet/coups", data=data).status_code == 302
    assert client.post(game + "/sheet/coups", data=data).status_code == 302
    assert len(sheet_report(client, game)["coups"]) == 1


def test_a_key_belongs_to_its_game(client):
    games = [new_game(client), new_game(client)]
    for game in games:
        data = {**coup_data("pass"), "version": version_of(client, game), "entry_key": KEY}
        assert client.post(game + "/coups", data=data).status_code == 302
    assert [len(report(client, game)["coups"]) for game in games] == [1, 1]


@pytest.mark.parametrize(
    "key",
    ["short", "x" * 15, "y" * 65, "with space 0123456789", "ünïcode-0123456789", "a/b" * 8],
)
def test_a_key_of_the_wrong_length_or_letters_is_refused_and_nothing_stored(client, key):
    game = new_game(client)
    data = {**coup_data("pass"), "version": version_of(client, game), "entry_key": key}
    assert client.post(game + "/coups", data=data).status_code == 400
    assert report(client, game)["coups"] == []


def test_two_saves_under_one_key_at_once_store_one_coup_and_the_keys_go_with_their_game(
    client, app
):
    game = new_game(client)
    game_id = int(game.strip("/").split("/")[1])
    db = database.connect(app.config["DATABASE"])
    data = {**coup_data("pass"), "version": version_of(client, game), "entry_key": KEY}
    client.post(game + "/coups", data=data)
    stored = store.load(db, game_id)
    # the second request read no key before the first committed: the transaction's check
    with pytest.raises(store.AlreadyStored) as raised:
        store.add_coup(db, game_id, stored.game.coups[0], version=stored.version - 1, key=KEY)
    assert (raised.value.position, raised.value.version) == (1, stored.version)
    assert store.load(db, game_id).version == stored.version  # nothing written
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        conn.execute("pragma foreign_keys = on")
        # no route deletes a game (the change log is append-only, docs/security.md): a purge
        # by hand drops the log's triggers first, and the game's keys go with it
        for event in ("update", "delete"):
            conn.execute(f"drop trigger changes_no_{event}")
        for table in ("coups", "changes", "seats", "evening_games", "grants"):
            conn.execute(f"delete from {table} where game_id = ?", [game_id])
        conn.execute("delete from games where id = ?", [game_id])
        assert conn.execute("select count(*) from coup_keys").fetchone() == (0,)


def test_a_coup_refused_by_the_rules_or_the_version_keeps_no_key(client):
    """The phone may send the same key again once the coup is put right (or sent after
    another phone's): only a stored coup holds its key."""
    game = new_game(client)
    seen = version_of(client, game)
    wrong = {**coup_data("A demande A4 B4 C2"), "save": "1", "version": seen, "entry_key": KEY}
    assert client.post(game + "/coups", data=wrong).status_code == 422  # 10 tricks, not 9
    stale = {**coup_data("pass"), "version": str(int(seen) - 1), "entry_key": KEY}
    assert client.post(game + "/coups", data=stale).status_code == 409
    right = {**coup_data("A demande A4 B4 C1"), "save": "1", "version": seen, "entry_key": KEY}
    assert client.post(game + "/coups", data=right).status_code == 302
    assert [c["hombre"] for c in report(client, game)["coups"]] == ["Anne"]
