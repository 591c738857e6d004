"""A floor written behind the app at SQLite's highest whole number (2^63 − 1) stops the
numbering: the next game or club would be numbered one above it, and a game's next change
would take the version one above it, neither of which SQLite holds. ``verify`` said
nothing, since it compared a floor only with its log's, and a floor above its log costs
only numbers skipped — but not this one, which no restore keeps from numbers the app gave
(ops17)."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_numbers_given_verified import one, restored, sql, verify  # noqa: F401
from test_operator import an_app
from web import new_game

from scorekeeper.cli import main
from scorekeeper.db import connect

HIGHEST = 2**63 - 1  # SQLite's highest whole number: 9223372036854775807


@pytest.mark.parametrize(
    ("tamper", "named"),
    [
        (
            f"update generation set games_given = {HIGHEST}",
            f"generation row 1: games_given is {HIGHEST}, SQLite's highest number: no new"
            " game can be numbered above it",
        ),
        (
            f"update generation set clubs_given = {HIGHEST}",
            f"generation row 1: clubs_given is {HIGHEST}, SQLite's highest number: no new"
            " club can be numbered above it",
        ),
        (
            f"update versions_given set version = {HIGHEST}",
            f"versions_given: game 1: the version kept is {HIGHEST}, SQLite's highest number:"
            " no change of it can be numbered above it",
        ),
    ],
    ids=["games", "clubs", "version"],
)
def test_a_floor_at_sqlites_highest_is_named(
    restored: Path,  # noqa: F811
    capsys: pytest.CaptureFixture[str],
    tamper: str,
    named: str,
) -> None:
    sql(restored, tamper)
    code, said = verify(restored, capsys)
    assert code == 1, said
    faults = [line for line in said.splitlines() if line.startswith("FAULT ")]
    assert len(faults) == 1 and faults[0].startswith(f"FAULT {named}"), said
    assert said.splitlines()[-1] == "1 fault"


def test_a_floor_at_sqlites_highest_is_named_in_a_database_never_restored(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """No restore, so no log of the numbers given: the floor is named all the same."""
    path = tmp_path / "never.sqlite"
    connect(path, migrate=True).close()
    assert one(path, "select count(*) from numbers_given") == [(0,)]
    sql(path, f"update generation set games_given = {HIGHEST}")
    code, said = verify(path, capsys)
    assert code == 1, said
    assert f"FAULT generation row 1: games_given is {HIGHEST}, SQLite's highest" in said


def test_a_floor_one_below_sqlites_highest_is_no_fault(
    restored: Path,  # noqa: F811
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A floor raised behind the app, but below the highest, costs only numbers skipped: the
    next game is numbered HIGHEST − 1 + 1 = HIGHEST, which SQLite holds."""
    sql(restored, f"update generation set games_given = {HIGHEST - 1}")
    code, said = verify(restored, capsys)
    assert code == 0, said


@pytest.mark.parametrize("where", ["replaced", "backup"])
def test_a_restore_does_not_keep_a_floor_at_sqlites_highest(
    restored: Path,  # noqa: F811
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    where: str,
) -> None:
    """Kept by a restore, such a floor came back on the restored server (its numbering
    stopped again) and on the restore's own line of the log, as if the app had kept it:
    a restore is how the operator mends the file, and the one way it reached the log."""
    sql(
        restored,
        f"update generation set games_given = {HIGHEST}",
        f"update versions_given set version = {HIGHEST}",
    )
    kept = tmp_path / "kept.sqlite"  # the fixture's backup: game 1 at its creation
    if where == "backup":
        kept = tmp_path / "tampered.sqlite"
        assert main(["backup", str(kept), "--database", str(restored)]) == 0
        (tmp_path / "new").mkdir()
        target = tmp_path / "new" / "scorekeeper.sqlite"
        assert main(["restore", str(kept), "--database", str(target)]) == 0
        said = "in the backup"
    else:
        target = restored
        assert main(["restore", str(kept), "--database", str(target), "--force"]) == 0
        said = f"in {target}"
    out = capsys.readouterr().out
    assert f"{said}, generation row 1: games_given is {HIGHEST}, SQLite's highest number" in out, (
        out
    )
    assert f"{said}, versions_given: game 1: the version kept is {HIGHEST}" in out, out
    assert "the restored database does not keep it" in out
    # what the fixture's restore kept and logged: games 1 and 2 handed out, game 1 at version 3
    assert one(target, "select games_given from generation") == [(2,)]
    assert one(target, "select owner, id, version from versions_given") == [("games", 1, 3)]
    assert str(HIGHEST) not in str(one(target, "select state from numbers_given"))
    code, verified = verify(target, capsys)
    assert code == 0, verified
    phone = an_app(target.parent).test_client()
    assert new_game(phone) == "/games/3"  # 2 + 1
