"""Shared fixtures: an app on a real SQLite file, its client, a live server for Chromium.

``notation`` (beside this file) writes games the way the table speaks.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
import threading
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from hypothesis import HealthCheck, settings
from jinja2 import BytecodeCache, Environment
from jinja2.bccache import Bucket
from playwright.sync_api import expect
from web import PageClient
from werkzeug.routing import Rule
from werkzeug.serving import make_server

from scorekeeper import create_app, db

MEMORY_TEMP = Path("/dev/shm")
MEMORY_TEMP_FREE = 2 * 1024**3
"""The least free room the suite's files want there (its runs leave some tens of MB each)."""


def temp_in_memory() -> None:
    """The tests' files (``tmp_path``, ``tempfile``, the servers they start) in memory.

    Every SQLite commit on a disk waits for its fsync: 6 ms each on this machine when
    quiet, far more when other work shares the disk, and a migration is dozens of
    commits. The suite's databases, servers and backups lose nothing by living in a
    tmpfs: a killed process loses no written page there either (the durability tests
    kill processes, not the machine). A ``TMPDIR`` set by whoever runs the suite wins,
    and so does a missing or small /dev/shm (a container's is often 64 MB).
    """
    if "TMPDIR" in os.environ or not os.access(MEMORY_TEMP, os.W_OK | os.X_OK):
        return
    room = os.statvfs(MEMORY_TEMP)
    if room.f_bavail * room.f_frsize < MEMORY_TEMP_FREE:
        return
    os.environ["TMPDIR"] = str(MEMORY_TEMP)  # the subprocesses' too (servers, Chromium)
    tempfile.tempdir = None  # read again: pytest's tmp_path_factory asks gettempdir() later


temp_in_memory()

settings.register_profile(
    "suite",
    derandomize=True,  # the same examples every run: the suite never passes or fails by luck
    database=None,  # nor by what an earlier run left in .hypothesis/
    deadline=None,  # a machine loaded by other work is slow, not wrong
    suppress_health_check=[HealthCheck.too_slow],  # the same: a timing, not a finding
)
settings.register_profile(
    "fuzz",  # make fuzz (pytest --hypothesis-profile=fuzz): new random examples every run
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    print_blob=True,  # a failure found once is replayed with @reproduce_failure
)
settings.load_profile("suite")  # --hypothesis-profile, read after this file, overrides it

# A page's expectation waits for what it expects and returns the moment it holds: the bound
# costs nothing when the machine is quick, and on one loaded by other work (a table link's
# poll, a server's answer) five seconds were not always enough.
expect.set_options(timeout=20_000)


class _SharedTemplates(BytecodeCache):
    """The templates' compiled code, kept for every app a test process makes.

    Each app has its own Jinja environment, which compiled every template it drew again:
    a third of the CPU time of the tests that draw pages. Every app here is made by
    ``create_app`` with the same Jinja options, and a template is found by its name, its
    file and its source's checksum, so a changed template is compiled again.
    """

    def __init__(self) -> None:
        self.compiled: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        if bucket.key in self.compiled:
            bucket.bytecode_from_string(self.compiled[bucket.key])

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.compiled[bucket.key] = bucket.bytecode_to_string()


_TEMPLATES = _SharedTemplates()
_jinja_environment = Flask.create_jinja_environment


def _with_shared_templates(self: Flask) -> Environment:
    """Flask's environment for ``self``, reading compiled templates from ``_TEMPLATES``."""
    environment = _jinja_environment(self)
    environment.bytecode_cache = _TEMPLATES
    return environment


Flask.create_jinja_environment = _with_shared_templates  # type: ignore[method-assign]


_compile_builder = Rule._compile_builder
_BUILDERS: dict[tuple[Any, ...], Any] = {}


def _shared_builder(self: Rule, append_unknown: bool = True) -> Any:
    """Werkzeug's URL builder of ``self``, compiled once per test process: each new app
    compiled a Python function for each of its ~90 rules (25 of create_app's 34 ms). The
    function depends only on what the key holds; each rule binds it to itself."""
    key = (
        self.rule,
        tuple(self._trace),
        repr(sorted((self.defaults or {}).items())),
        tuple((name, type(converter)) for name, converter in self._converters.items()),
        append_unknown,
    )
    if key not in _BUILDERS:
        _BUILDERS[key] = _compile_builder(self, append_unknown)
    return _BUILDERS[key]


Rule._compile_builder = _shared_builder  # type: ignore[method-assign]


CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    # no look-up leaves the machine; 127.0.0.2 stands for the LAN address in test_serve
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1, EXCLUDE 127.0.0.2,"
    " EXCLUDE localhost",
]


