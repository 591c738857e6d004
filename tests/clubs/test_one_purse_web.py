"""The room's settlement, a club table's settlement and the cash box through their pages.

The evening's one table plays the seed (docs/rules/hombre.md §10): Anne −72, Bruno −9,
Chloé +81 chips; the club's chip is 0.05 EUR (5 cents): Anne −3.60, Bruno −0.45, Chloé
+4.05. The cash box's pairing (between_members, the club's order Anne, Bruno, Chloé):
the debts end to end, Anne [0, 360), Bruno [360, 405); the one credit Chloé [0, 405):
Anne → Chloé 3.60, Bruno → Chloé 0.45.
"""

from __future__ import annotations

import re
import sqlite3

from test_clubs import club_version, new_club, new_evening, seed_table
from test_settlement import pdf_text

SUGGESTION = re.compile(r"<li><b>([^<]+)</b> → <b>([^<]+)</b>: ([^<]+?) ?(?:<form|</li>)")
ROW = re.compile(
    r'<tr id="member-\d+"><th scope="row">([^<]+)</th><td class="num"><b>[^<]+</b></td>'
    r'<td class="num">([^<]+)</td><td class="num settled">([^<]+)</td>'
    r'<td class="num left"><b>([^<]+)</b></td>'
)


def ids(app) -> dict[str, int]:
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        return dict(conn.execute("select name, id from members").fetchall())


def payments(app) -> list[tuple]:
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        return conn.execute(
            "select members.name, amount, evening_id, game_id from ledger join members"
            " on members.id = ledger.member_id where kind = 'payment' order by ledger.id"
        ).fetchall()


def section(page: str, anchor: str) -> str:
    start = page.index(f'id="{anchor}"')
    return page[start : page.index("</section>", start)]


def suggestions(page: str) -> list[tuple[str, str, str]]:
    return [
        (a, b, c.replace("€", "").strip())
        for a, b, c in SUGGESTION.findall(
            section(page, "pays" if 'id="pays"' in page else "suggestions")
        )
    ]


def rows(page: str) -> dict[str, tuple[str, ...]]:
    return {
        name: tuple(x.replace("€", "").strip() for x in rest) for name, *rest in ROW.findall(page)
    }


def test_a_payment_on_the_room_is_paid_and_left_there_and_in_the_cash_box(client, app, tmp_path):
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-27")
    game = seed_table(client, evening, "Anne", "Bruno", "Chloé")
    room = f"/evenings/{evening}/settlement"
    page = client.get(room).data.decode()
    assert suggestions(page) == [("Anne", "Chloé", "3.60"), ("Bruno", "Chloé", "0.45")]
    cash = client.get(f"/clubs/{club}/cash?evening={evening}").data.decode()
    assert suggestions(cash) == suggestions(page)  # one pairing, both pages
    # result, settled (signed as the result), left: nothing paid yet
    assert rows(page)["Anne"] == ("−3.60", "0.00", "−3.60")

    member = ids(app)
    pay = {"payer": member["Anne"], "payee": member["Chloé"], "amount": "360", "method": "cash"}
    answer = client.post(room + "/pay", data={**pay, "version": club_version(app)})
    assert answer.status_code == 302
    assert payments(app) == [("Anne", 360, evening, None), ("Chloé", -360, evening, None)]
    page = client.get(room).data.decode()
    # Anne paid 3.60 of her −3.60: nothing left. Chloé received 3.60 of her +4.05: +0.45 left.
    assert rows(page)["Anne"] == ("−3.60", "−3.60", "0.00")
    assert rows(page)["Chloé"] == ("+4.05", "+3.60", "+0.45")
    assert rows(page)["Bruno"] == ("−0.45", "0.00", "−0.45")
    assert suggestions(page) == [("Bruno", "Chloé", "0.45")]  # Anne is told nothing more
    cash = client.get(f"/clubs/{club}/cash?evening={evening}").data.decode()
    assert suggestions(cash) == [("Bruno", "Chloé", "0.45")]
    # The table's settlement does not ask Anne again: the payment is for the evening.
    assert suggestions(client.get(game + "/settlement").data.decode()) == [
        ("Bruno", "Chloé", "0.45")
    ]
    printed = pdf_text(client.get(room + ".pdf").data, tmp_path)
    assert "Anne → Chloé" not in printed and "Bruno → Chloé" in printed

    # A stale page (the club's version before the payment) is refused, nothing stored twice.
    stale = client.post(room + "/pay", data={**pay, "version": "1"})
    assert stale.status_code == 409 and len(payments(app)) == 2
    # Closed: the cash box's balances are what is left, its suggestions the room's.
    closed = client.post(
        f"/evenings/{evening}/close", data={"version": club_version(app), "confirmed": "1"}
    )
    assert closed.status_code == 302
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        posted = conn.execute(
            "select members.name, amount from ledger join members"
            " on members.id = ledger.member_id where kind = 'evening' order by ledger.id"
        ).fetchall()
    # every result is posted, Anne's too, though her payment for the evening (+360) is the
    # opposite of her result: −72 × 5 = −360, −9 × 5 = −45, 81 × 5 = 405
    assert posted == [("Anne", -360), ("Bruno", -45), ("Chloé", 405)]
    cash = client.get(f"/clubs/{club}/cash").data.decode()
    assert suggestions(cash) == [("Bruno", "Chloé", "0.45")]
    assert suggestions(client.get(room).data.decode()) == suggestions(cash)


