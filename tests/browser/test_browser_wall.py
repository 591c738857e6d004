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
from playwright.sync_api import Browser, BrowserContext, Page, expect
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


SCREEN = {"viewport": {"width": 1280, "height": 800}, "locale": "en-GB"}
PLAYERS = [f"Player {n:02}" for n in range(1, 25)]

SEEN = """() => {
  const box = document.querySelector('.wall-ranking').getBoundingClientRect();
  const section = document.querySelector('.wall-ranking');
  const rows = document.querySelectorAll('#ranking tbody tr');
  const last = rows[rows.length - 1].getBoundingClientRect();
  const head = document.querySelector('#ranking thead th:nth-child(2)');
  const top = head.getBoundingClientRect();
  const there = document.elementFromPoint(top.left + 2, top.top + top.height / 2);
  return {
    at: section.scrollTop,
    end: section.scrollHeight - section.clientHeight,
    row: rows[0].getBoundingClientRect().height,
    page: document.scrollingElement.scrollHeight - window.innerHeight,
    last: last.bottom <= Math.min(box.bottom, window.innerHeight) + 0.5,
    head: top.top >= box.top - 0.5 && head.contains(there),
  };
}"""
"""Where the ranking's section is scrolled, how far it goes, whether the last player's row
is inside the section and the screen, and whether the header row is on top of the lines."""


def test_a_wall_of_24_players_scrolls_itself_to_the_last(browser: Browser, live_server: str):
    """24 players on a 1280 × 800 projector: 10 ranking lines showed, and nobody saw the
    others. Now the ranking's section fits the screen and scrolls itself (wall.js): a pause
    at the top, a steady scroll to the last player under a header row that stays, a pause,
    the top again; it goes on from where it was when follow.js brings a fresher page, and
    with prefers-reduced-motion it never moves by itself. The page's own clock is Playwright's
    (run_for: the seconds pass at once; one context of its own, the clock stays in it)."""
    context, page, wall = _drawn(browser, live_server, PLAYERS)
    expect(page.locator(".table-card")).to_have_count(8)  # 24 players at tables of three
    page.clock.install()
    page.goto(live_server + wall + "?dark=1")
    expect(page.locator("body.wall #ranking tbody tr")).to_have_count(24)
    page.clock.pause_at(page.evaluate("Date.now()") + 1_000)  # from now on, only run_for
    seen = page.evaluate(SEEN)
    # the page itself never scrolls; the section does, and the last player is out of sight
    assert seen["page"] <= 0 and seen["end"] > 0 and not seen["last"] and seen["at"] == 0, seen
    page.clock.run_for(30_000)  # prefers-reduced-motion: reduce, half a minute: still
    assert page.evaluate(SEEN)["at"] == 0

    page.emulate_media(reduced_motion="no-preference")
    page.clock.run_for(4_000)  # the pause at the top (5 s)
    assert page.evaluate(SEEN)["at"] == 0
    waited = 4_000

    def until(far: float) -> dict:
        """The page a quarter of a second at a time (its own clock) until the section is
        scrolled ``far``; the seconds since the pause began are ``waited``."""
        nonlocal waited
        for _ in range(200):
            now = page.evaluate(SEEN)
            if now["at"] >= far:
                return now
            page.clock.run_for(250)
            waited += 250
        raise AssertionError(now)

    halfway = until(seen["end"] / 2)
    assert halfway["head"], halfway  # the header row on top of the lines passing under it
    # follow.js brings a fresher page: its <main> in place of the old one, "scorekeeper:shown"
    page.evaluate(
        """() => {
          const main = document.querySelector('main');
          main.replaceWith(main.cloneNode(true));
          document.dispatchEvent(new CustomEvent('scorekeeper:shown'));
        }"""
    )
    assert abs(page.evaluate(SEEN)["at"] - halfway["at"]) <= 2, halfway  # goes on from there
    bottom = until(seen["end"] - 1)
    assert bottom["last"] and bottom["head"], bottom
    # 1.5 lines a second: the end is end ÷ row lines away (at 28 px type, 711 ÷ 50.25 ≈ 14.2
    # lines, 9.4 s) after the 5 s pause; late by at most the pause's start and end, each
    # seen at the next look (every 0.5 s), and the quarter-second steps: 1.25 s
    scroll = 1000 * seen["end"] / seen["row"] / 1.5
    assert 5_000 + scroll <= waited <= 5_000 + scroll + 1_250 + 100, (waited, scroll)
    page.clock.run_for(2_500)  # the pause at the end (3 s)
    assert page.evaluate(SEEN)["at"] >= seen["end"] - 1
    page.clock.run_for(1_250)  # then the top again
    assert page.evaluate(SEEN)["at"] == 0
    context.close()


