"""The event's read page on a phone keeps the Total column in sight (play18: a Flemish
championship of four rounds with a correction, read at 390 × 844 by its players — "the players
open the same read link on their phones", guide-competitions.md — showed "R1 … R4 Corre" and
no Totaal: the ranking scrolled inside its box with the total past the screen's edge, while
the wall's ranking keeps its Total column at the right edge, test_browser_wall.py)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from test_browser_round2 import as_phone
from web import laid_out_width

pytestmark = pytest.mark.browser

NAMES = ["Anne-Charlotte Verstraeten", "Bruno Vandenberghe", "Carl De Smet", "Dora Peeters"]
NAMES += ["Eric Van den Broeck", "Frida Goossens", "Gert Willems", "Hilde Janssens"]


def test_the_read_pages_totals_stay_in_sight_on_a_phone(file_page: Page, live_server: str):
    phone = as_phone(file_page, live_server, {"width": 390, "height": 844}, "nl")
    phone.goto(live_server + "/events/new")
    phone.fill("#name", "Kampioenschap Manillen")
    phone.select_option("#kind", "manillen")
    phone.select_option("#seating", "pairs")
    phone.fill("#rounds", "4")
    phone.fill("#seed", "2026")
    phone.locator("form button[type=submit]").last.tap()
    phone.fill("#names", "\n".join(NAMES))
    phone.locator("#register button[type=submit]").tap()
    expect(phone.locator("#ranking tbody tr")).to_have_count(8)
    for number in range(1, 5):  # four rounds drawn; the first three closed with no deal
        phone.locator("#draw").tap()
        expect(phone.locator(".table-card")).to_have_count(2)
        if number < 4:
            phone.locator("#close-round").tap()
            phone.locator("#confirm-close").tap()
    # a correction: the ranking gets its Correction column beside R1 … R4
    phone.select_option("#penalty select[name=player]", NAMES[0])
    phone.fill("#penalty input[name=points]", "10")
    phone.fill("#penalty input[name=reason]", "spel 3 verkeerd geschreven")
    phone.locator("#penalty button[type=submit]").tap()
    expect(phone.locator("#ranking thead th")).to_have_count(8)  # #, Speler, R1–R4, Corr., Tot.
    read = re.sub(r"^https?://[^/]+", "", phone.locator("#read-link").inner_text())
    phone.context.clear_cookies()  # a player's phone: not the director's
    page = as_phone(phone, live_server, {"width": 390, "height": 844}, "nl")
    page.goto(live_server + read)
    expect(page.locator("#ranking tbody tr")).to_have_count(8)
    assert laid_out_width(page) <= 390
    seen = page.evaluate(
        """() => {
          const table = document.querySelector('#ranking');
          const box = table.getBoundingClientRect();
          return {
            right: Math.min(box.right, window.innerWidth),
            scrolls: table.scrollWidth > table.clientWidth,
            heads: [...table.querySelectorAll('thead th')].map(h => h.textContent),
            totals: [...table.querySelectorAll('tr > :last-child')]
              .map(c => c.getBoundingClientRect().right),
          };
        }"""
    )
    assert seen["heads"][-1] == "Totaal", seen
    assert seen["scrolls"], seen  # the rounds do not fit: the case of the championship
    assert len(seen["totals"]) == 9 and max(seen["totals"]) <= seen["right"] + 0.5, seen
