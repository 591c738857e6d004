"""``scorekeeper serve`` on a folder named as the database (ops17): it said "database
cannot be written (unable to open database file)", which sent the operator to the file's
mode and the disk; the folder is what is wrong, and the line says so."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def test_serve_on_a_folder_named_as_the_database_says_it_is_a_folder(tmp_path: Path) -> None:
    folder = tmp_path / "scorekeeper.sqlite"
    folder.mkdir()
    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper.cli", "serve", "--port", "0", "--no-qr"],
        env={**os.environ, "SCOREKEEPER_DATABASE": str(folder), "SCOREKEEPER_SECRET_KEY": "x"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stderr == (
        f"error: {folder} is a folder, not a database file: name the database file in it\n"
    )
    assert list(folder.iterdir()) == []  # nothing made in it


def test_health_on_a_folder_named_as_the_database_says_not_a_database(tmp_path: Path) -> None:
    """/health's fixed reason (``probe.trouble``) said "database cannot be written", as the
    start did: a folder is no database, whatever its modes."""
    from scorekeeper.db import probe

    folder = tmp_path / "scorekeeper.sqlite"
    folder.mkdir()
    assert probe.trouble(folder) == probe.NOT_A_DATABASE == "not a database"
