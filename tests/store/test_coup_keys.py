"""A coup sent twice under the phone's key is stored once (issue 26, the outbox's server half).

The retry of a coup whose answer was lost carries the version the page
showed before that coup: without its key it would be refused as another
phone's change (409); with it, it is answered as stored and nothing more
is stored, for every kind, through the one coup flow.
"""

from __future__ import annotations

import sqlite3

import pytest
from test_handover import code_on, follower, take_over
from test_lost_fiche import bruno_plays, four_at_the_table
from test_trust import make, phone
from test_web_sheets import new_sheet
from test_web_sheets import report as sheet_report
from test_web_sheets import version as sheet_version
from web import coup_data, enter, new_game, report, version_of

from scorekeeper import db as database
from scorekeeper import store
from scorekeeper.store import coup_keys

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
    # undone since: the key names a coup no longer in the game, said so; not stored again
    assert client.post(game + "/undo").status_code == 302
    late = client.post(game + "/coups", data=data, follow_redirects=True)
    assert "stored as coup 1, then undone: it is not in the game" in late.data.decode()
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


ASKS = {"Accept": "application/json"}


def _game_id(game):
    return int(game.strip("/").split("/")[1])


def _key_rows(app, game_id):
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        return conn.execute(
            "select key, position, gone from coup_keys where game_id = ? order by rowid",
            [game_id],
        ).fetchall()


def test_the_same_key_with_another_coup_is_refused_naming_the_stored_coup(client):
    game = new_game(client)
    seen = int(version_of(client, game))
    first = {**coup_data("B demande A2 B5 C2"), "save": "1", "version": str(seen)}
    assert client.post(game + "/coups", data={**first, "entry_key": KEY}, headers=ASKS).json == {
        "coup": 1,
        "version": seen + 1,
    }
    # another coup (A plays, not B) under the key of coup 1: never "stored", never dropped unsaid
    other = {**coup_data("A demande A4 B4 C1"), "save": "1", "version": str(seen + 1)}
    answer = client.post(game + "/coups", data={**other, "entry_key": KEY}, headers=ASKS)
    assert answer.status_code == 409
    body = answer.get_json()
    assert body["error"] == "key_used" and body["coup"] == 1
    # the stored coup named in the file's words: Bruno's demande, tricks 2-5-2
    stored = '{"contract": "demande", "hombre": "Bruno", "tricks": {"Anne": 2, "Bruno": 5'
    assert "coup 1 (" + stored in body["message"]
    assert [c["hombre"] for c in report(client, game)["coups"]] == ["Bruno"]  # A's not stored
    # the same coup again under it is still the retry's answer
    again = client.post(game + "/coups", data={**first, "entry_key": KEY}, headers=ASKS)
    assert again.status_code == 200 and again.get_json() == {"coup": 1, "version": seen + 1}
    # a page (no JSON) is sent back to the game with the refusal said
    page = client.post(game + "/coups", data={**other, "entry_key": KEY}, follow_redirects=True)
    assert "already sent another coup under this key: coup 1" in page.data.decode()
    assert len(report(client, game)["coups"]) == 1


