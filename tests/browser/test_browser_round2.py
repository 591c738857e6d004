"""Issue 16, at the table round 2: one view for one coup, words and looks, the home screen.

Real headless Chromium on a phone (390×844 and 360 wide), French and English.
"""

from __future__ import annotations

import re
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from live import Phone
from playwright.sync_api import Browser, Page, expect
from taps import entry_ready, tap_hombre, tap_tricks
from web import NEW_GAME

from scorekeeper.i18n import COOKIE as LANGUAGE_COOKIE

pytestmark = pytest.mark.browser
PHONES = [
    ({"width": 390, "height": 844}, "fr-FR"),
    ({"width": 360, "height": 740}, "en-US"),
]
WORDS = {
    "fr-FR": {"create": "Créer la partie", "save": "Enregistrer le coup", "saved": "enregistré"},
    "en-US": {"create": "Create the game", "save": "Save the coup", "saved": "saved"},
}


def phone(browser: Browser, viewport: dict, locale: str, **options) -> Page:
    context = browser.new_context(
        viewport=viewport, is_mobile=True, has_touch=True, locale=locale, **options
    )
    return context.new_page()


def as_phone(page: Page, server: str, viewport: dict, locale: str) -> Page:
    """The shared page (conftest.py: a French phone) at ``viewport``, in ``locale``'s
    language chosen as the reader does, with the app's own switch: its link asked by the
    page's own requests, which keep the page's cookies (the home page it leads to was drawn
    for nothing: a navigation costs Chromium a tenth of a CPU-second)."""
    page.set_viewport_size(viewport)
    language = locale.split("-")[0]
    answer = page.request.get(f"{server}/lang/{language}", max_redirects=0)
    assert answer.status == 302, answer.status
    cookies = page.context.cookies(server)
    assert {(c["name"], c["value"]) for c in cookies} >= {(LANGUAGE_COOKIE, language)}, cookies
    return page


def new_game(page: Page, server: str, locale: str, opened: bool = False) -> None:
    """A game of Anne, Bruno, Chloé (1709) created with taps; ``opened``: the form is the
    page already shown (not asked for again)."""
    if not opened:
        page.goto(server + "/games/new")
    for seat, name in enumerate(["Anne", "Bruno", "Chloé"]):
        page.fill(f"#player{seat}", name)
    page.locator("#f-preset label", has_text="1709").tap()
    page.get_by_role("button", name=WORDS[locale]["create"]).tap()
    expect(page.locator("#deal")).to_be_visible()


def expect_in_view(page: Page, selector: str, seconds: float = 20.0) -> None:
    """The element comes to lie inside the viewport: after a load the browser scrolls to the
    page's anchor once its layout settles, which may be after the element is there.

    Looked at again after each frame the browser draws (a scroll happens in one), never
    after a fixed time; ``seconds`` bounds it on a machine loaded by other work."""
    deadline = time.monotonic() + seconds
    while not in_view(page, selector):
        assert time.monotonic() < deadline, f"{selector} is not in view"
        page.evaluate("() => new Promise(requestAnimationFrame)")


def in_view(page: Page, selector: str) -> bool:
    """The element's box lies inside the viewport as it is now (no scrolling)."""
    box = page.locator(selector).first.bounding_box()
    size = page.viewport_size
    assert box is not None and size is not None
    return (
        box["y"] >= -1  # the anchor may land a fraction of a pixel above
        and box["y"] + box["height"] <= size["height"] + 0.5
        and box["x"] >= -1
        and box["x"] + box["width"] <= size["width"] + 0.5
    )


