"""A long unbroken value never widens a page (play19): 5,000 characters pasted into player 1
made the new-game page 36,209 px wide on a 390 px phone, its refusal repeating the value.

A name field takes the paste whole (issue 25: never cut silently by the browser; tests/web/
test_text_fields_bounded.py); the typed names on the first dealer's buttons and the
server's refusal break inside the page, which stays as wide as the phone. Real Chromium, 390 px.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from test_browser_club import evening_by_phone
from web import laid_out_width

from scorekeeper.clubs.evening_tables import MAX_TITLE
from scorekeeper.names import MAX_LENGTH

pytestmark = pytest.mark.browser

LONG = "Q" * 5000

WIDER = """() => [...document.querySelectorAll('body *')]
  .filter(e => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1
    || e.scrollWidth > document.documentElement.clientWidth + 1)
  .slice(-3).map(e => e.outerHTML.slice(0, 100))"""
"""What reaches past the phone's right edge, for the failure's message."""


def test_the_refusal_of_a_5000_character_name_stays_390_px_wide(file_page: Page, live_server: str):
    page = file_page
    page.goto(live_server + "/games/new")
    page.locator("#player0").fill(LONG)  # as a paste: a name is never cut by the browser
    expect(page.locator("#player0")).to_have_value(LONG)
    page.locator("#player1").fill("Anne Martin")
    page.locator("#player2").fill("Bruno Leroy")
    assert laid_out_width(page) <= 390, page.evaluate(WIDER)  # the dealers' names, typed
    page.evaluate("document.querySelector('form').noValidate = true")
    page.locator("button[name=create]").tap()
    # refused beside its field, with the bound in words (the page's language is the phone's)
    expect(page.locator(".has-error").first.get_by_role("alert")).to_contain_text(str(MAX_LENGTH))
    assert re.search(r"/games/new$", page.url)
    expect(page.locator("#player0")).to_have_value(LONG)  # what was typed, kept to shorten
    assert laid_out_width(page) <= 390, page.evaluate(WIDER)


def test_an_evening_titled_with_one_long_word_stays_390_px_wide(file_page: Page, live_server: str):
    """An evening's title of 60 letters and no space (its bound, MAX_TITLE) made the club's
    page 625 px wide (its list of evenings: a link is a flex box as wide as its longest word)
    and the cash box 594 px (the fee's "For the evening" buttons) on a 390 px phone
    (smoke22)."""
    page = file_page  # a French phone at 390×844
    club, _evening, _table = evening_by_phone(page, live_server)
    page.goto(club + "/cash")
    day = page.locator("#fee-on").input_value()  # the fee's date: the server's today
    page.goto(club)
    title = "L" * MAX_TITLE
    page.locator("#new-evening input[name=date]").fill(day)
    page.locator("#new-evening input[name=title]").fill(title)
    page.locator("#new-evening button[name=submit]").tap()
    expect(page.locator("h1")).to_contain_text(title)  # the new evening's page
    page.goto(club)
    expect(page.get_by_role("link", name=re.compile(title))).to_be_visible()
    assert laid_out_width(page) <= 390, page.evaluate(WIDER)
    page.goto(club + "/cash")
    # the plain cash box's fee may name that evening, its date being the fee's
    expect(page.locator("#f-evening .choice", has_text=title)).to_be_visible()
    assert laid_out_width(page) <= 390, page.evaluate(WIDER)


BROKEN_WORDS = """link => { const words = [];
  for (const text of [...link.childNodes].filter(n => n.nodeType === Node.TEXT_NODE)) {
    for (const m of text.textContent.matchAll(/[^\\s\\-—]+/g)) {
      const range = document.createRange();
      range.setStart(text, m.index);
      range.setEnd(text, m.index + m[0].length);
      const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
      if (tops.size > 1) { words.push(m[0]); }
    }
  }
  return words; }"""
"""The words of a link's text laid out on more than one line (broken inside the word)."""


def test_a_link_in_a_table_breaks_between_words_on_a_320_px_phone(
    file_page: Page, live_server: str
):
    """A link is a flex box whose text may break anywhere (smoke22, above); in a table's cell
    that made its column as narrow as one letter, and a member's page on a phone broke the
    evening's label inside its words, where a table wraps between words and scrolls in its
    card (style.css, narrow phones). Each word of the label stays on one line, the page
    320 px wide (review23)."""
    page = file_page
    page.set_viewport_size({"width": 320, "height": 700})
    club, _evening, _table = evening_by_phone(page, live_server)
    page.goto(club)
    page.locator("a.history").first.click()
    link = page.locator("#evenings tbody th a").first
    expect(link).to_contain_text("novembre")  # the evening's label (its title's words)
    assert laid_out_width(page) <= 320, page.evaluate(WIDER)
    assert link.evaluate(BROKEN_WORDS) == []
