"""The cash box on a phone (390×844): real Chromium, real server (CSRF on), French UI.

One table of the evening: a demande won by Chloé with 5 tricks, first coup of the 1709
poule: Anne −9, Bruno −9, Chloé +18 chips; at 0.05 € a chip −0,45 €, −0,45 €, +0,90 €.
"""

from __future__ import annotations

import pytest
from live import Phone
from playwright.sync_api import Page, expect
from test_browser import scripts_off
from test_browser_club import evening_by_phone
from test_browser_round2 import axe_violations, made, take_cookies
from web import laid_out_width

from scorekeeper.clock import today

pytestmark = pytest.mark.browser


def test_closing_an_evening_and_the_treasurers_page_on_a_phone(file_page: Page, live_server):
    page = file_page  # a French phone at 390×844 that lets the test inject axe-core
    club, evening, _table = evening_by_phone(page, live_server)  # Chloé wins: −9, −9, +18
    page.goto(evening)
    page.get_by_role("link", name="Clore la soirée…").tap()  # closing asks first
    expect(page.locator("#still-playing")).to_contain_text("La table 1 joue encore")
    page.get_by_role("button", name="Oui, clore la soirée").tap()
    expect(page.locator(".flash")).to_contain_text("3 écritures passées")
    expect(page.locator("#closed")).to_be_visible()
    page.get_by_role("link", name="Caisse").tap()
    # Anne and Bruno owe 0,45 € each, the club owes Chloé 0,90 €.
    expect(page.locator("#owing")).to_contain_text("Anne")
    expect(page.locator("#owing")).to_contain_text("0,45")
    expect(page.locator("#owed")).to_contain_text("0,90")
    # Season dues of 10 € for Anne: she owes 0,45 + 10 = 10,45 €.
    fee = page.locator("#fee")
    fee.locator("label", has_text="Cotisation de la saison").tap()
    # the evening's players are checked (issue 45.5): the dues are Anne's alone
    expect(fee.locator("#f-members input:checked")).to_have_count(3)
    fee.locator("label.choice", has_text="Bruno").tap()
    fee.locator("label.choice", has_text="Chloé").tap()
    fee.locator("input[name=amount]").fill("10")
    fee.get_by_role("button", name="Débiter les membres cochés").tap()
    expect(page.locator("#owing")).to_contain_text("10,45")
    # A sum that is not one: the message beside the field, nothing stored.
    prize = page.locator("#prize")
    prize.locator("input[name=amount]").fill("dix")
    prize.get_by_role("button", name="Inscrire").tap()
    expect(page.locator("#prize .error")).to_contain_text("12,50")
    # Between members, in the club's order: Anne → Chloé 0,90 €, Anne → the box 9,55 €,
    # Bruno → the box 0,45 € (Anne's 10,45 = 0,90 + 9,55). Bruno pays theirs in cash.
    suggestions = page.locator("#suggestions li")
    expect(suggestions).to_have_count(3)
    bruno = suggestions.filter(has_text="Bruno")
    expect(bruno).to_contain_text("la caisse")
    bruno.get_by_role("button", name="Payé en espèces").tap()
    expect(page.locator("#suggestions li")).to_have_count(2)
    expect(page.locator("#owing")).not_to_contain_text("Bruno")
    # the box holds Bruno's 0,45 €; once all is paid, the dues: 0,45 + 10,45 − 0,90 = 10,00 €
    expect(page.locator("#held")).to_contain_text("0,45")
    expect(page.locator("#settled-box")).to_contain_text("10,00")
    # The page fits the phone (nothing wider than the screen); axe finds nothing serious.
    assert laid_out_width(page) <= 390
    assert axe_violations(page) == []
    # The dues reversed after a confirm: Anne owes 0,45 € again.
    page.locator("#entries tr", has_text="Cotisation de la saison").get_by_role(
        "link", name="Contre-passer"
    ).tap()
    page.get_by_role("button", name="La contre-passer").tap()
    expect(page.locator("#entries")).to_contain_text("Contre-passation")
    expect(page.locator("#owing")).not_to_contain_text("10,45")
    expect(page.locator("#owing")).to_contain_text("0,45")
    # Her statement: −0,45, −10,45, −0,45.
    page.goto(club)
    page.get_by_role("link", name="Anne").tap()
    expect(page.locator("h1")).to_contain_text("Relevé d’Anne")
    expect(page.locator("#statement tbody tr")).to_have_count(3)
    expect(page.locator("#balance")).to_contain_text("Anne doit 0,45")
    assert axe_violations(page) == []


