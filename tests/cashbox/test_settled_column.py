"""What of a member's result is settled is named so and signed as their result, on the room's
settlement, a club table's, and their PDFs (play19: the column was "Paid", signed as a
payment, and a win set against the evening's fee read "Paid −2,10 €": a treasurer took it
for cash handed out).

The seed (docs/rules/hombre.md §10) at 0.05 € a chip: Anne −72 chips = −3.60, Bruno −9 =
−0.45, Chloé +81 = +4.05; an evening fee of 2.50 to each, then the evening closed: what
Chloé is owed and what she owes settle each other (``settled_by_account``), 2.50 of her
win is settled, against her fee, nothing was paid to her: *Settled* +2.50 (her result's
sign), *Left* 4.05 − 2.50 = +1.55. Bruno pays 0.45 in the cash box: their loss is settled,
*Settled* −0.45, *Left* 0.00. Anne, nothing settled: 0.00, left −3.60.
"""

from __future__ import annotations

import html
import re

from test_close_keeps_paid import charge_fee
from test_clubs import club_version, new_club, new_evening, seed_table
from test_one_purse_web import ids, section
from test_settlement import pdf_text
from test_walk_money import typed_payment

SETTLED = re.compile(
    r'<th scope="row">([^<]+)</th>(?:<td class="num">[^<]*(?:<b>[^<]*</b>)?[^<]*</td>)*'
    r'<td class="num settled">([^<]+)</td><td class="num left"><b>([^<]+)</b></td>'
)


def settled(html: str) -> dict[str, tuple[str, str]]:
    return {
        name: (s.replace("€", "").strip(), left.replace("€", "").strip())
        for name, s, left in SETTLED.findall(html)
    }


def test_a_win_set_against_a_fee_is_settled_with_the_wins_sign(client, app, tmp_path):
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-27")
    game = seed_table(client, evening, "Anne", "Bruno", "Chloé")
    member = ids(app)
    charge_fee(client, app, club, [member["Anne"], member["Bruno"], member["Chloé"]])
    assert typed_payment(client, app, club, member["Bruno"], "0,45").status_code == 302
    data = {"version": club_version(app), "confirmed": "1"}
    assert client.post(f"/evenings/{evening}/close", data=data).status_code == 302
    want = {"Anne": ("0.00", "−3.60"), "Bruno": ("−0.45", "0.00"), "Chloé": ("+2.50", "+1.55")}

    room = client.get(f"/evenings/{evening}/settlement").data.decode()
    members = section(room, "members")
    assert '<th class="num">Settled</th><th class="num">Left</th>' in members
    assert ">Paid<" not in members
    assert settled(members) == want
    assert "Settled: the part of the member's result already settled for this evening" in (
        html.unescape(members)
    )

    table = client.get(game + "/settlement").data.decode()  # the evening, as the room has it
    money = section(table, "pays")
    assert '<th class="num">Settled</th><th class="num">Left</th>' in money
    assert settled(money) == want
    assert 'id="settled-note"' in money

    for path in (f"/evenings/{evening}/settlement.pdf", game + "/settlement.pdf"):
        printed = " ".join(pdf_text(client.get(path).data, tmp_path).split())
        assert "Settled Left" in printed, path
        assert "Chloé +€2.50 +€1.55" in printed.replace("+81 +€4.05 ", ""), path  # −€2.50

    client.get("/lang/fr")
    room = client.get(f"/evenings/{evening}/settlement").data.decode()
    members = section(room, "members")
    assert '<th class="num">Réglé</th><th class="num">Reste</th>' in members
    assert settled(members)["Chloé"] == ("+2,50", "+1,55")
