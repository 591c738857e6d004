"""What a member owes and what they are owed on their account settle each other: a member who
lost one evening and won the next owes, or is owed, the difference, on every page.

Found by a treasurer's play-through: Anne lost 1,65 € one evening and won 0,90 € the
next, paid the 0,75 € her statement asked, and the first room still had her pay Chloé
0,90 € while the second had Bruno and Chloé pay her 0,45 € each (docs/cashbox.md: "one
answer to what does this member still owe for this evening").

The seed (docs/rules/hombre.md §10) at 0.05 € a chip, twice: the evening of the 1st,
Anne −72 chips = −3.60 €, Bruno −0.45, Chloé +4.05; the evening of the 8th, the same
game with Anne in Chloé's seat: Bruno −3.60, Chloé −0.45, Anne +4.05. Anne's account:
−3.60 + 4.05 = +0.45, the club owes her 0.45 and no more.
"""

from __future__ import annotations

import re
import sqlite3

from test_close_keeps_paid import balances
from test_clubs import club_version, new_club, new_evening, seed_table
from test_one_purse_web import ids, rows, suggestions
from test_walk_money import typed_payment


def box_line(client, club: int, language: str = "en") -> str:
    """The cash box's balance line (``id="box"``), its tags dropped, spaces made plain."""
    page = client.get(f"/clubs/{club}/cash", headers={"Accept-Language": language}).text
    start = page.index('id="box"')
    line = re.sub(r"<[^>]+>", "", page[start : page.index("</div>", start)])
    return line.replace("\xa0", " ").replace("\u202f", " ")


def test_an_evening_won_settles_an_evening_lost_on_both_rooms(client, app):
    club = new_club(client)
    first = new_evening(client, app, club, "2026-11-01")
    seed_table(client, first, "Anne", "Bruno", "Chloé")
    second = new_evening(client, app, club, "2026-11-08")
    seed_table(client, second, "Bruno", "Chloé", "Anne")
    for evening in (first, second):
        data = {"version": club_version(app), "confirmed": "1"}
        assert client.post(f"/evenings/{evening}/close", data=data).status_code == 302

    def room(evening: int) -> tuple[dict, list]:
        page = client.get(f"/evenings/{evening}/settlement").data.decode()
        return rows(page), suggestions(page)

    # result, paid, left: her 3.60 lost is settled by her 4.05 won, oldest first
    one, offered = room(first)
    assert one["Anne"] == ("−3.60", "−3.60", "0.00")
    # Chloé's 4.05 less her 0.45 lost the 8th: 3.60 left, from Bruno's 0.45 and the box,
    # which holds Anne's 3.60 less the 0.45 it owes the 8th's room for Chloé
    assert one["Chloé"] == ("+4.05", "+0.45", "+3.60")
    assert offered == [("Bruno", "Chloé", "0.45"), ("the cash box", "Chloé", "3.15")]
    two, offered = room(second)
    assert two["Anne"] == ("+4.05", "+3.60", "+0.45")  # the club owes her 4.05 − 3.60
    assert two["Chloé"] == ("−0.45", "−0.45", "0.00")
    assert offered == [("Bruno", "Anne", "0.45"), ("Bruno", "the cash box", "3.15")]
    # the cash box pays her the 0.45 her statement says: nothing is left on either room
    assert typed_payment(client, app, club, ids(app)["Anne"], "0,45", "out").status_code == 302
    for evening in (first, second):
        found, offered = room(evening)
        assert found["Anne"][2] == "0.00", evening
        assert [s for s in offered if "Anne" in s[:2]] == [], evening
    statement = client.get(f"/clubs/{club}/members/{ids(app)['Anne']}/statement").text
    assert "the club and anne owe each other nothing." in statement.casefold()  # in all too


