"""A payment typed in the cash box settles what the box lists, in every state of the evening:
nothing is ever asked twice (issue 45: the payment moved onto a fee once the evening's
result was posted, and the room asked the evening's debt again).

The evening's one table plays the seed (docs/rules/hombre.md §10) at 0.05 € a chip:
Anne −72 chips = −3.60, Bruno −9 = −0.45, Chloé +81 = +4.05. The evening's fee of 2.50 is
charged to its three players with the fee form, dated the evening's day. Bruno then pays
0.45 in the cash box's own Payment form (no evening named). A payment tied to no evening
settles what the box lists first — what is posted, oldest first, on one day an evening's
result before a fee — then an open evening's loss (docs/cashbox.md):

- while the evening is open (or reopened), the box lists their fee, not the evening (its room
  settles it): their 0.45 settles 0.45 of their fee; the room has them settled 0.00, left −0.45, and
  asks Anne → Chloé 3.60, Bruno → Chloé 0.45; the box's balances: each their fee, Bruno's
  less their 0.45: Anne −2.50, Bruno −2.05, Chloé −2.50;
- closed, the evening is posted and comes first: their 0.45 settles their evening (settled −0.45,
  left 0.00); Chloé's fee is settled by her win (what she owes and what she is owed
  settle each other): settled +2.50 (her win set against her fee), left +1.55; Anne →
  Chloé 1.55 and Anne → the cash box 2.05 (Chloé's fee 2.50 less Bruno's 0.45, which the
  box holds for Chloé); the box's balances: Anne −3.60 − 2.50 = −6.10, Bruno −0.45 − 2.50
  + 0.45 = −2.50, Chloé +4.05 − 2.50 = +1.55;
- in every state Bruno owes 2.50 in all, once: their statement ends at −2.50 (room left plus
  box balance: −0.45 − 2.05 open, 0.00 − 2.50 closed); the season shows their result −0.45;
- the closed room's PDF offers no "Bruno → Chloé".

Before issue 45's fix a close posted the result after the fee (a later entry number), the fee
came first, and the room showed Bruno −0.45 open again with "Bruno → Chloé 0.45" while their
payment had settled the evening on the open room. Before the play-through of 2026-11-29 the
box's own suggestion "Bruno → the cash box 2.50" (their fee), paid, settled their open evening
first and was asked again.
"""

from __future__ import annotations

import re

from test_clubs import club_version, new_club, new_evening, seed_table
from test_one_purse_web import ids, rows, suggestions
from test_settlement import pdf_text
from test_walk_money import typed_payment

DAY = "2026-11-27"
BALANCE = re.compile(r'<th scope="row"><a [^>]+>([^<]+)</a></th><td class="num">([^<]+)</td>')


def charge_fee(client, app, club: int, members: list[int]) -> None:
    data = {"kind": "fee_evening", "member": [str(m) for m in members], "amount": "2,50"}
    data |= {"on": DAY, "version": club_version(app)}
    assert client.post(f"/clubs/{club}/cash/fees", data=data).status_code == 302


def balances(page: str) -> dict[str, str]:
    """The cash box's balances, signed by their table: who owes the club (−), whom it owes (+)."""
    out = {}
    for table, sign in (("owing", "−"), ("owed", "+")):
        if f'id="{table}"' not in page:  # nobody in it
            continue
        start = page.index(f'id="{table}"')
        for name, amount in BALANCE.findall(page[start : page.index("</table>", start)]):
            out[name] = sign + amount.replace("€", "").strip()
    return out


def statement_end(client, club: int, member: int) -> str:
    page = client.get(f"/clubs/{club}/members/{member}/statement").data.decode()
    start = page.index('id="statement"')
    lines = re.findall(r'<td class="num">([^<]+)</td></tr>', page[start:])
    return lines[-1].replace("€", "").strip()


def season_money(client, club: int) -> dict[str, str]:
    page = client.get(f"/clubs/{club}/season").data.decode()
    start = page.index('id="season"')
    found = re.findall(
        r'<tr><th scope="row">([^<]+)</th><td class="num"><b>[^<]+</b></td>'
        r'<td class="num">([^<]+?) ?(?:<small class="provisional-line">[^<]*</small>)?</td>',
        page[start : page.index("</table>", start)],
    )
    return {name: money.replace("€", "").strip() for name, money in found}


def test_a_box_payment_settles_what_the_box_lists_through_close_reopen_close(client, app, tmp_path):
    club = new_club(client)
    evening = new_evening(client, app, club, DAY)
    game = seed_table(client, evening, "Anne", "Bruno", "Chloé")
    member = ids(app)
    charge_fee(client, app, club, [member["Anne"], member["Bruno"], member["Chloé"]])
    assert typed_payment(client, app, club, member["Bruno"], "0,45").status_code == 302
    room = f"/evenings/{evening}/settlement"

    def same_in_every_page(state: str) -> None:
        closed = state.startswith("closed")
        page = client.get(room).data.decode()
        # result, settled (signed as the result), left
        bruno = ("−0.45", "−0.45", "0.00") if closed else ("−0.45", "0.00", "−0.45")
        assert rows(page)["Bruno"] == bruno, state
        assert rows(page)["Anne"] == ("−3.60", "0.00", "−3.60"), state
        offered = suggestions(page)
        if closed:
            # her fee is settled by her win: the club owes her 4.05 − 2.50 = 1.55, no more
            assert rows(page)["Chloé"] == ("+4.05", "+2.50", "+1.55"), state
            # Anne's 3.60: 1.55 to Chloé, and to the box 2.50 (Chloé's fee) − 0.45
            # (Bruno's payment, Chloé's money) = 2.05; Bruno is asked nothing
            assert sorted(offered) == [
                ("Anne", "Chloé", "1.55"),
                ("Anne", "the cash box", "2.05"),
            ], state
        else:  # open, its room takes payments: money settles it, not her fee
            assert rows(page)["Chloé"] == ("+4.05", "0.00", "+4.05"), state
            assert sorted(offered) == [("Anne", "Chloé", "3.60"), ("Bruno", "Chloé", "0.45")]
        assert suggestions(client.get(game + "/settlement").data.decode()) == offered, state
        cash = client.get(f"/clubs/{club}/cash?evening={evening}").data.decode()
        assert suggestions(cash) == offered, state
        shown = balances(cash)
        if closed:
            assert (shown["Anne"], shown["Bruno"], shown["Chloé"]) == ("−6.10", "−2.50", "+1.55")
        else:  # the open evening apart (its room settles it): each owes their fee, Bruno 2.05
            assert (shown["Anne"], shown["Bruno"], shown["Chloé"]) == ("−2.50", "−2.05", "−2.50")
        assert statement_end(client, club, member["Bruno"]) == "−2.50", state
        assert season_money(client, club)["Bruno"] == "−0.45", state

    same_in_every_page("open")
    for step, state in (("close", "closed"), ("reopen", "reopened"), ("close", "closed again")):
        data = {"version": club_version(app), "confirmed": "1"}
        assert client.post(f"/evenings/{evening}/{step}", data=data).status_code == 302
        same_in_every_page(state)
    printed = pdf_text(client.get(room + ".pdf").data, tmp_path)
    assert "Anne → Chloé" in printed and "Bruno → Chloé" not in printed
