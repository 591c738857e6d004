"""One "who pays whom" on a phone (390×844): real Chromium, real server (CSRF on), French
then Danish.

One table of the evening: a demande won by Chloé with 5 tricks, first coup of the 1709
poule: Anne −9, Bruno −9, Chloé +18 chips; at 0.05 € a chip −0,45 €, −0,45 €, +0,90 €.
The cash box's pairing (the club's order Anne, Bruno, Chloé; the debts end to end, Anne
[0, 45), Bruno [45, 90); the credit Chloé [0, 90)): Anne → Chloé 0,45 €, Bruno → Chloé
0,45 €.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from test_browser_club import evening_by_phone
from web import laid_out_width

pytestmark = pytest.mark.browser


def member_row(page, where: str, name: str):
    return page.locator(f"{where} tr", has=page.locator("th", has_text=name))


def test_paid_and_left_on_the_room_and_a_tables_payment_in_the_cash_box(
    file_page: Page, live_server: str
):
    page = file_page  # a French phone at 390×844
    club, evening, table = evening_by_phone(
        page, live_server, evening=("2026-11-27", "2026")
    )  # Chloé wins: −9, −9, +18

    # French: the room's settlement, before and after Anne pays in cash.
    page.goto(evening + "/settlement")
    pays = page.locator("#pays li")
    expect(pays).to_have_count(2)
    expect(pays.nth(0)).to_contain_text(re.compile(r"Anne → Chloé\s?:\s0,45"))
    expect(pays.nth(1)).to_contain_text(re.compile(r"Bruno → Chloé\s?:\s0,45"))
    pays.nth(0).get_by_role("button", name="Payé en espèces").tap()
    expect(page.locator("#pays li")).to_have_count(1)
    expect(page.locator("#pays li")).to_contain_text("Bruno → Chloé")
    anne = member_row(page, "#members", "Anne")
    expect(anne.locator("td.settled")).to_have_text("−0,45\xa0€")  # her loss: 0,45 € paid
    expect(anne.locator("td.left")).to_have_text("0,00\xa0€")  # nothing left
    chloe = member_row(page, "#members", "Chloé")
    expect(chloe.locator("td.settled")).to_have_text("+0,45\xa0€")  # 0,45 € of her win
    expect(chloe.locator("td.left")).to_have_text("+0,45\xa0€")  # 0,90 − 0,45
    expect(page.locator("#members thead")).to_contain_text("Reste")
    assert laid_out_width(page) <= 390

    # Danish: the table's settlement shows the club's money and does not ask Anne again;
    # Bruno pays there by transfer: the cash box, the table and the room show it.
    page.goto(live_server + "/lang/da")
    page.goto(table + "/settlement")
    expect(page.locator("#club-money")).to_contain_text("kasse")
    expect(page.locator("#players")).to_contain_text("+0,90")
    expect(page.locator("#pays li")).to_have_count(1)
    page.locator("#pays li", has_text="Bruno").get_by_role(
        "button", name="Betalt ved overførsel"
    ).tap()
    expect(page.locator("#settled")).to_have_text("Alt er betalt.")
    bruno = member_row(page, "#evening-money", "Bruno")
    expect(bruno.locator("td.settled")).to_contain_text("−0,45")
    expect(bruno.locator("td.left")).to_contain_text("0,00")
    assert laid_out_width(page) <= 390
    page.goto(evening + "/settlement")
    expect(page.locator("#settled")).to_have_text("Alt er betalt.")
    expect(page.locator("#members thead")).to_contain_text("Mangler")
    expect(member_row(page, "#members", "Bruno").locator("td.settled")).to_contain_text("−0,45")
    expect(member_row(page, "#members", "Chloé").locator("td.left")).to_contain_text("0,00")
    assert laid_out_width(page) <= 390
    page.goto(club + "/cash")
    entries = page.locator("#entries")
    expect(entries).to_contain_text("Bruno")
    expect(entries).to_contain_text("overførsel")
