"""The cash box's view of one evening says what is owed on it: its tables, and its fees (play15).

The evening's one table plays the seed (docs/rules/hombre.md §10) at 0.05 € a chip:
Anne −72 chips = −3.60, Bruno −9 = −0.45, Chloé +81 = +4.05. The treasurer charges the
evening's fee of 2.50 to its three players from the evening's view (`?evening=<id>`: the Fee
form checks them and dates the fee the evening's day). The view showed only the room's
purse — the tables' results and the payments naming the evening — and a fee names no
evening: with the room paid, it said "Nobody owes anything." under 7.50 of fees charged
from that very page. It now says that its tables leave nothing to pay, and lists the fees
dated the evening's day with what is left of each, as the open items settle them (the
figure the cash box's balances and the statements sum: docs/cashbox.md, "The evening's
fees").
"""

from __future__ import annotations

import re

from test_close_keeps_paid import balances, season_money, statement_end
from test_clubs import club_version, new_club, new_evening, seed_table
from test_one_purse_web import ids, rows, suggestions
from test_walk_money import typed_payment

DAY = "2026-11-27"
FEE = re.compile(
    r'<tr id="fee-\d+"><th scope="row"><a [^>]+>([^<]+)</a></th><td>([^<]+)</td>'
    r'<td class="num">([^<]+)</td><td class="num left">([^<]+)</td></tr>'
)


def fees_from_the_view(client, app, club: int, evening: int, members: list[int]) -> None:
    """The Fee form as the evening's view offers it: its players checked, the evening's day."""
    data = {"kind": "fee_evening", "member": [str(m) for m in members], "amount": "2,50"}
    data |= {"on": DAY, "version": club_version(app)}
    answer = client.post(f"/clubs/{club}/cash/fees?evening={evening}", data=data)
    assert answer.status_code == 302
    assert answer.headers["Location"].endswith(f"?evening={evening}#balances")


def view(client, club: int, evening: int, language: str = "en") -> str:
    headers = {"Accept-Language": language}
    return client.get(f"/clubs/{club}/cash?evening={evening}", headers=headers).data.decode()


def fees_left(page: str) -> dict[str, tuple[str, str]]:
    """The view's fees of the evening: member → (amount, still owed)."""
    return {
        name: (amount.replace("€", "").strip(), left.replace("€", "").strip())
        for name, _, amount, left in FEE.findall(page)
    }


def step(client, app, evening: int, what: str) -> None:
    data = {"version": club_version(app), "confirmed": "1"}
    assert client.post(f"/evenings/{evening}/{what}", data=data).status_code == 302


def test_the_evening_view_says_its_fees_owed_once_its_tables_are_paid(client, app):
    club = new_club(client)
    evening = new_evening(client, app, club, DAY)
    game = seed_table(client, evening, "Anne", "Bruno", "Chloé")
    member = ids(app)
    anne, bruno, chloe = member["Anne"], member["Bruno"], member["Chloé"]
    room = f"/evenings/{evening}/settlement"
    # the room's pairing paid on the room: Anne → Chloé 3.60, Bruno → Chloé 0.45
    for payer, amount in ((anne, 360), (bruno, 45)):
        pay = {"payer": payer, "payee": chloe, "amount": str(amount), "method": "cash"}
        answer = client.post(room + "/pay", data=pay | {"version": club_version(app)})
        assert answer.status_code == 302
    fees_from_the_view(client, app, club, evening, [anne, bruno, chloe])

    def same_money(state: str, owed: dict[str, str]) -> None:
        """``owed``: what each still owes of their fee (the tables are paid in every state)."""
        page = client.get(room).data.decode()
        # result, paid, left: each paid their result on the room, Chloé received her 4.05
        assert rows(page) == {
            "Anne": ("−3.60", "−3.60", "0.00"),
            "Bruno": ("−0.45", "−0.45", "0.00"),
            "Chloé": ("+4.05", "+4.05", "0.00"),
        }, state
        assert suggestions(page) == [], state
        assert suggestions(client.get(game + "/settlement").data.decode()) == [], state
        cash = view(client, club, evening)
        assert suggestions(cash) == [], state
        # the bug: "Nobody owes anything." under 7.50 of fees charged from this page
        assert "Nobody owes anything." not in cash, state
        assert "Its tables leave nothing to pay." in cash, state
        assert fees_left(cash) == {n: ("2.50", left) for n, left in owed.items()}, state
        # the box's balances are the fees left, each member's (their result is paid), and so
        # is where their statement ends
        assert balances(cash) == {n: "−" + o for n, o in owed.items() if o != "0.00"}, state
        for name, left in owed.items():
            ends = left if left == "0.00" else "−" + left
            assert statement_end(client, club, member[name]) == ends, state
        assert season_money(client, club) == {"Anne": "−3.60", "Bruno": "−0.45", "Chloé": "+4.05"}
        still = [o for o in owed.values() if o != "0.00"]
        total = sum(int(o.replace(".", "")) for o in still)
        money = f"€{total // 100}.{total % 100:02d}"
        said = re.search(r'<p id="fees-left">([^<]+)</p>', cash)
        assert said is not None, state
        if len(still) > 1:
            assert said[1] == f"{len(still)} members still owe {money} of these fees in all."
        elif still:
            assert said[1] == f"1 member still owes {money} of these fees.", state
        else:
            assert said[1] == "These fees are paid.", state

    everyone = {"Anne": "2.50", "Bruno": "2.50", "Chloé": "2.50"}  # 3 × 2.50 = 7.50 owed
    same_money("open", everyone)
    step(client, app, evening, "close")
    # posted: Chloé's +4.05 less the 4.05 paid her is 0.00, no win left to set against her fee
    same_money("closed", everyone)
    step(client, app, evening, "reopen")
    same_money("reopened", everyone)
    # Anne pays 2.50 in the cash box's Payment form (no evening named): it settles what the
    # box lists first, her fee (her evening is paid on the room): 2.50 − 2.50 = 0.00
    assert typed_payment(client, app, club, anne, "2,50").status_code == 302
    paid_anne = {"Anne": "0.00", "Bruno": "2.50", "Chloé": "2.50"}  # 2 × 2.50 = 5.00 owed
    same_money("reopened, Anne's fee paid", paid_anne)
    step(client, app, evening, "close")
    same_money("closed again", paid_anne)
    assert typed_payment(client, app, club, bruno, "2,50").status_code == 302
    same_money("closed, Bruno's fee paid too", {**paid_anne, "Bruno": "0.00"})  # 1 × 2.50
    assert typed_payment(client, app, club, chloe, "2,50").status_code == 302
    same_money("all paid", {"Anne": "0.00", "Bruno": "0.00", "Chloé": "0.00"})


