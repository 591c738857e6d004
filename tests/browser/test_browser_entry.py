"""The coup entry on a phone: what the manager typed is never changed behind their back."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from taps import tap_count, tap_hombre
from test_browser import coup_form, form_post, open_new_game, scripts_held

pytestmark = pytest.mark.browser


def checked(page, name: str) -> str | None:
    row = page.locator(".trick-row", has=page.locator(".who", has_text=name))
    box = row.locator("input:checked")
    return box.get_attribute("value") if box.count() else None


def test_only_the_count_that_filled_itself_in_may_change(file_page: Page, live_server: str):
    page = file_page
    open_new_game(page, live_server)
    tap_hombre(page, "Anne")

    def tap(name: str, count: int) -> None:
        tap_count(page, name, count)

    tap("Anne", 5)
    tap("Bruno", 3)
    # Chloé's 1 filled itself in (9 − 5 − 3), and the row says so
    assert checked(page, "Chloé") == "1"
    chloe = page.locator(".trick-row", has=page.locator(".who", has_text="Chloé"))
    expect(chloe.locator(".auto-note")).to_be_visible()
    # the manager taps Chloé 2: Anne's 5 and Bruno's 3 stay as typed (once A became 4:
    # a win turned into a remise); the sum is now 10 and the check says so
    tap("Chloé", 2)
    assert (checked(page, "Anne"), checked(page, "Bruno"), checked(page, "Chloé")) == (
        "5",
        "3",
        "2",
    )
    expect(chloe.locator(".auto-note")).to_be_hidden()
    expect(page.locator("#preview")).to_contain_text("10")
    # changing a typed count while a row is filled in moves only the filled-in one
    tap("Bruno", 4)
    assert (checked(page, "Anne"), checked(page, "Chloé")) == ("5", "2")


def test_two_counts_tapped_before_the_page_s_script_came_fill_in_the_third(
    file_page: Page, live_server: str
):
    """A slow phone: the hombre and two trick counts are tapped before table.js has come.
    Once it runs, the third count fills itself in, as after two taps made with it there;
    it had waited for a third tap (the entry's four taps a coup became five)."""
    page = file_page
    game = open_new_game(page, live_server, show=False)
    with scripts_held(page, "table.js") as held:
        page.goto(game, wait_until="commit")
        page.locator("#f-hombre label", has_text="Bruno").tap()
        tap_count(page, "Bruno", 5)
        tap_count(page, "Anne", 2)
        assert len(held) == 1  # the script has not run yet
    chloe = page.locator(".trick-row", has=page.locator(".who", has_text="Chloé"))
    expect(chloe.locator('input[value="2"]')).to_be_checked()  # 9 − 5 − 2 = 2
    expect(chloe.locator(".auto-note")).to_be_visible()  # and the row says so
    # 5 against 2 and 2: more than either, the demande is won
    expect(page.locator("#preview")).to_contain_text("Bruno demande\u202f: gagne")


SPLIT_WORDS = """() => {
  // every word of the page's text that the layout broke over two lines
  const broken = [];
  const walker = document.createTreeWalker(document.querySelector('main'), NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement.closest('svg, code, .link, [hidden]')) continue;
    if (!node.parentElement.offsetParent) continue;
    for (const m of node.textContent.matchAll(/[^\\s\\-]{2,}/g)) {  // a hyphen may end a line
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
      if (tops.size > 1) broken.push(m[0]);
    }
  }
  return broken;
}"""


def test_no_word_breaks_inside_itself_with_long_names(file_page: Page, live_server: str):
    page = file_page
    page.set_viewport_size({"width": 360, "height": 800})
    names = dict(player0="Anne-Sophie", player1="Bernadette", player2="Maximilienne")
    # the form as drawn (its preset, recommandé) with the names typed, sent by the page's
    # requests: the pages after it are what is checked
    game = open_new_game(page, live_server, show=False, preset="recommended", **names)
    # Anne-Sophie 5, Bernadette 3 (1 filled in), then Bernadette 4 to Anne-Sophie's 4
    for coup in ("A demande A5 B3 C1", "B demande A4 B4 C1"):
        saved = form_post(page, game + "/coups", coup_form(coup), shown=game)
        assert saved.status == 302, saved.text()[-2000:]
    for path in ("", "/story", "/settlement"):
        page.goto(game + path)
        assert page.evaluate(SPLIT_WORDS) == [], path
    page.emulate_media(media="print")
    page.set_viewport_size({"width": 794, "height": 1123})  # A4 at 96 dpi
    page.goto(game + "/settlement")
    assert page.evaluate(SPLIT_WORDS) == []
