"""The cash box's own payment and the room's settlement (issue 45's walk, points 1 and 2).

The evening's one table plays the seed (docs/rules/hombre.md §10): Anne −72, Bruno −9,
Chloé +81 chips; at 0.05 € a chip: Anne −3.60, Bruno −0.45, Chloé +4.05 (the room's
pairing: Anne → Chloé 3.60, Bruno → Chloé 0.45; tests/test_one_purse_web.py).

A payment typed in the cash box's own Payment form names no evening. It settles the member's
oldest open debt (docs/cashbox.md): here the evening's, so the room shows Anne paid and offers
no pay button for her any more — a debt is never recorded twice — and the cash box, which now
holds Anne's 3.60, owes Chloé that part of her win.
"""

from __future__ import annotations

import re

from test_clubs import club_version, new_club, new_evening, seed_table
from test_one_purse_web import SUGGESTION, ids, payments, rows, suggestions

CASH = "/clubs/{}/cash"


def typed_payment(client, app, club: int, member: int, amount: str, direction: str = "in"):
    data = {
        "kind": "payment",
        "member": str(member),
        "amount": amount,
        "on": "2026-11-28",
        "method": "cash",
        "direction": direction,
        "version": club_version(app),
    }
    return client.post(CASH.format(club) + "/entries", data=data)


def test_a_debt_paid_in_the_cash_box_is_paid_on_the_room_too(client, app):
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-27")
    game = seed_table(client, evening, "Anne", "Bruno", "Chloé")
    room = f"/evenings/{evening}/settlement"
    member = ids(app)
    assert typed_payment(client, app, club, member["Anne"], "3,60").status_code == 302
    page = client.get(room).data.decode()
    # result, paid, left: Anne's 3.60 paid in the cash box settles her −3.60
    assert rows(page)["Anne"] == ("−3.60", "−3.60", "0.00")
    assert rows(page)["Chloé"] == ("+4.05", "0.00", "+4.05")
    # Anne is offered nothing; the cash box holds her 3.60 and owes it to Chloé
    offered = suggestions(page)
    assert [s for s in offered if s[0] == "Anne"] == []
    assert ("Bruno", "Chloé", "0.45") in offered and len(offered) == 2
    assert offered[0][1:] == ("Chloé", "3.60") or offered[1][1:] == ("Chloé", "3.60")
    # the table's settlement and the cash box's view of the evening say the same
    assert suggestions(client.get(game + "/settlement").data.decode()) == offered
    cash = client.get(CASH.format(club) + f"?evening={evening}").data.decode()
    assert suggestions(cash) == offered
    # the room refuses Anne → Chloé 3.60 now: it would record her debt twice
    pay = {"payer": member["Anne"], "payee": member["Chloé"], "amount": "360", "method": "cash"}
    before = payments(app)
    answer = client.post(room + "/pay", data={**pay, "version": club_version(app)})
    assert answer.status_code == 422 and payments(app) == before
    # closed, the cash box's balances are the room's left: only Bruno owes, Chloé is owed
    close = {"version": club_version(app), "confirmed": "1"}
    assert client.post(f"/evenings/{evening}/close", data=close).status_code == 302
    assert rows(client.get(room).data.decode())["Anne"] == ("−3.60", "−3.60", "0.00")
    page = client.get(CASH.format(club)).data.decode()
    owing = page[page.index('id="owing"') : page.index("</table>", page.index('id="owing"'))]
    assert "Bruno" in owing and "Anne" not in owing


def test_a_fee_is_settled_before_a_later_evening(client, app):
    """Anne owes a fee of 2.50 dated before the evening (the 26th) and loses 3.60 on the
    27th. She pays 4.00 in the cash box: the fee first (oldest), then 1.50 of the evening:
    the room has her paid +1.50, left −3.60 + 1.50 = −2.10."""
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-27")
    seed_table(client, evening, "Anne", "Bruno", "Chloé")
    member = ids(app)
    fee = {"kind": "fee_evening", "member": str(member["Anne"]), "amount": "2,50"}
    fee |= {"on": "2026-11-26", "version": club_version(app)}
    assert client.post(CASH.format(club) + "/entries", data=fee).status_code == 302
    assert typed_payment(client, app, club, member["Anne"], "4").status_code == 302
    assert rows(client.get(f"/evenings/{evening}/settlement").data.decode())["Anne"] == (
        "−3.60", "−1.50", "−2.10")  # fmt: skip