def test_season_dues_name_no_evening_at_a_tap(file_page: Page, live_server):
    """The plain cash box's fee names by default the evening whose players it ticks, held on
    its date (fix22a); season dues name none, so choosing them checks "None" at once
    (static/fee_evening.js) — the server refused them sent with the evening checked, one more
    tap — and choosing the evening's fee again checks the evening back. Sent as shown, the
    dues are stored (no refusal) and listed in the journal."""
    page = file_page  # a French phone at 390×844
    day = today()  # the fee's date as the page draws it: the server's day
    club, evening, _table = evening_by_phone(page, live_server, evening=(day, day[:4]))
    page.goto(club + "/cash")
    fee = page.locator("#fee")
    held = fee.locator(f"#f-evening input[value='{evening.rsplit('/', 1)[1]}']")
    none = fee.locator("#f-evening input[value='']")
    expect(held).to_be_checked()
    fee.locator("#f-kind label", has_text="Cotisation de la saison").tap()
    expect(none).to_be_checked()
    fee.locator("#f-kind label", has_text="Droit de soirée").tap()
    expect(held).to_be_checked()
    fee.locator("#f-kind label", has_text="Cotisation de la saison").tap()
    expect(none).to_be_checked()
    fee.locator("input[name=amount]").fill("10")
    fee.get_by_role("button", name="Débiter les membres cochés").tap()
    expect(page.locator(".flash")).to_be_visible()
    expect(page.locator(".has-error")).to_have_count(0)
    expect(page.locator("#entries")).to_contain_text("Cotisation de la saison")


def test_a_fee_per_lost_game_at_an_lhombre_evening_says_why_at_a_tap(file_page: Page, live_server):
    """An l'Hombre evening's games cannot say what a lost game is (chips, no game lost): the
    fee per lost game is refused there. Choosing it said nothing and left every player
    checked, the refusal came only once sent (smoke29); now choosing it says why at once,
    beside the members, and checks nobody (no box is a loser's); the evening's fee checks
    its players back and the words go."""
    page = file_page  # a French phone at 390×844
    club, _evening, _table = evening_by_phone(page, live_server)  # Anne, Bruno, Chloé
    page.goto(club + "/cash")  # evening_by_phone's addresses are whole
    fee = page.locator("#fee")
    cannot = fee.locator("#fee-cannot-say")

    def box(name: str):
        return fee.locator("#f-members label", has_text=name).locator("input")

    expect(cannot).to_be_hidden()
    for name in ("Anne", "Bruno", "Chloé"):
        expect(box(name)).to_be_checked()  # the evening's fee: its players
    fee.locator("#f-kind label", has_text="Droit par partie perdue").tap()
    expect(cannot).to_be_visible()
    expect(cannot).to_contain_text("ne sait pas dire ce qu’est une partie perdue")
    expect(cannot).to_contain_text("choisissez un autre droit")
    expect(fee.locator("#fee-checked")).to_be_hidden()
    for name in ("Anne", "Bruno", "Chloé"):
        expect(box(name)).not_to_be_checked()
    fee.locator("#f-kind label", has_text="Droit de soirée").tap()
    expect(cannot).to_be_hidden()
    expect(fee.locator("#fee-checked")).to_be_visible()
    expect(box("Anne")).to_be_checked()


