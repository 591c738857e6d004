"""Names, clubs and the small things of issue 25, on a phone (real Chromium, real server).

Each step failed on the code before it: "anne" became a second member of the
club; the member rows had no visible labels and there was no form to add one;
"Joueur 4" was offered as first dealer with three players; "recommandé"
overflowed its preset button; the season hid the net and the money off to the
right of a phone; "Pour 100 coups" read "1600.0". (The points sheets' true minus
sign: tests/browser/test_browser_sheets.py.)
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from taps import tap_hombre, tap_tricks
from web import laid_out_width

pytestmark = pytest.mark.browser


def overflowing(page: Page, selector: str) -> list[str]:
    """The texts of the elements whose content is wider than their box."""
    return page.eval_on_selector_all(
        selector,
        "els => els.filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.textContent)",
    )


def test_names_and_the_club_on_a_phone(file_page: Page, live_server: str):
    page = file_page
    page.goto(live_server + "/clubs/new")
    page.fill("#name", "Le Cercle")
    page.fill("#chip_value", "0.05")
    page.get_by_role("button", name="Créer le club").tap()
    page.wait_for_url(re.compile(r"/clubs/[0-9]+$"))
    club = page.url
    # the manager link and the club link each with a QR code; nothing wider than the phone
    expect(page.locator("#manager-link svg")).to_have_count(1)
    expect(page.locator("#links svg")).to_have_count(1)
    assert laid_out_width(page) <= 390
    # a member added by name, then "anne " refused as the same person
    page.locator("#new-member #name").fill("Anne")
    page.locator("#new-member").get_by_role("button", name="Ajouter le membre").tap()
    expect(page.locator(".member-row")).to_have_count(1)
    expect(page.locator(".member-row").get_by_label("Nom", exact=True)).to_have_value("Anne")
    page.locator("#new-member #name").fill("anne ")
    page.locator("#new-member").get_by_role("button", name="Ajouter le membre").tap()
    expect(page.locator("#new-member .has-error")).to_contain_text("Anne est déjà membre")
    expect(page.locator(".member-row")).to_have_count(1)
    # an evening; a table where the manager types "anne": she is the member Anne
    page.goto(club)
    page.fill("#date", "2026-11-01")
    page.get_by_role("button", name="Ouvrir la soirée").tap()
    page.wait_for_url(re.compile(r"/evenings/[0-9]+$"))
    evening = page.url
    page.get_by_role("link", name="L’Hombre", exact=True).tap()
    # three players: no "Joueur 4" among the first dealers until a fourth is typed
    expect(page.locator("#f-first_dealer label.choice:visible")).to_have_count(3)
    page.fill("#player3", "Denis")
    expect(page.locator("#f-first_dealer label.choice:visible")).to_have_count(4)
    page.fill("#player3", "")
    expect(page.locator("#f-first_dealer label.choice:visible")).to_have_count(3)
    assert overflowing(page, "#f-preset .choice span") == []
    for i, name in enumerate(["anne", "Bruno", "Chloé"]):
        page.fill(f"#player{i}", name)
    page.locator("#f-preset label", has_text="1709").tap()
    page.get_by_role("button", name="Créer la partie").tap()
    # the table link's QR code comes first, for the other players
    first = page.locator(".links-new").first
    expect(first.locator("h2")).to_have_text("Le lien de table, pour les autres joueurs")
    tap_hombre(page, "Chloé")
    tap_tricks(page, {"anne": 2, "Bruno": 2})
    page.get_by_role("button", name="Enregistrer le coup").tap()
    expect(page.locator(".flash")).to_contain_text("enregistré")
    page.goto(evening)
    # the 1709 table is not labelled "(1709)" but by its rules; it is still playing
    expect(page.locator(".table-card h2")).not_to_contain_text("(1709)")
    expect(page.locator("#provisional")).to_contain_text("PROVISOIRE")
    page.get_by_role("link", name="Le Cercle").tap()
    expect(page.locator(".member-row")).to_have_count(3)  # Anne, Bruno, Chloé: no second Anne
    page.get_by_role("link", name="La saison").tap()
    expect(page.locator("#season")).to_be_visible()
    page.wait_for_load_state("load")  # measured once the stylesheet applies
    # the season: the net and the money are in view on the phone, per 100 coups in French
    net = page.locator("#season thead th").nth(1)
    box = net.bounding_box()
    assert box is not None and box["x"] + box["width"] <= 390
    # Chloé won a demande with 5 tricks on the first coup: +18 in 1 coup, +1 800,0 per 100
    row = page.locator("#season tbody tr", has_text="Chloé")
    # (18 × 0,05 € = 0,90 €; the cells after the name: net, money, per 100 coups)
    # the evening is not closed: its money is provisional (fix25b: the season says so)
    expect(row.locator("td").nth(1)).to_have_text("+0,90\xa0€ provisoire")
    expect(row.locator("td").nth(1)).to_be_in_viewport()
    assert row.locator("td").nth(2).inner_text().replace("\u202f", " ") == "+1 800,0"


def test_the_settlement_printed_from_a_phone(file_page: Page, live_server: str):
    """Printed at phone width: "Coup" and "Enjeu" whole, the handover code not on the sheet."""
    page = file_page
    page.goto(live_server + "/games/new")
    for i, name in enumerate(["Anne", "Bruno", "Chloé"]):
        page.fill(f"#player{i}", name)
    page.get_by_role("button", name="Créer la partie").tap()
    tap_hombre(page, "Chloé")
    tap_tricks(page, {"Anne": 2, "Bruno": 2})
    page.get_by_role("button", name="Enregistrer le coup").tap()
    expect(page.locator(".flash")).to_contain_text("enregistré")
    game = re.search(r"^.*/games/[0-9]+", page.url)
    assert game is not None
    page.goto(game.group(0) + "/settlement")
    expect(page.locator("#handover")).to_be_visible()
    page.emulate_media(media="print")
    expect(page.locator("#handover")).to_be_hidden()
    heads = page.locator("#journal .journal-table thead th")
    for word in ("Coup", "Enjeu"):
        cell = heads.filter(has_text=word).first
        # the word on one line: broken inside it, its text would make two line boxes
        boxes = cell.evaluate(
            "e => { const r = document.createRange(); r.selectNodeContents(e);"
            " return r.getClientRects().length; }"
        )
        assert boxes == 1, word
