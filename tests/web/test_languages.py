"""Danish and Dutch beside French and English: each page in the players' words.

The words asserted are the game terms of docs/translations.md: the Danish
l'hombre clubs' (kortgiver, forhånd, spilfører, stik, købe-nolo…) and the
Flemish manillen players' (deler, troef, zonder troef, meegaan…).
"""

from __future__ import annotations

import importlib.util
import re
import shutil
from pathlib import Path

import pytest
from web import NEW_GAME, enter, laid_out_width, new_game

ROOT = Path(__file__).resolve().parents[2]
FOUR = {"player0": "Anne", "player1": "Bruno", "player2": "Chloé", "player3": "Denis"}
DANOIS = {**NEW_GAME, "preset": "danois_dlu", "accounting": "danois", "ante": "5", "rates": "dlu"}
DANOIS.update(coups_to_play="0", cave="100", fiche="10")


def page(client, path: str, language: str) -> str:
    html = client.get(path, headers={"Accept-Language": language}).data.decode()
    assert f'<html lang="{language[:2]}">' in html
    return html


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def new_sheet(client, kind: str, **fields: str) -> str:
    data = {**FOUR, "first_dealer": "0", "create": "1", **fields}
    response = client.post(f"/games/new/{kind}", data=data)
    assert response.status_code == 302, response.data.decode()[-2000:]
    return response.headers["Location"]


def hombre_game(client) -> str:
    game = new_game(client)
    assert enter(client, game, "A demande A5 B3 C1").status_code == 302
    return game


def danois_game(client) -> str:
    response = client.post("/games/new", data=DANOIS)
    assert response.status_code == 302
    return response.headers["Location"]


# (game, language, words that must be there, English/French words that must not)
PAGES = [
    (
        hombre_game,
        "da-DK",
        ["Bruno giver, Chloé er forhånd", "Spilfører", "Stik", "Alle melder pas", "Regnskabet"],
        ["Before the deal", "Avant la donne", "Tricks", "Levées"],
    ),
    (
        danois_game,
        "da-DK",
        ["købe-nolo", "ren nolo", "solo spar", "kortgiverens indskud 5", "Pulje"],
        ["nolo simple", "nolo pur", "Cagnotte"],
    ),
    (
        hombre_game,
        "nl-BE",
        ["Bruno deelt, Chloé is voorhand", "Slagen", "Iedereen past", "Het scoreblad"],
        ["Before the deal", "Avant la donne", "Tricks", "Tous passent"],
    ),
    (
        lambda client: new_sheet(client, "brou"),
        "da-DK",
        ["Trumfmariage (40)", "Vi's point", "Gem spillet"],
        ["Mariage of trumps", "Points of Nous", "Save the coup"],
    ),
    (
        lambda client: new_sheet(client, "brou"),
        "nl-BE",
        ["Troefmariage (40)", "Punten van Wij", "Spel bewaren"],
        ["Mariage of trumps", "Points of Nous", "Save the coup"],
    ),
    (
        lambda client: new_sheet(client, "manille", variant="belge"),
        "nl-BE",
        [
            "Spel 1 — Anne deelt",
            "troefmaker: Wij",
            "zonder troef",
            "Meegaan",
            "♥ harten",
            "meegegaan ×2",
        ],
        ["chooses the trump", "sans-atout", "Contre", "cœur"],
    ),
    (
        lambda client: new_sheet(client, "manille", variant="belge"),
        "da-DK",
        ["Spil 1 — Anne giver", "Vi vælger trumf", "Kontra", "♥ hjerter", "rekontra ×4"],
        ["chooses the trump", "Contre", "cœur"],
    ),
]


@pytest.mark.parametrize(("make", "language", "present", "absent"), PAGES)
def test_the_game_pages_read_in_danish_and_dutch(client, make, language, present, absent):
    game = make(client)
    words = text(page(client, game, language))
    for word in present:
        assert word in words, word
    for word in absent:
        assert word not in words, word


