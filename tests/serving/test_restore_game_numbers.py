"""A restore never frees a game's or a club's number: a phone whose cookie follows a game
made after the backup (the cookie lists its number only, ``access.grant_follow``) must not
read the stranger's game the next number would be, nor list it as its own; the same for a
club read by its link (found by review11, 2026-11-30). The restore keeps the replaced
database's highest numbers (``db/numbers.py``, m031), and a new game or club is numbered
above them — through a second restore too."""

from __future__ import annotations

import sqlite3

import pytest
from test_operator import an_app
from web import new_game

from scorekeeper.cli import main

CLUB = {"name": "Le Cercle", "chip_value": "0.05", "currency": "EUR", "submit": "1"}


def _new_club(client) -> str:
    response = client.post("/clubs/new", data=CLUB)
    assert response.status_code == 302, response.data.decode()[:500]
    return response.headers["Location"].split("?")[0]


def _one_game_backed_up(tmp_path):
    """A server's app, its database, the phone that made game 1, and a backup of it."""
    app = an_app(tmp_path / "live")
    database = app.config["DATABASE"]
    first = app.test_client()
    assert new_game(first) == "/games/1"
    kept = tmp_path / "kept.sqlite"
    assert main(["backup", str(kept), "--database", database]) == 0
    return app, database, first, kept


def test_a_game_made_after_a_restore_is_not_read_by_the_phone_of_a_gone_game(tmp_path):
    app, database, first, kept = _one_game_backed_up(tmp_path)
    gone = new_game(first, player0="Denise")  # made after the backup; its phone follows it
    assert gone == "/games/2"
    assert main(["restore", str(kept), "--database", database, "--force"]) == 0
    stranger = app.test_client()
    made = new_game(stranger, player0="Zoé")
    assert made == "/games/3"  # 2 was handed out before the restore: never again
    assert first.get(gone).status_code == 404  # gone with the restore, and no one else's
    assert first.get(made).status_code == 404  # the stranger's game is not theirs
    assert "Zoé" not in first.get("/").data.decode()  # nor listed as their own
    assert stranger.get(made).status_code == 200


def test_the_numbers_given_outlive_a_second_restore_and_count_clubs_too(tmp_path):
    app = an_app(tmp_path / "live")
    database = app.config["DATABASE"]
    phone = app.test_client()
    kept = tmp_path / "kept.sqlite"
    assert main(["backup", str(kept), "--database", database]) == 0  # no game, no club
    assert [new_game(phone), new_game(phone), _new_club(phone)] == [
        "/games/1",
        "/games/2",
        "/clubs/2",  # m006 made club 1, the club of the games before clubs
    ]
    assert main(["restore", str(kept), "--database", database, "--force"]) == 0
    # the restored database has no game: SQLite alone would give 1 again; 1 and 2 are given
    assert new_game(app.test_client()) == "/games/3"
    # a second restore of the same backup: 3 was given since, so the next is 4 (the floor
    # kept by the first restore, 2, is raised to the replaced database's highest, 3)
    assert main(["restore", str(kept), "--database", database, "--force"]) == 0
    stranger = app.test_client()
    assert new_game(stranger) == "/games/4"
    club = _new_club(stranger)
    assert club == "/clubs/3"  # club 2 was the phone's, before the restore
    assert phone.get(club).status_code == 404
    conn = sqlite3.connect(database)
    given = conn.execute("select games_given, clubs_given from generation").fetchone()
    conn.close()
    assert given == (3, 2)