@pytest.mark.parametrize(("viewport", "locale"), PHONES)
def test_one_view_for_one_coup(file_page: Page, live_server: str, viewport, locale):
    page = as_phone(file_page, live_server, viewport, locale)
    new_game(page, live_server, locale)
    tap_hombre(page, "Bruno")
    tap_tricks(page, {"Anne": 2, "Bruno": 5})
    # 1709: each player puts 9 into a poule of 27; Bruno's demande is won and they take the
    # poule (no other payment in 1709's first coup): Bruno 27 − 9 = +18, Anne and Chloé −9.
    expect(page.locator("#deal")).to_contain_text("27")
    nets = page.locator("#preview .nets")
    expect(nets).to_contain_text("Bruno +18")
    expect(nets).to_contain_text("Anne −9")
    expect(nets).to_contain_text("Chloé −9")
    for selector in ["#preview .outcome", "#preview .nets", "button.save"]:
        expect_in_view(page, selector)
    page.get_by_role("button", name=WORDS[locale]["save"]).tap()
    flash = page.locator("#saved .flash")
    expect(flash).to_contain_text(WORDS[locale]["saved"])
    expect(flash).to_contain_text("Anne → Bruno 9")
    expect(flash).to_contain_text("Chloé → Bruno 9")
    expect_in_view(page, "#saved .flash")
    expect_in_view(page, "#standing table")


SCRIPT_ON_OFF = [(*PHONES[0], True), (*PHONES[1], False)]


@pytest.mark.parametrize(("viewport", "locale", "script"), SCRIPT_ON_OFF)
def test_the_first_dealer_buttons_name_the_players(
    browser: Browser, file_page: Page, live_server: str, viewport, locale, script
):
    if script:
        page = as_phone(file_page, live_server, viewport, locale)
    else:  # only a context turns JavaScript off
        page = phone(browser, viewport, locale, java_script_enabled=False)
    default = {"fr-FR": "Joueur 2", "en-US": "Player 2"}[locale]
    for path in ["/games/new", "/games/new/brou"]:
        page.goto(live_server + path)
        dealer = page.locator("#f-first_dealer .choice span")
        expect(dealer.nth(1)).to_have_text(default)
        page.fill("#player0", "Anne")
        page.fill("#player1", "Bruno")
        if not script:  # a refused post (a name twice) comes back with the names
            page.fill("#player2", "Anne")
            if page.locator("#player3").is_visible():
                page.fill("#player3", "Dan")
            with page.expect_navigation():
                page.locator("button[name=create]").tap()
            expect(page.locator("#player0")).to_have_value("Anne")
            expect(page.locator(".error").first).to_be_visible()
        expect(dealer.nth(0)).to_have_text("Anne")
        expect(dealer.nth(1)).to_have_text("Bruno")
        expect(dealer.nth(2)).to_have_text("Anne" if not script else "Joueur 3")
        if script:  # a name taken away gives the seat its word back
            page.fill("#player1", "")
            expect(dealer.nth(1)).to_have_text(default)


def made(answer: tuple[int, str]) -> str:
    """Where a form's post sent a browser-less phone (``live.Phone``): its 302's own link."""
    status, body = answer
    found = re.search(r'href="([^"]+)"', body)
    assert status == 302 and found, body[-1500:]
    return found.group(1)


def take_cookies(page: Page, phone: Phone, server: str) -> None:
    """The browser-less phone's cookies (the rights it was given) on the page's context."""
    page.context.add_cookies(
        [{"name": c.name, "value": c.value or "", "url": server + c.path} for c in phone.jar]
    )


def test_hombre_plays_again_at_the_same_table(file_page: Page, live_server: str):
    page = as_phone(file_page, live_server, *PHONES[0])
    # the finished game made through the forms (its taps: the tests above): 1709, one poule
    phone = Phone(live_server)
    players = {"player0": "Anne", "player1": "Bruno", "player2": "Chloé"}
    game = made(phone.post("/games/new", NEW_GAME | players | {"poules_to_play": "1"}))
    for coup in (
        {"passed": "1"},  # coup 1: all pass
        {"hombre": "0", "t0": "4", "t1": "4", "t2": "1"},  # coup 2: Anne, remise
        {"hombre": "1", "t0": "3", "t1": "3", "t2": "3"},  # coup 3: Bruno, remise
        {"hombre": "2", "t0": "2", "t1": "2", "t2": "5"},  # coup 4: Chloé wins, the game ends
    ):
        played = coup if "passed" in coup else coup | {"contract": "demande", "save": "1"}
        assert made(phone.post(game + "/coups", played, token_from=game)).startswith(game)
    take_cookies(page, phone, live_server)  # the manager's
    finished = live_server + game
    page.goto(finished)
    expect(page.locator("#deal.over")).to_be_visible()
    page.get_by_role("link", name="Rejouer, même table").tap()
    for seat, name in enumerate(["Anne", "Bruno", "Chloé"]):
        expect(page.locator(f"#player{seat}")).to_have_value(name)
    expect(page.locator("#poules_to_play")).to_have_value("1")
    # four coups dealt by Anne, Bruno, Chloé, Anne: Bruno deals the first coup of the new game
    expect(page.locator("#f-first_dealer input:checked + span")).to_have_text("Bruno")
    page.get_by_role("button", name="Créer la partie").tap()
    expect(page.locator("#deal")).to_contain_text("Bruno")
    assert page.url.split("#")[0] != finished
    page.goto(finished + "/settlement")  # the finished game's settlement offers it too
    again = page.get_by_role("link", name="Rejouer, même table")
    assert again.get_attribute("href") == "/games/new?again=" + finished.rsplit("/", 1)[1]