def test_the_browser_chooses_among_the_four_french_by_default(app):
    client = app.test_client()
    game = new_game(client)
    for header, code in [
        ("da-DK,da;q=0.9,en;q=0.8", "da"),
        ("nl-BE,nl;q=0.9,fr;q=0.8", "nl"),
        ("de-DE,de;q=0.9", "fr"),
        ("en-GB,en", "en"),
        ("", "fr"),
    ]:
        html = client.get(game, headers={"Accept-Language": header}).data.decode()
        assert f'<html lang="{code}">' in html, header
    # the switch's cookie wins over the browser
    assert client.get(f"/lang/nl?next={game}").headers["Location"] == game
    html = client.get(game, headers={"Accept-Language": "da-DK"}).data.decode()
    assert '<html lang="nl">' in html and "Voor het delen — spel 2" not in html
    assert "Voor het delen — spel 1" in html
    assert client.get("/lang/de").status_code == 404


def test_the_language_named_once_is_flask_babels_even_when_forced(app):
    """``i18n.language()`` names the locale Flask-Babel holds for the request once: it is
    ``str(get_locale())`` before and after a ``force_locale`` and inside it, and outside
    any request Flask-Babel's own answer."""
    from flask_babel import force_locale, get_locale

    from scorekeeper.i18n import language

    assert language() == str(get_locale()) == "None"
    with app.test_request_context("/", headers={"Accept-Language": "da-DK,da"}):
        assert language() == str(get_locale()) == "da"
        with force_locale("nl"):
            assert language() == str(get_locale()) == "nl"
            with force_locale("en"):
                assert language() == "en"
            assert language() == "nl"
        assert language() == str(get_locale()) == "da"
    with app.test_request_context("/", headers={"Cookie": "lang=en"}):
        assert language() == "en"


def test_the_switch_offers_the_four_languages(app):
    client = app.test_client()
    html = client.get("/", headers={"Accept-Language": "da"}).data.decode()
    nav = html[html.index('<nav class="lang"') : html.index("</nav>")]
    assert 'aria-label="Sprog"' in nav
    links = re.findall(r'<a href="/lang/(\w+)\?next=/" hreflang="(\w+)" lang="(\w+)"', nav)
    assert links == [("fr", "fr", "fr"), ("en", "en", "en"), ("nl", "nl", "nl")]
    assert 'aria-label="NL — Nederlands">NL</a>' in nav  # the name begins with what it shows
    assert '<strong lang="da" title="Dansk" aria-label="DA — Dansk" aria-current="true">DA' in nav


