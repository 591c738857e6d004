"""A line of the log of the numbers given retyped behind the app (review13): ``verify``
names it, and a restore does not take its numbers as floors. Taken, a number retyped past
SQLite's highest made the restore a traceback, and one at SQLite's highest left a restored
server where no new game could be numbered (its next number one past the highest)."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_numbers_given_verified import one, restored, sql, verify  # noqa: F401
from test_operator import an_app
from web import new_game

from scorekeeper.cli import main

HIGHEST = 2**63 - 1  # SQLite's highest whole number


def _state(games: int) -> str:
    return '\'{"given":{"clubs":2,"games":' + str(games) + '},"versions":[["games",1,3]]}\''


@pytest.mark.parametrize(
    ("retyped", "named"),
    [
        (f"state = {_state(10**30)}", "its content is not what its hash says"),
        (f"state = {_state(HIGHEST)}", "its content is not what its hash says"),
        ("state = x'00ff'", "its column state holds a blob"),  # no JSON to hash: no traceback
    ],
    ids=["past-sqlite", "sqlite-highest", "blob"],
)
def test_a_line_retyped_is_named_and_its_numbers_are_not_kept(
    restored: Path,  # noqa: F811
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    retyped: str,
    named: str,
) -> None:
    sql(restored, "drop trigger numbers_given_no_update", f"update numbers_given set {retyped}")
    code, said = verify(restored, capsys)
    assert code == 1, said
    assert f"FAULT numbers_given row 1: {named}" in said.replace("generation 1: ", "")
    kept = tmp_path / "kept.sqlite"  # the fixture's backup: game 1 at its creation
    assert main(["restore", str(kept), "--database", str(restored), "--force"]) == 0
    capsys.readouterr()
    # what the restores kept as stored (the fixture's: games 2 and club 2 handed out, game
    # 1 at version 3), not the retyped line's number
    assert one(restored, "select games_given, clubs_given from generation") == [(2, 2)]
    assert one(restored, "select owner, id, version from versions_given") == [("games", 1, 3)]
    phone = an_app(restored.parent).test_client()
    assert new_game(phone) == "/games/3"
