"""Paid at the cash box, reopened, a coup changed, closed again: the room, the evening's view
of the cash box, the plain cash box, the statements and the season say one figure per member
in every state (fix25b).

Found by smoke25 (a Danish club at 0,25 kr. a chip): after its first close every suggestion
was paid at the cash box; the evening was reopened and a coup corrected, which left Frida a
bête and made her win smaller; closed again, the room said "Everything is paid" with nothing
left for anyone, and the evening's view of the cash box "Its tables leave nothing to pay",
while the cash box's balances said Frida owed 11,25 and the club owed Erik 9,00 and Gunnar
2,25. The room counted what the box's payments settled of this evening's result now, at most
the result: what they had paid beyond it (paid for the first close's result) stayed on the
accounts, the box's alone. Money paid beyond a result that moved since is that evening's,
as a payment recorded on the room is (``open_items._overpaid``).

The club's chip is worth 0.25 €. The evening's one table plays the seed's first six coups
(docs/rules/hombre.md §10; tests/web.py ``SEED_COUPS``): Anne −66, Bruno −21, Chloé +87
chips, that is −66 × 0.25 = −16.50, −21 × 0.25 = −5.25, +87 × 0.25 = +21.75 €. The
seventh, played once the evening is reopened, makes them Anne −72, Bruno −9, Chloé +81:
−18.00, −2.25, +20.25 €. The cash box pairs the club's order, Anne, Bruno, Chloé (the debts
end to end against the credits, ``between_members``).
"""

from __future__ import annotations

import re

from test_close_keeps_paid import balances, season_money, statement_end
from test_clubs import club_version, new_evening
from test_one_purse_web import ids, rows, suggestions
from test_settlement import pdf_text
from web import NEW_GAME, SEED_COUPS, enter

DAY = "2026-11-30"


def club_at_a_quarter(client) -> int:
    data = {"name": "Kolding", "chip_value": "0.25", "currency": "EUR", "submit": "1"}
    response = client.post("/clubs/new", data=data)
    assert response.status_code == 302, response.data.decode()[-1500:]
    return int(response.headers["Location"].rsplit("/", 1)[1])


def six_coups(client, evening: int) -> str:
    data = {**NEW_GAME, "player0": "Anne", "player1": "Bruno", "player2": "Chloé"}
    response = client.post(f"/games/new?evening={evening}", data=data)
    assert response.status_code == 302, response.data.decode()[-1500:]
    game = response.headers["Location"]
    for text in SEED_COUPS[:6]:
        assert enter(client, game, text).status_code in (200, 302)
    return game


def step(client, app, evening: int, what: str) -> None:
    data = {"version": club_version(app), "confirmed": "1"}
    assert client.post(f"/evenings/{evening}/{what}", data=data).status_code == 302, what


def pay_every_suggestion(client, app, club: int) -> list[tuple[str, str, str]]:
    """Each suggestion of the plain cash box paid in cash there (no evening named), as
    smoke25's player did; what was paid."""
    member = ids(app)
    paid = []
    for _ in range(10):
        offered = suggestions(client.get(f"/clubs/{club}/cash").data.decode())
        if not offered:
            return paid
        payer, payee, amount = offered[0]
        data = {"payer": member[payer], "payee": member[payee], "method": "cash"}
        data |= {"amount": str(round(float(amount) * 100)), "version": club_version(app)}
        answer = client.post(f"/clubs/{club}/cash/pay", data=data)
        assert answer.status_code == 302, answer.data.decode()[-800:]
        paid.append(offered[0])
    raise AssertionError("the suggestions never ran out")


def provisional_on_the_season(client, club: int) -> tuple[bool, set[str]]:
    """Whether the season says it is provisional above its table, and of whom."""
    page = client.get(f"/clubs/{club}/season").data.decode()
    marked = re.findall(
        r'<tr><th scope="row">([^<]+)</th>(?:(?!</tr>).)*?class="provisional-line"', page
    )
    return 'id="provisional"' in page, set(marked)


