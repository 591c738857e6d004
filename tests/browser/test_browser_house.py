"""A manillen game to 101 (the boom, a house rule of issue 29) on a phone: real Chromium."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from test_browser_sheets import fits, phone, totals

pytestmark = pytest.mark.browser
PHONE_390 = {"viewport": {"width": 390, "height": 844}}


def test_a_boom_of_101_played_through_the_pages(browser: Browser, live_server: str):
    page = phone(browser, java_script_enabled=False, **PHONE_390)  # the forms work without it
    page.goto(live_server + "/games/new/manille")  # the link there: test_browser_sheets
    for i, name in enumerate(["Anne", "Bruno", "Chloé", "Denis"]):
        page.fill(f"#player{i}", name)
    page.locator("#f-variant label", has_text="manillen").tap()
    page.locator("#f-house label", has_text="boom\u202f: en 101 points").tap()
    fits(page, 390)
    page.get_by_role("button", name="Créer la partie").tap()
    expect(page.locator("#standing")).to_contain_text("Donne 1, en 101 points")
    deals = [  # (trump, contre, Nous's points) → the running totals, by hand
        ("cœur", None, "30"),  # 30–30: nothing, the next deal ×2
        ("pique", None, "50"),  # 20 × 2 = 40 → 40–0
        ("sans-atout", "contré ×2", "45"),  # 15 × 4 = 60 → 100–0, short of 101
        ("trèfle", None, "31"),  # 1 → 101–0: Nous has won
    ]
    expected = [["0", "0"], ["40", "0"], ["100", "0"], ["101", "0"]]
    for n, ((trump, contre, points), after) in enumerate(zip(deals, expected), 1):
        page.locator("#f-trump label", has_text=trump).tap()
        if contre:
            page.locator("#f-contre label", has_text=contre).tap()
        page.fill("#points", points)
        page.get_by_role("button", name="Enregistrer le coup").tap()
        expect(page.locator(".flash")).to_contain_text(f"Coup {n} enregistré")
        assert totals(page) == after
    expect(page.locator("#standing")).to_contain_text("La partie est gagnée par Nous.")
    expect(page.locator("#entry")).to_have_count(0)
    fits(page, 390)
    page.goto(page.url.split("#")[0].rstrip("/") + "/settlement")
    expect(page.locator("main")).to_contain_text("manillen\u202f: en 101 points")
