"""A competition in Chromium: the director's page on a phone, the wall on a screen, live.

Real server (CSRF on), headless Chromium. The director opens the event,
registers players, draws the round; the table's slip link is opened and a
coup tapped in; the director's page shows the deal done, and the wall
(landscape, dark) follows the ranking without a reload (follow.js, the ETag poll).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect
from taps import tap_hombre, tap_tricks
from test_browser_round2 import as_phone
from web import laid_out_width

pytestmark = pytest.mark.browser
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
SCREEN = {"viewport": {"width": 1280, "height": 720}}


def test_the_director_draws_a_table_fills_it_and_the_wall_follows(
    browser: Browser, file_page: Page, live_server: str
):
    phone = as_phone(file_page, live_server, PHONE["viewport"], "en-GB")  # English chosen
    phone.goto(live_server + "/events/new")
    phone.fill("#name", "Winter Cup")
    phone.select_option("#kind", "hombre")
    phone.select_option("#seating", "3")
    phone.fill("#rounds", "2")
    phone.fill("#deals", "4")
    phone.fill("#clock", "45")
    phone.fill("#seed", "7")
    phone.get_by_role("button", name="Create the event").tap()
    expect(phone.locator("#manager-link")).to_contain_text("/events/1/manage/")
    phone.fill("#names", "Anne\nBert\nCarl\nDora")
    phone.get_by_role("button", name="Register").tap()
    expect(phone.locator("#ranking tbody tr")).to_have_count(4)
    phone.locator("#draw").tap()
    card = phone.locator(".table-card")
    expect(card).to_have_count(1)  # four players at tables of three: one table, one bye
    expect(card).to_have_attribute("data-state", "playing")
    expect(card).to_contain_text("0 deals of 4")
    seated = card.locator("p").first.inner_text().split(" · ")
    wall_url = live_server + re.sub(
        r"^https?://[^/]+", "", phone.locator("#read-link").inner_text()
    )
    wall = browser.new_context(**SCREEN, locale="en-GB").new_page()  # a screen at once
    wall.goto(wall_url + "/wall?dark=1")
    expect(wall.locator("body.wall.dark #ranking tbody tr")).to_have_count(4)
    expect(wall.locator("#seating")).to_contain_text("Table 1: " + " · ".join(seated))
    # The round clock: the hour it ends, here, and the minutes left of the 45.
    expect(wall.locator(".clock time")).to_have_text(
        re.compile(r"\d\d:\d\d( [AP]M)? \(4[45] min\)")
    )
    # The slip's manager link, opened on the phone: the table's game, a deal tapped in.
    phone.locator(".table-card details summary").tap()
    slip = phone.locator(".table-card details code").inner_text()
    phone.goto(live_server + re.sub(r"^https?://[^/]+", "", slip))
    tap_hombre(phone, seated[0])
    tap_tricks(phone, {seated[1]: 2, seated[2]: 2})
    phone.get_by_role("button", name="Save the coup").tap()
    expect(phone.locator(".flash")).to_be_visible()
    # The wall follows without a reload: the winner's line goes to the top, their total no
    # longer 0 (every total was 0 before the deal: the bye's credit is the round's average).
    top = wall.locator("#ranking tbody tr").first
    expect(top.locator("td").last).not_to_have_text("0")
    expect(top).to_contain_text(seated[0])
    phone.goto(live_server + "/events/1")
    expect(phone.locator(".table-card")).to_contain_text("1 deal of 4")
    # A penalty from the phone's form: the change log says it.
    phone.select_option("#penalty select[name=player]", seated[0])
    phone.fill("#penalty input[name=points]", "2")
    phone.fill("#penalty input[name=reason]", "slow play")
    phone.get_by_role("button", name="Enter the correction").tap()
    expect(phone.locator("#log")).to_contain_text("slow play")
    # A credit from the same form, "points added" tapped: the log says it signed.
    phone.select_option("#penalty select[name=player]", seated[1])
    phone.get_by_text("points added (a credit)").tap()
    phone.fill("#penalty input[name=points]", "1")
    phone.fill("#penalty input[name=reason]", "misdealt")
    phone.get_by_role("button", name="Enter the correction").tap()
    # filed under round 1, the round played, as the form showed it chosen (the log line
    # first: it is the new page's, where the page left showed round 1 chosen too)
    expect(phone.locator("#log")).to_contain_text(f"round 1: {seated[1]} +1 (misdealt)")
    expect(phone.locator("#penalty select[name=round]")).to_have_value("1")
    assert laid_out_width(phone) <= 390
    # The same ranking on the players' phones, through the read link.
    phone.goto(wall_url)
    expect(phone.locator("#ranking tbody tr")).to_have_count(4)
    expect(phone.locator("#ranking")).to_contain_text("+1")  # the credit, signed
    expect(phone.locator("#ranking tbody tr").first).to_contain_text(
        seated[0]
    )  # +18 − 2: still first
    assert laid_out_width(phone) <= 390
