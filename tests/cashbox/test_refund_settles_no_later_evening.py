"""Money the box paid back to a member who had paid in too much settles no later evening
(play17).

A French club's evening (the seed, docs/rules/hombre.md §10, at 0.05 € a chip: Anne −72
chips = −3.60 €) was closed and paid; reopened, a coup corrected, closed again, Anne had
paid in more than she owed, and the cash box paid her the difference back. On her next
evening she lost 3.60 € again: her statement and the cash box said she owed 3.60 €, the
room of that evening said she had paid 0.30 € of it and had 3.30 € left. The money she had
paid in beyond her debts was counted as paid for the new evening, while the money paid
back to her, with nothing posted owed to her, settled nothing: the rooms no longer added
up to her balance (docs/cashbox.md: "once their evenings are closed their open items add up to
their balance, all of its sign, and every room asks them the same as their statement").

A payment paid out to them that finds nothing the club owes them (nor an open evening's win)
takes back what their money paid in settled last: it paid them back that money.
"""

from __future__ import annotations

import re
import sqlite3

from test_clubs import club_version, new_club, new_evening, seed_table
from test_one_purse_web import ids, rows
from test_walk_money import typed_payment

from scorekeeper.cashbox.entries import Entry, EntryKind
from scorekeeper.cashbox.open_items import settled_by_account


def test_a_refund_takes_back_what_the_money_paid_in_settled_last():
    lost = Entry(1, 8, EntryKind.EVENING, -360, "2026-11-01", evening=4)
    paid = Entry(2, 8, EntryKind.PAYMENT, 400, "2026-11-28")  # 0.40 too much
    back = Entry(3, 8, EntryKind.PAYMENT, -40, "2026-11-28")  # the box pays it back
    again = Entry(4, 8, EntryKind.EVENING, -360, "2026-11-29", evening=5)
    # her balance: −3.60 + 4.00 − 0.40 − 3.60 = −3.60, all of it the 29th's
    assert settled_by_account([lost, paid, back, again]) == {(8, 4): 360}
    # before the refund the 0.40 went to the 29th, as it should: it is money she paid in
    assert settled_by_account([lost, paid, again]) == {(8, 4): 360, (8, 5): 40}
    # a payout that a credit explains settles that credit, as before: no take-back
    won = Entry(5, 8, EntryKind.PRIZE, 40, "2026-11-28")
    assert settled_by_account([lost, paid, back, won]) == {(8, 4): 360}


def _ledger_ids(app, kind: str) -> list[int]:
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        return [
            r[0] for r in conn.execute("select id from ledger where kind = ? order by id", [kind])
        ]


def test_the_room_asks_what_her_statement_says_after_a_refund(client, app):
    """Anne's season dues of 25.00 € were charged by mistake: she paid them with her 3.60 €
    of the 1st, the dues were reversed and the box paid her 25.00 € back. On the 29th she
    lost 3.60 € again: she owes 3.60 €, and the room of the 29th must ask it (it said she
    had paid it all: her 28.60 € paid in settled the 1st and then the 29th, and the 25.00 €
    paid back settled nothing)."""
    club = new_club(client)
    first = new_evening(client, app, club, "2026-11-01")
    seed_table(client, first, "Anne", "Bruno", "Chloé")  # Anne −3.60
    data = {"version": club_version(app), "confirmed": "1"}
    assert client.post(f"/evenings/{first}/close", data=data).status_code == 302
    anne = ids(app)["Anne"]
    cash = f"/clubs/{club}/cash"
    dues = {"kind": "fee_season", "amount": "25,00", "on": "2026-11-02", "member": [str(anne)]}
    assert (
        client.post(cash + "/fees", data={**dues, "version": club_version(app)}).status_code == 302
    )
    assert typed_payment(client, app, club, anne, "28,60").status_code == 302  # 3.60 + 25.00
    (fee,) = _ledger_ids(app, "fee_season")
    data = {"on": "2026-11-28", "note": "", "version": club_version(app)}
    assert client.post(f"{cash}/entries/{fee}/reverse", data=data).status_code == 302
    assert typed_payment(client, app, club, anne, "25,00", "out").status_code == 302
    second = new_evening(client, app, club, "2026-11-29")
    seed_table(client, second, "Anne", "Bruno", "Chloé")  # Anne −3.60 again
    data = {"version": club_version(app), "confirmed": "1"}
    assert client.post(f"/evenings/{second}/close", data=data).status_code == 302
    statement = client.get(f"/clubs/{club}/members/{anne}/statement").text
    # −3.60 − 25.00 + 28.60 + 25.00 − 25.00 − 3.60 = −3.60
    assert re.search(r"Anne owes the club\s+€3\.60", statement)
    # result, paid, left: nothing of the 29th was paid; the 1st was
    assert rows(client.get(f"/evenings/{second}/settlement").text)["Anne"] == (
        "−3.60",
        "0.00",
        "−3.60",
    )
    assert rows(client.get(f"/evenings/{first}/settlement").text)["Anne"] == (
        "−3.60",
        "−3.60",
        "0.00",
    )
