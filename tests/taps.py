"""Taps on the coup entry that wait for the page to be ready and check they landed.

A tap is aimed at coordinates: if the page is still settling (the deferred
script un-hides the Save button, the preview box fills in) a tap can land on
the neighbouring row. The helpers wait for the entry to be ready first and
check that each count is the one checked afterwards, so a test fails where
the tap went astray rather than later with a puzzling refusal.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect


def entry_ready(page: Page, script: bool = True) -> None:
    """The coup form is drawn and, when scripts run, table.js has run (it shows Save)."""
    page.wait_for_load_state("load")
    form = page.locator("form.coup-form")
    expect(form).to_be_visible()
    if script:
        expect(form.locator("button.save")).to_be_visible()


def tap_count(page: Page, name: str, count: int) -> None:
    """Tap ``count`` tricks on ``name``'s row and check that it is the one now chosen."""
    row = page.locator(".trick-row", has=page.locator(".who", has_text=name))
    row.get_by_text(str(count), exact=True).tap()
    expect(row.locator(f'input[value="{count}"]')).to_be_checked()


def tap_tricks(page: Page, tricks: dict[str, int], script: bool = True) -> None:
    entry_ready(page, script)
    for name, count in tricks.items():
        tap_count(page, name, count)


def tap_hombre(page: Page, name: str, script: bool = True) -> None:
    """Choose the hombre once the entry is ready, and check the choice took."""
    entry_ready(page, script)
    label = page.locator("#f-hombre label", has_text=name)
    label.tap()
    expect(label.locator("input")).to_be_checked()
