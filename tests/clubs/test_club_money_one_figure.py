"""A club evening's money at fractions of a cent: one figure per member on every page (issue 42,
point 7), a statement that agrees with the room before closing too (42), and the room's
payments only what the room owes (issue 43, point 9).

The tables play the seed (docs/rules/hombre.md §10; tests/web.py's SEED_COUPS), whose nets
are in its table: after coup 6, A −66, B −21, C +87; after coup 7, A −72, B −9, C +81.

At 0.025 € a chip, after 6 coups: exact −165, −52.5, +217.5 cents. Rounded on its own, each
half to even (what a table's page did): −1.65, −0.52, +2.18 €, summing to +1 cent. By the
largest remainder over the table (docs/cashbox.md): rounded down −165, −53, +217 (one cent
short), the remainders 0, ½, ½, the tie to the first in the club's order (Bruno before
Chloé): −1.65, −0.52, +2.17 €, summing to zero.

At 0.003 € a chip, after 7 coups: exact −21.6, −2.7, +24.3 cents. Each on its own: −0.22,
−0.03, +0.24 € (−1 cent); by the largest remainder: rounded down −22, −3, +24, the remainders
0.4, 0.3, 0.3: Anne's goes up: −0.21, −0.03, +0.24 €.
"""

from __future__ import annotations

import csv
import io
import re
import sqlite3
from decimal import Decimal

import pytest
from apps import fresh_database
from test_clubs import _hombre, club_version, new_evening
from test_one_purse_web import ids, payments, rows, section, suggestions
from test_settlement import pdf_text
from web import SEED_COUPS, enter

ROOM = "/evenings/{}/settlement"


def club_at(client, chip: str) -> int:
    data = {"name": "Le Cercle", "chip_value": chip, "currency": "EUR", "submit": "1"}
    response = client.post("/clubs/new", data=data)
    assert response.status_code == 302, response.data.decode()[-1500:]
    return int(response.headers["Location"].rsplit("/", 1)[1])


def table(client, evening: int, names: tuple[str, str, str], coups: int) -> str:
    """An l'Hombre table of the evening playing the seed's first ``coups`` coups."""
    data = {f"player{i}": name for i, name in enumerate(names)}
    response = client.post(f"/games/new?evening={evening}", data={**_hombre(), **data})
    assert response.status_code == 302, response.data.decode()[-1500:]
    game = response.headers["Location"]
    for text in SEED_COUPS[:coups]:
        assert enter(client, game, text).status_code in (200, 302)
    client.get(game)  # the coups' messages shown
    return game


def flat(text: str) -> str:
    """Spaces of every kind as one space (Babel's no-break spaces, pdftotext's layout)."""
    return " ".join(text.replace("\u202f", " ").replace("\xa0", " ").split())


def table_money(page: str) -> dict[str, str]:
    """The money column of a club table's settlement, per player."""
    players = section(page, "players")
    found = re.findall(r'<th scope="row">([^<]+)</th><td class="num"><b>[^<]+</b></td>'
                       r'<td class="num(?: money)?">([^<]+)</td>', players)  # fmt: skip
    return {name: flat(money).replace("€", "").strip() for name, money in found}


def cents_of(shown: str) -> int:
    return round(float(shown.replace("−", "-").replace(",", ".")) * 100)