def test_paid_reopened_changed_and_closed_again_every_page_says_one_figure(client, app, tmp_path):
    club = club_at_a_quarter(client)
    evening = new_evening(client, app, club, DAY)
    game = six_coups(client, evening)
    member = ids(app)
    room = f"/evenings/{evening}/settlement"
    view = f"/clubs/{club}/cash?evening={evening}"
    everyone = {"Anne", "Bruno", "Chloé"}

    def every_page(
        state: str,
        figures: dict[str, tuple[str, str, str]],
        offered: list[tuple[str, str, str]],
        box: dict[str, str],
        ends: dict[str, str],
        closed: bool,
    ) -> None:
        """``figures``: each member's result, settled (signed as the result) and left on the
        room; ``offered``: who pays whom for it; ``box``: the plain cash box's balances (an
        evening not closed apart: its room settles it); ``ends``: each statement's balance."""
        page = client.get(room).data.decode()
        assert {m: rows(page)[m] for m in everyone} == figures, state
        assert suggestions(page) == offered, state
        if not offered:
            assert "Everything is paid." in page, state
        # the room's figures, each member's: left is result less settled, and they sum to 0
        for result, settled, left in figures.values():
            cents = [round(float(x.replace("−", "-")) * 100) for x in (result, settled, left)]
            assert cents[0] - cents[1] == cents[2], state
        assert suggestions(client.get(game + "/settlement").data.decode()) == offered, state
        shown = client.get(view).data.decode()
        assert suggestions(shown) == offered, state  # the evening's view: the room's
        if not offered:
            assert 'id="tables-settled"' in shown or "Nobody owes anything." in shown, state
        plain = client.get(f"/clubs/{club}/cash").data.decode()
        assert balances(plain) == box, state
        if closed:  # posted: the plain box asks what the room asks
            assert suggestions(plain) == offered, state
        for name, end in ends.items():
            assert statement_end(client, club, member[name]) == end, state
        results = {name: figure[0] for name, figure in figures.items()}
        assert season_money(client, club) == results, state
        said, marked = provisional_on_the_season(client, club)
        assert (said, marked) == ((False, set()) if closed else (True, everyone)), state

    played = {"Anne": "−16.50", "Bruno": "−5.25", "Chloé": "+21.75"}
    # nothing paid: left is the result; Anne [0, 1650) and Bruno [1650, 2175) against
    # Chloé [0, 2175)
    unpaid = {name: (money, "0.00", money) for name, money in played.items()}
    every_page(
        "open", unpaid, [("Anne", "Chloé", "16.50"), ("Bruno", "Chloé", "5.25")], {}, played, False
    )
    step(client, app, evening, "close")
    # closing stops the table as "We stop here": Bruno's pending bête of 72 shared, 24 to
    # Anne and 24 to Chloé (hombre.md §7): Anne −66 + 24 = −42, Bruno −21 − 48 = −69,
    # Chloé 87 + 24 = 111 chips: −10.50, −17.25, +27.75
    posted = {"Anne": "−10.50", "Bruno": "−17.25", "Chloé": "+27.75"}
    offered = [("Anne", "Chloé", "10.50"), ("Bruno", "Chloé", "17.25")]
    unpaid = {name: (money, "0.00", money) for name, money in posted.items()}
    every_page("closed", unpaid, offered, posted, posted, closed=True)

    assert pay_every_suggestion(client, app, club) == offered
    # each result settled whole: nothing left, nothing owed, every statement at nil
    paid = {name: (money, money, "0.00") for name, money in posted.items()}
    nil = dict.fromkeys(everyone, "0.00")
    every_page("paid", paid, [], {}, nil, closed=True)

    step(client, app, evening, "reopen")
    # reopened, the table plays on where the close stopped it: its six coups again, the bête
    # open. Settled stays what was paid; left = result − settled: Anne −16.50 + 10.50 = −6.00;
    # Bruno −5.25 + 17.25 = +12.00 (they paid 17.25 of a loss now 5.25); Chloé 21.75 − 27.75
    # = −6.00 (she received 27.75 of a win now 21.75). Anne [0, 600), Chloé [600, 1200)
    # against Bruno [0, 1200). The plain box leaves an evening not closed to its room: each
    # balance (−6.00, +12.00, −6.00) less what is left of it there, nil.
    reopened = {
        "Anne": ("−16.50", "−10.50", "−6.00"),
        "Bruno": ("−5.25", "−17.25", "+12.00"),
        "Chloé": ("+21.75", "+27.75", "−6.00"),
    }
    offered = [("Anne", "Bruno", "6.00"), ("Chloé", "Bruno", "6.00")]
    ends = {"Anne": "−6.00", "Bruno": "+12.00", "Chloé": "−6.00"}
    every_page("reopened", reopened, offered, {}, ends, closed=False)

    assert enter(client, game, SEED_COUPS[6]).status_code in (200, 302)
    # the seventh coup: Anne −72, Bruno −9, Chloé +81 = −18.00, −2.25, +20.25 (no bête left
    # open: closing stops nothing more). Left: Anne −18.00 + 10.50 = −7.50; Bruno −2.25 +
    # 17.25 = +15.00; Chloé 20.25 − 27.75 = −7.50: Anne [0, 750), Chloé [750, 1500) against
    # Bruno [0, 1500)
    changed = {
        "Anne": ("−18.00", "−10.50", "−7.50"),
        "Bruno": ("−2.25", "−17.25", "+15.00"),
        "Chloé": ("+20.25", "+27.75", "−7.50"),
    }
    offered = [("Anne", "Bruno", "7.50"), ("Chloé", "Bruno", "7.50")]
    ends = {"Anne": "−7.50", "Bruno": "+15.00", "Chloé": "−7.50"}
    every_page("changed", changed, offered, {}, ends, closed=False)
    step(client, app, evening, "close")
    # closed again: the box's balances are the statements', and it asks what the room asks
    every_page("closed again", changed, offered, ends, ends, closed=True)
    printed = pdf_text(client.get(room + ".pdf").data, tmp_path)
    assert "Anne → Bruno" in printed and "Chloé → Bruno" in printed
    assert "Everything is paid" not in printed

    # what the room asks, paid at the cash box, leaves nothing anywhere
    assert pay_every_suggestion(client, app, club) == offered
    settled = {name: (figure[0], figure[0], "0.00") for name, figure in changed.items()}
    every_page("settled", settled, [], {}, nil, closed=True)
