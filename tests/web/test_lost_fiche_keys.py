"""A lost phone's notice says what the store knows of the keys its outbox kept coups under
(fix28b): a coup it sent, stored, whose answer it never had, then undone by the phone that
holds the fiche now, was listed among the coups "never stored". The key keeps how its coup
went, written by the undo or deletion itself (``coup_keys.went``, m037; fix29a: read back
from the change log, a like coup typed at the same place later and deleted took the key's
place); a coup still in the game is said so; a key the store never saw (never stored) or
junk says nothing. The notice carries the words, a key
each (``template.kept-known``); static/outbox.js puts them beside the coup kept
(tests/browser/test_browser_handover.py)."""

from __future__ import annotations

import html
import re
import sqlite3

from test_handover import code_on, follower, take_over
from test_trust import make, phone
from web import coup_data, enter, new_game, version_of

K1, K2, K3 = "k1-aaaaaaaaaaaaaaaa", "k2-bbbbbbbbbbbbbbbb", "k3-cccccccccccccccc"
KNOWN = re.compile(r'<template class="kept-known">(.*?)</template>', re.S)
SAID = re.compile(r'<span data-key="([^"]+)">(.*?)</span>', re.S)


def known(page: str) -> dict[str, str]:
    """The words the notice carries, a key each."""
    found = KNOWN.search(page)
    assert found, "no place for what the store knows"
    return {key: html.unescape(said) for key, said in SAID.findall(found.group(1))}


def two_coups_then_taken(tmp_path):
    """The lost phone stores coups 1 and 2 under K1 and K2, then another phone takes the fiche
    over: (app, lost, taker, game)."""
    app = make(tmp_path)
    lost = phone(app)
    game = new_game(lost).rstrip("/")
    code = code_on(lost.get(game).text)
    assert enter(lost, game, "A demande A5 B2 C2", entry_key=K1).status_code == 302
    assert enter(lost, game, "B demande A2 B5 C2", entry_key=K2).status_code == 302
    taker = follower(app, lost, game)
    assert take_over(taker, game, code).status_code == 302
    return app, lost, taker, game


def ask(client, game: str, *keys: str, language: str = "en") -> dict[str, str]:
    query = "&".join(f"key={key}" for key in keys)
    answer = client.get(f"{game}/lost-fiche?{query}", headers={"Accept-Language": language})
    assert answer.status_code == 200
    return known(answer.text)


def test_an_undone_coup_is_said_stored_then_undone(tmp_path):
    _, lost, taker, game = two_coups_then_taken(tmp_path)
    assert taker.post(game + "/undo", data={"version": version_of(taker, game)}).status_code == 302
    assert ask(lost, game, K1, K2, K3, "junk!", "") == {
        K1: "stored as coup 1: it is in the game",
        K2: "stored as coup 2, then undone: not in the game now",
    }  # K3 never stored, junk no key: nothing said, the list's own words stand
    assert ask(lost, game, K2, language="fr") == {
        K2: "enregistré comme coup 2, puis annulé\u202f: il n’est plus dans la partie"
    }
    assert ask(lost, game) == {}  # a page that names none


def test_a_deleted_coup_is_said_stored_then_deleted(tmp_path):
    _, lost, taker, game = two_coups_then_taken(tmp_path)
    version = version_of(taker, game)
    assert taker.post(game + "/coups/1/delete", data={"version": version}).status_code == 302
    assert ask(lost, game, K1, K2) == {
        K1: "stored as coup 1, then deleted: not in the game now",
        K2: "stored as coup 1: it is in the game",  # coup 2 moved down one place
    }


def test_a_redone_coup_is_in_the_game_again(tmp_path):
    _, lost, taker, game = two_coups_then_taken(tmp_path)
    assert taker.post(game + "/undo", data={"version": version_of(taker, game)}).status_code == 302
    assert taker.post(game + "/redo", data={"version": version_of(taker, game)}).status_code == 302
    assert ask(lost, game, K2) == {K2: "stored as coup 2: it is in the game"}