AXE = Path(__file__).resolve().parents[1] / "vendor" / "axe.min.js"
_AXE_URL: list[str] = []


class _Vendor(SimpleHTTPRequestHandler):
    """tests/vendor/ over HTTP, kept a day by the browser."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, directory=str(AXE.parent), **kwargs)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "max-age=86400")
        super().end_headers()

    def log_message(self, *args: Any) -> None:
        pass


def inject_axe(page: Page) -> None:
    """axe-core put into the page by its address: Chromium keeps the file and its compiled
    code, where a script given as text (``add_script_tag(path=...)``) was compiled again for
    each of the suite's ~50 pages checked (0.19-0.33 against 0.14-0.16 CPU-s a run). The
    pages that take it bypass the CSP (``FILE_PHONE``)."""
    if not _AXE_URL:
        server = ThreadingHTTPServer(("127.0.0.1", 0), _Vendor)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        _AXE_URL.append(f"http://127.0.0.1:{server.server_port}/{AXE.name}")
    page.add_script_tag(url=_AXE_URL[0])


def axe_violations(page: Page) -> list[str]:
    """axe-core's serious and critical findings on the page as it is now."""
    inject_axe(page)
    found = page.evaluate(
        "axe.run(document, {resultTypes: ['violations']}).then(r => r.violations"
        ".filter(v => v.impact === 'serious' || v.impact === 'critical')"
        ".map(v => v.id + ': ' + v.nodes.map(n => n.target.join(' ')).join(', ')))"
    )
    return list(found)