def test_a_club_tables_settlement_shows_money_and_pays_into_the_cash_box(client, app):
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-27")
    game = seed_table(client, evening, "Anne", "Bruno", "Chloé")
    page = client.get(game + "/settlement").data.decode()
    assert 'id="club-money"' in page  # the club's chip value, though the game has none
    players = section(page, "players")
    assert "−€3.60" in players and "+€4.05" in players and "−€0.45" in players
    assert suggestions(page) == [("Anne", "Chloé", "3.60"), ("Bruno", "Chloé", "0.45")]
    member = ids(app)
    pay = {"payer": member["Bruno"], "payee": member["Chloé"], "amount": "45", "method": "transfer"}
    answer = client.post(game + "/settlement/paid", data={**pay, "version": club_version(app)})
    assert answer.status_code == 302
    game_id = int(game.rsplit("/", 1)[1])
    assert payments(app) == [("Bruno", 45, evening, game_id), ("Chloé", -45, evening, game_id)]
    page = client.get(game + "/settlement").data.decode()
    assert suggestions(page) == [("Anne", "Chloé", "3.60")]
    evening_money = section(page, "pays")
    paid_left = r'Bruno</th><td class="num settled">−€0.45</td><td class="num left"><b>€0.00'
    assert re.search(paid_left, evening_money)  # the evening's paid and left, as the room's
    # The same payment on the room's settlement and in the cash box
    room = client.get(f"/evenings/{evening}/settlement").data.decode()
    assert rows(room)["Bruno"] == ("−0.45", "−0.45", "0.00")
    assert suggestions(room) == [("Anne", "Chloé", "3.60")]
    cash = client.get(f"/clubs/{club}/cash").data.decode()
    assert "Bruno" in section(cash, "entries")
    # A transfer the settlement does not suggest (paid already) is not recorded again.
    again = client.post(game + "/settlement/paid", data={**pay, "version": club_version(app)})
    assert again.status_code == 302 and len(payments(app)) == 2


def test_only_the_clubs_manager_records_a_payment(client, app):
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-27")
    game = seed_table(client, evening, "Anne", "Bruno", "Chloé")
    member = ids(app)
    pay = {"payer": member["Anne"], "payee": member["Chloé"], "amount": "360", "method": "cash"}
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        token = conn.execute("select read_token from clubs where id = ?", [club]).fetchone()[0]
    reader = app.test_client()
    assert reader.get(f"/clubs/{club}?key={token}").status_code == 200
    page = reader.get(f"/evenings/{evening}/settlement").data.decode()
    assert 'name="method"' not in page  # no form for a reader
    data = {**pay, "version": club_version(app)}
    assert reader.post(f"/evenings/{evening}/settlement/pay", data=data).status_code == 403
    stranger = app.test_client()
    assert stranger.post(f"/evenings/{evening}/settlement/pay", data=data).status_code == 404
    assert stranger.post(game + "/settlement/paid", data=data).status_code == 404
    assert payments(app) == []