def test_a_win_settles_the_winners_fee_on_the_view_as_on_the_room(client, app):
    """Nothing paid on the room. Open, each owes their fee (an open evening is settled by
    money only); closed, Chloé's fee is settled by her win: the room shows her paid −2.50,
    left +4.05 − 2.50 = +1.55, and the view her fee left 0.00; Anne and Bruno still owe
    theirs: 2 × 2.50 = 5.00 of the 7.50."""
    club = new_club(client)
    evening = new_evening(client, app, club, DAY)
    seed_table(client, evening, "Anne", "Bruno", "Chloé")
    member = ids(app)
    fees_from_the_view(client, app, club, evening, list(member.values()))
    room = f"/evenings/{evening}/settlement"
    for state in ("open", "closed", "reopened", "closed again"):
        if state != "open":
            step(client, app, evening, "reopen" if state == "reopened" else "close")
        closed = state.startswith("closed")
        cash = view(client, club, evening)
        chloe = client.get(room).data.decode()
        if closed:
            assert rows(chloe)["Chloé"] == ("+4.05", "+2.50", "+1.55"), state
            assert fees_left(cash)["Chloé"] == ("2.50", "0.00"), state
            assert "2 members still owe €5.00 of these fees in all." in cash, state
            # the box's balance: her win less her fee, 4.05 − 2.50; the room's left too
            assert balances(cash)["Chloé"] == "+1.55", state
        else:
            assert rows(chloe)["Chloé"] == ("+4.05", "0.00", "+4.05"), state
            assert fees_left(cash)["Chloé"] == ("2.50", "2.50"), state
            assert "3 members still owe €7.50 of these fees in all." in cash, state
            assert balances(cash)["Chloé"] == "−2.50", state
        assert fees_left(cash)["Anne"] == fees_left(cash)["Bruno"] == ("2.50", "2.50"), state


def test_the_evening_fees_in_french(client, app):
    club = new_club(client)
    evening = new_evening(client, app, club, DAY)
    seed_table(client, evening, "Anne", "Bruno", "Chloé")
    member = ids(app)
    fees_from_the_view(client, app, club, evening, [member["Anne"]])
    page = view(client, club, evening, "fr")
    said = re.search(r'<p id="fees-left">([^<]+)</p>', page)
    assert said is not None and "Nobody" not in page
    # one member, 2,50 €: the singular, the French grouping and a no-break space before €
    assert said[1] == "1 membre doit encore 2,50\u00a0€ de ces frais."


def test_a_reversed_fee_is_not_listed_as_owed(client, app):
    """Two fees of 2.50 charged, Bruno's reversed (charged by mistake): the view lists Anne's
    alone, 1 × 2.50 still owed, and the box's balances Anne's 2.50 alone (2.50 − 2.50 = 0.00
    for Bruno; the open evening is listed apart, on its card)."""
    club = new_club(client)
    evening = new_evening(client, app, club, DAY)
    seed_table(client, evening, "Anne", "Bruno", "Chloé")
    member = ids(app)
    fees_from_the_view(client, app, club, evening, [member["Anne"], member["Bruno"]])
    fee = re.search(
        r'<tr id="fee-(\d+)"><th scope="row"><a [^>]+>Bruno<', view(client, club, evening)
    )
    assert fee is not None
    data = {"on": DAY, "note": "", "version": club_version(app)}
    answer = client.post(f"/clubs/{club}/cash/entries/{fee[1]}/reverse", data=data)
    assert answer.status_code == 302
    page = view(client, club, evening)
    assert fees_left(page) == {"Anne": ("2.50", "2.50")}
    assert "1 member still owes €2.50 of these fees." in page
    assert balances(page) == {"Anne": "−2.50"}
