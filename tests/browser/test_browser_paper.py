"""Issue 25, the paper practice, on a phone: the standing's and the settlement's numbers
stand apart (a real Chromium at 390×844, against a real server)."""

from __future__ import annotations

from itertools import pairwise

import pytest
from live import Phone
from playwright.sync_api import Page
from test_browser import SEED
from test_browser_round2 import made, take_cookies
from web import NEW_GAME

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
    # the game made through the forms by a browser-less phone (its taps: test_browser.py)
    phone = Phone(live_server)
    game = made(phone.post("/games/new", NEW_GAME))  # Anne, Bruno, Chloé; 1709
    seats = {name: str(seat) for seat, name in enumerate(["Anne", "Bruno", "Chloé"])}
    for hombre, tricks, _outcome in SEED[:2] + SEED[3:5]:
        coup = {"hombre": seats[hombre], "contract": "demande", "save": "1"}
        coup |= {f"t{seats[name]}": str(count) for name, count in tricks.items()}
        assert made(phone.post(game + "/coups", coup, token_from=game)).startswith(game)
    take_cookies(page, phone, live_server)  # the manager's
    page.goto(live_server + game)
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
