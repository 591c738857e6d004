"""The event's wall on a phone at 390 × 844 (issue 45's walk, point 7): it was 400 px wide.

A Dutch event of 14 players at tables of two pairs, four rounds, a round clock: the wall's
head ("Ronde 1 van 4 · eindigt om 15:38 (45 min)") pushed the page to 398 px, and the French
ranking ("Anne-Charlotte ex æquo", the round and penalty columns) to 406 px: grid and flex
items kept their content's width. Now nothing passes the screen's edge (a ranking still too
wide scrolls inside its own section, never the page).
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
    for language, clock in (("nl", "eindigt om"), ("fr", "finit à")):
        if language == "fr":  # a French reader of the wall: not the director, in French
            phone.context.clear_cookies()
        page = as_phone(phone, live_server, PHONE["viewport"], language)
        page.goto(live_server + wall)
        expect(page.locator("body.wall #ranking tbody tr")).to_have_count(14)
        expect(page.locator(".wall-head .clock")).to_contain_text(clock)
        assert laid_out_width(page) <= 390