@pytest.fixture(scope="session")
def migrated_database(tmp_path_factory) -> Path:
    """An empty database with every migration applied, made once per test process.

    Migrating a new file cost every test that took an app about half a second on a
    loaded machine; copying this one costs a millisecond. ``create_app`` finds the copy
    migrated and applies nothing. Migrating from an empty file is still tested: by
    ``csrf_app``, by every app a test makes with ``create_app`` itself, and by
    test_durability's ``test_an_empty_file_migrates_to_the_schema_the_tests_copy``.
    """
    path = tmp_path_factory.mktemp("migrated") / "migrated.sqlite"
    db.connect(path, migrate=True).close()  # the last connection closed: no -wal file left
    return path


def migrated_copy(template: Path, target: Path) -> str:
    """``template`` copied to ``target`` (its 0600 mode too); the path as the app wants it."""
    shutil.copy(template, target)
    return str(target)


@pytest.fixture
def app(tmp_path, migrated_database):
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test",
            "DATABASE": migrated_copy(migrated_database, tmp_path / "scorekeeper.sqlite"),
            "WTF_CSRF_ENABLED": False,
            "RATELIMIT_ENABLED": False,  # the limits are tested on their own
        }
    )
    app.test_client_class = PageClient
    return app


@pytest.fixture
def client(app):
    """A client whose browser asks for English (the default language is French)."""
    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    return client


@pytest.fixture
def csrf_app(tmp_path):
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test",
            "DATABASE": str(tmp_path / "csrf.sqlite"),
            "RATELIMIT_ENABLED": False,
        }
    )
    app.test_client_class = PageClient
    return app


def csrf_token(html: str) -> str:
    match = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', html)
    assert match, "no CSRF token in the form"
    return match.group(1)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {
        **browser_type_launch_args,
        "executable_path": os.environ.get("CHROMIUM", "/usr/bin/chromium"),
        "args": CHROMIUM_ARGS,
    }


FOLLOW_EVERY_MS = 300
"""The live servers' FOLLOW_EVERY_MS and OUTBOX_RETRY_MS (3000 on a real table)."""


@pytest.fixture
def live_server(request, tmp_path, migrated_database):
    """The app served by a real HTTP server on 127.0.0.1 (CSRF on, as in production); a
    test's ``@pytest.mark.live_settings(NAME=value)`` changes its settings."""
    marker = request.node.get_closest_marker("live_settings")
    app = create_app(
        {
            "SECRET_KEY": "live",
            "DATABASE": migrated_copy(migrated_database, tmp_path / "live.sqlite"),
            "RATELIMIT_ENABLED": False,
            # pages follow and outboxes retry ten times as often as on a table: a test
            # waits for what it expects, and finds it sooner
            "FOLLOW_EVERY_MS": FOLLOW_EVERY_MS,
            "OUTBOX_RETRY_MS": FOLLOW_EVERY_MS,
            **(marker.kwargs if marker else {}),
        }
    )
    server = make_server("127.0.0.1", 0, app, threaded=True)
    # its shutdown waits for the loop's next look at the flag: 0.5 s by default, per test
    thread = threading.Thread(target=server.serve_forever, args=(0.02,), daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join()


@pytest.fixture(autouse=True)
def _close_browser_contexts(request):
    """After a test that drives Chromium, every context it opened is closed: a page left
    open goes on following its (stopped) server every FOLLOW_EVERY_MS, and the session's
    browser process spent a core on the pages of every test before."""
    yield
    if "browser" in request.fixturenames:
        for context in list(request.getfixturevalue("browser").contexts):
            context.close()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Under ``pytest -n`` the tests marked ``long`` start first, spread over the workers.

    ``--dist worksteal`` gives each worker a contiguous share of the collection and an idle
    worker takes the back half of a busy one's queue, so a test near the end of its file's
    share (the wheel's install is the last file of the alphabet) started when the others
    were done, and the run ended with one worker waiting on it alone. Here each share
    begins with its part of the long tests, where nothing steals them; one file's long
    tests stay together (a module-scoped fixture, such as the toy's installed environment,
    is built once) and the order of the rest is kept. Every worker computes the same order
    (xdist checks it)."""
    workers = int(getattr(config, "workerinput", {}).get("workercount", 0))
    long = [item for item in items if item.get_closest_marker("long")]
    if workers < 2 or not long:
        return
    firsts: list[list[pytest.Item]] = [[] for _ in range(workers)]
    for item in long:  # each file to the worker with the fewest long tests so far
        same = [share for share in firsts if share and share[-1].path == item.path]
        (same[0] if same else min(firsts, key=len)).append(item)
    rest = iter([item for item in items if not item.get_closest_marker("long")])
    order: list[pytest.Item] = []
    left = len(items)
    for worker, head in enumerate(firsts):
        share = left // (workers - worker)  # as the scheduler cuts the shares
        order += head + [next(rest) for _ in range(max(0, share - len(head)))]
        left -= share
    order += list(rest)
    assert len(order) == len(items)
    items[:] = order