def test_a_tables_settlement_shows_the_cash_boxs_figures_at_a_fortieth_of_a_euro(
    client, app, tmp_path
):
    club = club_at(client, "0.025")
    evening = new_evening(client, app, club, "2026-11-27")
    game = table(client, evening, ("Anne", "Bruno", "Chloé"), 6)
    page = client.get(game + "/settlement").data.decode()
    # the largest remainder (module docstring): −1.65, −0.52, +2.17, summing to zero
    assert table_money(page) == {"Anne": "−1.65", "Bruno": "−0.52", "Chloé": "+2.17"}
    assert "one chip = €0.025" in flat(page)
    # the room, the cash box (provisional: the evening is open) and the season say the same
    room = rows(client.get(ROOM.format(evening)).data.decode())
    assert {m: r[0] for m, r in room.items()} == {"Anne": "−1.65", "Bruno": "−0.52",
                                                   "Chloé": "+2.17"}  # fmt: skip
    season = flat(client.get(f"/clubs/{club}/season").data.decode())
    assert "+€2.17" in season and "+€2.18" not in season
    printed = flat(pdf_text(client.get(game + "/settlement.pdf").data, tmp_path))
    assert "+€2.17" in printed and "+€2.18" not in printed and "€0.025" in printed
    # closed: the cash box posts these figures
    closed = client.post(
        f"/evenings/{evening}/close", data={"version": club_version(app), "confirmed": "1"}
    )
    assert closed.status_code == 302
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        posted = conn.execute(
            "select members.name, amount from ledger join members on members.id ="
            " ledger.member_id where kind = 'evening' order by members.name"
        ).fetchall()
    # closing ended the table as "We stop here" would: after coup 6 B's bête of 72 is still
    # pending, shared by its owner, 72 / 3 = 24 to A and to C (hombre.md §7): A −66 + 24 =
    # −42, B −21 − 48 = −69, C 87 + 24 = 111; at 2.5 cents: −105, −172.5, +277.5, rounded
    # down −105, −173, +277 (a cent short), the tie of halves to Bruno (before Chloé)
    assert posted == [("Anne", -105), ("Bruno", -172), ("Chloé", 277)]
    page = client.get(game + "/settlement").data.decode()  # the table says what was posted
    assert table_money(page) == {"Anne": "−1.05", "Bruno": "−1.72", "Chloé": "+2.77"}


@pytest.mark.parametrize(
    ("language", "value", "anne"),
    [
        ("fr", "0,003 €", "−0,21 €"),
        ("en", "€0.003", "−€0.21"),
        ("da", "0,003 €", "−0,21 €"),
        ("nl", "€ 0,003", "€ −0,21"),
    ],
)
def test_at_three_tenths_of_a_cent_the_chip_and_the_money_in_every_language(
    client, app, language, value, anne
):
    club = club_at(client, "0.003")
    evening = new_evening(client, app, club, "2026-11-27")
    game = table(client, evening, ("Anne", "Bruno", "Chloé"), 7)
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = language
    page = client.get(game + "/settlement").data.decode()
    said = flat(page[page.index('id="club-money"') : page.index("</p>", page.index("club-money"))])
    assert value in said and not re.search(r"0[.,]0[02](?!\d)", said)  # not 0,00 € a chip
    players = flat(section(page, "players"))
    # Anne: −21.6 cents, the cent left over hers (module docstring): −0.21, not −0.22
    assert anne.replace("−", "") in players.replace("−", "")
    assert "0,22" not in players and "0.22" not in players


def test_two_tables_one_member_at_both_one_figure_everywhere(client, app):
    """Bruno sits at both tables. By table (the largest remainder of each): table 1 Anne
    −165, Bruno −52, Chloé +217; table 2 (Denis, Eve, Bruno: −66, −21, +87 chips) exact −165,
    −52.5, +217.5: rounded down −165, −53, +217, the cent to Bruno (B before E): Denis −165,
    Eve −53, Bruno +218. The room: Bruno −52 + 218 = +166; Chloé +217 (her table's).
    Rounding the room's sums instead gave Chloé +218 (exact 217.5 and Eve's −52.5 tied, C
    before E) while her table said +217."""
    club = club_at(client, "0.025")
    evening = new_evening(client, app, club, "2026-11-27")
    first = table(client, evening, ("Anne", "Bruno", "Chloé"), 6)
    second = table(client, evening, ("Denis", "Eve", "Bruno"), 6)
    assert table_money(client.get(first + "/settlement").data.decode()) == {
        "Anne": "−1.65", "Bruno": "−0.52", "Chloé": "+2.17"}  # fmt: skip
    assert table_money(client.get(second + "/settlement").data.decode()) == {
        "Denis": "−1.65", "Eve": "−0.53", "Bruno": "+2.18"}  # fmt: skip
    room = {m: r[0] for m, r in rows(client.get(ROOM.format(evening)).data.decode()).items()}
    assert room == {"Anne": "−1.65", "Bruno": "+1.66", "Chloé": "+2.17", "Denis": "−1.65",
                    "Eve": "−0.53"}  # fmt: skip
    assert sum(cents_of(v) for v in room.values()) == 0