def test_a_key_whose_coup_was_undone_or_deleted_is_answered_so(client):
    game = new_game(client)
    seen = int(version_of(client, game))
    keys = ["u" * 16, "d" * 16, "e" * 16]
    for n, key in enumerate(keys):
        data = {**coup_data("pass"), "version": str(seen + n), "entry_key": key}
        assert client.post(game + "/coups", data=data, headers=ASKS).status_code == 200
    # coup 1 deleted: the key of coup 3 follows its coup down to coup 2
    assert client.post(game + "/coups/1/delete", data={"confirm": "1"}).status_code == 302
    retry = {**coup_data("pass"), "version": str(seen), "entry_key": keys[0]}
    gone = client.post(game + "/coups", data=retry, headers=ASKS)
    assert gone.status_code == 410
    assert gone.get_json()["error"] == "gone" and gone.get_json()["coup"] == 1
    # how it went, as the key keeps it: deleted, not "undone or deleted"
    assert "stored as coup 1, then deleted: it is not in the game" in gone.get_json()["message"]
    third = client.post(
        game + "/coups", data={**retry, "entry_key": keys[2]}, headers=ASKS
    ).get_json()
    assert third["coup"] == 2  # coups 2 and 3 are now 1 and 2
    # the last coup undone: its key too is gone; a redo puts it back, and its key names it
    assert client.post(game + "/undo").status_code == 302
    late = client.post(game + "/coups", data={**retry, "entry_key": keys[2]}, headers=ASKS)
    assert late.status_code == 410 and late.get_json()["coup"] == 2
    assert "stored as coup 2, then undone: it is not in the game" in late.get_json()["message"]
    assert len(report(client, game)["coups"]) == 1  # nothing stored again
    assert client.post(game + "/redo").status_code == 302
    back = client.post(game + "/coups", data={**retry, "entry_key": keys[2]}, headers=ASKS)
    assert back.status_code == 200 and back.get_json()["coup"] == 2


def test_150_adds_and_undos_leave_no_pile_of_key_rows(client, app):
    game = new_game(client)
    game_id = _game_id(game)
    for n in range(150):
        data = {**coup_data("pass"), "version": version_of(client, game), "entry_key": f"{n:016d}"}
        assert client.post(game + "/coups", data=data, headers=ASKS).status_code == 200
        assert client.post(game + "/undo").status_code == 302
    rows = _key_rows(app, game_id)
    assert report(client, game)["coups"] == []
    # the game has no coup: no live key; the last GONE_KEPT (16) removals only, not 150
    assert len(rows) == coup_keys.GONE_KEPT == 16
    assert all(gone is not None for _key, _position, gone in rows)
    assert {key for key, _p, _g in rows} == {f"{n:016d}" for n in range(134, 150)}


def test_m016_puts_the_kept_keys_right_and_drops_the_pile(tmp_path):
    """Keys kept before m016: an add + undo left one row each, and a key undone then
    replaced by another coup at its place still named that place."""
    import sqlite_utils

    from scorekeeper.db.migrations import migrations

    path = tmp_path / "old.sqlite"
    old = sqlite_utils.Database(str(path))
    migrations.apply(old, stop_before="m016_coup_key_digests_and_look_alikes")
    old["games"].insert(
        {
            "id": 1,
            "game": "hombre",
            "players": "[]",
            "first_dealer": 0,
            "rules": "{}",
            "created_at": "2026-11-27",
            "version": 200,
        }
    )
    old["coups"].insert({"game_id": 1, "position": 1, "data": "{}"})
    # 40 add + undo at place 2 (versions 3, 5, ... 81), then place 1 stored twice over
    # (version 90, undone, then version 100: the coup there now)
    rows = [
        {"game_id": 1, "key": f"{n:016d}", "position": 2, "version": 3 + 2 * n} for n in range(40)
    ]
    rows += [
        {"game_id": 1, "key": "a" * 16, "position": 1, "version": 90},
        {"game_id": 1, "key": "b" * 16, "position": 1, "version": 100},
    ]
    old["coup_keys"].insert_all(rows)
    migrations.apply(old)
    kept = {r["key"]: r for r in old.query("select * from coup_keys")}
    assert kept["b" * 16]["gone"] is None  # the coup at place 1 is the last stored there
    assert kept["a" * 16]["gone"] == 200  # replaced since: gone, never "stored" again
    # 41 gone keys, the 16 newest kept: version 90 and the 15 last undone, 53 to 81
    gone = sorted(r["version"] for r in kept.values() if r["gone"] is not None)
    assert gone == [*range(53, 82, 2), 90]
    assert len(kept) == 17  # and the live one


