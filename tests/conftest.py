"""What every folder's tests share: the test's database (a copy of the migrated one), the
app factory and its app and client, a live server and Chromium's settings.

Apps are made by ``apps.py``, servers started by ``live.py`` (beside this file);
``notation`` writes games the way the table speaks. Where a test goes: README.md.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from apps import make_migrated, migrated_copy, new_app, suite_app
from compiled import compile_once
from flask import Flask
from hypothesis import HealthCheck, settings
from live import served_in_thread
from playwright.sync_api import BrowserContext, Page, expect
from playwright.sync_api import Error as PlaywrightError
from sqlite_utils import Database
from web import PageClient

from scorekeeper.db import connect

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


def pytest_configure(config: pytest.Config) -> None:
    compile_once(config)  # under -n, in the main process: before the workers start


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


PLAYWRIGHT_DISABLED = [
    "AvoidUnnecessaryBeforeUnloadCheckSync",
    "DestroyProfileOnBrowserClose",
    "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable",
    "LensOverlay",
    "MediaRouter",
    "PaintHolding",
    "ThirdPartyStoragePartitioning",
    "AvoidCorsURLLoaderRestartOnRedirect",
    "TcpPortRandomizationWin",
    "OptimizationHints",
    "NetworkTimeServiceQuerying",
    "AimEnabled",
    "PreconnectToSearch",
]
"""Playwright's own --disable-features (1.65, playwright-core's chromiumSwitches.ts): a second
--disable-features replaces the first, so ours says them again."""

OMNIBOX_POPUPS = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup"]

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
    # Chromium 156 preloads the address bar's popups (two WebUI pages) in a renderer of
    # their own for every window, so every browser context, though headless shows none:
    # 0.3-0.8 CPU-s a context, 12 CPU-s a suite (docs/performance.md, 2026-11-29)
    "--disable-features=" + ",".join(PLAYWRIGHT_DISABLED + OMNIBOX_POPUPS),
    # the compositor's GPU process (software under --disable-gpu) as a thread of the browser's
    "--in-process-gpu",
]


@pytest.fixture(scope="session")
def migrated_database(tmp_path_factory) -> Path:
    """An empty database with every migration applied, made once per test process: the
    template ``database`` copies (a test never writes it).

    Migrating a new file cost every test that took an app about half a second on a
    loaded machine; copying this one costs a millisecond. ``create_app`` finds the copy
    migrated and applies nothing. Migrating from an empty file is tested on its own:
    test_durability's ``test_an_empty_file_migrates_to_the_schema_the_tests_copy``, the
    old databases there and the operator's tests (store/, serving/).
    """
    return make_migrated(tmp_path_factory.mktemp("migrated") / "migrated.sqlite")


@pytest.fixture
def database(tmp_path, migrated_database) -> Path:
    """The test's database: a copy of the migrated one, in the test's own folder."""
    return Path(migrated_copy(migrated_database, tmp_path / "scorekeeper.sqlite"))


@pytest.fixture
def db(database) -> Iterator[Database]:
    """A connection to the test's ``database``, for tests of the store without an app."""
    connection = connect(database)
    yield connection
    connection.close()


@pytest.fixture
def make_app(database) -> Callable[..., Flask]:
    """The test's app factory: ``make_app(**settings)`` is ``create_app`` with the tests'
    settings (apps.TEST_SETTINGS) on the test's ``database``, ``settings`` over them;
    a ``DATABASE`` not there yet is a copy of the migrated one too;
    ``make_app(defaults=False, **settings)``: only ``settings`` (an app as a deployer's
    own WSGI file or the environment makes it; no settings, the environment's alone)."""

    def make(defaults: bool = True, **settings: Any) -> Flask:
        if defaults:
            return suite_app(settings.pop("DATABASE", database), **settings)
        return new_app(settings)

    return make


@pytest.fixture
def app(make_app):
    app = make_app()
    app.test_client_class = PageClient
    return app


@pytest.fixture
def client(app):
    """A client whose browser asks for English (the default language is French)."""
    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    return client


