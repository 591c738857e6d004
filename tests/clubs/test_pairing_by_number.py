"""Who pays whom pairs the debtors and the creditors by member number: a rename moves no pair.

The cash box's pairing (cashbox/settle.py) lays the debts end to end and the credits end to
end, each list in one order. The order was the club's by name: renaming a creditor after they
played reshuffled who pays whom, no amount changed. It is by member number now, as the ties
of a cent (clubs/ties.py), one home: ``ties.pay_order``.

Two tables of the seed (tests/clubs/test_clubs.py ``seed_table``: a −72, b −9, c +81 chips)
at 0.05 € a chip: Anne −3.60, Bruno −0.45, Chloé +4.05; Denis −3.60, Eve −0.45, Fanny +4.05
(members 1 to 6, made in that order). Debts by number: Anne 0–360, Bruno 360–405, Denis
405–765, Eve 765–810 cents; credits: Chloé 0–405, Fanny 405–810. So Anne → Chloé 3.60,
Bruno → Chloé 0.45, Denis → Fanny 3.60, Eve → Fanny 0.45. Chloé renamed Zoé (after Fanny by
name), the credits by name were Fanny 0–405, Zoé 405–810: Anne → Fanny 3.60, Bruno → Fanny
0.45, Denis → Zoé… — the same money, other pairs.
"""

from __future__ import annotations

from test_clubs import new_club, new_evening, seed_table
from test_one_purse_web import SUGGESTION, suggestions
from test_renamed_member_at_his_table import _rename
from web import forget_kept

PAIRS = [
    ("Anne", "{c}", "3.60"),
    ("Bruno", "{c}", "0.45"),
    ("Denis", "Fanny", "3.60"),
    ("Eve", "Fanny", "0.45"),
]


def _pairs(chloe: str) -> list[tuple[str, str, str]]:
    return [(a, b.format(c=chloe), c) for a, b, c in PAIRS]


def _cash_box(client, club: int, evening: int) -> list[tuple[str, str, str]]:
    """The cash box's card of the evening not closed: its suggestions."""
    page = client.get(f"/clubs/{club}/cash").get_data(as_text=True)
    card = page[page.index(f'id="open-{evening}"') :]
    card = card[: card.index("</div>")]
    return [(a, b, c.replace("€", "").strip()) for a, b, c in SUGGESTION.findall(card)]


def test_a_rename_moves_no_pair_of_who_pays_whom(client, app):
    forget_kept(app)
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-27")
    seed_table(client, evening, "Anne", "Bruno", "Chloé")
    seed_table(client, evening, "Denis", "Eve", "Fanny")
    room = f"/evenings/{evening}/settlement"
    assert suggestions(client.get(room).data.decode()) == _pairs("Chloé")
    assert _cash_box(client, club, evening) == _pairs("Chloé")
    _rename(client, app, club, "Chloé", "Zoé")
    forget_kept(app)
    assert suggestions(client.get(room).data.decode()) == _pairs("Zoé")
    assert _cash_box(client, club, evening) == _pairs("Zoé")