def test_while_the_evenings_are_open_money_settles_them_and_the_box_advances_nothing(client, app):
    """The same two evenings, neither closed: each room takes payments, so each is settled
    by money only. Anne's loss of the 1st is not set against her win of the 8th, which
    nobody has paid yet: the room of the 1st asks Anne → Chloé 3.60, and a payment "the
    cash box → Chloé" is refused (the box would pay out money no member paid in; found by
    a hostile review of the first version of the rule)."""
    club = new_club(client)
    first = new_evening(client, app, club, "2026-11-01")
    seed_table(client, first, "Anne", "Bruno", "Chloé")
    second = new_evening(client, app, club, "2026-11-08")
    seed_table(client, second, "Bruno", "Chloé", "Anne")
    page = client.get(f"/evenings/{first}/settlement").data.decode()
    assert rows(page)["Anne"] == ("−3.60", "0.00", "−3.60")
    assert suggestions(page) == [("Anne", "Chloé", "3.60"), ("Bruno", "Chloé", "0.45")]
    member = ids(app)
    box = {"payer": "0", "payee": str(member["Chloé"]), "amount": "315", "method": "cash"}
    refused = client.post(
        f"/evenings/{first}/settlement/pay", data={**box, "version": club_version(app)}
    )
    assert refused.status_code == 422
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        assert conn.execute("select count(*) from ledger").fetchone()[0] == 0


def test_a_settled_evening_reopened_offers_no_money_from_the_box(client, app):
    """The 1st closed (Anne −3.60), the 8th open (Anne +4.05); every payment its room and
    the cash box offer is made: every balance is 0, the box holds nothing. The 1st
    reopened (no coup changed) offers no payment out of the cash box on either room: a
    version that let an open evening's win settle a posted loss offered "the cash box →
    Anne 3.60" on the 8th's room with a Paid button, money the box did not hold (a
    hostile review)."""
    club = new_club(client)
    first = new_evening(client, app, club, "2026-11-01")
    seed_table(client, first, "Anne", "Bruno", "Chloé")
    data = {"version": club_version(app), "confirmed": "1"}
    assert client.post(f"/evenings/{first}/close", data=data).status_code == 302
    second = new_evening(client, app, club, "2026-11-08")
    seed_table(client, second, "Bruno", "Chloé", "Anne")
    member = ids(app) | {"the cash box": 0}

    def pay_all(path: str, page: str) -> None:
        for _ in range(6):
            offered = suggestions(client.get(page).data.decode())
            if not offered:
                return
            payer, payee, amount = offered[0]
            data = {"payer": str(member[payer]), "payee": str(member[payee]), "method": "cash"}
            data |= {"amount": str(round(float(amount) * 100)), "version": club_version(app)}
            assert client.post(path, data=data).status_code == 302, (payer, payee, amount)

    pay_all(f"/evenings/{second}/settlement/pay", f"/evenings/{second}/settlement")
    cash = f"/clubs/{club}/cash"
    pay_all(cash + "/pay", cash)
    assert suggestions(client.get(cash).data.decode()) == []
    data = {"version": club_version(app)}
    assert client.post(f"/evenings/{first}/reopen", data=data).status_code == 302
    for evening in (first, second):  # both open now: they take payments
        offered = suggestions(client.get(f"/evenings/{evening}/settlement").data.decode())
        assert [s for s in offered if s[0] == "the cash box"] == [], (evening, offered)


