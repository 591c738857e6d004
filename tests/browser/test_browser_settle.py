"""The settlement on a phone (issue 45.6): who pays whom on the first screen."""

from __future__ import annotations

import json
from urllib.parse import urljoin

import pytest
from playwright.sync_api import Page, expect
from test_browser import form_post, scripts_off

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


def imported(page: Page, server: str, data: dict[str, object]) -> str:
    """The game file imported by ``page``'s phone (its requests: the import page is not what
    these tests check): the game's address."""
    sent = form_post(page, server + "/games/import", {"text": json.dumps(data, ensure_ascii=False)})
    assert sent.status == 302, sent.text()[-2000:]
    return urljoin(server, sent.headers["location"]).split("#")[0].rstrip("/")


def on_first_screen(page: Page, selector: str) -> bool:
    """Whether the element is wholly within the first screen (the page not scrolled)."""
    page.evaluate("window.scrollTo(0, 0)")
    box = page.locator(selector).bounding_box()
    assert box is not None
    return box["y"] >= 0 and box["y"] + box["height"] <= page.viewport_size["height"]


def test_who_pays_whom_leads_the_settlement_on_a_phone(file_page: Page, live_server: str):
    page = file_page
    game = imported(page, live_server, FOUR_COUPS)
    page.goto(f"{live_server}/lang/en?next={game.removeprefix(live_server)}/settlement")
    expect(page.locator("#pays li").first).to_contain_text("→")
    # the manager's page: the money form and its five downloads are there, after it
    expect(page.locator(".money-form")).to_be_attached()
    assert on_first_screen(page, "#pays li >> nth=0")


def test_the_table_stops_here_on_a_phone_without_javascript(file_page: Page, live_server: str):
    with scripts_off(file_page) as page:  # the question is a page, not a script
        stops_here(page, live_server)


def stops_here(page: Page, live_server: str) -> None:
    game = imported(page, live_server, FOUR_COUPS)
    page.goto(game + "/settlement")
    expect(page.locator(".provisional")).to_have_text("PROVISOIRE")
    page.locator("#stop-here").tap()
    expect(page.locator("h1")).to_have_text("Arrêter la partie ici\u202f?")
    # coup 5: Chloé won the poule and Anne's 27; Bruno's 72 and 108 are left: they pay a
    # third of each to Anne and to Chloé, 24 + 36 = 60 each (hombre.md §7)
    expect(page.locator("#stop-changes")).to_contain_text("Bruno −33 → −153 (−120)")
    page.locator("#confirm-stop").tap()
    expect(page.locator("#stopped")).to_contain_text("La table s’est arrêtée là")
    expect(page.locator(".provisional")).to_have_count(0)
    assert on_first_screen(page, "#pays li >> nth=0")
    page.goto(game)
    page.locator("#resume button").tap()  # the undo of a stopped table: it plays on
    expect(page.locator(".flash")).to_contain_text("la table reprend avec le coup 6")
