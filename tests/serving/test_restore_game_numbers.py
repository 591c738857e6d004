"""A restore frees the numbers of the games made after the backup, and the next game made
takes one again: a phone that followed the gone game, whose cookie lists its number only
(``access.grant_follow``), reads the stranger's new game and lists it on its home page
(found by review11, 2026-11-30; not fixed: the game's number must not be handed out again
— a floor kept with the database that ``restore`` raises to the replaced database's
highest number, and ``insert_game`` numbering above it — or a follow must name more than
the number)."""

from __future__ import annotations

import pytest
from test_operator import an_app
from web import new_game

from scorekeeper.cli import main


@pytest.mark.xfail(strict=True, reason="a restore frees game numbers a phone still follows")
def test_a_game_made_after_a_restore_is_not_read_by_the_phone_of_a_gone_game(tmp_path):
    app = an_app(tmp_path / "live")
    database = app.config["DATABASE"]
    first = app.test_client()
    new_game(first)
    kept = tmp_path / "kept.sqlite"
    assert main(["backup", str(kept), "--database", database]) == 0
    new_game(first, player0="Denise")  # made after the backup; its phone follows it
    assert main(["restore", str(kept), "--database", database, "--force"]) == 0
    stranger = app.test_client()
    made = new_game(stranger, player0="Zoé")
    # the gone game's number is handed out again: made is the gone game's page
    assert first.get(made).status_code == 404  # it read the stranger's game (200)
    assert "Zoé" not in first.get("/").data.decode()  # and listed it as its own