def statement_says(client, club: int, member: int) -> str:
    page = client.get(f"/clubs/{club}/members/{member}/statement").data.decode()
    return flat(section(page, "statement")[section(page, "statement").index('id="balance"') :])


def test_a_statement_agrees_with_the_room_open_paid_closed_and_reopened(client, app):
    """At 0.05 € a chip the seed is Anne −3.60, Bruno −0.45, Chloé +4.05. Anne pays Chloé
    3.60 on the room, the evening still open: the room leaves Anne nothing, Chloé +0.45,
    Bruno −0.45; each statement says the same — before closing too (it said the club owed
    Anne 3.60: her payment without her loss), closed, and reopened. While the evening is
    not closed, the 0.45 are the room's, said in all and on the room, not owed by or to
    the club (owed21: "The club owes Chloé €0.45." while the room paid her)."""
    club = club_at(client, "0.05")
    evening = new_evening(client, app, club, "2026-11-27")
    table(client, evening, ("Anne", "Bruno", "Chloé"), 7)
    member = ids(app)
    pay = {"payer": member["Anne"], "payee": member["Chloé"], "amount": "360", "method": "cash"}
    answer = client.post(ROOM.format(evening) + "/pay", data={**pay, "version": club_version(app)})
    assert answer.status_code == 302

    def agree(closed: bool) -> None:
        room = rows(client.get(ROOM.format(evening)).data.decode())
        assert room["Anne"][2] == "0.00" and room["Chloé"][2] == "+0.45"
        assert room["Bruno"][2] == "−0.45"
        assert "The club and Anne owe each other nothing." in statement_says(
            client, club, member["Anne"]
        )
        chloe = statement_says(client, club, member["Chloé"])
        bruno = statement_says(client, club, member["Bruno"])
        if closed:  # posted: the club's
            assert "The club owes Chloé €0.45." in chloe
            assert "Bruno owes the club €0.45." in bruno
        else:  # on the room, nothing at the box
            room = "On the room of the evening of November 27, 2026, not closed,"
            assert "In all, Chloé is owed €0.45." in chloe
            assert f"{room} Chloé is owed €0.45." in chloe
            assert "At the cash box, the club and Chloé owe each other nothing." in chloe
            assert "In all, Bruno owes €0.45." in bruno and f"{room} Bruno owes €0.45." in bruno
            assert "At the cash box, the club and Bruno owe each other nothing." in bruno
            assert "The club owes" not in chloe and "owes the club" not in bruno
        cash = client.get(f"/clubs/{club}/cash").data.decode()
        assert suggestions(cash) == [("Bruno", "Chloé", "0.45")]  # not Chloé → Anne 3.60

    agree(False)  # open, paid in part
    close = {"version": club_version(app), "confirmed": "1"}
    assert client.post(f"/evenings/{evening}/close", data=close).status_code == 302
    agree(True)  # closed: posted
    reopen = {"version": club_version(app)}
    assert client.post(f"/evenings/{evening}/reopen", data=reopen).status_code == 302
    agree(False)  # reopened: nothing new to post, nothing counted twice
    statement = client.get(f"/clubs/{club}/members/{member['Chloé']}/statement").data.decode()
    # what the close posted is what the room says: one result line, no provisional line
    # of a difference beside it; said provisional, as the evening is not closed (fix19a)
    assert statement.count("Evening&#39;s result") == 1
    assert statement.count('class="provisional-line"') == 1