def test_the_cash_box_counts_an_open_evening_apart_and_pays_out_none_of_its_wins(client, app):
    """The 1st closed (Anne −3.60, Bruno −0.45, Chloé +4.05), the 8th open (Bruno −3.60,
    Chloé −0.45, Anne +4.05). Anne's balance counting the 8th is +0.45, but nobody has paid
    the 8th yet. The cash box used to say the club owed her 0.45, offer "the cash box →
    Anne 0.45" in treasurer mode and pay it, and refuse the 3.60 the closed room of the
    1st asked of her. Now it settles the 8th apart, on its room: its balances are the
    1st's, as the closed room shows them (Anne owes 3.60, Bruno 0.45; the club owes Chloé
    4.05); it lists the 8th's left (Anne +4.05, Bruno −3.60, Chloé −0.45) with the room's
    pairing; it pays Anne none of her 4.05, and takes her 3.60."""
    club = new_club(client)
    first = new_evening(client, app, club, "2026-11-01")
    seed_table(client, first, "Anne", "Bruno", "Chloé")
    data = {"version": club_version(app), "confirmed": "1"}
    assert client.post(f"/evenings/{first}/close", data=data).status_code == 302
    second = new_evening(client, app, club, "2026-11-08")
    seed_table(client, second, "Bruno", "Chloé", "Anne")
    member = ids(app)
    cash = f"/clubs/{club}/cash"
    page = client.get(cash).data.decode()
    owing = page[page.index('id="owing"') : page.index('id="debts-total"')]
    assert "Anne" in owing and "€3.60" in owing and "Bruno" in owing and "€0.45" in owing
    owed = page[page.index('id="owed"') : page.index('id="credits-total"')]
    assert "Chloé" in owed and "€4.05" in owed and "Anne" not in owed
    block = page[page.index(f'id="open-{second}"') :]
    block = block[: block.index("</div>")]
    assert "+€4.05" in block and "−€3.60" in block and "−€0.45" in block
    # the box's own pairing is the closed room's; the 8th's is its room's
    listed = suggestions(page)
    room = suggestions(client.get(f"/evenings/{first}/settlement").data.decode())
    assert room == [("Anne", "Chloé", "3.60"), ("Bruno", "Chloé", "0.45")]
    assert listed[:2] == room
    assert listed[2:] == [("Bruno", "Anne", "3.60"), ("Chloé", "Anne", "0.45")]
    # everyone with the treasurer: the box pays Chloé's posted 4.05, nothing to Anne
    treasurer = suggestions(client.get(cash + "?mode=treasurer").data.decode())
    assert ("the cash box", "Chloé", "4.05") in treasurer
    assert [s for s in treasurer[:3] if s[1] == "Anne"] == []
    box = {"payer": "0", "payee": str(member["Anne"]), "amount": "45", "method": "cash"}
    refused = client.post(cash + "/pay", data={**box, "version": club_version(app)})
    assert refused.status_code == 422
    assert "won on evenings not closed" in refused.data.decode().replace("\xa0", " ")
    assert typed_payment(client, app, club, member["Anne"], "0,01", "out").status_code == 422
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        assert conn.execute("select count(*) from ledger where kind = 'payment'").fetchone()[0] == 0
    # Anne pays her 3.60 at the box: the 1st's room has her paid; the 8th still owes her
    assert typed_payment(client, app, club, member["Anne"], "3,60").status_code == 302
    one = rows(client.get(f"/evenings/{first}/settlement").data.decode())
    assert one["Anne"] == ("−3.60", "−3.60", "0.00")
    two = rows(client.get(f"/evenings/{second}/settlement").data.decode())
    assert two["Anne"] == ("+4.05", "0.00", "+4.05")


def _close(client, app, evening: int, step: str = "close") -> None:
    data = {"version": club_version(app), "confirmed": "1"}
    assert client.post(f"/evenings/{evening}/{step}", data=data).status_code == 302


def _pay_box(client, app, club: int, payer: int, payee: int, cents: int):
    data = {"payer": str(payer), "payee": str(payee), "amount": str(cents), "method": "cash"}
    return client.post(f"/clubs/{club}/cash/pay", data={**data, "version": club_version(app)})


