"""A suggested transfer marked paid says what was recorded, on the room's settlement, a club
table's and the cash box's, in the reader's language: who paid whom, how, and the sum, as
the payment's rows say it (``cash_forms.entry_words``). The three came back saying nothing,
where an entry typed in the cash box says "Recorded for Anne: Payment, +€3.60.".

The evening's one table plays the seed (docs/rules/hombre.md §10): Anne −72, Bruno −9,
Chloé +81 chips; at 0.05 € a chip Anne −3.60, Bruno −0.45, Chloé +4.05. The room takes a
part of Anne's 3.60 (1.00), the cash box the rest for the evening (3.60 − 1.00 = 2.60), the
table Bruno's 0.45 by transfer.
"""

from __future__ import annotations

import re
import sqlite3

import pytest
from test_clubs import club_version, new_club, new_evening, seed_table

SAID = {  # the sentence, a payment, cash, transfer; the sums 1.00, 0.45, 2.60
    "en": ("Recorded: {what}, {sum}.", "Payment", "cash", "transfer", "€1.00", "€0.45", "€2.60"),
    "fr": ("Inscrit : {what}, {sum}.", "Paiement", "espèces", "virement", "1,00 €", "0,45 €",
           "2,60 €"),
    # Danish says the sum before the end ("kr." ends with its own stop)
    "da": ("{what} på {sum} bogført.", "Betaling", "kontant", "overførsel", "1,00 €", "0,45 €",
           "2,60 €"),
    "nl": ("Geboekt: {what}, {sum}.", "Betaling", "contant", "overschrijving", "€ 1,00", "€ 0,45",
           "€ 2,60"),
}  # fmt: skip


def _ids(app) -> dict[str, int]:
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        return dict(conn.execute("select name, id from members").fetchall())


def _message(page: str) -> str:
    found = re.search(r'<p class="flash" role="status" id="message">([^<]*)</p>', page)
    assert found is not None, page[-2000:]
    return " ".join(found.group(1).replace("\u202f", " ").replace("\xa0", " ").split())


@pytest.mark.parametrize("language", sorted(SAID))
def test_a_payment_marked_paid_says_what_was_recorded(client, app, language):
    said, payment, cash, transfer, one, part, rest = SAID[language]
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-27")
    game = seed_table(client, evening, "Anne", "Bruno", "Chloé")
    client.get(game)  # the coups' messages shown
    m = _ids(app)
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = language

    def pay(path: str, payer: str, payee: str, amount: str, method: str, **more: str) -> str:
        data = {"payer": m[payer], "payee": m[payee], "amount": amount, "method": method}
        data |= {**more, "version": club_version(app)}
        answer = client.post(path, data=data, follow_redirects=True)
        assert answer.status_code == 200
        return _message(answer.data.decode())

    room = pay(f"/evenings/{evening}/settlement/pay", "Anne", "Chloé", "100", "cash")
    assert room == said.format(what=f"{payment} · {cash} · Anne → Chloé", sum=one)
    table = pay(f"{game}/settlement/paid", "Bruno", "Chloé", "45", "transfer")
    assert table == said.format(what=f"{payment} · {transfer} · Bruno → Chloé", sum=part)
    box = pay(f"/clubs/{club}/cash/pay", "Anne", "Chloé", "260", "cash", evening=str(evening))
    assert box == said.format(what=f"{payment} · {cash} · Anne → Chloé", sum=rest)
