"""Four at a l'Hombre table on a phone: the dealer sits out, the entry offers the three who play."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from taps import tap_hombre, tap_tricks
from test_browser import open_new_game, standing

pytestmark = pytest.mark.browser


def test_four_at_the_table_the_dealer_sits_out(file_page: Page, live_server: str):
    page = file_page
    # the form as drawn (recommandé) with four names and 3-1 typed, sent by the page's requests
    names = {f"player{i}": name for i, name in enumerate(["Anne", "Bruno", "Chloé", "Denis"])}
    open_new_game(page, live_server, preset="recommended", poule_system="3-1", **names)
    # coup 1: Anne deals and sits out; Bruno is premier
    expect(page.locator("#deal")).to_contain_text("Anne")
    hombres = page.locator("#f-hombre label").all_inner_texts()
    assert sorted(h.strip() for h in hombres) == ["Bruno", "Chloé", "Denis"]
    rows = page.locator(".trick-row .who").all_inner_texts()
    assert [r.split()[0] for r in rows] == ["Bruno", "Chloé", "Denis"]

    def coup(n: int, hombre: str, tricks: dict[str, int], outcome: str) -> None:
        tap_hombre(page, hombre)
        tap_tricks(page, dict(list(tricks.items())[:2]))  # the third fills itself in
        expect(page.locator("#preview")).to_contain_text(outcome)
        page.get_by_role("button", name="Enregistrer le coup").tap()
        # its own message: on the page the save led to, where the next coup is tapped
        expect(page.locator(".flash")).to_contain_text(f"Coup {n} enregistré")

    # 3-1 with four: each marks 3 (mark 3 chips): poule 4 × 3 × 3 = 36, stake 9.
    # Bruno wins: Anne (sitting out), Chloé and Denis each pay them their stake of 9.
    coup(1, "Bruno", {"Bruno": 5, "Chloé": 2, "Denis": 2}, "gagne")
    assert standing(page) == {"Anne": "−9", "Bruno": "+27", "Chloé": "−9", "Denis": "−9"}
    # coup 2: Bruno deals and sits out; Chloé's 4-4-1 is a remise: a bête, no chip moves
    hombres = page.locator("#f-hombre label").all_inner_texts()
    assert sorted(h.strip() for h in hombres) == ["Anne", "Chloé", "Denis"]
    coup(2, "Chloé", {"Chloé": 4, "Denis": 4, "Anne": 1}, "remise")
    assert standing(page) == {"Anne": "−9", "Bruno": "+27", "Chloé": "−9", "Denis": "−9"}