def test_the_box_pays_a_posted_win_once_and_never_the_open_one_instead(client, app):
    """Anne won 4.05 on the 1st and 4.05 on the 8th (the seed, Anne in Chloé's seat: Bruno
    −3.60, Chloé −0.45, each evening); both closed, then the 1st reopened. What is posted of
    the club's debt to her is the 8th's 4.05: the box pays it, once. Its payment settled her
    oldest credit, the 1st's win, open: the box then owed her the 8th's 4.05 again and paid
    it again (8.10 out, nothing paid in: half of it the open evening's win), and the 1st's
    room had Bruno and Chloé pay the box (a hostile review)."""
    club = new_club(client)
    first = new_evening(client, app, club, "2026-11-01")
    seed_table(client, first, "Bruno", "Chloé", "Anne")
    second = new_evening(client, app, club, "2026-11-08")
    seed_table(client, second, "Bruno", "Chloé", "Anne")
    _close(client, app, first)
    _close(client, app, second)
    _close(client, app, first, "reopen")
    member = ids(app)
    cash = f"/clubs/{club}/cash"
    assert ("the cash box", "Anne", "4.05") in suggestions(
        client.get(cash + "?mode=treasurer").text
    )
    assert _pay_box(client, app, club, 0, member["Anne"], 405).status_code == 302
    # the 8th's 4.05 paid: the box owes her nothing posted, and pays her nothing more
    assert "Anne" not in balances(client.get(cash).text)
    assert _pay_box(client, app, club, 0, member["Anne"], 405).status_code == 422
    assert typed_payment(client, app, club, member["Anne"], "0,01", "out").status_code == 422
    # result, paid, left: the 8th paid by the box; the 1st's win is its losers' to pay her
    assert rows(client.get(f"/evenings/{second}/settlement").text)["Anne"] == (
        "+4.05",
        "+4.05",
        "0.00",
    )
    page = client.get(f"/evenings/{first}/settlement").text
    assert rows(page)["Anne"] == ("+4.05", "0.00", "+4.05")
    assert suggestions(page) == [("Bruno", "Anne", "3.60"), ("Chloé", "Anne", "0.45")]
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        paid = conn.execute("select sum(amount) from ledger where kind = 'payment'").fetchone()
    assert paid == (-405,)


def test_the_box_pays_a_posted_win_beside_an_open_loss(client, app):
    """The 1st open (Anne −3.60, Bruno −0.45, Chloé +4.05), the 8th closed (Anne +4.05,
    Bruno −3.60, Chloé −0.45). The cash box's balances hold what is posted: it owes Anne the
    8th's 4.05, and offers "the cash box → Anne 4.05" (everyone with the treasurer) and
    "Bruno → Anne 3.60", "Chloé → Anne 0.45" (between members). Each was refused when
    marked paid ("That is more than the club owes Anne (€0.45)", the page saying €4.05):
    her 3.60 lost on the 1st is owed to Chloé on its room, not to the box. Paid, her loss
    of the 1st is still its room's; her 3.60 paid in at the box settles it there."""
    club = new_club(client)
    first = new_evening(client, app, club, "2026-11-01")
    seed_table(client, first, "Anne", "Bruno", "Chloé")
    second = new_evening(client, app, club, "2026-11-08")
    seed_table(client, second, "Bruno", "Chloé", "Anne")
    _close(client, app, second)
    member = ids(app)
    cash = f"/clubs/{club}/cash"
    between = suggestions(client.get(cash + "?mode=members").text)
    assert between[:2] == [("Bruno", "Anne", "3.60"), ("Chloé", "Anne", "0.45")]
    assert ("the cash box", "Anne", "4.05") in suggestions(
        client.get(cash + "?mode=treasurer").text
    )
    assert _pay_box(client, app, club, 0, member["Anne"], 405).status_code == 302
    page = client.get(f"/evenings/{first}/settlement").text
    assert rows(page)["Anne"] == ("−3.60", "0.00", "−3.60")
    assert suggestions(page) == [("Anne", "Chloé", "3.60"), ("Bruno", "Chloé", "0.45")]
    # Anne pays her 3.60 at the box: the box holds it for Chloé, on the 1st's room
    assert typed_payment(client, app, club, member["Anne"], "3,60").status_code == 302
    page = client.get(f"/evenings/{first}/settlement").text
    assert rows(page)["Anne"] == ("−3.60", "−3.60", "0.00")
    assert suggestions(page) == [("Bruno", "Chloé", "0.45"), ("the cash box", "Chloé", "3.60")]
    assert balances(client.get(cash).text) == {"Bruno": "−3.60", "Chloé": "−0.45"}  # the 8th's


