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
