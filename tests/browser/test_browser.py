"""The table app in a real headless Chromium, on a phone-sized screen, against a real server."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from taps import tap_count, tap_hombre, tap_tricks
from web import laid_out_width

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


def tap_coup(page: Page, hombre: str, tricks: dict[str, int], outcome: str) -> int:
    """Enter a demande with taps only; returns the number of taps."""
    taps = 0
    tap_hombre(page, hombre)
    taps += 1
    for name, count in list(tricks.items())[:2]:  # the third fills itself in
        tap_count(page, name, count)
        taps += 1
    expect(page.locator("#preview")).to_contain_text(outcome)
    page.get_by_role("button", name="Enregistrer le coup").tap()
    taps += 1
    expect(page.locator(".flash")).to_contain_text("enregistré")
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
        assert tap_coup(page, *coup) <= 6
    assert standing(page) == {"Anne": "−72", "Bruno": "−9", "Chloé": "+81"}
    expect(page.locator("#deal")).to_contain_text(
        "Chacun ajoute 3 jetons de marque valant 3 chacun\u202f: poule de 27 jetons."
    )
    expect(page.locator(".fiche .s-won")).to_have_text("27")
    expect(page.locator(".fiche .s-cancelled")).to_have_count(2)


def test_correct_a_coup_and_see_the_nets_move(file_page: Page, live_server: str):
    page = file_page
    create_game(page, live_server)
    tap_coup(page, "Bruno", {"Bruno": 5, "Anne": 2}, "gagne")
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


def test_without_javascript_check_then_save(browser: Browser, live_server: str):
    page = phone(browser, java_script_enabled=False)
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
    create_game(page, live_server)
    tap_coup(page, "Anne", {"Anne": 4, "Bruno": 4}, "remise")
    for path in ("", "/coups", "/coups/1/edit", "/history"):
        page.goto(page.url.split("#")[0].split("/games/")[0] + "/games/1" + path)
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


def test_the_printed_settlement_fits_a4(
    browser: Browser, file_page: Page, live_server: str, tmp_path: Path
):
    page = file_page
    create_game(page, live_server)
    for coup in SEED[:2] + SEED[3:5]:
        tap_coup(page, *coup)
    page.goto(live_server + "/games/1/links")
    table_link = page.locator(".link a").first.get_attribute("href")
    a4 = browser.new_context(viewport={"width": 794, "height": 1123}, locale="fr-FR").new_page()
    a4.goto(table_link)  # another phone, following the game with the table link
    a4.goto(live_server + "/games/1/settlement")
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


def test_the_table_link_sees_a_new_coup_within_seconds(
    browser: Browser, file_page: Page, live_server: str
):
    manager = file_page
    create_game(manager, live_server)
    manager.goto(live_server + "/games/1/links")
    table_link = manager.locator(".link a").first.get_attribute("href")
    follower = phone(browser)
    follower.goto(table_link)
    expect(follower.locator("#deal")).to_contain_text("coup 1")
    expect(follower.locator("#entry")).to_have_count(0)
    manager.goto(live_server + "/games/1")
    tap_coup(manager, "Bruno", {"Bruno": 5, "Anne": 2}, "gagne")
    expect(follower.locator("#deal")).to_contain_text("coup 2")
    assert standing(follower) == {"Anne": "−9", "Bruno": "+18", "Chloé": "−9"}


def test_the_table_link_asks_for_its_page_once_per_change(
    browser: Browser, file_page: Page, live_server: str
):
    """The follower's page asks for itself with its ETag: 304 while nothing changed, the
    new page once per change, shown in place (no reload, no version poll)."""
    manager = file_page
    create_game(manager, live_server)
    manager.goto(live_server + "/games/1/links")
    table_link = manager.locator(".link a").first.get_attribute("href")
    follower = phone(browser)
    polls: list[int] = []
    asked: list[str] = []
    follower.on("request", lambda r: asked.append(r.url))

    def polled(response) -> bool:
        return response.request.resource_type == "fetch"

    follower.on("response", lambda r: polls.append(r.status) if polled(r) else None)
    follower.goto(table_link)
    follower.evaluate("window.stillHere = true")
    with follower.expect_response(lambda r: polled(r) and r.status == 304):
        pass  # nothing changed: the page's poll is answered without a body
    manager.goto(live_server + "/games/1")
    tap_coup(manager, "Bruno", {"Bruno": 5, "Anne": 2}, "gagne")
    expect(follower.locator("#deal")).to_contain_text("coup 2")
    with follower.expect_response(lambda r: polled(r) and r.status == 304):
        pass  # the new page's tag is the one asked with now
    assert follower.evaluate("window.stillHere") is True  # shown in place, not reloaded
    assert polls.count(200) == 1  # one page for one change
    assert not [url for url in asked if url.endswith("/version")]
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
