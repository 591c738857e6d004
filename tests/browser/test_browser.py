"""The table app in a real headless Chromium, on a phone-sized screen, against a real server."""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urljoin

import pytest
from live import Phone
from playwright.sync_api import APIResponse, Browser, Page, Request, Response, Route, expect
from taps import tap_count, tap_hombre, tap_tricks
from test_preset_fields import drawn
from web import NEW_GAME, SEED_COUPS, coup_data, laid_out_width

pytestmark = pytest.mark.browser
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
# SCREENSHOT=1 pytest … refreshes the README's picture; otherwise it goes to a temporary file.
DOCS_SHOT = Path(__file__).resolve().parents[2] / "docs" / "game-page-phone.png"


def phone(browser: Browser, **options) -> Page:
    context = browser.new_context(**{**PHONE, "locale": "fr-FR", **options})
    return context.new_page()


def create_game(page: Page, server: str, preset: str = "1709") -> None:
    page.goto(server + "/games/new")
    page.fill("#player0", "Anne")
    page.fill("#player1", "Bruno")
    page.fill("#player2", "Chloé")
    page.locator("#f-preset label", has_text=preset).tap()
    page.get_by_role("button", name="Créer la partie").tap()
    expect(page.locator("#deal")).to_contain_text("Avant la donne — coup 1")
    # the server's text is there before the deferred scripts run: a tap before then is the
    # page without JavaScript (a plain POST; offline, a failed navigation, no outbox)
    page.wait_for_load_state("load")


def form_post(
    page: Page, url: str, data: dict[str, str], shown: str = "", as_drawn: bool = False
) -> APIResponse:
    """What the form of the page at ``shown`` (by default ``url``) sends to ``url``, sent by
    ``page``'s own context (its cookies, so its rights) without drawing either page in
    Chromium: the CSRF token and the version that page shows, then ``data``;
    ``as_drawn``: over every field as the page draws it (a page of one form)."""
    form = page.request.get(shown or url).text()
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', form)
    version = re.search(r'name="version" type="hidden" value="([^"]*)"', form)
    fields = drawn(form) if as_drawn else {}
    if version:
        fields["version"] = version.group(1)
    fields.update(data, csrf_token=token.group(1) if token else "")
    return page.request.post(url, form=fields, max_redirects=0, headers={"Referer": url})


def open_new_game(page: Page, server: str, kind: str = "", show: bool = True, **fields: str) -> str:
    """A new game made by ``page``'s phone, opened on it: its address. The form as drawn is
    sent without drawing it (``create_game`` taps it where the creation is what a test
    checks) with ``fields`` typed: for l'Hombre by default the 1709 preset, as
    ``create_game`` (``preset="recommended"``: the form untouched); ``kind``: "/brou",
    "/manille"; ``show=False``: made, not opened."""
    typed = {**(NEW_GAME if not kind and "preset" not in fields else {}), **fields}
    response = form_post(page, f"{server}/games/new{kind}", {**typed, "create": "1"}, as_drawn=True)
    assert response.status == 302, response.text()[-2000:]
    game = urljoin(server, response.headers["location"]).split("#")[0]
    if show:
        page.goto(game)
    return game


def manager_phone(server: str) -> tuple[Phone, str]:
    """A manager with no browser (live.Phone) and the 1709 game it made: it and the game's path,
    for a test whose subject is what the other phones see."""
    manager = Phone(server)
    status, page = manager.post("/games/new", NEW_GAME)
    game = re.search(r'href="(/games/[0-9]+)', page)
    assert status == 302 and game, page[-2000:]
    return manager, game.group(1)


def table_link(manager: Phone, game: str) -> str:
    """The table link the game's links page gives (the first one)."""
    _status, page = manager.get(game + "/links")
    link = re.search(r'class="link"><a href="([^"]+)"', page)
    assert link, page[-2000:]
    return link.group(1)


def coup_form(coup: str) -> dict[str, str]:
    """What the coup form sends for ``coup`` (tests/web.py's notation) with its Save button."""
    return coup_data(coup) if coup == "pass" else {**coup_data(coup), "save": "1"}


