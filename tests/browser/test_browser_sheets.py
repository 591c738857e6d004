"""Homme de Brou and Manille on a phone: real Chromium, real server, French UI."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from live import Phone
from playwright.sync_api import Browser, Page, expect
from test_browser import scripts_held, scripts_off, table_link
from web import laid_out_width

pytestmark = pytest.mark.browser
PHONE = {"viewport": {"width": 360, "height": 800}, "is_mobile": True, "has_touch": True}


def phone(browser: Browser, **options) -> Page:
    return browser.new_context(**{**PHONE, "locale": "fr-FR", **options}).new_page()


def sheet_phone(file_page: Page) -> Page:
    """The file's page (conftest.py: a French phone) at this file's width."""
    file_page.set_viewport_size(PHONE["viewport"])
    return file_page


def new_sheet(page: Page, server: str, game: str, names: list[str]) -> None:
    page.goto(server + "/games/new")
    page.get_by_role("link", name=game).tap()
    for i, name in enumerate(names):
        page.fill(f"#player{i}", name)


def fits(page: Page, width: int = 360) -> None:
    assert laid_out_width(page) <= width
    small = page.evaluate(
        """() => [...document.querySelectorAll('main button, main a, .choice span, .lang a')]
             .filter(e => e.offsetParent !== null)
             .map(e => [e.textContent.trim(), e.getBoundingClientRect().height])
             .filter(([, h]) => h < 44)"""
    )
    assert small == []


def totals(page: Page) -> list[str]:
    """The running totals of the newest line of the sheet."""
    return page.locator(".sheet-table tbody tr").first.locator("td.total").all_inner_texts()


def test_a_brou_partie_on_the_phone(file_page: Page, live_server: str, tmp_path: Path):
    page = sheet_phone(file_page)
    new_sheet(page, live_server, "l’Homme de Brou", ["Anne", "Bruno", "Chloé", "Denis"])
    page.fill("#parties_to_win", "2")
    page.get_by_role("button", name="Créer la partie").tap()
    expect(page.locator("#standing")).to_contain_text("Anne donne")
    fits(page)
    # 54 for Nous, and a mariage of 20 announced by Nous: 50 + 20 / Eux 70
    page.fill("#points", "54")
    page.locator("label", has=page.locator("#m_nous_petit_a-tap")).tap()
    page.get_by_role("button", name="Enregistrer le coup").tap()
    expect(page.locator(".flash")).to_contain_text("Coup 1 enregistré")
    assert totals(page) == ["70", "70"]
    # Eux takes a grand mariage of trumps on the table: +120, and −120 for Nous
    page.fill("#points", "60")
    page.locator("label", has=page.locator("#m_eux_grand_atout_t-tap")).tap()
    page.get_by_role("button", name="Enregistrer le coup").tap()
    expect(page.locator(".flash")).to_contain_text("Coup 2 enregistré")
    assert totals(page) == ["10", "250"]
    # Eux at 250 with 69 for Nous: 51 unrounded makes 301, a double partie: the match (2)
    page.fill("#points", "69")
    page.get_by_role("button", name="Enregistrer le coup").tap()
    expect(page.locator("#standing")).to_contain_text("Le match est gagné par Eux.")
    expect(page.locator("#entry")).to_have_count(0)
    fits(page)
    page.screenshot(path=os.environ.get("SHEET_SHOT", str(tmp_path / "brou.png")), full_page=True)
    # undo the last coup, and the match is open again
    page.get_by_role("button", name="Annuler le dernier coup (3)").tap()
    expect(page.locator("#standing")).to_contain_text("Partie en 301\u202f: Nous 10 · Eux 250")


def test_a_manille_correction_recounts_the_sheet(file_page: Page, live_server: str):
    page = sheet_phone(file_page)
    new_sheet(page, live_server, "la Manille", ["Anne", "Bruno", "Chloé", "Denis"])
    page.get_by_role("button", name="Créer la partie").tap()
    # Anne turns a king (3 for Nous); Nous takes 28: Eux marks 6
    page.locator("#f-retourne label", has_text="R 3").tap()
    page.fill("#points", "28")
    page.get_by_role("button", name="Enregistrer le coup").tap()
    expect(page.locator(".flash")).to_contain_text("Coup 1 enregistré")
    assert totals(page) == ["3", "6"]
    # Bruno deals; Nous renounces: Eux 34 more and manche 1 (40 ≥ 34)
    page.locator("#f-renonce label", has_text="Nous").tap()
    page.get_by_role("button", name="Enregistrer le coup").tap()
    expect(page.locator(".sheet-table")).to_contain_text("manche 1 à Eux")
    expect(page.locator("#standing")).to_contain_text("Manches\u202f: Nous 0 · Eux 1")
    # the first coup was really 48 for Nous: 14 for Nous, and the manche still goes to Eux
    page.get_by_role("link", name="Corriger le coup 1").tap()
    expect(page.locator("#points")).to_have_value("28")
    page.fill("#points", "48")
    page.get_by_role("button", name="Enregistrer la correction").tap()
    expect(page.locator(".flash")).to_contain_text("Coup 1 corrigé\u202f: Nous +17, Eux 0")
    fits(page)


def test_manillen_for_three_without_javascript(file_page: Page, live_server: str):
    with scripts_off(sheet_phone(file_page)) as page:
        manillen_for_three_without_javascript(page, live_server)


def manillen_for_three_without_javascript(page: Page, live_server: str) -> None:
    new_sheet(page, live_server, "la Manille", ["Anne", "Bruno", "Chloé"])
    page.locator("#f-variant label", has_text="manillen").tap()
    page.fill("#deals", "3")
    page.fill("#sans_atout", "1")
    page.get_by_role("button", name="Créer la partie").tap()
    expect(page.locator(".notice")).to_contain_text("Sans-atout obligatoire")
    page.locator("#f-trump label", has_text="cœur").tap()
    page.fill("#points", "40")
    page.get_by_role("button", name="Enregistrer le coup").tap()
    expect(page.locator("#f-trump .error")).to_contain_text("sans-atout obligatoire")
    expect(page.locator("#points")).to_have_value("40")  # what was typed is kept
    page.locator("#f-trump label", has_text="sans-atout").tap()
    page.locator("#f-contre label", has_text="contré ×2").tap()
    page.get_by_role("button", name="Enregistrer le coup").tap()
    expect(page.locator(".flash")).to_contain_text("Coup 1 enregistré")
    # Anne alone, sans-atout contré ×4, 40 points: +80; the others −40 (a true minus sign)
    assert totals(page) == ["80", "−40", "−40"]
    fits(page)


def test_the_final_sheet_prints_on_a4_and_the_table_link_follows(
    browser: Browser, live_server: str
):
    """The manager enters the coup without a browser; the follower is the A4 page."""
    manager = Phone(live_server)
    names = {f"player{i}": name for i, name in enumerate(["Anne", "Bruno", "Chloé", "Denis"])}
    created = manager.post("/games/new/manille", {**names, "first_dealer": "0", "create": "1"})
    assert created[0] == 302, created[1][-2000:]
    a4 = browser.new_context(viewport={"width": 794, "height": 1123}, locale="fr-FR").new_page()
    a4.goto(table_link(manager, "/games/1"))
    expect(a4.locator("#standing")).to_contain_text("Coup 1 — Anne donne")
    expect(a4.locator("#entry")).to_have_count(0)
    saved = manager.post("/games/1/sheet/coups", {"renonce": "eux"}, token_from="/games/1")
    assert saved[0] == 302, saved[1][-2000:]
    expect(a4.locator("#standing")).to_contain_text("Coup 2 — Bruno donne")
    a4.goto(live_server + "/games/1/settlement")
    a4.emulate_media(media="print")
    expect(a4.locator(".provisional")).to_be_visible()
    expect(a4.locator(".sheet-table")).to_contain_text("manche 1 à Nous")
    assert laid_out_width(a4) <= 794
    assert a4.pdf(format="A4").startswith(b"%PDF-")


def test_brou_and_manille_show_what_a_coup_marks_before_it_is_saved(
    file_page: Page, live_server: str
):
    # With JavaScript: the check appears as the coup is typed, before Save.
    page = sheet_phone(file_page)
    new_sheet(page, live_server, "l’Homme de Brou", ["Anne", "Bruno", "Chloé", "Denis"])
    page.get_by_role("button", name="Créer la partie").tap()
    page.fill("#points", "54")
    page.locator("label", has=page.locator("#m_nous_petit_a-tap")).tap()
    # 54 rounds to 50, + the mariage of 20 = 70 for Nous; Eux's 66 rounds to 70
    expect(page.locator("#preview")).to_contain_text("Nous +70")
    expect(page.locator("#preview")).to_contain_text("Eux +70")
    assert page.locator(".sheet-table td.total").count() == 0  # nothing stored yet
    page.get_by_role("button", name="Enregistrer le coup").tap()
    expect(page.locator(".flash")).to_contain_text("Coup 1 enregistré")
    assert totals(page) == ["70", "70"]

    # Without JavaScript: Check shows the line, Save stores it (Manille classique).
    with scripts_off(page):
        manille_checked_then_saved(page, live_server)


def manille_checked_then_saved(page: Page, live_server: str) -> None:
    new_sheet(page, live_server, "la Manille", ["Anne", "Bruno", "Chloé", "Denis"])
    page.get_by_role("button", name="Créer la partie").tap()
    page.fill("#points", "54")
    page.get_by_role("button", name="Vérifier").tap()
    # 54 of 68 for Nous: 54 − 34 = 20 above the coup nul of 34
    expect(page.locator("#preview")).to_contain_text("Nous +20")
    assert page.locator(".sheet-table td.total").count() == 0
    page.get_by_role("button", name="Enregistrer le coup").tap()
    expect(page.locator(".flash")).to_contain_text("Coup 1 enregistré")
    assert totals(page) == ["20", "0"]


def test_what_was_typed_before_the_page_s_script_came_is_checked(file_page: Page, live_server: str):
    """A slow phone: the points and the mariage are entered before table.js has loaded.

    The script, once it runs, checks what the form already holds; it had waited for the
    next change, and the preview stayed empty (a fresh clone's CI run, 2026-11-30)."""
    page = sheet_phone(file_page)
    new_sheet(page, live_server, "l’Homme de Brou", ["Anne", "Bruno", "Chloé", "Denis"])
    with scripts_held(page, "table.js") as held:  # the script waits until let go
        page.get_by_role("button", name="Créer la partie").tap()
        page.fill("#points", "54")
        page.locator("label", has=page.locator("#m_nous_petit_a-tap")).tap()
        assert len(held) == 1
    # 54 rounds to 50, + the mariage of 20 = 70 for Nous; Eux's 66 rounds to 70
    expect(page.locator("#preview")).to_contain_text("Nous +70")
    expect(page.locator("#preview")).to_contain_text("Eux +70")