def test_the_refused_coup_of_the_outbox_is_said_in_the_403_notice(tmp_path):
    """The outbox sends its first kept coup again (its answer lost before the fiche was taken
    and the coup undone): the 403's notice says what its key is."""
    _, lost, taker, game = two_coups_then_taken(tmp_path)
    assert taker.post(game + "/undo", data={"version": version_of(taker, game)}).status_code == 302
    answer = enter(lost, game, "B demande A2 B5 C2", entry_key=K2, version="3")
    assert answer.status_code == 403
    assert known(answer.text) == {K2: "stored as coup 2, then undone: not in the game now"}
    assert "None is in the game on the server, unless said beside it." in answer.text


def test_a_like_coup_typed_again_and_deleted_leaves_the_undone_key_undone(tmp_path):
    """fix29a's reproduction: K2's coup 2 undone, the taker types the same coup again at
    place 2 and deletes it. The log's newest deletion at place 2 has K2's coup (its digest):
    read from the log, K2 was "then deleted"; it was undone."""
    _, lost, taker, game = two_coups_then_taken(tmp_path)
    assert taker.post(game + "/undo", data={"version": version_of(taker, game)}).status_code == 302
    assert enter(taker, game, "B demande A2 B5 C2").status_code == 302  # coup 2 again, no key
    version = version_of(taker, game)
    assert taker.post(game + "/coups/2/delete", data={"version": version}).status_code == 302
    assert ask(lost, game, K1, K2) == {
        K1: "stored as coup 1: it is in the game",
        K2: "stored as coup 2, then undone: not in the game now",
    }


def test_a_like_coup_typed_again_and_undone_leaves_the_deleted_key_deleted(tmp_path):
    """The other way round: K2's coup 2 deleted, typed again at place 2 and undone."""
    _, lost, taker, game = two_coups_then_taken(tmp_path)
    version = version_of(taker, game)
    assert taker.post(game + "/coups/2/delete", data={"version": version}).status_code == 302
    assert enter(taker, game, "B demande A2 B5 C2").status_code == 302
    assert taker.post(game + "/undo", data={"version": version_of(taker, game)}).status_code == 302
    assert ask(lost, game, K2) == {K2: "stored as coup 2, then deleted: not in the game now"}


CORRECTED = "stored as coup 2, then corrected: the game holds it as corrected, not as typed here"


def correct(taker, game: str, position: int, coup: str) -> None:
    data = {**coup_data(coup), "save": "1", "version": version_of(taker, game)}
    assert taker.post(f"{game}/coups/{position}/edit", data=data).status_code == 302


def test_a_corrected_coup_is_said_corrected_an_untouched_one_in_the_game(tmp_path):
    """fix30c: K2's coup corrected by the phone that holds the fiche now (B makes 4 tricks,
    not the 5 the lost phone typed): the game holds another coup than the one kept on the
    lost phone, said so, not "it is in the game"; K1's coup, untouched, is in the game."""
    _, lost, taker, game = two_coups_then_taken(tmp_path)
    correct(taker, game, 2, "B demande A3 B4 C2")
    assert ask(lost, game, K1, K2) == {K1: "stored as coup 1: it is in the game", K2: CORRECTED}
    assert ask(lost, game, K2, language="fr") == {
        K2: "enregistré comme coup 2, puis corrigé\u202f: la partie le tient corrigé, non tel"
        " qu’il a été saisi ici"
    }
    # corrected back to the coup the lost phone sent: the game holds it as typed again
    correct(taker, game, 2, "B demande A2 B5 C2")
    assert ask(lost, game, K2) == {K2: "stored as coup 2: it is in the game"}


def test_a_corrected_coup_undone_is_said_undone_and_redone_corrected(tmp_path):
    """A coup corrected after it was stored, then undone: its coup in the log is no longer
    the key's (the log could not tell); the undo wrote how it went on the key. Redone, the
    coup put back is the corrected one: said corrected again."""
    _, lost, taker, game = two_coups_then_taken(tmp_path)
    correct(taker, game, 2, "B demande A3 B4 C2")  # B makes 4, no longer 5
    assert ask(lost, game, K2) == {K2: CORRECTED}
    assert taker.post(game + "/undo", data={"version": version_of(taker, game)}).status_code == 302
    assert ask(lost, game, K2) == {K2: "stored as coup 2, then undone: not in the game now"}
    assert taker.post(game + "/redo", data={"version": version_of(taker, game)}).status_code == 302
    assert ask(lost, game, K2) == {K2: CORRECTED}


