"""The room's "who pays whom" is the cash box's, in every state of an evening paid at the box
and reopened: the room, the plain cash box's card of the evening not closed, the cash box's
view of the evening and each table's settlement list the same transfers, and they settle
the room's *Left* column whole (fix28c).

smoke28 once saw the room of a reopened evening list two transfers ("Élodie → Bernard 1,85",
"the cash box → Bernard 3,10") under "The same transfers as the cash box proposes", while its
own *Left* column and the cash box's card listed three more (the cash box → Céline, Denis,
François). The same sequence — two tables, the evening closed, its fees charged, its losers
paying at the cash box's own Payment form (no evening named), reopened — is played here
through the pages, each compared after every step.

The club's chip is worth 0.05 €. Both tables play the seed (docs/rules/hombre.md §10; tests/
web.py ``SEED_COUPS``): Anne −72, Bruno −9, Chloé +81 chips at the first, Denis, Élise, Fanny
alike at the second: −3.60, −0.45, +4.05 € each. No bête is left open: the close changes no
net. The members are numbered as seated, Anne to Fanny: the club's order, in which the cash
box pairs the debts end to end against the credits, the box last (``between_members``).
"""

from __future__ import annotations

import re

from test_close_keeps_paid import balances
from test_clubs import club_version, new_club, new_evening, seed_table
from test_one_purse_web import SUGGESTION, ids, rows
from test_walk_money import typed_payment

DAY = "2026-11-24"
BOX = "the cash box"
TABLES = (("Anne", "Bruno", "Chloé"), ("Denis", "Élise", "Fanny"))


def listed(part: str) -> list[tuple[str, str, int]]:
    """The transfers of a list as drawn, in cents."""
    return [
        (a, b, round(float(c.replace("€", "").strip()) * 100))
        for a, b, c in SUGGESTION.findall(part)
    ]


def between(page: str, start: str, end: str) -> str:
    at = page.index(start)
    return page[at : page.index(end, at)]


def room_lists(page: str) -> list[tuple[str, str, int]]:
    return listed(between(page, 'id="pays"', "</section>"))


def box_lists(page: str, evening: int) -> tuple[list[tuple[str, str, int]], list | None]:
    """The plain cash box: its own suggestions (its balances), and its card of the evening
    while it is not closed (None: no card)."""
    part = between(page, 'id="suggestions"', "</section>")
    card = f'id="open-{evening}"'
    if card not in part:
        return listed(part), None
    own = part[: part.index(card)]
    return listed(own), listed(between(part, card, "</div>"))


def cents(shown: str) -> int:
    return round(float(shown.replace("−", "-").replace("+", "")) * 100)


def settles_the_left_column(page: str, offered: list[tuple[str, str, int]]) -> None:
    """Every member's *Left* on the room is what the transfers move: what is paid to the member
    less what the member pays. A list cut short (smoke28's two lines under three more
    left) fails here."""
    moved: dict[str, int] = {}
    for payer, payee, amount in offered:
        moved[payer] = moved.get(payer, 0) - amount
        moved[payee] = moved.get(payee, 0) + amount
    left = {name: cents(figures[2]) for name, figures in rows(page).items()}
    assert {n: c for n, c in left.items() if c} == {
        n: c for n, c in moved.items() if c and n != BOX
    }