def test_the_room_books_only_what_it_owes_and_nothing_once_closed(client, app):
    """The seed at 0.05 €: Anne owes 3.60, Bruno 0.45, Chloé is owed 4.05."""
    club = club_at(client, "0.05")
    evening = new_evening(client, app, club, "2026-11-27")
    game = table(client, evening, ("Anne", "Bruno", "Chloé"), 7)
    m = ids(app)
    room = ROOM.format(evening) + "/pay"

    def post(path: str, payer: int, payee: int, amount: str, **more: str):
        data = {"payer": payer, "payee": payee, "amount": amount, "method": "cash"}
        return client.post(path, data={**data, **more, "version": club_version(app)})

    for payer, payee, amount in (
        (m["Anne"], m["Chloé"], "361"),  # more than Anne owes
        (m["Bruno"], m["Chloé"], "46"),  # more than Bruno owes
        (m["Chloé"], m["Anne"], "100"),  # the wrong way
        (m["Anne"], m["Bruno"], "10"),  # to one who is owed nothing
        (m["Anne"], 0, "100"),  # the cash box, owed nothing
        (0, m["Chloé"], "100"),  # from the cash box, which owes nothing
        (m["Anne"], m["Chloé"], "0"),
    ):
        answer = post(room, payer, payee, amount)
        assert answer.status_code in (400, 422), (payer, payee, amount)
        if answer.status_code == 422:
            assert "Only what the room still owes" in answer.data.decode()
        cash = post(f"/clubs/{club}/cash/pay", payer, payee, amount, evening=str(evening))
        assert cash.status_code in (400, 422)
    assert payments(app) == []
    # a part of what is owed is taken, then the rest, never more
    assert post(room, m["Anne"], m["Chloé"], "100").status_code == 302
    assert post(room, m["Anne"], m["Chloé"], "261").status_code == 422
    assert post(room, m["Anne"], m["Chloé"], "260").status_code == 302
    assert len(payments(app)) == 4
    close = {"version": club_version(app), "confirmed": "1"}
    assert client.post(f"/evenings/{evening}/close", data=close).status_code == 302
    # closed: no pay button on the room, the table or the cash box's view of the evening...
    page = client.get(ROOM.format(evening)).data.decode()
    assert 'name="method"' not in page
    assert 'name="method"' not in client.get(game + "/settlement").data.decode()
    view = client.get(f"/clubs/{club}/cash?evening={evening}").data.decode()
    # no pay form (its hidden evening: the "As of" form keeps the view's evening too)
    assert f"/clubs/{club}/cash/pay" not in view and 'id="evening-closed"' in view
    # ... and one posted anyway is refused, saying why, nothing stored
    for answer in (
        post(room, m["Bruno"], m["Chloé"], "45"),
        post(game + "/settlement/paid", m["Bruno"], m["Chloé"], "45"),
        post(f"/clubs/{club}/cash/pay", m["Bruno"], m["Chloé"], "45", evening=str(evening)),
    ):
        assert answer.status_code == 409
        assert "The evening is closed" in answer.data.decode()
    assert len(payments(app)) == 4
    # the cash box's own accounts (no evening named) still take Bruno's 0.45
    assert post(f"/clubs/{club}/cash/pay", m["Bruno"], m["Chloé"], "45").status_code == 302