def load_translate():
    spec = importlib.util.spec_from_file_location("translate", ROOT / "tools" / "translate.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_catalog_check_fails_on_a_changed_placeholder_or_a_fuzzy_entry(tmp_path):
    translate = load_translate()
    assert translate.CATALOGS == ("fr", "da", "nl")
    assert translate.catalog_problems(translate.DIR) == []
    broken = tmp_path / "translations"
    shutil.copytree(translate.DIR, broken, ignore=shutil.ignore_patterns("*.mo", "*.pot"))
    da = broken / "da" / "LC_MESSAGES" / "messages.po"
    po = da.read_text(encoding="utf-8")
    po = po.replace(
        'msgstr "Spil %(n)s gemt: %(scored)s."', 'msgstr "Spil %(nr)s gemt: %(scored)s."'
    )
    po = po.replace(
        '"{first} og {second} kan ikke begge gives fra ét spil kort"', '"{first} og {anden}"'
    )
    da.write_text(po, encoding="utf-8")
    nl = broken / "nl" / "LC_MESSAGES" / "messages.po"
    po = nl.read_text(encoding="utf-8")
    nl.write_text(
        po.replace('\nmsgid "Language"', '\n#, fuzzy\nmsgid "Language"'), encoding="utf-8"
    )
    shutil.rmtree(broken / "fr")
    problems = translate.catalog_problems(broken, {"Language", "a string the code added"})
    assert problems == [
        "fr: no catalog fr/LC_MESSAGES/messages.po",
        "da: placeholders differ in '{first} og {anden}' (wanted ['{first}', '{second}'])",
        "da: placeholders differ in 'Spil %(nr)s gemt: %(scored)s.'"
        " (wanted ['%(n)s', '%(scored)s'])",
        "da: not in the catalog: 'a string the code added'",
        "nl: untranslated 'Language'",
        "nl: not in the catalog: 'a string the code added'",
    ]


def test_the_catalog_check_fails_on_a_fragment_that_lost_its_last_space(tmp_path):
    """play6: nl "Spel %(n)s:" for "Coup %(n)s: " ran the refusal into it ("Spel 3:zonder")."""
    translate = load_translate()
    broken = tmp_path / "translations"
    shutil.copytree(translate.DIR, broken, ignore=shutil.ignore_patterns("*.mo", "*.pot"))
    nl = broken / "nl" / "LC_MESSAGES" / "messages.po"
    po = nl.read_text(encoding="utf-8")
    assert 'msgstr "Spel %(n)s: "' in po
    nl.write_text(po.replace('msgstr "Spel %(n)s: "', 'msgstr "Spel %(n)s:"'), encoding="utf-8")
    assert translate.catalog_problems(broken) == ["nl: no space at the end of 'Spel %(n)s:'"]


# Visible boxes whose content is wider than the box: a long Danish or Dutch word
# that does not fit its button, choice or cell.
OVERFLOWING = """() => [...document.querySelectorAll(
    'button, a, label, .choice span, th, td, h1, h2, p, .lang strong')]
  .filter(e => e.offsetParent !== null && e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1)
  .map(e => e.textContent.trim())"""


def fits_the_phone(page) -> None:
    assert laid_out_width(page) <= 390
    assert page.evaluate(OVERFLOWING) == []


@pytest.mark.browser
def test_a_danish_hombre_game_and_a_dutch_manillen_sheet_fit_a_phone(file_page, live_server):
    """The file's page (a phone, 390 × 844), each language chosen with the app's switch."""
    from playwright.sync_api import expect

    page = file_page
    page.goto(live_server + "/lang/da?next=/games/new")
    for i, name in enumerate(["Anne-Margrethe", "Bjørn", "Christiansen"]):
        page.fill(f"#player{i}", name)
    page.locator("label", has_text="dansk (DLU)").first.tap()
    page.get_by_role("button", name="Opret partiet").tap()
    expect(page.locator("html")).to_have_attribute("lang", "da")
    expect(page.get_by_text("Anne-Margrethe giver, Bjørn er forhånd.")).to_be_visible()
    fits_the_phone(page)
    page.goto(page.url + "/settlement")
    fits_the_phone(page)

    page.goto(live_server + "/lang/nl?next=/games/new")
    page.get_by_role("link", name="manillen").first.tap()
    for i, name in enumerate(["Anne", "Bruno", "Chloé", "Denis"]):
        page.fill(f"#player{i}", name)
    page.locator("#f-variant label", has_text="manillen").tap()
    page.get_by_role("button", name="Partij aanmaken").tap()
    expect(page.locator("html")).to_have_attribute("lang", "nl")
    page.locator("#f-trump label", has_text="zonder troef").tap()
    page.locator("#f-contre label", has_text="tegengeklopt ×4").tap()
    page.fill("#points", "40")
    page.get_by_role("button", name="Spel bewaren").tap()
    expect(page.locator(".flash")).to_contain_text("Spel 1 bewaard")
    fits_the_phone(page)
    switch = page.locator("nav.lang")
    expect(switch.get_by_role("link")).to_have_count(3)
    expect(switch.get_by_role("link", name="DA — Dansk")).to_have_attribute("hreflang", "da")