@pytest.fixture
def csrf_app(make_app):
    """The ``app`` with its forms' CSRF tokens checked, as in production."""
    app = make_app(WTF_CSRF_ENABLED=True)
    app.test_client_class = PageClient
    return app


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
def live_server(request, tmp_path, make_app, migrated_database):
    """The app served by a real HTTP server on 127.0.0.1 (CSRF on, as in production); a
    test's ``@pytest.mark.live_settings(NAME=value)`` changes its settings."""
    marker = request.node.get_closest_marker("live_settings")
    settings = {
        "SECRET_KEY": "live",
        "DATABASE": migrated_copy(migrated_database, tmp_path / "live.sqlite"),
        "RATELIMIT_ENABLED": False,
        # pages follow and outboxes retry ten times as often as on a table: a test
        # waits for what it expects, and finds it sooner
        "FOLLOW_EVERY_MS": FOLLOW_EVERY_MS,
        "OUTBOX_RETRY_MS": FOLLOW_EVERY_MS,
        # the style sheets, scripts and icons kept by the browser for the test (an hour):
        # asked again with every page (304, not changed), they made a navigation cost
        # Chromium and the server a third more; no test is about their revalidation
        "SEND_FILE_MAX_AGE_DEFAULT": 3600,
        "CHECK_FRAMES": True,  # every kept frame drawn again and compared (kept/frames.py)
    }
    app = make_app(defaults=False, **{**settings, **(marker.kwargs if marker else {})})
    with served_in_thread(app) as address:
        yield address


@pytest.fixture(autouse=True)
def _close_browser_contexts(request):
    """After a test that drives Chromium, every context it opened is closed: a page left
    open goes on following its (stopped) server every FOLLOW_EVERY_MS, and the session's
    browser process spent a core on the pages of every test before. The shared page
    (``file_page``) stays: it is left on about:blank instead."""
    yield
    if "browser" in request.fixturenames:
        for context in list(request.getfixturevalue("browser").contexts):
            if context not in FILE_CONTEXTS:
                context.close()


FILE_PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "is_mobile": True,
    "has_touch": True,
    "locale": "fr-FR",
    # the reach and accessibility tests inject a style and axe-core; the app never needs it
    "bypass_csp": True,
}
"""The tests' shared page: a phone in French. A test asks for another language through the
app's own switch (``/lang/<code>``) and another width with ``page.set_viewport_size``."""

FILE_CONTEXTS: list[BrowserContext] = []
"""The shared page's context (file_page) while it is open: ``_close_browser_contexts``
leaves it."""

FORGET_THE_ORIGIN = """async () => {
  localStorage.clear();
  sessionStorage.clear();
  if (indexedDB.databases) {
    for (const base of await indexedDB.databases()) indexedDB.deleteDatabase(base.name);
  }
  if (navigator.serviceWorker) {
    for (const worker of await navigator.serviceWorker.getRegistrations()) {
      await worker.unregister();
    }
  }
}"""
"""What a test's page kept in its origin: the outbox's storage, the service worker."""


@pytest.fixture(scope="session")
def _file_pages(browser) -> Iterator[list[Page]]:
    """The one phone's page of the test process, opened at the first test that asks for it,
    closed with the browser (see file_page)."""
    pages: list[Page] = []
    yield pages
    for page in pages:
        FILE_CONTEXTS.remove(page.context)
        page.context.close()


@pytest.fixture
def file_page(browser, _file_pages) -> Iterator[Page]:
    """A phone's page (FILE_PHONE) that every browser test of the process reuses, as it was
    new: one page for every file, not one per file.

    A new page costs Chromium about a CPU-second, a navigation in an open one a third of
    that (docs/performance.md). Before each test its cookies are cleared (the language's
    and the rights' cookies: 127.0.0.1's, whatever the port), it is online, its size and
    media are the phone's again; after it, its routes are removed, what the test's origin
    kept (storage, IndexedDB, a service worker) is forgotten and the page is left on
    about:blank, so it follows no stopped server. A new server is a new port, so a new
    origin anyway. A page that cannot be reset (a test left it broken) is replaced by a
    new one. A test that needs a context of its own (offline, two phones at once, another
    locale or scale, no JavaScript) opens it with ``browser.new_context``."""
    if _file_pages and _file_pages[0].is_closed():
        FILE_CONTEXTS.remove(_file_pages.pop().context)
    if not _file_pages:
        context = browser.new_context(**FILE_PHONE)
        FILE_CONTEXTS.append(context)
        _file_pages.append(context.new_page())
    page = _file_pages[0]
    page.context.clear_cookies()
    page.context.set_offline(False)
    page.set_viewport_size(FILE_PHONE["viewport"])
    page.emulate_media(media="null", color_scheme="null")
    yield page
    try:
        page.unroute_all(behavior="wait")
        if page.url.startswith("http"):
            page.evaluate(FORGET_THE_ORIGIN)
        page.goto("about:blank")
    except PlaywrightError:  # a page a test left broken: the next test gets a new one
        FILE_CONTEXTS.remove(page.context)
        _file_pages.clear()
        page.context.close()


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
