"""Reach (issue 45, point 7): at 320 px with the text at 200 %, no page a table or a club
uses scrolls sideways, in any language, and axe-core finds nothing serious or critical.

"Text at 200 %" is the reader's own default font size doubled (the browser's font-size
setting, WCAG 1.4.4): the root font size is set to 200 %, and the stylesheet sizes text in
rem. A table too wide for the screen may scroll inside itself (a data table's second
dimension, WCAG 1.4.10), never the page; such a table can be reached by the keyboard.

Headless Chromium, a real server; one club evening with an l'Hombre table of long names
(two coups) and a Manille table, built once with taps, then every page in four languages,
each chosen with the app's own switch in the same page (a new page for each language cost
Chromium a CPU-second).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from taps import tap_hombre, tap_tricks
from test_browser_round2 import AXE

pytestmark = pytest.mark.browser

NAMES = ["Anne-Charlotte", "Bruno Vandenberghe", "Chloé"]
"""A long surname: the word that must break, not push the page, at 200 %."""

TEXT_AT_200 = "html { font-size: 200% !important; }"

SIDEWAYS = """() => {
  const width = document.documentElement.clientWidth;
  const scrolls = (e) => {
    for (let p = e.parentElement; p; p = p.parentElement) {
      if (['auto', 'scroll', 'hidden'].includes(getComputedStyle(p).overflowX)) return true;
    }
    return false;
  };
  return [...document.querySelectorAll('body *')]
    .filter(e => getComputedStyle(e).position !== 'fixed' && !scrolls(e)
      && e.getBoundingClientRect().right > width + 1)
    .slice(0, 3).map(e => e.outerHTML.slice(0, 120));
}"""

SERIOUS = (
    "axe.run(document, {resultTypes: ['violations']}).then(r => r.violations"
    ".filter(v => v.impact === 'serious' || v.impact === 'critical')"
    ".map(v => v.id + ': ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', ')))"
)


def club_evening(page: Page, server: str) -> dict[str, str]:
    """A club, its evening, an l'Hombre table with two coups and a Manille table: the pages."""
    page.goto(server + "/clubs/new")
    page.fill("#name", "Le Cercle de Copenhague")
    page.fill("#chip_value", "0.025")
    page.get_by_role("button", name="Créer le club").tap()
    page.fill("#date", "2026-11-01")
    page.get_by_role("button", name="Ouvrir la soirée").tap()
    expect(page.locator("h1")).to_contain_text("Soirée du")
    evening = page.url.split("?")[0].split("#")[0]
    club = page.locator("a[href^='/clubs/']", has_text="Cercle").first.get_attribute("href")
    assert club
    page.get_by_role("link", name="L’Hombre", exact=True).tap()
    for i, name in enumerate(NAMES):
        page.fill(f"#player{i}", name)
    page.locator("#f-preset label", has_text="1709").tap()
    page.get_by_role("button", name="Créer la partie").tap()
    expect(page.locator("#deal")).to_be_visible()
    game = page.url.split("?")[0].split("#")[0]
    for hombre in ("Chloé", "Anne-Charlotte"):
        tap_hombre(page, hombre)
        tap_tricks(page, {name: 2 for name in NAMES if name != hombre})
        page.get_by_role("button", name="Enregistrer le coup").tap()
        expect(page.locator(".flash")).to_contain_text("enregistré")
    page.goto(evening)
    page.get_by_role("link", name="la Manille").tap()
    for i, name in enumerate(["Anne-Charlotte", "Fanny", "Bruno Vandenberghe", "Gilles"]):
        page.fill(f"#player{i}", name)
    page.get_by_role("button", name="Créer la partie").tap()
    page.wait_for_url(re.compile(r"/games/[0-9]+$"))
    sheet = page.url
    club = server + club.split("?")[0]
    page.goto(club)
    member = page.locator("a.history").first.get_attribute("href")  # his own page
    assert member
    return {
        "new game": server + "/games/new",
        "new manille": server + "/games/new/manille",
        "game": game,
        "settlement": game + "/settlement",
        "story": game + "/story",
        "coups": game + "/coups",
        "history": game + "/history",
        "fiche": game + "/fiche",
        "manille game": sheet,
        "manille settlement": sheet + "/settlement",
        "club": club,
        "evening": evening,
        "room settlement": evening + "/settlement",
        "cash box": club + "/cash",
        "season": club + "/season",
        "ratings": club + "/ratings",
        "member": server + member,
    }


@pytest.mark.long
def test_no_page_scrolls_sideways_at_320_px_with_text_at_200_percent(
    file_page: Page, live_server: str
):
    page = file_page  # a phone in French: its cookies are the manager's and the treasurer's
    pages = club_evening(page, live_server)  # every form is drawn
    page.set_viewport_size({"width": 320, "height": 700})
    sideways: dict[str, list[str]] = {}
    findings: dict[str, list[str]] = {}
    for language in ("fr", "en", "da", "nl"):
        page.goto(f"{live_server}/lang/{language}")  # the reader's own choice, kept
        expect(page.locator("html")).to_have_attribute("lang", language)
        for name, url in pages.items():
            answer = page.goto(url)
            assert answer is not None and answer.status == 200, (language, name)
            page.wait_for_load_state("load")
            page.add_style_tag(content=TEXT_AT_200)
            if page.evaluate("document.documentElement.scrollWidth") > 320:
                sideways[f"{language} {name}"] = page.evaluate(SIDEWAYS)
            if language == "da":  # axe is slow: once, in the language of the longest words
                page.add_script_tag(path=str(AXE))
                found = page.evaluate(SERIOUS)
                if found:
                    findings[f"{language} {name}"] = found
    assert sideways == {}
    assert findings == {}