@pytest.mark.parametrize(
    "damage",
    [
        "delete from generation",  # the row gone: the restored database had none either
        "update generation set games_given = 'x', clubs_given = 'x'",  # retyped: text > int
    ],
)
def test_a_backup_whose_generation_row_was_damaged_still_keeps_the_numbers_given(tmp_path, damage):
    """review12: the numbers given are kept in the restored database's generation row,
    written by an ``update``: a backup whose row was deleted behind the app had no row to
    update (and no generation), and one whose column was retyped to text kept the text
    (SQLite's ``max`` ranks any text above any number), which ``numbers.unused`` reads as
    none: game 2, made after the backup and followed by its phone, was handed out again."""
    app, database, first, kept = _one_game_backed_up(tmp_path)
    conn = sqlite3.connect(kept)
    conn.execute(damage)
    conn.commit()
    conn.close()
    gone = new_game(first, player0="Denise")  # made after the backup; its phone follows it
    assert gone == "/games/2"
    assert main(["restore", str(kept), "--database", database, "--force"]) == 0
    stranger = app.test_client()
    assert new_game(stranger, player0="Zoé") == "/games/3"  # 2 was handed out: never again
    assert first.get(gone).status_code == 404
    conn = sqlite3.connect(database)
    row = conn.execute("select length(token), games_given, clubs_given from generation").fetchall()
    conn.close()
    assert row == [(24, 2, 1)]  # a generation (12 bytes in hex); club 1 is m006's


def test_a_page_older_than_a_restore_stays_refused_once_the_version_comes_again(tmp_path):
    """A restore lowers a game's version; changes made after it raise it again, one by one,
    to the version a page drawn before the restore shows, and that page's change is then
    accepted as if it had been drawn from the game as it is (review11, offline14). The
    restore keeps the versions the replaced database gave (m032, ``db/numbers.py``), and
    ``store.changing`` numbers the next change above them: no version comes again."""
    from web import coup_data, enter, version_of

    app, database, manager, kept = _one_game_backed_up(tmp_path)
    game = "/games/1"
    for coup in ("A demande A5 B2 C2", "B demande A2 B5 C2"):
        assert enter(manager, game, coup).status_code == 302
    shown = version_of(manager, game)  # a page drawn with 2 coups: version 3
    assert main(["restore", str(kept), "--database", database, "--force"]) == 0
    other = app.test_client()  # the manager's second phone, its grant kept by the backup
    other.set_cookie("session", manager.get_cookie("session").value)
    for coup in ("C demande A2 B1 C6", "pass"):  # version 1, then 4 and 5: never 3 again
        assert enter(other, game, coup).status_code == 302
    assert int(version_of(other, game)) == int(shown) + 2  # it was 3 again, another game
    stale = {**coup_data("A demande A5 B2 C2"), "save": "1", "version": shown}
    refused = manager.post(game + "/coups", data=stale)
    assert refused.status_code == 409  # it was stored (302)
    # 3 is below 5: the game changed since the page, as another phone changed it after
    assert "La partie a changé entre-temps" in refused.data.decode()
    # the log's versions jump (1, then 4 and 5): verify finds every line and row in order
    assert main(["verify", "--database", database]) == 0


def test_a_restore_over_a_retyped_log_of_the_numbers_given_says_what_it_cannot_keep(
    tmp_path, capsys
):
    """ops16: a line of the log of the numbers given retyped behind the app counts for
    nothing (docs/security.md), and the floors lowered with it are then what the log says:
    a restore over that database kept game 1 as the highest number given, so game 2, made
    after the backup and followed by its phone, would be handed out again, and the restore
    said nothing of it, where it names every floor it takes back from the log."""
    _, database, first, kept = _one_game_backed_up(tmp_path)
    assert new_game(first, player0="Denise") == "/games/2"  # its phone follows it
    assert main(["restore", str(kept), "--database", database, "--force"]) == 0  # keeps 2
    conn = sqlite3.connect(database)
    conn.executescript(
        "drop trigger numbers_given_no_update;"
        " update numbers_given set state = replace(state, '\"games\":2', '\"games\":1');"
        " update generation set games_given = 1;"
    )
    conn.close()
    capsys.readouterr()
    assert main(["restore", str(kept), "--database", database, "--force"]) == 0
    said = capsys.readouterr().out
    assert (
        f"in {database}, numbers_given row 1: generation 1: its content is not what its hash"
        " says (retyped behind the app): the numbers and versions it kept are not known;"
        " scorekeeper verify named it" in said
    ), said