def post_coup(manager: Phone, game: str, coup: str) -> None:
    """``coup`` saved by a browser-less manager."""
    status, page = manager.post(game + "/coups", coup_form(coup), token_from=game)
    assert status == 302, page[-2000:]


@contextmanager
def scripts_off(page: Page) -> Iterator[Page]:
    """``page`` as a phone without JavaScript until the block ends: the switch a context's
    ``java_script_enabled=False`` sets (Chromium's Emulation.setScriptExecutionDisabled), on
    the file's page instead of a new context (a CPU-second of Chromium's each)."""
    session = page.context.new_cdp_session(page)
    session.send("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        yield page
    finally:
        session.send("Emulation.setScriptExecutionDisabled", {"value": False})
        session.detach()


@contextmanager
def scripts_held(page: Page, *names: str) -> Iterator[list[Route]]:
    """``page`` as a slow phone until the block ends: its requests for the static scripts
    ``names`` ("table.js") are held, so what is tapped meanwhile is tapped before they run
    (they come, and run in order, when the block ends). Routing makes Chromium ask for every
    file again (no cache), so the file's page serves: no service worker on plain HTTP hides
    them. Yields the requests held."""
    held: list[Route] = []
    pattern = re.compile(r"/static/(?:" + "|".join(map(re.escape, names)) + r")(?:\?|$)")
    page.route(pattern, lambda route: held.append(route))
    try:
        yield held
    finally:  # let go even when the block failed: a held script keeps the page loading
        for route in held:
            route.continue_()
        page.unroute(pattern)


def tap_coup(page: Page, n: int, hombre: str, tricks: dict[str, int], outcome: str) -> int:
    """Enter coup ``n``, a demande, with taps only; returns the number of taps. It ends on
    the page the save led to (its own message: the one before was on the page left)."""
    taps = 0
    tap_hombre(page, hombre)
    taps += 1
    for name, count in list(tricks.items())[:2]:  # the third fills itself in
        tap_count(page, name, count)
        taps += 1
    expect(page.locator("#preview")).to_contain_text(outcome)
    page.get_by_role("button", name="Enregistrer le coup").tap()
    taps += 1
    expect(page.locator(".flash")).to_contain_text(f"Coup {n} enregistré")
    return taps


SEED = [
    ("Anne", {"Anne": 4, "Bruno": 4, "Chloé": 1}, "remise"),
    ("Bruno", {"Anne": 4, "Bruno": 4, "Chloé": 1}, "remise"),
    None,
    ("Bruno", {"Anne": 3, "Bruno": 3, "Chloé": 3}, "remise"),
    ("Chloé", {"Anne": 2, "Bruno": 2, "Chloé": 5}, "gagne"),
    ("Bruno", {"Anne": 2, "Bruno": 5, "Chloé": 2}, "gagne"),
    ("Bruno", {"Anne": 2, "Bruno": 5, "Chloé": 2}, "gagne"),
]


def standing(page: Page) -> dict[str, str]:
    rows = page.locator("#standing tbody tr")
    return {
        rows.nth(i).locator("th").inner_text(): rows.nth(i).locator("td").first.inner_text()
        for i in range(rows.count())
    }


def test_the_seed_game_entered_with_taps(file_page: Page, live_server: str, tmp_path: Path):
    shot = DOCS_SHOT if os.environ.get("SCREENSHOT") else tmp_path / "game.png"
    page = file_page
    create_game(page, live_server)
    for n, coup in enumerate(SEED, 1):
        if n == 6:  # the bête of 108 is in play: the page as the table sees it mid-game
            page.evaluate("window.scrollTo(0, 0)")
            page.screenshot(path=str(shot))
        if coup is None:
            page.get_by_role("button", name="Tous passent").tap()
            expect(page.locator(".flash")).to_contain_text("Tous passent")
            continue
        assert tap_coup(page, n, *coup) <= 6
    assert standing(page) == {"Anne": "−72", "Bruno": "−9", "Chloé": "+81"}
    expect(page.locator("#deal")).to_contain_text(
        "Chacun ajoute 3 jetons de marque valant 3 chacun\u202f: poule de 27 jetons."
    )
    expect(page.locator(".fiche .s-won")).to_have_text("27")
    expect(page.locator(".fiche .s-cancelled")).to_have_count(2)


def test_correct_a_coup_and_see_the_nets_move(file_page: Page, live_server: str):
    page = file_page
    game = open_new_game(page, live_server, show=False)
    # coup 1 saved by the page's requests (its taps: test_the_seed_game_entered_with_taps)
    saved = form_post(page, game + "/coups", coup_form("B demande A2 B5 C2"), shown=game)
    assert saved.status == 302, saved.text()[-2000:]
    page.goto(game)
    assert standing(page) == {"Anne": "−9", "Bruno": "+18", "Chloé": "−9"}
    page.locator("#coups").get_by_role("link", name="Corriger").first.tap()
    expect(page.locator("h1")).to_have_text("Corriger le coup 1")
    tap_hombre(page, "Anne")
    tap_count(page, "Anne", 2)  # Anne 2, Bruno 5: Chloé fills in 2: codille by Bruno
    expect(page.locator("#preview")).to_contain_text("codille par Bruno")
    page.get_by_role("button", name="Enregistrer la correction").tap()
    expect(page.locator(".flash")).to_contain_text("Coup 1 corrigé.")
    # codille: Bruno takes the poule of 27 (9 from Anne, 9 from Chloé)
    assert standing(page) == {"Anne": "−9", "Bruno": "+18", "Chloé": "−9"}
    expect(page.locator(".fiche .s-in_play")).to_have_text("27")  # circled before the next coup
    page.get_by_role("button", name=re.compile("Annuler le dernier coup")).tap()
    expect(page.locator(".flash")).to_contain_text("Coup 1 annulé")
    assert standing(page) == {"Anne": "0", "Bruno": "0", "Chloé": "0"}


def test_without_javascript_check_then_save(file_page: Page, live_server: str):
    with scripts_off(file_page) as page:
        without_javascript_check_then_save(page, live_server)


def without_javascript_check_then_save(page: Page, live_server: str) -> None:
    create_game(page, live_server, preset="recommandé")
    tap_hombre(page, "Chloé", script=False)
    page.locator("#f-contract label", has_text="sans prendre").tap()
    tap_tricks(page, {"Chloé": 6, "Anne": 2}, script=False)
    page.get_by_role("button", name="Vérifier").tap()
    preview = page.locator("#preview")
    expect(preview).to_contain_text("Chloé sans prendre\u202f: gagne")
    expect(preview).to_contain_text("Anne → Chloé 12")
    page.get_by_role("button", name="Enregistrer le coup").tap()
    expect(page.locator(".flash")).to_contain_text("Coup 1 enregistré")
    # 3-1: stake 9 + sans prendre 12 from each tiers
    assert standing(page) == {"Anne": "−21", "Bruno": "−21", "Chloé": "+42"}


@pytest.mark.parametrize("width", [360, 390])
def test_phone_layout_no_sideways_scroll_and_big_targets(
    file_page: Page, live_server: str, width: int
):
    page = file_page
    page.set_viewport_size({"width": width, "height": 800})
    game = open_new_game(page, live_server, show=False)  # made and played without drawing
    coup = form_post(page, game + "/coups", coup_form("A demande A4 B4 C1"), shown=game)
    assert coup.status == 302, coup.text()[-2000:]
    for path in ("", "/coups", "/coups/1/edit", "/history"):
        page.goto(game + path)
        assert laid_out_width(page) <= width, path
        small = page.evaluate(
            """() => [...document.querySelectorAll('main button, main a, .choice span, .lang a')]
                 .filter(e => e.offsetParent !== null)
                 .map(e => [e.textContent.trim(), e.getBoundingClientRect().height])
                 .filter(([, h]) => h < 44)"""
        )
        assert small == [], (path, small)


def test_dark_mode_changes_the_colours(file_page: Page, live_server: str):
    page = file_page
    page.emulate_media(color_scheme="dark")  # as a phone set to dark does
    page.goto(live_server + "/")
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(16, 18, 17)"


def test_the_printed_settlement_fits_a4(browser: Browser, live_server: str, tmp_path: Path):
    manager, game = manager_phone(live_server)  # the manager's phone: no browser needed
    for coup in SEED_COUPS[:2] + SEED_COUPS[3:5]:  # SEED's coups 1, 2, 4, 5
        post_coup(manager, game, coup)
    a4 = browser.new_context(viewport={"width": 794, "height": 1123}, locale="fr-FR").new_page()
    a4.goto(table_link(manager, game))  # another phone, following the game with the table link
    a4.goto(live_server + game + "/settlement")
    a4.emulate_media(media="print")
    expect(a4.locator(".provisional")).to_be_visible()
    expect(a4.locator("form.money-form")).to_be_hidden()
    assert laid_out_width(a4) <= 794
    wide = a4.evaluate(
        """() => [...document.querySelectorAll('main *')]
             .filter(e => e.getBoundingClientRect().right > 794).length"""
    )
    assert wide == 0
    a4.screenshot(path=str(tmp_path / "settlement-print.png"), full_page=True)
    pdf = a4.pdf(format="A4")
    assert pdf.startswith(b"%PDF-")


def test_the_table_link_sees_a_new_coup_and_asks_for_its_page_once_per_change(
    file_page: Page, live_server: str
):
    """The follower's page asks for itself with its ETag: 304 while nothing changed, the
    new page once per change, shown in place (no reload, no version poll), within seconds.
    The manager saves the coup without a browser: what is checked is the follower's page."""
    manager, game = manager_phone(live_server)
    follower = file_page
    polls: list[int] = []
    asked: list[str] = []

    def polled(response: Response) -> bool:
        return response.request.resource_type == "fetch"

    def request(r: Request) -> None:
        asked.append(r.url)

    def response(r: Response) -> None:
        if polled(r):
            polls.append(r.status)

    follower.on("request", request)
    follower.on("response", response)
    try:
        follows_once_per_change(follower, manager, game, polled, polls, asked)
    finally:  # the file's page goes on to the next test without them
        follower.remove_listener("request", request)
        follower.remove_listener("response", response)


def follows_once_per_change(
    follower: Page,
    manager: Phone,
    game: str,
    polled: Callable[[Response], bool],
    polls: list[int],
    asked: list[str],
) -> None:
    follower.goto(table_link(manager, game))
    expect(follower.locator("#deal")).to_contain_text("coup 1")
    expect(follower.locator("#entry")).to_have_count(0)
    follower.evaluate("window.stillHere = true")
    with follower.expect_response(lambda r: polled(r) and r.status == 304):
        pass  # nothing changed: the page's poll is answered without a body
    post_coup(manager, game, "B demande A2 B5 C2")
    expect(follower.locator("#deal")).to_contain_text("coup 2")
    with follower.expect_response(lambda r: polled(r) and r.status == 304):
        pass  # the new page's tag is the one asked with now
    assert follower.evaluate("window.stillHere") is True  # shown in place, not reloaded
    assert polls.count(200) == 1  # one page for one change
    assert not [url for url in asked if url.endswith("/version")]
    # Bruno's demande won (5 against 2 and 2): 9 from each of the others
    assert standing(follower) == {"Anne": "−9", "Bruno": "+18", "Chloé": "−9"}


def test_a_danish_game_on_the_phone(file_page: Page, live_server: str):
    page = file_page
    page.goto(live_server + "/games/new")
    page.fill("#player0", "Anne")
    page.fill("#player1", "Bruno")
    page.fill("#player2", "Chloé")
    page.locator("#f-preset label", has_text="danois (DLU)").tap()  # reloads its settings
    expect(page.locator("#ante")).to_have_value("5")
    page.get_by_role("button", name="Créer la partie").tap()
    expect(page.locator("#deal")).to_contain_text("Cagnotte 5")
    tap_hombre(page, "Bruno")
    page.locator("#f-contract label", has_text="nolo simple").tap()
    tap_tricks(page, {"Bruno": 0, "Anne": 4})
    expect(page.locator("#preview")).to_contain_text("Bruno nolo simple\u202f: gagne")
    page.get_by_role("button", name="Enregistrer le coup").tap()
    expect(page.locator(".flash")).to_contain_text("Coup 1 enregistré")
    # DLU købe-nolo won: 2 from each defender, and Anne's ante
    assert standing(page) == {"Anne": "−7", "Bruno": "+9", "Chloé": "−2"}
    assert laid_out_width(page) <= 390
