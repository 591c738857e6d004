"""Where the tests' apps are made: ``create_app`` with what the apps before compiled.

A test takes the ``app``, ``client`` or ``make_app`` fixture (conftest.py); a helper that
is given a folder, a script or a process a test starts (golden/make_pages.py, fuzz_app.py)
calls ``suite_app`` (the tests' settings) or ``new_app`` (exactly the settings given).
"""

from __future__ import annotations

import atexit
import shutil
import tempfile
from pathlib import Path
from typing import Any

from flask import Flask

from scorekeeper.app import Compiled, create_app
from scorekeeper.db import connect

COMPILED = Compiled()
"""The templates' code and the link builders, compiled once per test process."""

TEST_SETTINGS: dict[str, Any] = {
    "TESTING": True,
    "SECRET_KEY": "test",
    "WTF_CSRF_ENABLED": False,
    "RATELIMIT_ENABLED": False,  # the limits are tested on their own
}
"""The settings of a test's app unless it says otherwise (``make_app``)."""


def suite_app(database: Path | str, **settings: Any) -> Flask:
    """An app with the tests' settings on ``database``, ``settings`` over them; a database
    that is not there yet is first a copy of the migrated one (``migrated_database``)."""
    return new_app({**TEST_SETTINGS, "DATABASE": fresh_database(Path(database)), **settings})


def fresh_database(path: Path) -> str:
    """``path`` made a copy of the migrated database unless it is there; as a setting."""
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)  # as create_app makes it
        migrated_copy(migrated_database(), path)
    return str(path)


def new_app(config: dict[str, Any] | None = None) -> Flask:
    """``create_app(config)``, reusing what the apps of this process compiled before."""
    return create_app(config, compiled=COMPILED)


def migrated_copy(template: Path, target: Path) -> str:
    """``template`` copied to ``target`` (its 0600 mode too); the path as the app wants it."""
    shutil.copy(template, target)
    return str(target)


MIGRATED: list[Path] = []
"""The migrated database of this process, once made (conftest.py's ``migrated_database``
makes it in pytest's temporary folder; a script's is made on first use)."""


def migrated_database() -> Path:
    """An empty database with every migration applied, made once per process."""
    if not MIGRATED:
        folder = Path(tempfile.mkdtemp(prefix="migrated-"))
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        make_migrated(folder / "migrated.sqlite")
    return MIGRATED[0]


def make_migrated(path: Path) -> Path:
    """``path``: a new database with every migration applied, this process's template."""
    connect(path, migrate=True).close()  # the last connection closed: no -wal file left
    MIGRATED[:] = [path]
    return path
