"""Every transfer of every system has its words in every language (issue 42, point 6).

The settlement PDF of a Danish game answered 500 after a nolo ouvert lost by
codille with the source's rates: the journal had no word for the jeton bonus
given back (4 of 20 random Danish games). Here the journal's words are checked
for every reason a transfer of any system can carry, in the four languages,
and the settlement page and the PDF of random games of every system (with
seat changes) are drawn in the four languages, so that the next missing word
fails the suite and not a treasurer.

The PDF is the settlement page drawn for print and then laid out by
WeasyPrint (a few tenths of a second on this machine): the words are the
page's, so every random game's PDF page is drawn in the four languages as
HTML, and each system's last game is laid out as a real PDF once.
"""

import json
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_hombre_properties import games
from test_settlement import pdf_text
from test_take_over_chips import changes_for, pot_games

from scorekeeper.i18n import LANGUAGES
from scorekeeper.rules import kinds
from scorekeeper.rules.hombre.danois import DanishContract
from scorekeeper.rules.hombre.engine import Reason
from scorekeeper.rules.hombre.jetons import BONUS_HANDS
from scorekeeper.rules.hombre.pot import PotReason
from scorekeeper.web.hombre.present import _journal_words, csv_words
from scorekeeper.web.table import settlement

GOLDEN = Path(__file__).parent / "golden"
REASONS = {*Reason, *PotReason, *map(str, DanishContract), *BONUS_HANDS}
"""Every reason a transfer carries: the 1709 engine's, the pots', a Danish contract's rate,
a bonus hand of the jetons (docs/formats.md, the report's ``transfers``)."""
KEYS = re.compile("|".join(sorted((r for r in map(str, REASONS) if "_" in r), key=len)[::-1]))


def visible(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_every_reason_of_every_system_has_its_words_in_every_language(app):
    # the words journal_line (the PDF's journal) and the page's REASON_WORDS give a reason
    for language in LANGUAGES:
        with app.test_request_context("/", headers={"Accept-Language": language}):
            words = _journal_words()
            missing = sorted(str(r) for r in REASONS if not words.get(str(r)))
            assert not missing, f"{language}: no word for {missing}"
            # the spreadsheet's journal says them alike (its "vole" said the outcome's word
            # where the transfer is half the enjeu)
            spreadsheet = csv_words().reason
            assert {r: spreadsheet(r) for r in map(str, REASONS)} == {
                r: words[r] for r in map(str, REASONS)
            }


def test_the_pdf_of_a_danish_nolo_ouvert_lost_by_codille_draws_in_every_language(client, tmp_path):
    players = ["Jens", "Mette", "Søren"]
    data = {
        "format": "scorekeeper-game/1",
        "game": "hombre",
        "players": players,
        "first_dealer": "Jens",
        "rules": {"accounting": "danois"},
        # Mette's nolo ouvert takes 3 tricks: a codille to Søren (4), who takes the
        # cagnotte (Jens's ante 5) and 2 × 3 from her, and hands her back the jeton bonus
        "coups": [
            {"hombre": "Mette", "contract": "nolo_ouvert", "tricks": dict(zip(players, (2, 3, 4)))}
        ],
    }
    game = client.post("/games/import", data={"text": json.dumps(data)}).headers["Location"]
    expected = {"fr": "jeton bonus", "en": "jeton bonus", "da": "bonusjeton", "nl": "bonusjeton"}
    for language in LANGUAGES:
        response = client.get(game + "/settlement.pdf", headers={"Accept-Language": language})
        assert response.status_code == 200, language
        text = " ".join(pdf_text(response.data, tmp_path).split())
        assert f"{expected[language]}: Søren→Mette 1" in text.replace("\u202f", "").replace(
            " :", ":"
        )
        for path in ("", "/coups", "/settlement"):  # the coup's lines on the pages
            page = visible(client.get(game + path, headers={"Accept-Language": language}).text)
            assert f"Søren → Mette 1 ({expected[language]})" in page, (language, path)


# ---- random games of every system --------------------------------------------------------


def seated(draw, game):
    return kinds.dump_seated(game, draw(changes_for(game)))


@st.composite
def poule_file(draw, system):
    from dataclasses import replace

    game = draw(games(systems=(system,)))
    return seated(draw, replace(game, rules=replace(game.rules, take_over=True)))


@st.composite
def pot_file(draw, accounting, rates=("texte",)):
    return seated(draw, draw(pot_games(accounting, rates)))


@st.composite
def golden_prefix(draw, name):
    """A points game: the first coups of a golden game, someone taking a seat or not."""
    data = json.loads((GOLDEN / f"{name}.game.json").read_text())
    game = kinds.load_file({**data, "coups": data["coups"][: draw(st.integers(0, 40))]})
    return seated(draw, game)


SYSTEMS = {
    "1709 3-2": poule_file("3-2"),
    "1709 3-1": poule_file("3-1"),
    "1709 2-1": poule_file("2-1"),
    "jetons": pot_file("jetons"),
    "danois": pot_file("danois"),
    "danois dlu": pot_file("danois", ("dlu",)),
    "brou": golden_prefix("brou"),
    "manille classique": golden_prefix("manille-classique"),
    "manillen 4": golden_prefix("manille-belge-4"),
    "manillen 3": golden_prefix("manille-belge-3"),
}


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_settlement_and_its_pdf_draw_for_random_games_in_every_language(
    system, client, monkeypatch, tmp_path
):
    drawn = []

    @settings(
        max_examples=2,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
    )
    @given(SYSTEMS[system])
    def draw_pages(data):
        game = imported(client, data)
        for language in LANGUAGES:
            headers = {"Accept-Language": language}
            for path in ("/settlement", "/settlement.pdf"):  # the PDF's page, as HTML here
                page = client.get(game + path, headers=headers)
                assert page.status_code == 200, (language, path)
                words = visible(page.data.decode())
                assert "()" not in words, (language, path)  # a transfer's reason without word
                assert not KEYS.search(words), (language, path, KEYS.search(words))
        drawn.append(data)

    with monkeypatch.context() as patched:  # the PDF's page as HTML, without its layout
        patched.setattr(settlement, "pdf_response", lambda html, name: html)
        draw_pages()
    # the last game laid out as a PDF, each system in another language
    game = imported(client, drawn[-1])
    language = LANGUAGES[list(SYSTEMS).index(system) % len(LANGUAGES)]
    response = client.get(game + "/settlement.pdf", headers={"Accept-Language": language})
    assert response.status_code == 200 and response.data.startswith(b"%PDF")


def imported(client, data):
    response = client.post("/games/import", data={"text": json.dumps(data)})
    assert response.status_code == 302, response.data.decode()[:500]
    return response.headers["Location"].rstrip("/")