def test_a_followers_table_settlement_follows_a_payment_made_on_the_room(client, app):
    """A player following the table (its table link) reads its settlement: Anne −3.60 left.
    The treasurer records her payment on the room's settlement; the follower's next read
    says 0.00 left and no longer asks her — the page was kept by the game's version alone,
    which a payment does not move, and still showed the old sums."""
    club = club_at(client, "0.05")
    evening = new_evening(client, app, club, "2026-11-27")
    game = table(client, evening, ("Anne", "Bruno", "Chloé"), 7)
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        token = conn.execute(
            "select table_token from games where id = ?", [int(game.rsplit("/", 1)[1])]
        ).fetchone()[0]
    follower = app.test_client()
    follower.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    assert follower.get(f"{game}/table/{token}").status_code == 302

    def anne_left() -> str:
        page = follower.get(game + "/settlement").data.decode()
        found = re.search(r'Anne</th><td class="num settled">[^<]+</td><td class="num left"><b>'
                          r"([^<]+)</b>", section(page, "pays"))  # fmt: skip
        assert found is not None
        return found.group(1)

    assert anne_left() == "−€3.60"
    assert anne_left() == "−€3.60"  # kept: drawn once
    m = ids(app)
    pay = {"payer": m["Anne"], "payee": m["Chloé"], "amount": "360", "method": "cash"}
    answer = client.post(ROOM.format(evening) + "/pay", data={**pay, "version": club_version(app)})
    assert answer.status_code == 302
    assert anne_left() == "€0.00"


def test_a_seat_taken_at_a_club_table_shows_each_persons_cash_box_figure(client, app):
    """Denis plays for Bruno from coup 5 (the money stays Bruno's). At 0.025 € a chip the
    table's people are billed as the room bills them: each person's figure on the table's
    *Who sat where* is their room figure, and the column sums to zero."""
    from scorekeeper import store
    from scorekeeper.clubs.seats import newcomer_seated
    from scorekeeper.db import connect
    from scorekeeper.rules.seating import PLAYS_FOR

    club = club_at(client, "0.025")
    evening = new_evening(client, app, club, "2026-11-27")
    game = table(client, evening, ("Anne", "Bruno", "Chloé"), 4)
    db = connect(app.config["DATABASE"])
    try:
        store.take_seat(db, int(game.rsplit("/", 1)[1]), 1, "Denis", PLAYS_FOR,
                        then=newcomer_seated)  # fmt: skip
    finally:
        db.close()
    for text in SEED_COUPS[4:6]:  # coups 5 and 6: A −66, B −21, C +87 after coup 6
        assert enter(client, game, text).status_code in (200, 302)
    page = client.get(game + "/settlement").data.decode()
    people = dict(
        re.findall(
            r'<th scope="row">([^<]+)</th><td class="num"><b>[^<]+</b></td>'
            r'<td class="num money">([^<]+)</td>',
            section(page, "people"),
        )
    )
    shown = {name: flat(v).replace("€", "").strip() for name, v in people.items()}
    room = {n: r[0] for n, r in rows(client.get(ROOM.format(evening)).data.decode()).items()}
    # Bruno's seat is Bruno's money (−0.52, as at their table alone); Denis moved none
    room = {n: v for n, v in room.items() if cents_of(v)}
    assert {n: v for n, v in shown.items() if cents_of(v)} == room
    assert room == {"Anne": "−1.65", "Bruno": "−0.52", "Chloé": "+2.17"}
    assert "Denis" in shown
    assert sum(cents_of(v) for v in shown.values()) == 0


