"""Issue 35 on a phone (390×844): real Chromium, real server (CSRF on).

A competition's table belongs to its round: a manillen round of 2 deals opens
a table that says "deal 1 of 2", and after its 2 deals the table says why it
takes no more, with no coup form; the director finds the event again from the
home page and ``/events``, sees who partners whom, and the results name each
round's seed. A club evening asks before closing, then its table shows why it
takes no coup and the room's settlement is no longer PROVISIONAL.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from taps import entry_ready
from test_browser_club import evening_by_phone
from test_browser_round2 import as_phone
from web import laid_out_width

pytestmark = pytest.mark.browser
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
WORDS = {
    "fr": {
        "create": "Créer le tournoi",
        "register": "Inscrire",
        "deal_1": "donne 1 sur 2",
        "played": "2 donnes jouées",
        "save": "Enregistrer le coup",
        "heart": "cœur",
        "against": " contre ",
        "seed": "tiré avec la graine 4243",
    },
    "nl": {
        "create": "Tornooi aanmaken",
        "register": "Inschrijven",
        "deal_1": "spel 1 van 2",
        "played": "2 spellen gespeeld",
        "save": "Spel opslaan",
        "heart": "harten",
        "against": " tegen ",
        "seed": "geloot met lotingsnummer 4243",
    },
}


def fits(page: Page) -> None:
    assert laid_out_width(page) <= 390


@pytest.mark.parametrize("language", ["fr", "nl"])
def test_a_round_of_two_deals_on_a_phone_and_the_event_found_again(
    file_page: Page, live_server: str, language: str
):
    words = WORDS[language]
    phone = as_phone(file_page, live_server, PHONE["viewport"], language)
    phone.goto(live_server + "/events/new")
    phone.fill("#name", "Coupe")
    phone.select_option("#kind", "manillen")
    phone.select_option("#seating", "pairs")
    phone.fill("#rounds", "2")
    phone.fill("#deals", "2")
    phone.fill("#seed", "4242")
    phone.locator("form button[type=submit]").last.tap()
    expect(phone.locator("#manager-link")).to_contain_text("/events/1/manage/")
    phone.fill("#names", "Anne\nBert\nCarl\nDora")
    phone.locator("#register button[type=submit]").tap()
    expect(phone.locator("#ranking tbody tr")).to_have_count(4)
    phone.locator("#draw").tap()
    card = phone.locator(".table-card")
    expect(card.locator(".partners")).to_contain_text(words["against"].strip())
    fits(phone)
    phone.locator(".table-card details summary").tap()
    slip = phone.locator(".table-card details code").inner_text()
    phone.goto(live_server + re.sub(r"^https?://[^/]+", "", slip))
    expect(phone.locator("#event-table")).to_contain_text(words["deal_1"])
    for deal in (1, 2):
        entry_ready(phone)
        phone.locator("#f-trump label", has_text=words["heart"]).first.tap()
        phone.fill("#points", "40")
        phone.locator("form.coup-form button.save").tap()
        expect(phone.locator(".flash")).to_contain_text(str(deal))
    expect(phone.locator("#event-table")).to_contain_text(words["played"])
    expect(phone.locator("form.coup-form")).to_have_count(0)  # nothing to type in vain
    fits(phone)
    # found again: the home page and /events list it, a tap away from the director's page
    phone.goto(live_server + "/")
    phone.locator("#event-list a", has_text="Coupe").tap()
    expect(phone.locator("h1")).to_have_text("Coupe")
    phone.goto(live_server + "/events")
    expect(phone.locator("#event-list li")).to_have_count(1)
    fits(phone)
    # the results: the seed each round was drawn with (round 1: 4242 + 1)
    phone.goto(live_server + "/events/1")
    read_link = phone.locator("#read-link").inner_text()
    phone.goto(live_server + re.sub(r"^https?://[^/]+", "", read_link) + "/results")
    expect(phone.locator("#round-1")).to_contain_text(words["seed"])
    expect(phone.locator("#rounds")).to_contain_text(words["against"].strip())
    fits(phone)


def test_closing_an_evening_asks_first_and_its_table_says_why_on_a_phone(
    file_page: Page, live_server: str
):
    page = file_page
    _club, evening, table = evening_by_phone(page, live_server)
    page.goto(evening)
    expect(page.locator("#provisional")).to_be_visible()
    page.get_by_role("link", name="Clore la soirée…").tap()
    # the question names the evening by its label (label21; this one has no title)
    expect(page.locator("h1")).to_have_text("Clore la soirée du 1er novembre 2026\u202f?")
    expect(page.locator("#still-playing")).to_contain_text("La table 1 joue encore")
    fits(page)
    page.get_by_role("button", name="Oui, clore la soirée").tap()
    expect(page.locator("#closed")).to_be_visible()
    expect(page.locator("#provisional")).to_have_count(0)
    page.goto(table)
    expect(page.locator("#closed-table")).to_contain_text("une soirée que le club a close")
    expect(page.locator("form.coup-form")).to_have_count(0)
    fits(page)
    page.goto(evening + "/settlement")
    expect(page.locator("#closed")).to_be_visible()
    expect(page.locator("body")).not_to_contain_text("PROVISOIRE")
