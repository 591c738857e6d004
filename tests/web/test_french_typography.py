"""French typography (issue 35, point 10): a narrow no-break space (U+202F) before : ; ! ?
in every French string, put in the catalog (tools/french_typography.py), not by code at
render; the other languages keep theirs.
"""

from __future__ import annotations

import html
import sqlite3
import sys
from pathlib import Path

from test_clubs import club_version, new_club, new_evening, seed_table
from test_numbers import errors
from test_settlement import pdf_text, seed_game
from test_web_sheets import new_sheet
from test_web_sheets import version as sheet_version

sys.path.insert(0, str(Path(__file__).parents[2] / "tools"))
import french_typography
import translate


def test_every_french_string_has_its_narrow_space():
    assert translate.french_problems() == []


def test_the_tool_puts_it_in_and_leaves_times_and_links():
    assert french_typography.typeset("Vide : oui ; non! Vraiment ?") == (
        "Vide\u202f: oui\u202f; non\u202f! Vraiment\u202f?"
    )
    assert french_typography.typeset("à 20:15, https://a.b, {name!r}") == (
        "à 20:15, https://a.b, {name!r}"
    )


def test_the_tool_puts_the_apostrophe_in_every_elision_and_leaves_quotes():
    assert french_typography.typeset("l'Homme de Brou, quelqu'un, aujourd'hui") == (
        "l\u2019Homme de Brou, quelqu\u2019un, aujourd\u2019hui"
    )
    # a quote around a value, an attribute, a number's '
    said = "reçu '{value}', class='a', 5' et 6'"
    assert french_typography.typeset(said) == said
    assert french_typography.wrong("c'est") and not french_typography.wrong("c\u2019est")


def test_a_french_page_has_no_straight_apostrophe_in_its_words(client):
    game = new_sheet(client, "brou")
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "fr"
    page = client.get(game).data.decode()
    assert "l\u2019Homme de Brou" in page and "l&#39;Homme" not in page


def test_a_french_page_shows_it_and_an_english_one_does_not(client):
    game = new_sheet(client, "manille", variant="belge", house="boom")
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "fr"
    page = client.get(game + "/settlement").data.decode()
    assert "manillen\u202f: en 101 points" in page and "manillen : en" not in page
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    page = client.get(game + "/settlement").data.decode()
    assert "manillen: to 101 points" in page and "\u202f:" not in page


def test_the_pdf_journal_and_the_cash_box_set_their_separators_in_french(client, app, tmp_path):
    """The walk-through of 2026-11-27: the PDF's journal wrote "remise; bête faite" (no space
    before ";") and the cash box "Chloé → Anne: 2,85 €" (none before ":") on French pages."""
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "fr"
    game = seed_game(client)  # coup 2: Bruno demande, remise, a bête of 72 made
    printed = " ".join(pdf_text(client.get(game + "/settlement.pdf").data, tmp_path).split())
    assert "remise ; bête faite : 72" in printed and "remise; bête" not in printed
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-02")
    seed_table(client, evening, "Anne", "Bruno", "Chloé")  # −72, −9, +81
    closed = {"version": club_version(app), "confirmed": "1"}
    assert client.post(f"/evenings/{evening}/close", data=closed).status_code == 302
    cash = client.get(f"/clubs/{club}/cash").data.decode()
    assert "<b>Chloé</b>\u202f: " in cash and "</b>: " not in cash


def test_the_reversal_page_sets_its_separator_in_french(client, app):
    """The play-through of 2026-11-29: the cash box's "Contre-passer une écriture" page
    wrote each row "… Anne → Chloé: +3,60 €" (no space before ":") on a French page."""
    from test_cashbox_web import seed_room_paid

    club, _, _ = seed_room_paid(client, app)  # Anne pays Chloé her 3.60 on the room
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        (row,) = conn.execute("select min(id) from ledger where kind = 'payment'").fetchone()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "fr"
    page = client.get(f"/clubs/{club}/cash/entries/{row}/reverse").data.decode()
    # both rows of the payment, Anne's +3,60 and Chloé's −3,60
    assert page.count("Anne → Chloé\u202f: <b>") == 2, page[page.find("<h1") :][:1500]
    assert "Chloé: <b>" not in page
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    page = client.get(f"/clubs/{club}/cash/entries/{row}/reverse").data.decode()
    assert page.count("Anne → Chloé: <b>") == 2 and "\u202f:" not in page


def test_a_members_chart_says_each_bar_as_the_table_beside_it(client, app):
    """The play-through of 2026-11-29: a bar of the member's "Net chips per evening" read
    "2 novembre 2026: -72" on a French page (no narrow space before ":", a hyphen for the
    minus sign) where the table beside it says −72."""
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-02")
    seed_table(client, evening, "Anne", "Bruno", "Chloé")  # −72, −9, +81
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        anne, chloe = (
            conn.execute("select id from members where name = ?", (n,)).fetchone()[0]
            for n in ("Anne", "Chloé")
        )
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "fr"
    page = client.get(f"/clubs/{club}/members/{anne}").data.decode()
    assert "<title>2 novembre 2026\u202f: \u221272</title>" in page, page[-3000:]
    page = client.get(f"/clubs/{club}/members/{chloe}").data.decode()
    assert "<title>2 novembre 2026\u202f: +81</title>" in page
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    page = client.get(f"/clubs/{club}/members/{anne}").data.decode()
    assert "<title>November 2, 2026: \u221272</title>" in page


def test_a_refused_field_says_wtforms_message_in_french_typography(client):
    """WTForms' French catalog elides with a typewriter's ' ("N'est pas un entier valide.",
    "N'est pas un choix valide."); the forms read ours first (i18n.wtforms_catalog), whose
    French has the apostrophe ’ like every other French string of the page."""
    game = new_sheet(client, "brou")
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "fr"
    data = {"version": sheet_version(client, game), "points": "douze", "ending": "tout"}
    response = client.post(game + "/sheet/coups", data=data)
    assert response.status_code == 422
    said = [html.unescape(message) for message in errors(response)]
    # "douze" is no whole number; "tout" none of the coup's endings (played out, vole…)
    assert "Ce n\u2019est pas un nombre entier." in said
    assert "Ce n\u2019est pas un choix valide." in said
    assert not [message for message in said if french_typography.wrong(message)]