def test_an_evening_closed_by_an_older_release_keeps_the_figures_it_was_posted_with(
    tmp_path, monkeypatch
):
    """The two tables above (Bruno at both), closed by a release that rounded the room's sums:
    exact Anne −165, Bruno +165, Chloé +217.5, Denis −165, Eve −52.5 cents; rounded down
    Chloé +217, Eve −53, one cent short, the tie (½, ½) to Chloé (C before E): posted Anne
    −165, Bruno +165, Chloé +218, Denis −165, Eve −53. Once closed, the room, the cash box
    and the season show what was posted (the ledger's rows), not a new rounding of it."""
    from test_clubs_computed import seed

    from scorekeeper import clubs, store
    from scorekeeper.cashbox.rounding import to_cents
    from scorekeeper.clubs import accounts, closing
    from scorekeeper.clubs.purse import evening_purse
    from scorekeeper.clubs.room import room_of
    from scorekeeper.clubs.season import season_rows
    from scorekeeper.db import connect
    from scorekeeper.rules.money import Money

    db = connect(fresh_database(tmp_path / "old.sqlite"))
    club_id = clubs.create(db, "Le Cercle", Money(Decimal("0.025"), "EUR"), None)
    club = clubs.club(db, club_id)
    evening = clubs.evening(db, clubs.create_evening(db, club_id, "2026-11-27", "", club.version))
    for names in (("Anne", "Bruno", "Chloé"), ("Denis", "Eve", "Bruno")):
        then = lambda d, g, p=list(names): clubs.add_table(d, evening, g, p)  # noqa: E731
        store.create(db, seed(*names, coups=6), then=then)

    def room_rounded(db, club, evening):  # the older release: the room's sums rounded
        room = room_of(db, evening, club)
        order = sorted(room.nets, key=lambda m: (room.members[m].name.casefold(), m))
        cents = to_cents([room.nets[m] for m in order], club.money.chip_value)
        return {m: c for m, c in zip(order, cents, strict=True) if c}

    with monkeypatch.context() as patched:
        patched.setattr(closing, "amounts", room_rounded)
        patched.setattr(closing, "with_evening", lambda *_: False)  # it stopped no table
        closing.close(db, clubs.club(db, club_id), evening, clubs.club(db, club_id).version)
    club = clubs.club(db, club_id)
    name = {m.id: m.name for m in clubs.members(db, club_id)}
    old = {"Anne": -165, "Bruno": 165, "Chloé": 218, "Denis": -165, "Eve": -53}
    purse = evening_purse(db, club, evening)
    assert {name[m]: c for m, c in purse.result.items()} == old
    assert {name[m]: c for m, c in accounts.accounts(db, club_id).balances().items()} == old
    assert {
        r.member.name: r.cents for r in season_rows(db, club, "2026-11-27", "2026-11-27")
    } == old
    # reopened, the room is the tables' again: Bruno +166, Chloé +217, as provisional lines
    closing.reopen(db, club, evening, club.version)
    book = accounts.accounts(db, club_id)
    assert {name[e.member]: e.amount for e in book.pending} == {"Bruno": 1, "Chloé": -1}
    assert {name[m]: c for m, c in book.balances().items()} == {**old, "Bruno": 166, "Chloé": 217}
    db.close()


def test_a_club_tables_spreadsheet_has_the_cash_boxs_money(client, app):
    # Seats Chloé, Bruno, Anne play the seed's six coups: −66, −21, +87 chips; at 0.025 €
    # exact −165, −52.5, +217.5 cents, rounded down −165, −53, +217, one cent short, the
    # tie (½, ½) to the first by member number (ties.tie_order): Anne, made a member before
    # the table, before Bruno (seat 2): −1.65, −0.53, +2.18 — not seat order's −0.52, +2.17.
    # The table's file had no money at all (the table's own chip value, none at a club).
    club = club_at(client, "0.025")
    evening = new_evening(client, app, club, "2026-11-28")
    data = {"name": "Anne", "short_name": "", "version": club_version(app)}
    assert client.post(f"/clubs/{club}/members", data=data).status_code == 302
    game = table(client, evening, ("Chloé", "Bruno", "Anne"), 6)
    page = client.get(game + "/settlement").data.decode()
    assert table_money(page) == {"Chloé": "−1.65", "Bruno": "−0.53", "Anne": "+2.18"}
    semi = client.get(game + "/standings.csv?sep=semicolon").data.decode("utf-8-sig")
    rows = list(csv.DictReader(io.StringIO(semi), delimiter=";"))
    assert [v for k, v in rows[-1].items() if k.startswith("Money")] == ["-1,65", "-0,53", "2,18"]
