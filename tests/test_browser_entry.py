"""The coup entry on a phone: what the manager typed is never changed behind his back."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from test_browser import create_game, phone

pytestmark = pytest.mark.browser


def checked(page, name: str) -> str | None:
    row = page.locator(".trick-row", has=page.locator(".who", has_text=name))
    box = row.locator("input:checked")
    return box.get_attribute("value") if box.count() else None


def test_only_the_count_that_filled_itself_in_may_change(browser: Browser, live_server: str):
    page = phone(browser)
    create_game(page, live_server)
    page.locator("#f-hombre label", has_text="Anne").tap()

    def tap(name: str, count: int) -> None:
        row = page.locator(".trick-row", has=page.locator(".who", has_text=name))
        row.get_by_text(str(count), exact=True).tap()

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
