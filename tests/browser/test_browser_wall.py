"""The event's wall on a phone at 390 × 844 (issue 45's walk, point 7): it was 400 px wide.

A Dutch event of 14 players at tables of two pairs, four rounds, a round clock: the wall's
head ("Ronde 1 van 4 · eindigt om 15:38 (45 min)") pushed the page to 398 px, and the French
ranking ("Anne-Charlotte ex æquo", the round and penalty columns) to 406 px: grid and flex
items kept their content's width. Now nothing passes the screen's edge (a ranking still too
wide scrolls inside its own section, never the page), and a wall nobody touches still shows
the totals: no Penalty column while nobody has one, the Total column kept in sight, the
tie-break rule in three short lines (also on a 320 px phone).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from test_browser_round2 import as_phone
from web import laid_out_width

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
NAMES = ["Anne-Charlotte", "Bruno Vandenberghe", "Carl", "Dora", "Eric", "Frida", "Gert"]
NAMES += ["Hans", "Ilse", "Jan", "Karel", "Lotte", "Mieke", "Nele"]


def test_the_wall_fits_a_phone_in_dutch_and_french(file_page: Page, live_server: str):
    phone = as_phone(file_page, live_server, PHONE["viewport"], "nl")
    phone.goto(live_server + "/events/new")
    phone.fill("#name", "Kampioenschap van Vlaanderen")
    phone.select_option("#kind", "manillen")
    phone.select_option("#seating", "pairs")
    phone.fill("#rounds", "4")
    phone.fill("#seed", "4242")
    phone.fill("#clock", "45")
    phone.locator("form button[type=submit]").last.tap()
    expect(phone.locator("#manager-link")).to_contain_text("/events/1/manage/")
    phone.fill("#names", "\n".join(NAMES))
    phone.locator("#register button[type=submit]").tap()
    expect(phone.locator("#ranking tbody tr")).to_have_count(14)
    phone.locator("#draw").tap()
    expect(phone.locator(".table-card").first).to_be_visible()
    wall = re.sub(r"^https?://[^/]+", "", phone.locator("#read-link").inner_text()) + "/wall"
    readers = (
        ("nl", "eindigt om", 390, 844),
        ("fr", "finit à", 390, 844),
        ("fr", "finit à", 320, 700),
    )
    for language, clock, width, height in readers:
        if language == "fr" and width == 390:  # a French reader of the wall: not the director
            phone.context.clear_cookies()
        page = as_phone(phone, live_server, {"width": width, "height": height}, language)
        page.goto(live_server + wall)
        expect(page.locator("body.wall #ranking tbody tr")).to_have_count(14)
        expect(page.locator(".wall-head .clock")).to_contain_text(clock)
        assert laid_out_width(page) <= page.viewport_size["width"]
        # The totals in sight on a wall nobody touches: the Total column's cells inside the
        # ranking's box and the screen (an empty Penalty column pushed them past a 320 px
        # screen's edge: 336 px), the tie-break rule in at most three lines (it took five).
        seen = page.evaluate(
            """() => {
              const box = document.querySelector('.wall-ranking').getBoundingClientRect();
              const rule = document.querySelector('#tie-rule');
              return {
                right: Math.min(box.right, window.innerWidth),
                totals: [...document.querySelectorAll('#ranking tr > :last-child')]
                  .map(c => c.getBoundingClientRect().right),
                heads: [...document.querySelectorAll('#ranking thead th')].map(h => h.textContent),
                lines: rule.getBoundingClientRect().height
                  / parseFloat(getComputedStyle(rule).lineHeight),
              };
            }"""
        )
        assert len(seen["totals"]) == 15 and max(seen["totals"]) <= seen["right"] + 0.5, seen
        assert seen["heads"][-1] in ("Totaal", "Total") and len(seen["heads"]) == 4, seen
        assert seen["lines"] <= 3.05, seen