def test_a_fee_paid_stays_paid_when_an_evening_paid_out_is_reopened(client, app):
    """Anne paid her season dues of 2.50 (30 October), won 4.05 on the 1st (the seed in
    Chloé's seat), closed; the box paid her the 4.05; the 1st reopened, no coup changed.
    Everything she owed is paid and everything she won: her statement ends at 0.00. The
    payments tied to no evening were summed into one (+2.50 − 4.05 = −1.55), which settled
    1.55 of the reopened win and none of the dues: the box asked Anne her dues again, and
    the room had Bruno pay her 2.50 more (a debt offered twice, a win paid twice)."""
    club = new_club(client)
    first = new_evening(client, app, club, "2026-11-01")
    seed_table(client, first, "Bruno", "Chloé", "Anne")
    member = ids(app)
    data = {"kind": "fee_season", "member": [str(member["Anne"])], "amount": "2,50"}
    data |= {"on": "2026-10-30", "version": club_version(app)}
    assert client.post(f"/clubs/{club}/cash/fees", data=data).status_code == 302
    assert typed_payment(client, app, club, member["Anne"], "2,50").status_code == 302
    _close(client, app, first)
    assert typed_payment(client, app, club, member["Anne"], "4,05", "out").status_code == 302
    _close(client, app, first, "reopen")
    page = client.get(f"/evenings/{first}/settlement").text
    assert rows(page)["Anne"] == ("+4.05", "+4.05", "0.00")
    assert suggestions(page) == [
        ("Bruno", "the cash box", "3.60"),
        ("Chloé", "the cash box", "0.45"),
    ]
    cash = client.get(f"/clubs/{club}/cash").text
    assert balances(cash) == {}  # the 1st is open: its room settles it
    assert [s for s in suggestions(cash) if "Anne" in s[:2]] == []


def test_the_box_line_says_what_it_owes_the_open_rooms_when_it_holds_less(client, app):
    """Denis was given a prize of 5.00 and paid it by the box; the 1st is open (the seed:
    Anne −3.60) and Anne pays her 3.60 at the box. The box has paid out 5.00 − 3.60 = 1.40
    more than members paid in, and owes the 1st's winners the 3.60: its line said "The cash
    box has paid out €1.40 more than members paid in. Of it, €3.60 was paid in for evenings
    not closed", 3.60 "of" a sum it does not hold."""
    club = new_club(client)
    first = new_evening(client, app, club, "2026-11-01")
    seed_table(client, first, "Anne", "Bruno", "Chloé")
    denis = new_evening(client, app, club, "2026-11-02")
    seed_table(client, denis, "Denis", "Eve", "Fanny")
    member = ids(app)
    data = {"kind": "prize", "member": str(member["Denis"]), "amount": "5", "on": "2026-11-20"}
    assert client.post(f"/clubs/{club}/cash/entries", data={**data, "version": club_version(app)})
    assert typed_payment(client, app, club, member["Denis"], "5", "out").status_code == 302
    assert typed_payment(client, app, club, member["Anne"], "3,60").status_code == 302
    line = box_line(client, club)
    assert "The cash box has paid out €1.40 more than members paid in." in line
    assert "Of it" not in line
    assert "€3.60 paid in for evenings not closed is still owed to their winners" in line
    for language, said in (
        ("fr", "3,60 € versés pour des soirées non closes restent dus à leurs gagnants"),
        ("da", "3,60 € betalt ind for aftener, der ikke er lukket, skyldes stadig deres vindere"),
        ("nl", "€ 3,60 betaald voor avonden die niet zijn afgesloten, is nog verschuldigd"),
    ):
        assert said in box_line(client, club, language), language


