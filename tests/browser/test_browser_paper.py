"""Issue 25, the paper practice, on a phone: the standing's and the settlement's numbers
stand apart (a real Chromium at 390×844, against a real server)."""

from __future__ import annotations

from itertools import pairwise

import pytest
from playwright.sync_api import Page
from test_browser import SEED, create_game, tap_coup

pytestmark = pytest.mark.browser
GAP = 8  # px: at least half an em between the text of two neighbouring cells

TEXT_BOXES = """rows => rows.map(row => [...row.cells].map(cell => {
    const range = document.createRange();
    range.selectNodeContents(cell);
    const box = range.getBoundingClientRect();
    return [cell.innerText.trim(), box.left, box.right];
}))"""


def text_boxes(page: Page, rows: str) -> list[list[tuple[str, float, float]]]:
    """Each row's cells: the text, and where its ink starts and ends (not the cell's edges)."""
    return [[tuple(c) for c in row] for row in page.locator(rows).evaluate_all(TEXT_BOXES)]


def assert_apart(rows: list[list[tuple[str, float, float]]]) -> None:
    assert rows
    for row in rows:
        for (left, _, end), (right, start, _) in pairwise(row):
            assert start - end >= GAP, f"{left!r} and {right!r} touch: {row}"


def test_the_standing_and_the_settlement_keep_their_numbers_apart(
    file_page: Page, live_server: str
):
    page = file_page  # a French phone at 390×844
    create_game(page, live_server)
    for coup in SEED[:2] + SEED[3:5]:
        tap_coup(page, *coup)
    standing = text_boxes(page, "#standing tbody tr")
    assert [c[0] for c in standing[2]] == ["Chloé", "+81", "14 fiches + 1", "1"]
    assert_apart(standing)
    page.goto(live_server + "/games/1/settlement")
    results = text_boxes(page, "#players tbody tr")
    assert [c[0] for c in results[2]] == ["Chloé", "+81", "1", "14 fiches + 1 (281)"]
    assert_apart(results)
    for rows in (standing, results):  # right-aligned: the numbers of a column end together
        for column in range(1, len(rows[0])):
            assert len({round(row[column][2]) for row in rows}) == 1, rows