def test_the_cash_box_refuses_more_than_the_member_owes(client, app):
    """Anne owes 3.60 (the seed, the evening open: a provisional line of her account):
    4.00 is refused beside the amount (422), nothing stored; 3.60 is taken. Chloé won 4.05
    on the open evening: the box pays her none of it (its room pays her from what its
    losers pay in), not even once Anne's 3.60 is in; once the evening is closed, 4.06 is
    refused and 4.05 taken. Bruno owes 0.45: nothing may be paid out to them."""
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-27")
    seed_table(client, evening, "Anne", "Bruno", "Chloé")
    member = ids(app)
    for language, words in (
        ("en", "more than Anne owes (€3.60) on evenings not closed, paid on to their winners"),
        ("fr", "plus que ce que doit Anne (3,60 €) sur des soirées non closes, reversé à leurs"
               " gagnants"),
    ):  # fmt: skip
        client.environ_base["HTTP_ACCEPT_LANGUAGE"] = language
        answer = typed_payment(client, app, club, member["Anne"], "4")
        assert answer.status_code == 422 and payments(app) == []
        page = " ".join(answer.data.decode().replace("\u202f", " ").replace("\xa0", " ").split())
        assert words in page, re.findall(r'class="error"[^<]*<[^>]*>[^<]*', page)
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    for paid_in_first in (False, True):
        if paid_in_first:
            assert typed_payment(client, app, club, member["Anne"], "3,60").status_code == 302
        answer = typed_payment(client, app, club, member["Chloé"], "0,01", "out")
        assert answer.status_code == 422 and len(payments(app)) == paid_in_first
        said = answer.data.decode().replace("\xa0", " ")
        assert "The club owes Chloé nothing now: €4.05 won on evenings not closed" in said
    answer = typed_payment(client, app, club, member["Bruno"], "0,01", "out")
    assert answer.status_code == 422 and len(payments(app)) == 1
    close = {"version": club_version(app), "confirmed": "1"}
    assert client.post(f"/evenings/{evening}/close", data=close).status_code == 302
    answer = typed_payment(client, app, club, member["Chloé"], "4,06", "out")
    assert answer.status_code == 422 and len(payments(app)) == 1
    assert "more than the club owes Chloé (€4.05)" in answer.data.decode().replace("\xa0", " ")
    assert typed_payment(client, app, club, member["Chloé"], "4,05", "out").status_code == 302
    assert [(n, a) for n, a, *_ in payments(app)] == [("Anne", 360), ("Chloé", -405)]