def test_a_statement_says_where_its_balance_is_settled(client, app):
    """The 1st closed (Anne −3.60), the 8th open (Anne +4.05). Her statement's balance is
    +0.45 and says "The club owes Anne €0.45.", which the cash box refuses to pay her (it
    asks her 3.60; the 8th's room pays her 4.05): the statement now says where its balance
    is settled, each evening not closed on its room, the rest at the cash box, with the
    figures those pages show (+4.05 on the 8th, −3.60 at the box; 4.05 − 3.60 = 0.45), and
    its headline says the 0.45 in all, not as the club's debt (owed21)."""
    club = new_club(client)
    first = new_evening(client, app, club, "2026-11-01")
    seed_table(client, first, "Anne", "Bruno", "Chloé")
    _close(client, app, first)
    second = new_evening(client, app, club, "2026-11-08")
    seed_table(client, second, "Bruno", "Chloé", "Anne")
    anne = ids(app)["Anne"]
    page = client.get(f"/clubs/{club}/members/{anne}/statement").text.replace("\xa0", " ")
    assert "In all, Anne is owed €0.45." in page and "The club owes Anne" not in page
    start = page.index('id="apart"')
    apart = re.sub(r"<[^>]+>", "", page[start : page.index("</ul>", start)])
    room = "On the room of the evening of November 8, 2026, not closed, Anne is owed €4.05."
    assert room in apart
    assert "At the cash box, Anne owes the club €3.60." in apart
    assert "November 1" not in apart  # closed: at the box
    bruno = client.get(f"/clubs/{club}/members/{ids(app)['Bruno']}/statement").text
    assert 'id="apart"' in bruno  # −0.45 at the box, −3.60 on the 8th
    _close(client, app, second)  # every evening closed: all of it at the box
    assert 'id="apart"' not in client.get(f"/clubs/{club}/members/{anne}/statement").text


def test_a_statement_at_nil_says_so_without_nobody_owes_anything(client, app):
    """The play-through of 2026-11-29: the 1st open (the seed: Chloé +4.05) and a charge of
    4.05 to Chloé. Her balance is nil, and her statement said "Nobody owes anything." above
    "Evening of November 1, 2026, not closed: +€4.05" and "At the cash box: −€4.05": the
    cash box asks her 4.05 and the room pays her 4.05. It now says the nil is in all (the
    balance, owed21: "the club and Chloé owe each other nothing" in all was not so either)."""
    club = new_club(client)
    first = new_evening(client, app, club, "2026-11-01")
    seed_table(client, first, "Anne", "Bruno", "Chloé")
    chloe = ids(app)["Chloé"]
    data = {"kind": "charge", "member": str(chloe), "amount": "4,05", "on": "2026-11-02"}
    typed = client.post(f"/clubs/{club}/cash/entries", data={**data, "version": club_version(app)})
    assert typed.status_code == 302
    page = client.get(f"/clubs/{club}/members/{chloe}/statement").text.replace("\xa0", " ")
    assert "Nobody owes anything" not in page
    assert "In all, the balance of Chloé is nil." in page
    start = page.index('id="apart"')
    apart = re.sub(r"<[^>]+>", "", page[start : page.index("</ul>", start)])
    assert "not closed, Chloé is owed €4.05." in apart
    assert "At the cash box, Chloé owes the club €4.05." in apart
    for language, said in (
        ("fr", "Au total, le solde de Chloé est nul."),
        ("da", "I alt er saldoen for Chloé nul."),
        ("nl", "In totaal is het saldo van Chloé nul."),
    ):
        headers = {"Accept-Language": language}
        page = client.get(f"/clubs/{club}/members/{chloe}/statement", headers=headers).text
        assert said in page, language
    anne = ids(app)["Anne"]  # nil with nothing apart: her own statement speaks of her
    data = {"kind": "payment", "member": str(anne), "amount": "3,60", "on": "2026-11-02"}
    data |= {"method": "cash", "direction": "in", "version": club_version(app)}
    assert client.post(f"/clubs/{club}/cash/entries", data=data).status_code == 302
    page = client.get(f"/clubs/{club}/members/{anne}/statement").text
    assert "The club and Anne owe each other nothing." in page and 'id="apart"' not in page
    assert "Nobody owes anything" not in page  # said of a room, not of one member


