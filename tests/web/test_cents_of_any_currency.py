"""Money is said to the cent in every currency: the cash box's cents are rounded once.

Every figure of the cash box is whole cents (hundredths of the club's currency), rounded
once by the largest remainder (``rules.ledger.to_cents``). The pages said them through
Babel's currency format, which rounds again to the currency's own digits: an Icelandic
club (ISK, whole krónur) read the seed's −0.45 as "−ISK0" and −3.60 as "−ISK4", where
``scorekeeper settle`` and the spreadsheet said −0.45 and −3.60, and a column that sums to
zero (−4 − 0 + 4) only by luck.

The seed (docs/rules/hombre.md §10): −72, −9, +81 chips over 7 coups; at 0.05 a chip
−72 × 5 = −360, −9 × 5 = −45, +81 × 5 = +405 cents: −3.60, −0.45, +4.05.
"""

from __future__ import annotations

import pytest
from test_club_money_one_figure import ROOM, flat, table
from test_clubs import new_evening

from scorekeeper.rules.money import Money
from scorekeeper.web.formats.words import cents


@pytest.mark.parametrize(("currency", "said"), [("ISK", "ISK0.45"), ("JPY", "¥0.45")])
def test_a_club_in_a_currency_without_cents_is_told_its_cents(client, app, currency, said):
    data = {"name": "Klúbbur", "chip_value": "0.05", "currency": currency, "submit": "1"}
    response = client.post("/clubs/new", data=data)
    assert response.status_code == 302, response.data.decode()[-1500:]
    club = int(response.headers["Location"].rsplit("/", 1)[1])
    evening = new_evening(client, app, club, "2026-11-27")
    game = table(client, evening, ("Anne", "Bruno", "Chloé"), 7)
    for page in (game + "/settlement", ROOM.format(evening), f"/clubs/{club}/season"):
        text = flat(client.get(page).data.decode())
        assert "+" + said.replace("0.45", "4.05") in text, page  # Chloé: +4.05, not +4
        if "season" not in page:
            assert "−" + said in text, page  # Bruno: −0.45, not −0 (their loss gone)


def test_cents_says_two_decimals_whatever_the_currency(app):
    with app.test_request_context(headers={"Accept-Language": "en"}):
        # 150 cents are 1.50 (Babel's JPY pattern said ¥2; 250 said ¥2 too: half to even)
        assert cents(150, _Club(Money(0, "JPY"))) == "¥1.50"
        assert cents(-250, _Club(Money(0, "ISK"))) == "−ISK2.50"
        assert cents(-250, _Club(Money(0, "EUR"))) == "−€2.50"
        assert cents(5, _Club(Money(0, "KWD")), sign=True) == "+KWD0.05"  # not 0.050


class _Club:
    def __init__(self, money: Money) -> None:
        self.money = money