def test_a_retry_of_a_coup_whose_hombre_deals_the_next_is_answered_stored(client):
    """Four at the table, Anne deals coup 1 and sits out; Bruno plays it, so they deal coup 2
    (dealer_of(0, 2, 4) == 1) and sits out. The retry of coup 1 (its answer lost) was read
    against coup 2: "Bruno deals and sits out, so cannot be the hombre", its digest none, and
    the phone's own coup refused 409 key_used. It is read as coup 1 was: stored, said so."""
    game = four_at_the_table(client)
    seen = int(version_of(client, game))
    sent = bruno_plays(str(seen), entry_key=KEY)
    first = client.post(game + "/coups", data=sent, headers=ASKS)
    assert first.status_code == 200 and first.json == {"coup": 1, "version": seen + 1}
    again = client.post(game + "/coups", data=sent, headers=ASKS)
    assert again.status_code == 200 and again.json == first.json
    # a page (the form posted without the outbox): the game again, coup 1 said saved
    page = client.post(game + "/coups", data=sent, follow_redirects=True)
    assert page.status_code == 200 and "Coup 1 saved" in page.text
    assert "cannot be the hombre" not in page.text and "another coup" not in page.text
    # coup 2 stored since (Chloé deals it, all pass): the retry is still coup 1's, said so
    assert enter(client, game, "pass").status_code == 302
    late = client.post(game + "/coups", data=sent, follow_redirects=True)
    assert "Coup 1 was saved already." in late.text
    assert client.post(game + "/coups", data=sent, headers=ASKS).json == first.json
    # another coup under the same key (Chloé 3 tricks, Denis 2: not what was stored) is
    # refused naming the stored one, whichever game it is read against
    other = {**sent, "t2": "3", "t3": "2"}
    answer = client.post(game + "/coups", data=other, headers=ASKS)
    assert answer.status_code == 409 and answer.json["error"] == "key_used"
    assert answer.json["coup"] == 1 and '"hombre": "Bruno"' in answer.json["message"]
    coups = report(client, game)["coups"]
    assert len(coups) == 2 and coups[0]["hombre"] == "Bruno"  # nothing stored twice
    assert coups[0]["tricks"] == {"Bruno": 4, "Chloé": 4, "Denis": 1}


def test_a_retry_meets_its_coup_stored_though_the_table_stopped_or_the_fiche_went_since(
    tmp_path,
):
    """Stored is stored: the table stopped after the coup (423 to a new coup) or another
    phone took the fiche (403) before the retry came: it is answered as the first time,
    not refused, so the phone never shows it as a coup to read to the new manager."""
    app = make(tmp_path)
    manager = phone(app)
    base = new_game(manager)
    game = base.rstrip("/")
    code = code_on(manager.get(base).text)
    seen = int(version_of(manager, game))
    sent = {**coup_data("B demande A2 B5 C2"), "save": "1", "version": str(seen)}
    first = manager.post(game + "/coups", data={**sent, "entry_key": KEY}, headers=ASKS)
    assert first.status_code == 200 and first.json == {"coup": 1, "version": seen + 1}
    assert manager.post(game + "/stop", data={"confirmed": "1"}).status_code == 302
    stopped = manager.post(game + "/coups", data={**sent, "entry_key": KEY}, headers=ASKS)
    assert stopped.status_code == 200 and stopped.json == first.json
    # a new coup (another key) at the stopped table is still refused as locked
    assert manager.post(game + "/coups", data={**sent, "entry_key": "n" * 16}).status_code == 423
    assert manager.post(game + "/resume", data={}).status_code == 302
    taker = follower(app, manager, base)
    assert take_over(taker, base, code).status_code == 302
    lost = manager.post(game + "/coups", data={**sent, "entry_key": KEY}, headers=ASKS)
    assert lost.status_code == 200 and lost.json == first.json
    page = manager.post(game + "/coups", data={**sent, "entry_key": KEY}, follow_redirects=True)
    assert page.status_code == 200 and "Coup 1 saved" in page.text
    # its other coups are still refused as the lost phone's: 403, written out; so is
    # another coup under the key (it can store nothing here now: not 409)
    assert manager.post(game + "/coups", data={**sent, "entry_key": "m" * 16}).status_code == 403
    assert manager.post(game + "/coups", data=sent).status_code == 403
    other = {**coup_data("A demande A4 B4 C1"), "save": "1", "version": str(seen)}
    assert manager.post(game + "/coups", data={**other, "entry_key": KEY}).status_code == 403
    assert len(report(manager, game)["coups"]) == 1
    # and once the new manager undid it, its retry too (not 410)
    assert taker.post(game + "/undo", data={}).status_code == 302
    gone = manager.post(game + "/coups", data={**sent, "entry_key": KEY}, headers=ASKS)
    assert gone.status_code == 403 and 'id="lost-fiche"' in gone.text
    assert report(manager, game)["coups"] == []