def test_a_coup_deleted_then_a_redo_at_its_place_leaves_its_key_deleted(tmp_path):
    """fix30c: K2's coup 2 deleted; the taker types a coup 2 (no key: no outbox), undoes and
    redoes it. The redo put back the key gone last at place 2 whatever took it out: K2's,
    said "it is in the game" of a coup the lost phone never typed."""
    _, lost, taker, game = two_coups_then_taken(tmp_path)
    version = version_of(taker, game)
    assert taker.post(game + "/coups/2/delete", data={"version": version}).status_code == 302
    assert enter(taker, game, "A demande A5 B2 C2").status_code == 302  # coup 2, no key
    assert taker.post(game + "/undo", data={"version": version_of(taker, game)}).status_code == 302
    assert taker.post(game + "/redo", data={"version": version_of(taker, game)}).status_code == 302
    assert ask(lost, game, K2) == {K2: "stored as coup 2, then deleted: not in the game now"}


def test_a_coup_undone_then_a_redo_of_another_at_its_place_leaves_its_key_undone(tmp_path):
    """The same with K2's coup undone: an undone key, but not the undo the redo takes back
    (a coup typed since ended K2's redo); only the key that very undo marked is put back."""
    _, lost, taker, game = two_coups_then_taken(tmp_path)
    assert taker.post(game + "/undo", data={"version": version_of(taker, game)}).status_code == 302
    assert enter(taker, game, "A demande A5 B2 C2").status_code == 302  # coup 2, no key
    assert taker.post(game + "/undo", data={"version": version_of(taker, game)}).status_code == 302
    assert taker.post(game + "/redo", data={"version": version_of(taker, game)}).status_code == 302
    assert ask(lost, game, K2) == {K2: "stored as coup 2, then undone: not in the game now"}


def test_a_key_gone_before_its_way_was_kept_says_undone_or_deleted(tmp_path):
    """A key marked gone before m037 has no ``went``: not known, the words say both."""
    app, lost, taker, game = two_coups_then_taken(tmp_path)
    assert taker.post(game + "/undo", data={"version": version_of(taker, game)}).status_code == 302
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        conn.execute("update coup_keys set went = null where key = ?", [K2])
    assert ask(lost, game, K2) == {
        K2: "stored as coup 2, then undone or deleted: not in the game now"
    }


def test_a_redone_coup_undone_again_is_said_undone(tmp_path):
    """A redo clears how the key went with its gone mark; a delete after says deleted."""
    _, lost, taker, game = two_coups_then_taken(tmp_path)
    assert taker.post(game + "/undo", data={"version": version_of(taker, game)}).status_code == 302
    assert taker.post(game + "/redo", data={"version": version_of(taker, game)}).status_code == 302
    version = version_of(taker, game)
    assert taker.post(game + "/coups/2/delete", data={"version": version}).status_code == 302
    assert ask(lost, game, K2) == {K2: "stored as coup 2, then deleted: not in the game now"}


def test_a_dropped_key_says_nothing_and_the_heading_stays_true(tmp_path):
    """K2 stored, then undone; 16 coups added and undone since drop its key
    (``GONE_KEPT``): the store no longer knows it, says nothing beside it, and the heading
    says none is in the game, never that none was stored (K2 was)."""
    _, lost, taker, game = two_coups_then_taken(tmp_path)
    assert taker.post(game + "/undo", data={"version": version_of(taker, game)}).status_code == 302
    for n in range(16):  # a key each: 16 gone after K2, K2 the 17th newest
        key = f"t{n:02d}-dddddddddddddddd"
        assert enter(taker, game, "B demande A2 B5 C2", entry_key=key).status_code == 302
        version = version_of(taker, game)
        assert taker.post(game + "/undo", data={"version": version}).status_code == 302
    answer = lost.get(f"{game}/lost-fiche?key={K1}&key={K2}")
    assert known(answer.text) == {K1: "stored as coup 1: it is in the game"}
    assert "None is in the game on the server, unless said beside it." in answer.text
    assert "None was stored" not in answer.text
