"""Issue 26: the screen stays on over plain HTTP on the local network (awake.js's video).

The server is served on every address and opened on this machine's LAN address,
as a phone opens it after ``make run HOST=0.0.0.0``: not a secure context, so
the browser has no ``navigator.wakeLock``. Without a LAN address (a machine with
no network) the page is opened on 127.0.0.1 with the Wake Lock API taken away.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, cast

import pytest
from live import served_in_thread
from playwright.sync_api import Browser, Page, expect
from test_browser import open_new_game, phone, scripts_held

from scorekeeper.serving import serve

NO_WAKE_LOCK = "delete Navigator.prototype.wakeLock;"


@pytest.fixture
def lan_server(make_app, database) -> Iterator[str]:
    app = make_app(
        defaults=False, SECRET_KEY="awake", DATABASE=str(database), RATELIMIT_ENABLED=False
    )
    with served_in_thread(app, "0.0.0.0") as address:
        port = address.rsplit(":", 1)[1]
        yield f"http://{serve.lan_address() or '127.0.0.1'}:{port}"


@pytest.fixture
def lan_browser(browser_type, browser_type_launch_args, lan_server) -> Iterator[Browser]:
    """Chromium that may open the LAN address (the suite's resolver rule allows loopback only)."""
    host = lan_server.split("//")[1].split(":")[0]
    args = [
        f"{arg}, EXCLUDE {host}" if arg.startswith("--host-resolver-rules") else arg
        for arg in browser_type_launch_args["args"]
    ]
    browser = browser_type.launch(**{**browser_type_launch_args, "args": args})
    yield browser
    browser.close()


def awake_phone(browser: Browser, url: str) -> Page:
    page = phone(browser)
    if url.startswith("http://127.0.0.1"):
        page.context.add_init_script(NO_WAKE_LOCK)
    return page


@pytest.mark.browser
def test_on_plain_http_the_first_tap_keeps_the_screen_on_and_the_end_stops_it(
    lan_browser: Browser, lan_server: str
):
    manager = awake_phone(lan_browser, lan_server)
    game = open_new_game(manager, lan_server, show=False)  # by the page's own requests
    links = manager.request.get(game + "/links").text()
    table_link = re.search(r'class="link"><a href="([^"]+)"', links)
    assert table_link, links[-2000:]
    # the followers' table page keeps its screen on too, from its own first tap: the same
    # page, the manager's cookies (so its rights) put aside meanwhile
    rights = manager.context.cookies()
    manager.context.clear_cookies()
    follower = manager
    follower.goto(table_link.group(1))
    expect(follower.locator("#entry")).to_have_count(0)  # read-only
    follower.locator("h1").tap()
    expect(follower.locator("html")).to_have_attribute("data-awake", "video")
    manager.context.add_cookies(cast(Any, rights))
    manager.goto(game)
    expect(manager.locator("#entry")).to_have_count(1)  # the manager's page again
    assert manager.evaluate("'wakeLock' in navigator") is False
    if not lan_server.startswith("http://127.0.0.1"):
        assert manager.evaluate("window.isSecureContext") is False  # a phone on the Wi-Fi
    html = manager.locator("html")
    expect(manager.locator("#awake")).to_be_hidden()
    assert html.get_attribute("data-awake") is None  # nothing before a tap
    manager.locator("h1").tap()
    expect(html).to_have_attribute("data-awake", "video")
    expect(manager.locator("#awake")).to_be_visible()
    expect(manager.locator("#awake")).to_have_text("Écran maintenu allumé")
    video = manager.locator("video.awake-video")
    assert video.evaluate("v => !v.paused && v.muted && v.currentSrc.endsWith('.webm')")
    # another page and back: the first tap there keeps it on again
    manager.goto(lan_server + "/games/1/links")
    expect(manager.locator(".link a").first).to_have_text(table_link.group(1))
    manager.go_back()
    manager.locator("h1").tap()
    expect(html).to_have_attribute("data-awake", "video")
    # the game is over on a follower's page turned over in place: the video stops
    manager.evaluate(
        "document.querySelector('#deal').classList.add('over');"
        "document.dispatchEvent(new CustomEvent('scorekeeper:shown'))"
    )
    expect(html).not_to_have_attribute("data-awake", "video")
    expect(manager.locator("#awake")).to_be_hidden()
    expect(video).to_have_count(0)
    manager.context.close()


PENDING_LOCK = "WakeLock.prototype.request = function () { return new Promise(function () {}); };"
"""A screen lock asked for and not granted yet (a phone answers when it will)."""


@pytest.mark.browser
def test_the_screen_kept_on_moves_nothing_when_it_comes(browser: Browser, live_server: str):
    """The lock is granted without a tap, after the page is drawn (and again on each return
    to it): its mark then made the sticky entry bar a line taller, over the field above it,
    and a tap aimed a moment before landed elsewhere (a fresh clone's browser test did).
    The mark's line is there from the start: the bar is as tall before the lock as after."""
    heights = {}
    for case in ("before the lock", "locked"):
        page = phone(browser)
        if case == "before the lock":
            page.context.add_init_script(PENDING_LOCK)
        open_new_game(page, live_server)
        page.wait_for_load_state("load")  # the deferred scripts have run: the lock asked for
        if case == "locked":
            expect(page.locator("html")).to_have_attribute("data-awake", "lock")
            expect(page.locator("#awake")).to_be_visible()
        else:
            assert page.evaluate("document.readyState") == "complete"
            assert page.locator("html").get_attribute("data-awake") is None
            expect(page.locator("#awake")).to_be_hidden()  # out of sight, its line kept
        heights[case] = page.locator("#entry-bar").evaluate("e => e.offsetHeight")
        page.context.close()
    assert heights["before the lock"] == heights["locked"], heights


@pytest.mark.browser
def test_a_first_tap_before_the_page_s_script_came_keeps_the_screen_on(
    file_page: Page, live_server: str
):
    """A slow phone on plain HTTP (no Wake Lock: the video): the manager's first tap comes
    before awake.js. The page has had its tap, so the video may play once the script runs;
    it waited for the next tap."""
    page = file_page
    game = open_new_game(page, live_server, show=False)
    devtools = page.context.new_cdp_session(page)
    devtools.send("Page.enable")  # without it, the session's scripts are never run
    no_lock = devtools.send("Page.addScriptToEvaluateOnNewDocument", {"source": NO_WAKE_LOCK})
    try:
        with scripts_held(page, "awake.js") as held:
            page.goto(game, wait_until="commit")
            page.locator("h1").tap()
            assert len(held) == 1  # the script has not run yet
        expect(page.locator("html")).to_have_attribute("data-awake", "video")
        assert page.evaluate("'wakeLock' in navigator") is False
    finally:  # the shared page's next documents have the Wake Lock API again
        devtools.send("Page.removeScriptToEvaluateOnNewDocument", no_lock)
        devtools.detach()