def test_m038_marks_the_keys_of_coups_corrected_before_it(tmp_path):
    """Keys of coups in the game kept before m038: a key whose digest is not the coup stored
    at its place now was corrected since (marked at the game's version, when is not kept);
    the same coup, a gone key and a key without a digest (before m016) stay unmarked."""
    import json

    import sqlite_utils

    from scorekeeper.db.migrations import migrations

    path = tmp_path / "old.sqlite"
    old = sqlite_utils.Database(str(path))
    migrations.apply(old, stop_before="m038_a_corrected_coup_key")
    game = {"players": "[]", "first_dealer": 0, "rules": "{}", "created_at": "2026-11-30"}
    old["games"].insert({"id": 1, "game": "hombre", "version": 12, **game})
    sent = {"hombre": "Bruno", "tricks": {"Anne": 2, "Bruno": 5, "Chloé": 2}}
    held = {"hombre": "Bruno", "tricks": {"Anne": 3, "Bruno": 4, "Chloé": 2}}  # corrected
    for position, coup in enumerate([sent, held, held], 1):
        data = json.dumps(coup, ensure_ascii=False)
        old["coups"].insert({"game_id": 1, "position": position, "data": data})
    rows = [
        ("same" * 4, 1, coup_keys.digest_of(sent), None),  # coup 1 as sent
        ("corr" * 4, 2, coup_keys.digest_of(sent), None),  # coup 2 sent as ``sent``
        ("none" * 4, 3, None, None),  # before digests: not known
        ("gone" * 4, 3, coup_keys.digest_of(sent), 9),  # undone: not in the game
    ]
    old["coup_keys"].insert_all(
        {"game_id": 1, "key": k, "position": p, "version": 2, "digest": d, "gone": g}
        for k, p, d, g in rows
    )
    migrations.apply(old)
    marked = {r["key"]: r["corrected"] for r in old.query("select * from coup_keys")}
    assert marked == {"same" * 4: None, "corr" * 4: 12, "none" * 4: None, "gone" * 4: None}


def test_a_redo_puts_back_only_the_key_its_undo_marked(client, app):
    """``coup_put_back``: with the undo's version (its log line's state), the key that undo
    marked and no other; without it (a line older than the states), the key undone last at
    that place, never one deleted there, though deleted later."""
    game_id = _game_id(new_game(client))
    keys = [("undone5", 5, "undo"), ("deleted7", 7, "delete"), ("undone3", 3, "undo")]
    db = database.connect(app.config["DATABASE"])

    def back(undone: int | None) -> list[str]:
        with db.conn:
            db.execute("delete from coup_keys where game_id = ?", [game_id])
            for key, gone, went in keys:
                db.execute(
                    "insert into coup_keys (game_id, key, position, version, gone, went)"
                    " values (?, ?, 2, 1, ?, ?)",
                    [game_id, key.ljust(16, "x"), gone, went],
                )
            coup_keys.coup_put_back(db, game_id, 2, undone)
        rows = db.execute("select key from coup_keys where gone is null order by key").fetchall()
        return [key.rstrip("x") for (key,) in rows]

    assert back(None) == ["undone5"]  # the last undone at place 2; deleted7 is newer
    assert back(3) == ["undone3"]  # the very undo the redo takes back
    assert back(7) == []  # version 7 deleted its coup: no undo to take back
    assert back(6) == []  # no key marked by that undo (its coup had none)
    # a key gone before m037 kept how (went null), as every key of a line that old is: the
    # last gone at that place but the deleted one, so the redo's key (it was not put back)
    keys.append(("before9", 9, None))
    assert back(None) == ["before9"]
