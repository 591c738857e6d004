"""Someone takes a seat, on a phone at 390×844 (issue 35, point 6): French with JavaScript,
Danish without it, at l'Hombre and at a team game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from taps import tap_hombre, tap_tricks
from test_browser import open_new_game, scripts_off
from test_browser_settle import imported

pytestmark = pytest.mark.browser
GOLDEN = Path(__file__).parents[1] / "golden"


def test_a_newcomer_plays_for_an_absent_player_in_french(file_page: Page, live_server: str):
    page = file_page
    open_new_game(page, live_server)  # the 1709 preset: no take-over
    page.get_by_role("button", name="Tous passent").tap()
    expect(page.locator("#deal")).to_contain_text("coup 2")
    page.get_by_role("link", name="quelqu’un prend une place").tap()
    expect(page.locator("h1")).to_have_text("Quelqu’un prend une place")
    expect(page.locator("main")).to_contain_text("À partir du coup 2")
    expect(page.locator("input[value=takes_over]")).to_have_count(0)  # 1709: plays for them only
    page.locator("#f-seat label", has_text="Bruno").tap()
    page.fill("#player", "Denis")
    button = page.get_by_role("button", name="Prendre la place")
    expect(button).to_be_in_viewport()
    button.tap()  # Playwright taps only what nothing covers
    expect(page.locator("#seats")).to_contain_text("À partir du coup 2, Denis joue pour Bruno.")
    # coup 2 is dealt at seat (2 − 1) mod 3 = 1, Bruno's, where Denis sits now
    expect(page.locator("#deal")).to_contain_text(
        "Denis donne\u202f; premier en cartes\u202f: Chloé."
    )
    expect(page).to_have_title("Anne · Denis · Chloé — Scorekeeper")
    tap_hombre(page, "Denis")
    tap_tricks(page, {"Denis": 5, "Chloé": 2})  # 5 against 2 and 2: more than either, gagne
    expect(page.locator("#preview")).to_contain_text("Denis demande\u202f: gagne")
    report = json.loads(page.request.get(live_server + "/games/1/report.json").text())
    assert report["by_person"] == {"Anne": 0, "Bruno": 0, "Chloé": 0, "Denis": 0}
    page.goto(live_server + "/games/1/history")
    expect(page.locator("main")).to_contain_text("quelqu’un a pris une place")


def test_a_newcomer_takes_over_at_a_brou_table_in_danish_without_javascript(
    file_page: Page, live_server: str
):
    """The file's page in Danish (the app's switch) with Chromium's script switch off."""
    with scripts_off(file_page) as page:
        takes_over_in_danish(page, live_server)


def takes_over_in_danish(page: Page, live_server: str) -> None:
    data = json.loads((GOLDEN / "brou.game.json").read_text())
    data["coups"] = data["coups"][:3]
    game = imported(page, live_server, data)
    page.goto(f"{live_server}/lang/da?next={game.removeprefix(live_server)}")
    page.get_by_role("link", name="en ny spiller sætter sig").tap()
    expect(page.locator("h1")).to_have_text("En ny spiller sætter sig")
    page.locator("#f-seat label", has_text="Bruno").tap()
    page.fill("#player", "Émile")
    page.locator("#f-way label", has_text="overtager").tap()
    page.get_by_role("button", name="Tag pladsen").tap()
    expect(page.locator("#seats")).to_contain_text(
        "Fra spil 4 har Émile overtaget pladsen efter Bruno."
    )
    # the same name again: refused beside the field, in Danish, nothing stored
    page.goto(page.url.split("#")[0].rstrip("/") + "/seat")
    page.locator("#f-seat label", has_text="Anne").tap()
    page.fill("#player", "émile")
    page.get_by_role("button", name="Tag pladsen").tap()
    expect(page.locator(".error")).to_contain_text("Émile sidder allerede ved dette bord.")
