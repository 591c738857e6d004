"""Reach (issue 45, point 7): at 320 px with the text at 200 %, no page a table or a club
uses scrolls sideways, in any language, and axe-core finds nothing serious or critical.

"Text at 200 %" is the reader's own default font size doubled (the browser's font-size
setting, WCAG 1.4.4): the root font size is set to 200 %, and the stylesheet sizes text in
rem. The rule is in every page from its start (a script DevTools runs as each document is
made, taken away after the test: the page is shared), so each page is laid out once at
200 %; added after the load, as until 2026-11-29, it laid each of the 68 pages out twice.
A list to choose from (a select) grows with the text too, as a reader's doubled default font
makes it, and a long member's name in it must not push the page (static/style.css; until
2026-11-29 selects kept the browser's small font, so this test never saw them overflow).
A table too wide for the screen may scroll inside itself (a data table's second dimension,
WCAG 1.4.10), never the page; such a table can be reached by the keyboard.

Headless Chromium, a real server; one club evening with an l'Hombre table of long names
(two coups) and a Manille table, built once through the forms over HTTP, then every page
in four languages, each chosen with the app's own switch in the same page (a new page for
each language cost Chromium a CPU-second).
"""

from __future__ import annotations

import re

import pytest
from live import Phone
from playwright.sync_api import Page, expect
from test_browser_round2 import as_phone, inject_axe, made, take_cookies
from web import NEW_GAME

pytestmark = pytest.mark.browser

NAMES = ["Anne-Charlotte", "Bruno Vandenberghe", "Chloé"]
"""A long surname: the word that must break, not push the page, at 200 %."""

TEXT_AT_200 = (
    "const sheet = new CSSStyleSheet();"
    " sheet.replaceSync('html { font-size: 200% !important; }');"
    " document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];"
)
"""The root font size at 200 %, put in each document as it is made (before any layout)."""

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
    """A club, its evening, an l'Hombre table of long names (two coups) and a Manille table:
    the pages. Made through the forms by a browser-less phone (the taps that make them are
    tested in test_browser_club.py and test_browser_names.py), whose cookies, the manager's
    and the treasurer's, the page then takes: every form is drawn."""
    phone = Phone(server)
    club = made(
        phone.post(
            "/clubs/new",
            {"name": "Le Cercle de Copenhague", "chip_value": "0.025", "currency": "EUR"}
            | {"submit": "1"},
        )
    )
    evening = made(phone.post(club + "/evenings", {"date": "2026-11-01"}, token_from=club))
    table = f"/games/new?evening={evening.rsplit('/', 1)[1]}"
    players = {f"player{i}": name for i, name in enumerate(NAMES)}
    game = made(phone.post(table, NEW_GAME | players))
    # Chloé, then Anne-Charlotte, each the hombre of a demande won with 5 tricks
    for hombre, tricks in (("2", ("2", "2", "5")), ("0", ("5", "2", "2"))):
        coup = {"hombre": hombre, "contract": "demande", "save": "1"}
        coup |= {f"t{seat}": count for seat, count in enumerate(tricks)}
        assert made(phone.post(game + "/coups", coup, token_from=game)).startswith(game)
    manille = table.replace("/games/new", "/games/new/manille")
    seats = ["Anne-Charlotte", "Fanny", "Bruno Vandenberghe", "Gilles"]
    sheet = made(
        phone.post(manille, {f"player{i}": name for i, name in enumerate(seats)} | MANILLE)
    )
    member = re.search(r'class="history" href="([^"]+)"', phone.get(club)[1])
    assert member  # their own page
    take_cookies(page, phone, server)
    return {
        name: server + path
        for name, path in {
            "new game": "/games/new",
            "new manille": "/games/new/manille",
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
            "member": member.group(1),
        }.items()
    }


MANILLE = {"first_dealer": "0", "create": "1", "variant": "classique", "partie": "liee"}
MANILLE |= {"manche": "34", "belle": "44"}
"""The Manille form's choices as it offers them."""

DRAWN = {"game": "form.coup-form", "cash box": "#payment", "club": "#new-member"}
"""A form on a page only the manager or the treasurer is shown: the page's cookies are theirs."""


@pytest.mark.long
def test_no_page_scrolls_sideways_at_320_px_with_text_at_200_percent(
    file_page: Page, live_server: str
):
    page = file_page  # a phone in French: its cookies are the manager's and the treasurer's
    pages = club_evening(page, live_server)
    sideways: dict[str, list[str]] = {}
    findings: dict[str, list[str]] = {}
    devtools = page.context.new_cdp_session(page)
    devtools.send("Page.enable")  # without it, the session's scripts are never run
    text_at_200 = devtools.send("Page.addScriptToEvaluateOnNewDocument", {"source": TEXT_AT_200})
    try:
        for language in ("fr", "en", "da", "nl"):  # the reader's own choice, kept
            as_phone(page, live_server, {"width": 320, "height": 700}, language)
            for name, url in pages.items():
                answer = page.goto(url)
                assert answer is not None and answer.status == 200, (language, name)
                expect(page.locator("html")).to_have_attribute("lang", language)
                page.wait_for_load_state("load")
                if name in DRAWN:  # every form is drawn
                    expect(page.locator(DRAWN[name])).to_have_count(1)
                width, root = page.evaluate(
                    "[document.documentElement.scrollWidth,"
                    " getComputedStyle(document.documentElement).fontSize]"
                )
                assert root == "32px", (language, name, root)  # 200 % of Chromium's 16 px
                if width > 320:
                    sideways[f"{language} {name}"] = page.evaluate(SIDEWAYS)
                if language == "da":  # axe is slow: once, in the language of the longest words
                    inject_axe(page)
                    found = page.evaluate(SERIOUS)
                    if found:
                        findings[f"{language} {name}"] = found
    finally:  # the shared page's next documents are the phone's own size again
        devtools.send("Page.removeScriptToEvaluateOnNewDocument", text_at_200)
        devtools.detach()
    assert sideways == {}
    assert findings == {}
