"""Offline, nothing wrong is shown (issue 35, point 9): while coups wait on the phone, the
coup being typed is counted, and who deals it and what it (or "all pass") is played for are
marked as known when the server answers — never the server's reckoning for an older coup.

Headless Chromium at 390×844, the context's own offline switch
(tests/browser/test_browser_offline.py).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect
from test_browser import open_new_game
from test_browser_offline import back_online
from test_browser_round2 import as_phone

pytestmark = pytest.mark.browser


@pytest.fixture
def offline_phone(file_page: Page) -> Iterator[Page]:
    """The file's page (conftest.py), online again after the test, whatever failed."""
    yield file_page
    back_online(file_page)


def test_hombre_offline_the_header_counts_the_coup_typed_and_marks_the_rest(
    offline_phone: Page, live_server: str
):
    page = offline_phone
    open_new_game(page, live_server)
    deal = page.locator("#deal")
    expect(deal.locator("h2")).to_have_text("Avant la donne — coup 1")
    expect(page.locator(".carries")).to_contain_text("le coup 2 se joue pour")
    page.context.set_offline(True)
    for _ in range(3):  # coups 1, 2, 3: all pass, kept on this phone
        page.get_by_role("button", name="Tous passent").tap()
    expect(page.locator("#outbox .pending-coup")).to_have_count(3)
    # coup 4 is being typed: the header says so; the dealer and the enjeu are not coup 1's
    expect(deal.locator("h2")).to_have_text("Avant la donne — coup 4")
    expect(deal.locator(".next-deal")).to_be_hidden()
    expect(deal.locator(".unknown-now")).to_contain_text("connu quand le serveur répondra")
    carries = page.locator(".carries")
    expect(carries).to_contain_text("ce qu’il reporte")
    expect(carries).to_contain_text("connu quand le serveur répondra")
    expect(page.locator(".carries")).not_to_contain_text("coup 2")
    # back online: the server's own header for coup 4, nothing marked unknown any more
    page.context.set_offline(False)
    expect(deal.locator("h2")).to_have_text("Avant la donne — coup 4", timeout=15_000)
    expect(page.locator("#outbox")).to_be_hidden()
    expect(deal.locator(".next-deal")).to_be_visible()
    expect(page.locator(".unknown-now")).to_have_count(0)
    expect(page.locator(".carries")).to_contain_text("le coup 5 se joue pour")
    # 1709, three players: coup 4 is dealt by the first dealer again (4 − 1 = 3 ≡ 0 mod 3)
    expect(deal).to_contain_text("Anne donne")


def test_manille_sheet_offline_in_dutch(offline_phone: Page, live_server: str):
    page = as_phone(offline_phone, live_server, {"width": 390, "height": 844}, "nl-NL")
    names = {f"player{i}": name for i, name in enumerate(["Anne", "Bruno", "Chloé", "Denis"])}
    open_new_game(page, live_server, "/manille", **names)
    standing = page.locator("#standing")
    expect(standing.locator("h2")).to_have_text("Spel 1 — Anne deelt")
    page.wait_for_load_state("load")  # the outbox's script runs after the server's text shows
    page.context.set_offline(True)
    for _ in range(2):  # a retourne of 0 and 34 points for Nous, twice, kept on this phone
        page.locator('label.choice:has(input[name="retourne"][value="0"])').tap()
        page.fill("#points", "34")
        page.locator('button[name="save"]').tap()
        expect(page.locator("#points")).to_have_value("")
    expect(page.locator("#outbox .pending-coup")).to_have_count(2)
    expect(standing.locator("h2")).to_have_text("Spel 3")  # no dealer: the server's to say
    expect(standing.locator(".next-deal")).to_be_hidden()
    expect(standing.locator(".unknown-now")).to_contain_text("bekend zodra de server antwoordt")
    page.context.set_offline(False)
    # coup 3 of the classique is dealt by the third player, Chloé (seats turn one a coup)
    expect(standing.locator("h2")).to_have_text("Spel 3 — Chloé deelt", timeout=15_000)
    expect(standing.locator(".unknown-now")).to_have_count(0)


def test_hombre_offline_the_cleared_form_keeps_the_fresh_forms_contract_and_matadors(
    offline_phone: Page, live_server: str
):
    """play7: after a coup kept on the phone the form came back with no contract and no
    matadors ticked, where the server's fresh form ticks demande and 0: the kept coup typed in
    four taps (hombre, two trick counts, save) then said no contract on its pending line."""
    page = offline_phone
    open_new_game(page, live_server)
    page.wait_for_load_state("load")  # the outbox's script runs after the server's text shows
    demande = page.locator('input[name="contract"][value="demande"]')
    no_matadors = page.locator('input[name="matadors"][value="0"]')
    expect(demande).to_be_checked()
    expect(no_matadors).to_be_checked()
    page.context.set_offline(True)
    for coup in range(2):  # Anne hombre, Anne 5 · Bruno 2 (Claire's 2 fills itself in)
        page.locator('label.choice:has(input[name="hombre"][value="0"])').tap()
        page.locator('label.choice:has(input[name="t0"][value="5"])').tap()
        page.locator('label.choice:has(input[name="t1"][value="2"])').tap()
        page.locator('button[name="save"]').tap()
        expect(page.locator("#outbox .pending-coup")).to_have_count(coup + 1)
        # the form is the fresh one again: nobody ticked, demande and 0 matadors as drawn
        expect(page.locator('input[name="hombre"]:checked')).to_have_count(0)
        expect(demande).to_be_checked()
        expect(no_matadors).to_be_checked()
    expect(page.locator("#outbox .pending-coup").nth(1)).to_contain_text("demande")


def test_hombre_offline_an_all_pass_kept_says_tous_passent_not_the_forms_ticks(
    offline_phone: Page, live_server: str
):
    """play7: a *Tous passent* kept on the phone was summed up by the form's ticks, which
    went with it: "Contrat demande · Matadors 0", a coup the table did not play."""
    page = offline_phone
    open_new_game(page, live_server)
    page.wait_for_load_state("load")  # the outbox's script runs after the server's text shows
    page.context.set_offline(True)
    for coup in range(2):
        page.get_by_role("button", name="Tous passent").tap()
        expect(page.locator("#outbox .pending-coup")).to_have_count(coup + 1)
    for typed in page.locator("#outbox .pending-coup .typed").all():
        expect(typed).to_have_text("Tous passent")
