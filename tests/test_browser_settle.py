"""The settlement on a phone (issue 45.6): who pays whom on the first screen."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Browser, Page, expect
from test_browser import phone

pytestmark = pytest.mark.browser

FOUR_COUPS = {
    "format": "scorekeeper-game/1",
    "game": "hombre",
    "players": ["Anne", "Bruno", "Chloé"],
    "rules": {"poule_system": "3-2", "payments": "double", "retourne": False, "end": "share"},
    "coups": [  # the seed's first four coups: bêtes Anne 27, Bruno 72 and 108 left open
        {"hombre": "Anne", "contract": "demande", "tricks": {"Anne": 4, "Bruno": 4, "Chloé": 1}},
        {"hombre": "Bruno", "contract": "demande", "tricks": {"Anne": 4, "Bruno": 4, "Chloé": 1}},
        {"pass": True},
        {"hombre": "Bruno", "contract": "demande", "tricks": {"Anne": 3, "Bruno": 3, "Chloé": 3}},
        {"hombre": "Chloé", "contract": "demande", "tricks": {"Anne": 2, "Bruno": 2, "Chloé": 5}},
    ],
}


def imported(page: Page, server: str, data: dict[str, object]) -> None:
    page.goto(server + "/games/import")
    page.fill("#text", json.dumps(data, ensure_ascii=False))
    page.locator("main form button[type=submit]").tap()
    expect(page.locator("h1")).to_contain_text("Anne")


def on_first_screen(page: Page, selector: str) -> bool:
    """Whether the element is wholly within the first screen (the page not scrolled)."""
    page.evaluate("window.scrollTo(0, 0)")
    box = page.locator(selector).bounding_box()
    assert box is not None
    return box["y"] >= 0 and box["y"] + box["height"] <= page.viewport_size["height"]


def test_who_pays_whom_leads_the_settlement_on_a_phone(browser: Browser, live_server: str):
    page = phone(browser, locale="en-GB")
    imported(page, live_server, FOUR_COUPS)
    page.goto(page.url.split("#")[0] + "/settlement")
    expect(page.locator("#pays li").first).to_contain_text("→")
    # the manager's page: the money form and its five downloads are there, after it
    expect(page.locator(".money-form")).to_be_attached()
    assert on_first_screen(page, "#pays li >> nth=0")
