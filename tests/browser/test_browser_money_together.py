"""A sign stays with its amount (issue 45's walk): on a Dutch phone (390 × 844) the room's
settlement and the season showed "−" on one line and "€ 0,23" on the next, the sign and
the currency being two places a line may break. Every figure of their tables is on one line.

One table of the evening: a demande won by Chloé with 5 tricks, first coup of the 1709
poule: Anne-Charlotte −9, Bruno −9, Chloé +18 chips; at 0.025 € a chip two debts of about
−€ 0,23 and a credit of +€ 0,45.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from test_browser_club import evening_by_phone
from web import laid_out_width

pytestmark = pytest.mark.browser

LINES = """table => [...document.querySelectorAll(table + ' td.num')].map(cell => {
  const range = document.createRange();
  range.selectNodeContents(cell);
  const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
  return [cell.textContent, tops.size];
})"""


def figures_on_two_lines(page: Page, table: str) -> list[str]:
    cells = page.evaluate(LINES, table)
    assert any("−" in text for text, _ in cells), cells  # a debt is there to be seen
    return [text for text, lines in cells if lines > 1]


def test_a_debt_keeps_its_sign_on_the_rooms_and_the_seasons_line(file_page: Page, live_server: str):
    page = file_page  # a French phone at 390×844
    club, evening, _table = evening_by_phone(
        page,
        live_server,
        ("De Manillevrienden van Sint-Kruis", "0.025"),
        ("2026-11-27", "2026"),
        ("Anne-Charlotte", "Bruno", "Chloé"),
    )
    page.goto(evening + "/settlement")
    page.locator('nav.lang a[hreflang="nl"]').tap()
    expect(page.locator("html")).to_have_attribute("lang", "nl")
    expect(page.locator("#members td.num").first).to_be_visible()
    assert figures_on_two_lines(page, "#members") == []
    assert laid_out_width(page) <= 390  # a wider table scrolls in its box, never the page
    page.goto(club.rstrip("/") + "/season")
    expect(page.locator("#season td.num").first).to_be_visible()
    assert figures_on_two_lines(page, "#season") == []
    assert laid_out_width(page) <= 390