@pytest.mark.parametrize(("viewport", "locale"), PHONES)
def test_no_serious_accessibility_finding(file_page: Page, live_server: str, viewport, locale):
    # the file's page bypasses the CSP: the test injects axe-core; the app never needs it
    page = as_phone(file_page, live_server, viewport, locale)
    found = {}
    page.goto(live_server + "/games/new")
    found["new game"] = axe_violations(page)
    new_game(page, live_server, locale, opened=True)
    tap_hombre(page, "Bruno")
    tap_tricks(page, {"Anne": 2, "Bruno": 5})
    expect(page.locator("#preview .nets")).to_be_visible()
    found["game page"] = axe_violations(page)
    game = page.url.split("#")[0]
    page.goto(game + "/settlement")
    found["settlement"] = axe_violations(page)
    page.goto(live_server + "/games/new/brou")
    found["new sheet"] = axe_violations(page)
    for seat, name in enumerate(["A" * 41, "Bruno", "Chloé", "Dan"]):  # 41: one past the bound
        page.fill(f"#player{seat}", name)
    page.locator("button[name=create]").tap()
    # the refusal is tied to its field: read with it (forms.marked)
    expect(page.locator("#player0")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#player0")).to_have_accessible_description(re.compile("40"))
    found["name refused"] = axe_violations(page)
    page.fill("#player0", "Anne")
    page.locator("button[name=create]").tap()
    expect(page.locator("#entry")).to_be_visible()
    found["sheet"] = axe_violations(page)
    assert found == {name: [] for name in found}
    # each player's trick count is its own radio group, named by the player
    page.goto(game)
    group = page.get_by_role("group", name="Chloé")
    expect(group.get_by_role("radio")).to_have_count(10)


def coups_stored(page: Page, game: str) -> int:
    return len(page.request.get(game + "/game.json").json()["coups"])


@pytest.mark.parametrize(("viewport", "locale"), PHONES)
def test_home_screen_awake_and_a_lost_server(file_page: Page, live_server: str, viewport, locale):
    page = as_phone(file_page, live_server, viewport, locale)
    new_game(page, live_server, locale)
    game = page.url.split("#")[0]
    # installable: a manifest with icons, the theme colour for light and dark
    link = page.locator("link[rel=manifest]").get_attribute("href") or ""
    manifest = page.request.get(live_server + link)
    icons = manifest.json()["icons"]
    assert {(i["sizes"], i["purpose"]) for i in icons} >= {("192x192", "any"), ("512x512", "any")}
    assert any(i["purpose"] == "maskable" for i in icons)
    for icon in icons:
        assert page.request.get(live_server + icon["src"]).headers["content-type"] == "image/png"
    themes = page.locator("meta[name=theme-color]")
    assert {themes.nth(i).get_attribute("media") for i in range(2)} == {
        "(prefers-color-scheme: light)",
        "(prefers-color-scheme: dark)",
    }
    assert page.evaluate("'wakeLock' in navigator")  # Chromium has it: the game page holds it
    expect(page.locator("html[data-awake]")).to_have_count(1)
    # the server cannot be reached: said at once, the coup kept on the phone (its outbox,
    # issue 26: tests/browser/test_browser_offline.py), nothing stored yet
    tap_hombre(page, "Bruno")
    tap_tricks(page, {"Anne": 2, "Bruno": 5})
    expect(page.locator("#preview .nets")).to_be_visible()
    page.route("**/coups", lambda route: route.abort("internetdisconnected"))
    page.get_by_role("button", name=WORDS[locale]["save"]).tap()
    expect(page.locator("form.coup-form .offline")).to_be_visible()
    expect_in_view(page, "form.coup-form .offline")
    expect(page.locator("#outbox .pending-coup")).to_have_count(1)
    assert coups_stored(page, game) == 0
    # the server answers again: the outbox's next try stores it, once
    page.unroute_all(behavior="wait")  # a handler running finishes first
    expect(page.locator("#outbox")).to_be_hidden()
    expect(page.locator("form.coup-form .offline")).to_be_hidden()
    assert coups_stored(page, game) == 1


def test_the_points_sheet_has_the_bar_stays_awake_and_keeps_an_entry_offline(
    file_page: Page, live_server: str
):
    page = as_phone(file_page, live_server, *PHONES[0])
    page.goto(live_server + "/games/new/brou")
    for i, name in enumerate(["Anne", "Bruno", "Chloé", "Denis"]):
        page.fill(f"#player{i}", name)
    page.get_by_role("button", name="Créer la partie").tap()
    expect(page.locator("#entry")).to_be_visible()  # the new sheet's page
    # its scripts have run (the page's load), the outbox's too: the server's text and
    # table.js's check come before it, and a Save tapped then was a plain post, which
    # offline led to Chromium's error page
    entry_ready(page)
    expect(page.locator("html[data-awake]")).to_have_count(1)
    game = page.url.split("#")[0]
    page.fill("#points", "54")
    page.locator("#points").blur()
    # 54 rounds to 50 for Nous; Eux's 66 to 70: the check shows it before Save
    expect(page.locator("#preview")).to_contain_text("Nous +50")
    page.route("**/sheet/coups", lambda route: route.abort("internetdisconnected"))
    page.get_by_role("button", name="Enregistrer le coup").tap()
    expect(page.locator("form.coup-form .offline")).to_be_visible()
    expect(page.locator("#outbox .pending-coup")).to_contain_text("54")  # kept on the phone
    assert page.input_value("#points") == "" and coups_stored(page, game) == 0
    page.unroute_all(behavior="wait")
    expect(page.locator(".flash")).to_contain_text("confirmés par le serveur")
    assert coups_stored(page, game) == 1
