"""The ratings page and a member's page in Chromium: four languages, 390 px and 320 px.

Each fits the phone (nothing wider than the screen: no sideways scroll), axe-core finds
no serious or critical violation, and the member's page draws its charts as SVG.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from test_browser_round2 import axe_violations
from test_ratings import three_evenings
from web import laid_out_width

from scorekeeper import clubs
from scorekeeper.db import connect

pytestmark = pytest.mark.browser
WORDS = {"fr": "Cotes", "en": "Ratings", "da": "Ratingtal", "nl": "Speelsterkte"}
"""The ratings page's title in each language."""


@pytest.mark.long
def test_the_ratings_and_a_members_page_on_phones(file_page: Page, live_server, tmp_path):
    db = connect(tmp_path / "live.sqlite")  # the live server's database (conftest.py)
    club, _games = three_evenings(db)
    denis = next(m.id for m in clubs.members(db, club.id) if m.name == "Denis")
    db.close()
    page = file_page  # a phone that lets the test inject axe-core
    page.goto(f"{live_server}/clubs/{club.id}?key={club.read_token}")
    found = {}
    for language, title in WORDS.items():
        page.set_viewport_size({"width": 390, "height": 844})
        # the switch leads back to the ratings: their page at 390 px in the language chosen
        page.goto(f"{live_server}/lang/{language}?next=/clubs/{club.id}/ratings")
        expect(page.locator("h1")).to_contain_text(title)
        for width in (390, 320):
            if width != 390:
                page.set_viewport_size({"width": width, "height": 844})
                page.goto(f"{live_server}/clubs/{club.id}/ratings")
            expect(page.locator("#ratings-hombre tbody tr")).to_have_count(5)
            found[language, width, "ratings"] = (laid_out_width(page), axe_violations(page))
            page.goto(f"{live_server}/clubs/{club.id}/members/{denis}")
            expect(page.locator("#chart-hombre")).to_be_visible()
            assert page.locator("svg polyline").count() == 2  # their paths: l'Hombre, Manille
            found[language, width, "member"] = (laid_out_width(page), axe_violations(page))
    assert {key: shown for key, shown in found.items() if shown != (key[1], [])} == {}