def _drawn(
    browser: Browser, live_server: str, players: list[str]
) -> tuple[BrowserContext, Page, str]:
    """A l'Hombre event of ``players`` at tables of three, its first round drawn by its
    director on a 1280 × 800 screen whose reader asks for reduced motion: their context, their
    page and the wall's path."""
    context = browser.new_context(**SCREEN, reduced_motion="reduce")
    page = context.new_page()
    page.goto(live_server + "/events/new")
    page.fill("#name", "Winter Cup")
    page.select_option("#kind", "hombre")
    page.select_option("#seating", "3")
    page.fill("#seed", "7")
    page.get_by_role("button", name="Create the event").click()
    page.fill("#names", "\n".join(players))
    page.get_by_role("button", name="Register").click()
    expect(page.locator("#ranking tbody tr")).to_have_count(len(players))
    page.locator("#draw").click()
    wall = re.sub(r"^https?://[^/]+", "", page.locator("#read-link").inner_text()) + "/wall"
    return context, page, wall


def _wall_of_30(browser: Browser, live_server: str) -> tuple[BrowserContext, Page]:
    """30 players drawn at 10 tables of three, their wall on a 1280 × 800 projector whose
    reader asks for reduced motion (nothing moves by itself)."""
    context, page, wall = _drawn(browser, live_server, [f"Player {n:02}" for n in range(1, 31)])
    expect(page.locator(".table-card")).to_have_count(10)  # 30 players at tables of three
    page.goto(live_server + wall)
    expect(page.locator(".wall-seating li")).to_have_count(10)
    return context, page


def test_a_landscape_walls_seating_keeps_every_tables_number_whole(
    browser: Browser, live_server: str
):
    """30 players, 10 tables at a 1280 × 800 projector: the seating's section scrolls inside
    itself (overflow), and the list's numbers, drawn outside its box, lost their first digit:
    "0. Table 10", "1. Table 11". Each line names its table; no number is cut (the list's
    marker, where there is one, fits inside the section)."""
    context, page = _wall_of_30(browser, live_server)
    cut = page.evaluate(
        """() => {
          const section = document.querySelector('.wall-seating');
          const left = section.getBoundingClientRect().left;
          const pen = document.createElement('canvas').getContext('2d');
          return [...section.querySelectorAll('li')].flatMap((li, i) => {
            const style = getComputedStyle(li);
            if (style.listStyleType === 'none' || style.listStylePosition === 'inside') return [];
            pen.font = style.font;
            const marker = pen.measureText(`${i + 1}.`).width;  // drawn left of the line
            const room = li.getBoundingClientRect().left - left;
            return marker > room ? [`${li.textContent.slice(0, 9)}: ${marker} > ${room}`] : [];
          });
        }"""
    )
    assert cut == [], cut
    context.close()


def _two_looks_later(page: Page) -> None:
    """Returns once wall.js has looked at its resting sections twice more (every 0.5 s):
    whatever it would move by itself, it has moved."""
    seen = page.evaluate("() => +(document.documentElement.dataset.wallLooks || 0)")
    page.wait_for_function(
        f"() => +(document.documentElement.dataset.wallLooks || 0) >= {seen + 2}"
    )


def test_a_wall_scrolled_by_hand_with_reduced_motion_stays_where_it_was_on_news(
    browser: Browser, live_server: str
):
    """With prefers-reduced-motion nothing moves by itself: a reader scrolls the ranking by
    hand. Each fresher page follow.js swaps in (every result at a table) put the section
    back at its top, their place lost every few seconds; the page itself (before the
    sections scrolled) kept it. Now the new section goes on from where they left the old."""
    context, page = _wall_of_30(browser, live_server)
    ranking = page.locator(".wall-ranking")
    ranking.evaluate("box => { box.scrollTop = 300; }")  # by hand
    _two_looks_later(page)  # wall.js has kept the place the reader scrolled to
    page.evaluate(
        """() => {
          const main = document.querySelector('main');
          main.replaceWith(main.cloneNode(true));
          document.dispatchEvent(new CustomEvent('scorekeeper:shown'));
        }"""
    )
    assert abs(ranking.evaluate("box => box.scrollTop") - 300) <= 2
    _two_looks_later(page)
    assert abs(ranking.evaluate("box => box.scrollTop") - 300) <= 2  # and nothing moves
    context.close()
