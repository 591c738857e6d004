"""A club evening on a phone: real Chromium, real server (CSRF on), French UI."""

from __future__ import annotations

import html
import re

import pytest
from live import Phone
from playwright.sync_api import Page, expect
from taps import tap_hombre, tap_tricks
from test_browser_round2 import made, take_cookies
from web import NEW_GAME

pytestmark = pytest.mark.browser
PHONE = {"viewport": {"width": 360, "height": 800}, "is_mobile": True, "has_touch": True}


def hombre_table(
    page: Page, evening: str, names: list[str], hombre: str, link: str = "L’Hombre", keep: str = ""
) -> None:
    """A new l'Hombre table of the evening, and one demande won by ``hombre`` with 5 tricks.

    ``link``: the evening's button that opens it (a club's preset opens it with
    that preset chosen); ``keep``: the name to keep its rules under for the club.
    """
    page.goto(evening)
    page.get_by_role("link", name=link, exact=True).tap()
    for i, name in enumerate(names):
        page.fill(f"#player{i}", name)
    if link == "L’Hombre":
        page.locator("#f-preset label", has_text="1709").tap()
    else:  # the club's rule set is chosen: it has filled the fields below
        expect(page.locator(f'#f-club_preset input[value="{link}"]')).to_be_checked()
    if keep:
        page.fill("#save_preset", keep)
    page.get_by_role("button", name="Créer la partie").tap()
    tap_hombre(page, hombre)
    tap_tricks(page, {name: 2 for name in names if name != hombre})
    page.get_by_role("button", name="Enregistrer le coup").tap()
    expect(page.locator(".flash")).to_contain_text("enregistré")


LE_CERCLE = ("Le Cercle", "0.05")
"""The club of the evening tests: its name and its chip's value in euros."""
FIRST_NOVEMBER = ("2026-11-01", "Soirée du 1er novembre 2026")
"""Their evening: its day and its French title."""
ANNE_BRUNO_CHLOE = ("Anne", "Bruno", "Chloé")


def evening_by_phone(
    page: Page,
    server: str,
    club: tuple[str, str] = LE_CERCLE,
    evening: tuple[str, str] = FIRST_NOVEMBER,
    names: tuple[str, ...] = ANNE_BRUNO_CHLOE,
    hombre: str = "Chloé",
) -> tuple[str, str, str]:
    """What ``hombre_table`` and the taps before it make, made through the same forms by a
    browser-less phone, for the tests whose subject comes after: the club ``club`` (its
    name, its chip's value in euros), its evening (its day, words of its title), and an
    l'Hombre table (1709) where ``hombre`` wins a demande with 5 tricks, the others 2
    each (by default Chloé: −9, −9, +18). The page takes the phone's cookies (the
    manager's, the treasurer's); the club's page shows the manager's link, the evening's
    its title. The addresses of the club, the evening and the table."""
    phone = Phone(server)
    name, chip = club
    new = {"name": name, "chip_value": chip, "currency": "EUR", "submit": "1"}
    club_path = made(phone.post("/clubs/new", new))
    shown = phone.get(club_path)[1]  # the manager's link is shown once, on this first visit
    assert re.search(r'id="manager-link".{0,1000}?/manage\?key=', shown, re.S), shown[-3000:]
    day, words = evening
    evening_path = made(phone.post(club_path + "/evenings", {"date": day}, token_from=club_path))
    title = re.search(r"<h1[^>]*>(.*?)</h1>", phone.get(evening_path)[1], re.S)
    assert title and words in html.unescape(re.sub(r"<[^>]+>", "", title.group(1))), title
    players = {f"player{i}": player for i, player in enumerate(names)}
    tables = f"/games/new?evening={evening_path.rsplit('/', 1)[1]}"
    table = made(phone.post(tables, NEW_GAME | players))
    coup = {"hombre": str(names.index(hombre)), "contract": "demande", "save": "1"}
    coup |= {f"t{i}": "5" if player == hombre else "2" for i, player in enumerate(names)}
    assert made(phone.post(table + "/coups", coup, token_from=table)).startswith(table)
    take_cookies(page, phone, server)
    return server + club_path, server + evening_path, server + table


def test_an_evening_of_three_tables_and_its_settlement(file_page: Page, live_server: str):
    page = file_page  # a French phone
    page.set_viewport_size(PHONE["viewport"])
    page.goto(live_server + "/clubs/new")
    page.fill("#name", "Le Cercle")
    page.fill("#chip_value", "0.05")
    page.get_by_role("button", name="Créer le club").tap()
    expect(page.locator("#manager-link")).to_contain_text("/manage?key=")
    page.fill("#date", "2026-11-01")
    page.get_by_role("button", name="Ouvrir la soirée").tap()
    expect(page.locator("h1")).to_contain_text("Soirée du 1er novembre 2026")
    evening = page.url
    # a demande won with 5 tricks, first coup of the 1709 poule: the poule is 3 marks
    # of 3 from each (27); the hombre takes it: +27 − their own 9 = +18, the others −9;
    # its rules kept for the club as "Jeudi 1709"
    hombre_table(page, evening, ["Anne", "Bruno", "Chloé"], "Chloé", keep="Jeudi 1709")
    # the club's preset opens the second table from the evening (−9, −9, +18 again)
    hombre_table(page, evening, ["Denis", "Eve", "Anne"], "Anne", link="Jeudi 1709")
    page.goto(evening)
    page.get_by_role("link", name="la Manille").tap()
    for i, name in enumerate(["Anne", "Fanny", "Denis", "Gilles"]):
        page.fill(f"#player{i}", name)
    page.get_by_role("button", name="Créer la partie").tap()
    page.wait_for_url(re.compile(r"/games/[0-9]+$"))
    page.goto(evening)
    expect(page.locator(".table-card")).to_have_count(3)
    page.get_by_role("link", name="Règlement de la salle").tap()
    # members: Anne −9 + 18 = +9, Bruno −9, Chloé +18, Denis −9, Eve −9 (sum 0)
    # in money (9 × 0.05 € = 0.45 €), the cash box's pairing in the club's order: the debts
    # end to end, Bruno [0, 45), Denis [45, 90), Eve [90, 135) cents; the credits, Anne
    # [0, 45), Chloé [45, 135): Bruno → Anne, Denis → Chloé, Eve → Chloé, 0,45 € each
    expect(page.locator("#pays li")).to_have_count(3)
    pays = page.locator("#pays li").all_inner_texts()
    assert [re.sub(r"\s+", " ", p).split(" €")[0] for p in pays] == [
        "Bruno → Anne : 0,45",  # French: a narrow no-break space before the colon
        "Denis → Chloé : 0,45",
        "Eve → Chloé : 0,45",
    ]
    expect(page.locator("#tables h3")).to_have_count(3)