def test_a_fee_per_lost_game_checks_who_lost_at_a_tap(file_page: Page, live_server):
    """A fee per lost game is for those who lost a game that evening: choosing it checks
    them (static/fee_ticks.js), the evening's fee checks its players back, and the help says
    whom. At a manillen table of two deals where Nous (Anne, Chloé) takes 40 then 45, Eux
    (Bruno, Denis) lost its game: 1.50 each. Without script the ticks stay the players':
    sent so, refused once naming Anne and Chloé, drawn again with Bruno and Denis alone, who
    owe the fee of the evening already (charged with the script): refused once more. The
    table's last deal undone since, the room's settlement says beside both fees that the
    games say 0 now, on the screen and printed."""
    page = file_page  # a French phone at 390×844
    phone = Phone(live_server)
    new = {"name": "Le Cercle", "chip_value": "0.05", "currency": "EUR", "submit": "1"}
    club = made(phone.post("/clubs/new", new))
    phone.get(club)  # the manager's link, shown once
    evening = made(phone.post(club + "/evenings", {"date": today()}, token_from=club))
    table = {f"player{i}": n for i, n in enumerate(("Anne", "Bruno", "Chloé", "Denis"))}
    table |= {"first_dealer": "0", "create": "1", "variant": "belge", "deals": "2"}
    game = made(phone.post(f"/games/new/manille?evening={evening.rsplit('/', 1)[1]}",
                           table | {"sans_atout": "0"}))  # fmt: skip
    for points in ("40", "45"):
        coup = {"trump": "pique", "points": points}
        assert made(phone.post(game + "/sheet/coups", coup, token_from=game)).startswith(game)
    take_cookies(page, phone, live_server)
    page.goto(live_server + club + "/cash")
    fee = page.locator("#fee")

    def box(name: str):
        return fee.locator("#f-members label", has_text=name).locator("input")

    for name in ("Anne", "Bruno", "Chloé", "Denis"):
        expect(box(name)).to_be_checked()  # the evening's fee: its players
    fee.locator("#f-kind label", has_text="Droit par partie perdue").tap()
    for name in ("Bruno", "Denis"):
        expect(box(name)).to_be_checked()
    for name in ("Anne", "Chloé"):
        expect(box(name)).not_to_be_checked()
    expect(fee.locator("#fee-checked-lost")).to_be_visible()
    expect(fee.locator("#fee-checked")).to_be_hidden()
    fee.locator("#f-kind label", has_text="Droit de soirée").tap()
    expect(box("Anne")).to_be_checked()
    expect(fee.locator("#fee-checked")).to_be_visible()
    fee.locator("#f-kind label", has_text="Droit par partie perdue").tap()
    fee.locator("input[name=amount]").fill("1,50")
    fee.get_by_role("button", name="Débiter les membres cochés").tap()
    expect(page.locator(".flash")).to_contain_text("Inscrit pour 2 membres")
    expect(page.locator(".has-error")).to_have_count(0)

    with scripts_off(page):
        page.goto(live_server + club + "/cash")
        fee.locator("#f-kind label", has_text="Droit par partie perdue").tap()
        expect(box("Anne")).to_be_checked()  # no script: the players' ticks stay
        fee.locator("input[name=amount]").fill("1,50")
        fee.get_by_role("button", name="Débiter les membres cochés").tap()
        # one answer with every reason (fix30a): Anne and Chloé lost none, Bruno and Denis
        # were charged above already for this evening (review26); all four drawn unchecked,
        # nobody left to charge, so no "send again" (smoke31)
        members = fee.locator("#f-members")
        expect(members).to_contain_text(
            "Anne et Chloé n’ont perdu aucune partie ce soir-là : leurs cases sont décochées."
        )
        expect(members).to_contain_text(
            "Bruno et Denis doivent déjà un droit par partie perdue pour cette soirée"
        )
        expect(members).not_to_contain_text("envoyez de nouveau")
        for name in ("Anne", "Bruno", "Chloé", "Denis"):
            expect(box(name)).not_to_be_checked()

    # the table's last deal undone by the phone: its game of one deal is not finished,
    # nobody lost it; the room's settlement says beside Bruno's and Denis's fee (each
    # charged for 1) that the games say 0 now, on the screen and printed (fix28a)
    assert phone.post(game + "/undo", {}, token_from=game)[0] == 302
    page.goto(live_server + evening + "/settlement")
    notices = page.locator("#fees .lost-since")
    expect(notices).to_have_count(2)
    for n in range(2):
        expect(notices.nth(n)).to_contain_text("Débité pour 1 partie perdue")
        expect(notices.nth(n)).to_contain_text("en disent maintenant 0")
    page.emulate_media(media="print")
    try:
        expect(notices.first).to_be_visible()
    finally:
        page.emulate_media(media="null")