def test_the_box_line_says_what_the_open_rooms_owe_it(client, app):
    """The play-through of 2026-11-29: the 1st open (the seed: Anne −3.60, Bruno −0.45,
    Chloé +4.05), Anne pays her 3.60 at the cash box, the box pays it on to Chloé from the
    evening's card, then Anne's payment is reversed (typed by mistake). The box has paid
    out 3.60 more than members paid in, nobody owes the club anything in its balances, and
    "once every balance is paid, it will hold €0.00": the 3.60 the 1st's room now asks
    back for the box was said nowhere, and the figures of the line did not add up."""
    club = new_club(client)
    first = new_evening(client, app, club, "2026-11-01")
    seed_table(client, first, "Anne", "Bruno", "Chloé")
    member = ids(app)
    assert typed_payment(client, app, club, member["Anne"], "3,60").status_code == 302
    box = {"payer": "0", "payee": str(member["Chloé"]), "amount": "360", "method": "cash"}
    paid = client.post(
        f"/evenings/{first}/settlement/pay", data={**box, "version": club_version(app)}
    )
    assert paid.status_code == 302, paid.text[-800:]
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        (typed,) = conn.execute(
            "select id from ledger where kind = 'payment' and amount = 360 and evening_id is null"
        ).fetchone()
    data = {"on": "2026-11-28", "note": "", "version": club_version(app)}
    assert client.post(f"/clubs/{club}/cash/entries/{typed}/reverse", data=data).status_code == 302
    room = client.get(f"/evenings/{first}/settlement").text
    # the room asks the box's 3.60 back: Anne → Chloé 0.45, Anne → box 3.15, Bruno → box 0.45
    back = [float(a) for _, payee, a in suggestions(room) if payee == "the cash box"]
    assert round(sum(back), 2) == 3.60, suggestions(room)
    line = box_line(client, club)
    # held −3.60 (paid out to Chloé), owed 0, owing 0; what the open rooms owe it: 3.60
    assert "The cash box has paid out €3.60 more than members paid in." in line
    assert (
        "€3.60 is owed to it on evenings not closed: their rooms ask their losers for it." in line
    )
    assert "it will hold €0.00" in line
    for language, said in (
        ("fr", "3,60 € lui sont dus sur des soirées non closes : leurs salles les demandent"),
        ("da", "3,60 € skyldes den for aftener, der ikke er lukket: deres sale kræver det ind"),
        ("nl", "Avonden die niet zijn afgesloten, zijn haar nog € 3,60 verschuldigd: hun zalen"),
    ):
        assert said in box_line(client, club, language), language


def test_a_box_suggestion_paid_is_not_asked_again_while_an_evening_is_open(client, app):
    """The play-through of 2026-11-29: the 1st open (the seed: Anne −3.60) and an evening's
    fee of 2.50 to Anne dated the 1st. Everyone with the treasurer, the box lists "Anne →
    the cash box 2.50" (her fee: the evening is on its card). Paid, it settled her open
    evening first (on one day the result comes before a fee): the box listed "Anne → the
    cash box 2.50" again and the room "the cash box → Chloé 2.50". Money paid at the box
    settles what the box lists first: her fee is paid, the room still asks her 3.60."""
    club = new_club(client)
    first = new_evening(client, app, club, "2026-11-01")
    seed_table(client, first, "Anne", "Bruno", "Chloé")
    anne = ids(app)["Anne"]
    fee = {"kind": "fee_evening", "member": [str(anne)], "amount": "2,50", "on": "2026-11-01"}
    assert (
        client.post(
            f"/clubs/{club}/cash/fees", data={**fee, "version": club_version(app)}
        ).status_code
        == 302
    )
    cash = f"/clubs/{club}/cash?mode=treasurer"
    general = suggestions(client.get(cash).data.decode())[:1]  # the open card's follow
    assert general == [("Anne", "the cash box", "2.50")]
    data = {"payer": str(anne), "payee": "0", "amount": "250", "method": "cash"}
    paid = client.post(
        f"/clubs/{club}/cash/pay?mode=treasurer", data={**data, "version": club_version(app)}
    )
    assert paid.status_code == 302
    page = client.get(cash).data.decode()
    assert ("Anne", "the cash box", "2.50") not in suggestions(page)
    assert 'id="owing"' not in page  # nobody owes the box anything posted
    room = client.get(f"/evenings/{first}/settlement").data.decode()
    assert rows(room)["Anne"] == ("−3.60", "0.00", "−3.60")
    assert ("the cash box", "Chloé", "2.50") not in suggestions(room)