def test_the_room_lists_the_cash_box_transfers_paid_at_the_box_and_reopened(client, app):
    club = new_club(client)
    evening = new_evening(client, app, club, DAY)
    games = [seed_table(client, evening, *names) for names in TABLES]
    member = ids(app)
    assert sorted(member, key=member.__getitem__) == [*TABLES[0], *TABLES[1]]  # the order
    room = f"/evenings/{evening}/settlement"
    view = f"/clubs/{club}/cash?evening={evening}"

    def step(what: str) -> None:
        data = {"version": club_version(app), "confirmed": "1"}
        assert client.post(f"/evenings/{evening}/{what}", data=data).status_code == 302

    def every_page(
        state: str,
        offered: list[tuple[str, str, int]],
        closed: bool,
        box: list[tuple[str, str, int]],
        owing: dict[str, str],
    ) -> None:
        """``offered``: the room's transfers; ``box``, ``owing``: the plain cash box's own
        suggestions and balances (an evening not closed apart: its card lists the room's)."""
        page = client.get(room).data.decode()
        assert ('id="closed"' in page) == closed, state
        assert room_lists(page) == offered, state
        settles_the_left_column(page, offered)
        assert (
            listed(between(client.get(view).data.decode(), 'id="suggestions"', "</section>"))
            == offered
        ), state
        plain = client.get(f"/clubs/{club}/cash").data.decode()
        own, card = box_lists(plain, evening)
        assert card == (None if closed else offered), state  # the card: the room's, once
        assert own == box, state
        assert balances(plain) == owing, state
        for game, names in zip(games, TABLES, strict=True):  # each table: its members' part
            theirs = [s for s in offered if {s[0], s[1]} & set(names)]
            table_page = client.get(game + "/settlement").data.decode()
            assert listed(between(table_page, 'id="pays"', "</section>")) == theirs, state

    # open, nothing charged nor paid: left is the result. Debts Anne 360, Bruno 45, Denis
    # 360, Élise 45 against Chloé 405, Fanny 405, end to end: Anne [0, 360) and Bruno
    # [360, 405) → Chloé; Denis [0, 360) and Élise [360, 405) → Fanny
    four = [("Anne", "Chloé", 360), ("Bruno", "Chloé", 45), ("Denis", "Fanny", 360)]
    four.append(("Élise", "Fanny", 45))
    every_page("open", four, False, [], {})
    step("close")
    posted = {"Anne": "−3.60", "Bruno": "−0.45", "Chloé": "+4.05"}
    posted |= {"Denis": "−3.60", "Élise": "−0.45", "Fanny": "+4.05"}
    every_page("closed", four, True, four, posted)

    # the evening's fee of 5.00 to its six players (smoke28's came once it was closed). Closed,
    # a win settles a fee (Chloé's and Fanny's 4.05 set against their 5.00: left 0 on the
    # room, 0.95 of the fee owed); the losers owe the room their loss, to the box, which
    # holds the winners' fees: Anne → box 3.60, Bruno → box 0.45, Denis → box 3.60, Élise →
    # box 0.45. The box's balances: the loss and the fee, or the fee less the win
    fee = {"kind": "fee_evening", "member": [str(m) for m in member.values()], "amount": "5,00"}
    fee |= {"on": DAY, "version": club_version(app)}
    assert client.post(f"/clubs/{club}/cash/fees", data=fee).status_code == 302
    to_box = [("Anne", BOX, 360), ("Bruno", BOX, 45), ("Denis", BOX, 360), ("Élise", BOX, 45)]
    charged = {"Anne": "−8.60", "Bruno": "−5.45", "Chloé": "−0.95"}
    charged |= {"Denis": "−8.60", "Élise": "−5.45", "Fanny": "−0.95"}
    box_asks = [(name, BOX, -cents(owed)) for name, owed in charged.items()]
    every_page("fees", to_box, True, box_asks, charged)

    # paid at the cash box's own Payment form, no evening named, as smoke28's treasurer did:
    # Anne and Denis their loss and fee (8.60), Élise hers (5.45), Bruno 5.00 (their loss
    # 0.45 first, the evening's result before a fee of its day, then 4.55 of their fee),
    # Chloé 0.95 (her fee less her win); Fanny nothing. Closed, every result is settled:
    # the room asks nothing; the box asks Bruno 0.45 and Fanny 0.95 of their fees
    for name, amount in (("Anne", "8,60"), ("Bruno", "5,00"), ("Chloé", "0,95")):
        assert typed_payment(client, app, club, member[name], amount).status_code == 302
    for name, amount in (("Denis", "8,60"), ("Élise", "5,45")):
        assert typed_payment(client, app, club, member[name], amount).status_code == 302
    owing = {"Bruno": "−0.45", "Fanny": "−0.95"}
    every_page("paid", [], True, [("Bruno", BOX, 45), ("Fanny", BOX, 95)], owing)

    step("reopen")
    # reopened, the room is settled by money only (docs/cashbox.md): a payment tied to no
    # evening settles what is posted first (the fee), then the evening's loss; no win is set
    # against a fee. Anne 8.60 = fee 5.00 + loss 3.60, Denis alike, Élise 5.45 = 5.00 +
    # 0.45: left 0; Bruno 5.00 = their fee: left −0.45; Chloé's 0.95 went to her fee: left
    # +4.05; Fanny +4.05. The box pays out what Anne and Denis paid in for the evening, 7.65
    # = 4.05 + 4.05 − 0.45. Debts Bruno 45, the box 765 against Chloé 405, Fanny 405: Bruno
    # [0, 45) → Chloé; the box [45, 405) → Chloé, [405, 810) → Fanny
    three = [("Bruno", "Chloé", 45), (BOX, "Chloé", 360), (BOX, "Fanny", 405)]
    # the plain box leaves the evening to its card: each owes their fee less what their money
    # settled of it, no win set against it: Chloé 5.00 − 0.95 = 4.05, Fanny 5.00
    every_page("reopened", three, False, [("Chloé", BOX, 405), ("Fanny", BOX, 500)],
               {"Chloé": "−4.05", "Fanny": "−5.00"})  # fmt: skip
    step("close")
    every_page("closed again", [], True, [("Bruno", BOX, 45), ("Fanny", BOX, 95)], owing)
    assert re.search(r"Everything is paid", client.get(room).data.decode())
