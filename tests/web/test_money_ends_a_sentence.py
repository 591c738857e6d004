"""A sum of money at the end of a sentence never doubles its full stop (the play-through of
a Danish club: "Søren Ærbø skylder klubben 8,12 kr.." on every statement, "Bogført for Mette
Hansen: Betaling, +2,00 kr.." in the cash box). Danish writes the krone "kr.", its own stop,
and a sentence of the catalogs that ended "%(amount)s." doubled it.

The one function that words money (``formats.words.cents``) follows the reader's language
(CLDR's patterns); a sentence cannot know which currency it will carry, so no translation
of any catalog puts a stop right after a sum in a language where a sum can end with one: the
Danish ones say the sum before the end ("skylder 8,12 kr. til klubben").
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from test_clubs import club_version, seed_table
from test_one_purse_web import ids

from scorekeeper.i18n import CURRENCIES, LANGUAGES
from scorekeeper.rules.money import parse_money
from scorekeeper.web.formats.words import cents

CATALOGS = Path(__file__).resolve().parents[2] / "scorekeeper" / "translations"
MONEY = ("amount",)
"""The placeholders the catalogs' sentences give a sum of money (``cents``) to."""


class _Club:
    def __init__(self, currency: str) -> None:
        self.money = parse_money("0.05", currency)


@functools.cache  # read once per process, not once per currency
def _sentences(language: str) -> tuple[str, ...]:
    """Every sentence of the language as its pages draw it: a catalog's translations (each
    plural form); English's are the msgids (every catalog has them all)."""
    path = CATALOGS / ("fr" if language == "en" else language) / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as file:
        catalog = read_po(file)
    out = []
    for message in catalog:
        if not message.id:
            continue
        texts = message.id if language == "en" else message.string
        out += [t for t in (texts if isinstance(texts, tuple) else (texts,)) if t]
    return tuple(out)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("currency", sorted(set(CURRENCIES.values())))
def test_no_sentence_doubles_the_stop_of_a_sum(app, language, currency):
    with app.test_request_context(headers={"Accept-Language": language}):
        money = cents(812, _Club(currency))
    doubled = []
    for sentence in _sentences(language):
        drawn = sentence
        for name in MONEY:
            drawn = drawn.replace(f"%({name})s", money)
        if money.endswith(".") and money + "." in drawn:
            doubled.append(sentence)
    assert doubled == []


def test_a_danish_statement_and_cash_box_say_a_sum_in_kroner_with_one_stop(client, app):
    data = {"name": "Klubben", "chip_value": "0.05", "currency": "DKK", "submit": "1"}
    club = int(client.post("/clubs/new", data=data).headers["Location"].rsplit("/", 1)[1])
    evening = client.post(
        f"/clubs/{club}/evenings", data={"date": "2026-11-27", "version": club_version(app)}
    ).headers["Location"]
    # the seed (docs/rules/hombre.md §10) at 0.05 kr. a chip: Anne −72 × 0.05 = −3,60 kr.,
    # Bruno −9 × 0.05 = −0,45 kr., Chloé +81 × 0.05 = +4,05 kr.
    seed_table(client, int(evening.rsplit("/", 1)[1]), "Anne", "Bruno", "Chloé")
    member = ids(app)
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "da"
    # the evening open: in all, its room's (owed21: "til klubben" said the club was owed it)
    anne = client.get(f"/clubs/{club}/members/{member['Anne']}/statement").text
    assert "Anne skylder 3,60\xa0kr. i alt." in anne
    assert "skylder Anne 3,60\xa0kr. til dens vindere." in anne
    chloe = client.get(f"/clubs/{club}/members/{member['Chloé']}/statement").text
    assert "I alt har Chloé 4,05\xa0kr. til gode." in chloe
    pay = {"kind": "payment", "member": str(member["Bruno"]), "amount": "0,45", "on": "2026-11-28"}
    pay |= {"method": "cash", "direction": "in", "version": club_version(app)}
    answer = client.post(f"/clubs/{club}/cash/entries", data=pay)
    box = client.get(answer.headers["Location"]).text
    assert "Betaling på +0,45\xa0kr. bogført for Bruno." in box
    # the evening closed (the cash box's balances then hold it): 2 members owe 3,60 + … :
    # Anne 3,60 kr. alone once Bruno has paid; Chloé is owed 4,05
    close = {"version": club_version(app), "confirmed": "1"}
    assert client.post(evening + "/close", data=close).status_code == 302
    closed = client.get(f"/clubs/{club}/cash").text
    assert "1 medlem skylder 3,60\xa0kr. til klubben." in closed
    assert "1 medlem har 4,05\xa0kr. til gode hos klubben." in closed
    for page in (anne, chloe, box, closed):
        assert not re.search(r"kr\.\.", page)
