"""Where the tests' apps are made: ``create_app`` with what the apps before compiled.

A test takes the ``app``, ``client`` or ``make_app`` fixture (conftest.py); a helper that
is given a folder, a script or a process a test starts (golden/make_pages.py, fuzz_app.py)
calls ``suite_app`` (the tests' settings) or ``new_app`` (exactly the settings given).
"""

from __future__ import annotations

import atexit
import copy
import os
import shutil
import sqlite3
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import sqlite_utils
from flask import Flask

from scorekeeper.app import Compiled, _open_database, create_app
from scorekeeper.db import connect, new_generation
from scorekeeper.web.kept import shared

COMPILED = Compiled()
"""The templates' code and the link builders, compiled once per test process."""

TEST_SETTINGS: dict[str, Any] = {
    "TESTING": True,
    "SECRET_KEY": "test",
    "WTF_CSRF_ENABLED": False,
    "RATELIMIT_ENABLED": False,  # the limits are tested on their own
    "CHECK_FRAMES": True,  # every kept frame drawn again and compared (kept/frames.py)
}
"""The settings of a test's app unless it says otherwise (``make_app``)."""


def suite_app(database: Path | str, **settings: Any) -> Flask:
    """An app with the tests' settings on ``database``, ``settings`` over them; a database
    that is not there yet is first a copy of the migrated one (``migrated_database``).

    On a test's own ``database`` (conftest.py's ``app``, ``client`` and ``make_app``) the
    app is one an earlier test of this process made with the same settings, if there is
    one (``lent_app``)."""
    config = {**TEST_SETTINGS, "DATABASE": fresh_database(Path(database)), **settings}
    test = os.environ.get("PYTEST_CURRENT_TEST", "").rpartition(" (")[0]
    if test and Path(database).name == TEST_DATABASE and not config.get("RATELIMIT_ENABLED"):
        return lent_app(config, test)
    return new_app(config)


TEST_DATABASE = "scorekeeper.sqlite"
"""The name of a test's own database (conftest.py's ``database``): it lives as long as its
test, and so does an app made on it."""


@dataclass
class Lent:
    """An app of the tests' settings, the test it is lent to, its settings as it started."""

    app: Flask
    test: str
    config: dict[str, Any]
    views: set[str]
    """Its views as it started: a test that added a route keeps its app to itself."""


LENT: dict[str, list[Lent]] = {}
"""The apps made for the tests' databases, by their settings and the environment."""


def lent_app(config: dict[str, Any], test: str) -> Flask:
    """An app with ``config`` for the test ``test``: one an earlier test made with the same
    settings in the same environment, put on this test's database, else a new one.

    An app per test cost every test that took ``app`` or ``client`` about 16 ms of CPU
    (550 tests: 9 CPU-s), most of it Werkzeug compiling the URL rules again. A test's app
    lives as long as its database, so once another test runs it is free. Given again it
    is as ``create_app`` leaves it: its settings as they were at its start (whatever the
    test before changed), its database opened as at a start (migrated if it must be,
    refused if it cannot be written), its shared pages file new and empty. The rate
    limits, which count in the app's memory, are never lent (a test turns them on), nor
    an app a test added a route to (Flask refuses a route once an app has answered: such a
    test makes its app on a database of its own, ``make_app(DATABASE=...)``).
    """
    key = repr(sorted((name, repr(value)) for name, value in config.items() if name != "DATABASE"))
    key += repr(sorted(item for item in os.environ.items() if item[0] != "PYTEST_CURRENT_TEST"))
    kept = LENT.setdefault(key, [])
    kept[:] = [lent for lent in kept if set(lent.app.view_functions) == lent.views]
    for lent in kept:
        if lent.test != test:
            lent.test = test
            app = lent.app
            app.config.clear()
            app.config.update(copy.deepcopy(lent.config), DATABASE=config["DATABASE"])
            _open_database(app)
            shared.init_app(app)
            return app
    app = new_app(config)
    kept.append(Lent(app, test, copy.deepcopy(dict(app.config)), set(app.view_functions)))
    return app


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
    """``template`` copied to ``target`` (its 0600 mode too), with a generation of its own;
    the path as the app wants it.

    A copy kept the template's generation, which names what a process keeps of a database
    (``seat_words.NAMES``, the kept pages, the ratings): two tests of one worker whose
    tables and club versions matched read each other's names now, and a member renamed in
    the second still read under their typed name (play17: ``test_renamed_member_in_the_coup_flow``
    failed or passed as xdist dealt the tests). A database of its own is a generation of its
    own, as in use (``new_generation``, which a restore calls too)."""
    shutil.copy(template, target)
    with sqlite3.connect(target) as conn:
        new_generation(sqlite_utils.Database(conn))
    conn.close()
    return str(target)


def tampered(source: Path, target: Path, *statements: str, rows: int | None = 1) -> Path:
    """``target``: a copy of the database ``source`` changed behind the app, as with
    ``sqlite3``: its triggers dropped, then each of ``statements`` run, changing ``rows``
    rows each (None: at least one). A consistent copy of a live database too (SQLite's
    backup, whatever its -wal holds)."""
    with sqlite3.connect(source) as conn, sqlite3.connect(target) as copied:
        conn.backup(copied)
    conn = sqlite3.connect(target)
    for (name,) in conn.execute("select name from sqlite_master where type = 'trigger'").fetchall():
        conn.execute(f"drop trigger [{name}]")
    for sql in statements:
        changed = conn.execute(sql).rowcount
        assert changed == rows if rows is not None else changed >= 1, sql
    conn.commit()
    conn.close()
    return target


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
