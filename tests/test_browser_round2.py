"""Issue 16, at the table round 2: one view for one coup, words and looks, the home screen.

Real headless Chromium on a phone (390×844 and 360 wide), French and English.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.browser
PHONES = [
    ({"width": 390, "height": 844}, "fr-FR"),
    ({"width": 360, "height": 740}, "en-US"),
]
WORDS = {
    "fr-FR": {"create": "Créer la partie", "save": "Enregistrer le coup", "saved": "enregistré"},
    "en-US": {"create": "Create the game", "save": "Save the coup", "saved": "saved"},
}


def phone(browser: Browser, viewport: dict, locale: str, **options) -> Page:
    context = browser.new_context(
        viewport=viewport, is_mobile=True, has_touch=True, locale=locale, **options
    )
    return context.new_page()


def new_game(page: Page, server: str, locale: str) -> None:
    page.goto(server + "/games/new")
    for seat, name in enumerate(["Anne", "Bruno", "Chloé"]):
        page.fill(f"#player{seat}", name)
    page.locator("#f-preset label", has_text="1709").tap()
    page.get_by_role("button", name=WORDS[locale]["create"]).tap()
    expect(page.locator("#deal")).to_be_visible()


def in_view(page: Page, selector: str) -> bool:
    """The element's box lies inside the viewport as it is now (no scrolling)."""
    box = page.locator(selector).first.bounding_box()
    size = page.viewport_size
    assert box is not None and size is not None
    return (
        box["y"] >= 0
        and box["y"] + box["height"] <= size["height"] + 0.5
        and box["x"] >= 0
        and box["x"] + box["width"] <= size["width"] + 0.5
    )


def tap_tricks(page: Page, tricks: dict[str, int]) -> None:
    for name, count in tricks.items():
        row = page.locator(".trick-row", has=page.locator(".who", has_text=name))
        row.get_by_text(str(count), exact=True).tap()


@pytest.mark.parametrize(("viewport", "locale"), PHONES)
def test_one_view_for_one_coup(browser: Browser, live_server: str, viewport, locale):
    page = phone(browser, viewport, locale)
    new_game(page, live_server, locale)
    page.locator("#f-hombre label", has_text="Bruno").tap()
    tap_tricks(page, {"Anne": 2, "Bruno": 5})
    # 1709: each player puts 9 into a poule of 27; Bruno's demande is won and he takes the
    # poule (no other payment in 1709's first coup): Bruno 27 − 9 = +18, Anne and Chloé −9.
    expect(page.locator("#deal")).to_contain_text("27")
    nets = page.locator("#preview .nets")
    expect(nets).to_contain_text("Bruno +18")
    expect(nets).to_contain_text("Anne −9")
    expect(nets).to_contain_text("Chloé −9")
    for selector in ["#preview .outcome", "#preview .nets", "button.save"]:
        assert in_view(page, selector), selector
    page.get_by_role("button", name=WORDS[locale]["save"]).tap()
    flash = page.locator("#saved .flash")
    expect(flash).to_contain_text(WORDS[locale]["saved"])
    expect(flash).to_contain_text("Anne → Bruno 9")
    expect(flash).to_contain_text("Chloé → Bruno 9")
    assert in_view(page, "#saved .flash")
    assert in_view(page, "#standing table")
    page.context.close()