def test_a_cash_box_suggestion_paid_is_at_most_what_the_balances_have_open(client, app):
    """The cash box's own suggestions (no evening) paid through its form: Anne owes 3.60,
    Chloé won 4.05, all on the open evening; a post of 3.61 from Anne to Chloé (a stale or
    forged page) is refused with the reason (422), nothing stored; Bruno (owes 0.45) paid
    0.46 by the box, too. Anne → Chloé 3.60 tied to no evening is refused as well: the
    evening is open, so it is settled on its room (the page offers it for the evening),
    where it is taken; once closed, the box's own suggestion is Bruno → Chloé 0.45."""
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-27")
    seed_table(client, evening, "Anne", "Bruno", "Chloé")
    member = ids(app)
    for payer, payee, amount, said in (
        (member["Anne"], member["Chloé"], "361", "more than Anne owes (€3.60) on evenings"),
        (0, member["Bruno"], "1", "The club owes Bruno nothing"),
        (member["Anne"], member["Chloé"], "360", "The club owes Chloé nothing now"),
    ):
        data = {"payer": payer, "payee": payee, "amount": amount, "method": "cash"}
        answer = client.post(
            CASH.format(club) + "/pay", data={**data, "version": club_version(app)}
        )
        assert answer.status_code == 422 and payments(app) == []
        assert said in answer.data.decode().replace("\xa0", " ")
    page = client.get(CASH.format(club)).data.decode()
    block = page[page.index(f'id="open-{evening}"') :]
    block = block[: block.index("</div>")]
    # the open evening's room pairing, each paid for the evening
    listed = [(a, b, c.replace("€", "").strip()) for a, b, c in SUGGESTION.findall(block)]
    assert listed == [("Anne", "Chloé", "3.60"), ("Bruno", "Chloé", "0.45")]
    assert block.count(f'name="evening" value="{evening}"') == 2
    assert "Nobody owes anything." in page  # the balances: nothing tied to no evening
    data = {"payer": member["Anne"], "payee": member["Chloé"], "amount": "360", "method": "cash"}
    data |= {"evening": str(evening)}
    # paid from its card on the page of every account: back to that page, not to the
    # evening's own view (as the form's action says: the view it was drawn on)
    action = re.search(r'<form method="post" action="([^"]+)"', block)
    assert action is not None and "evening=" not in action.group(1)
    answer = client.post(action.group(1), data={**data, "version": club_version(app)})
    assert answer.status_code == 302 and len(payments(app)) == 2
    assert answer.headers["Location"].endswith(f"/clubs/{club}/cash?mode=members#suggestions")
    view = client.get(CASH.format(club) + f"?evening={evening}").data.decode()
    action = re.search(r'<form method="post" action="([^"]+)" class="inline', view)
    assert action is not None and f"evening={evening}" in action.group(1)
    data = {"payer": member["Bruno"], "payee": member["Chloé"], "amount": "45", "method": "cash"}
    data |= {"evening": str(evening), "version": club_version(app)}
    answer = client.post(action.group(1).replace("&amp;", "&"), data=data)
    assert answer.status_code == 302 and len(payments(app)) == 4
    assert answer.headers["Location"].endswith(f"&evening={evening}#suggestions")
    close = {"version": club_version(app), "confirmed": "1"}
    assert client.post(f"/evenings/{evening}/close", data=close).status_code == 302
    page = client.get(CASH.format(club)).data.decode()
    assert 'id="open-' not in page and suggestions(page) == []


def test_a_refused_pay_in_says_what_of_the_figure_is_owed_to_open_evenings_winners(client, app):
    """Anne owes a fee of 2.50 (the club's) and 3.60 lost on the evening still open (its
    winners'): she may pay in at most 2.50 + 3.60 = 6.10, of which 3.60 the box pays on to
    Chloé; 6.11 is refused saying both figures, in each language; closed, the 3.60 is the
    club's and the message says "owes the club" again (6.10)."""
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-27")
    seed_table(client, evening, "Anne", "Bruno", "Chloé")
    member = ids(app)
    fee = {"kind": "fee_evening", "member": str(member["Anne"]), "amount": "2,50"}
    fee |= {"on": "2026-11-26", "version": club_version(app)}
    assert client.post(CASH.format(club) + "/entries", data=fee).status_code == 302
    for language, words in (
        ("en", "That is more than Anne owes (€6.10), of which €3.60 on evenings not closed,"
               " paid on to their winners."),
        ("fr", "C’est plus que ce que doit Anne (6,10 €), dont 3,60 € sur des soirées non"
               " closes, reversés à leurs gagnants."),
        ("da", "Det er mere, end Anne skylder (6,10 €), heraf 3,60 € på aftener, der ikke er"
               " lukket, og som gives videre til deres vindere."),
        ("nl", "Dat is meer dan Anne verschuldigd is (€ 6,10), waarvan € 3,60 op avonden die"
               " niet zijn afgesloten, door te geven aan hun winnaars."),
    ):  # fmt: skip
        client.environ_base["HTTP_ACCEPT_LANGUAGE"] = language
        answer = typed_payment(client, app, club, member["Anne"], "6,11")
        assert answer.status_code == 422 and payments(app) == []
        page = " ".join(answer.data.decode().replace("\u202f", " ").replace("\xa0", " ").split())
        assert words in page, re.findall(r'class="error"[^<]*<[^>]*>[^<]*', page)
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    close = {"version": club_version(app), "confirmed": "1"}
    assert client.post(f"/evenings/{evening}/close", data=close).status_code == 302
    answer = typed_payment(client, app, club, member["Anne"], "6,11")
    assert answer.status_code == 422
    assert "That is more than Anne owes the club (€6.10)." in answer.data.decode().replace(
        "\xa0", " "
    )
