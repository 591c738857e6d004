"""The cash box through its pages: an evening closed (its coups refused), a fee, a payment,
a reversal, the balances as of a date, a suggestion paid, reopened, a member's statement.

The evening's one table plays the seed (docs/rules/hombre.md §10): Anne −72, Bruno −9,
Chloé +81 chips; the club's chip is 0.05 EUR: Anne −3.60, Bruno −0.45, Chloé +4.05.
"""

from __future__ import annotations

import csv
import io
import sqlite3

import sqlite_utils
from test_clubs import club_version, new_club, new_evening, seed_table
from test_settlement import pdf_text
from web import enter

from scorekeeper.db import chain


def ledger(app) -> list[tuple]:
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        return conn.execute(
            "select members.name, kind, amount from ledger join members"
            " on members.id = ledger.member_id order by ledger.id"
        ).fetchall()


def member_ids(app) -> dict[str, int]:
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        return dict(conn.execute("select name, id from members").fetchall())


def typed_entry(client, app, club: int, data: dict) -> int:
    """A cash-box entry typed in its form (``/clubs/<id>/cash/entries``) on the page as it
    stands: the answer's status."""
    answer = client.post(f"/clubs/{club}/cash/entries", data={**data, "version": club_version(app)})
    return answer.status_code


def seed_room_paid(client, app) -> tuple[int, int, dict[str, int]]:
    """A club at 0.05 € a chip, its evening of the 1st playing the seed (Anne −3.60, Bruno
    −0.45, Chloé +4.05), and Anne paying Chloé her 3.60 on the room: (club, evening, ids)."""
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-01")
    seed_table(client, evening, "Anne", "Bruno", "Chloé")
    ids = member_ids(app)
    paid = {"payer": ids["Anne"], "payee": ids["Chloé"], "amount": "360", "method": "cash"}
    answer = client.post(
        f"/evenings/{evening}/settlement/pay", data={**paid, "version": club_version(app)}
    )
    assert answer.status_code == 302, answer.data.decode()[-800:]
    return club, evening, ids


def test_the_treasurers_page_from_closing_to_statement(client, app, tmp_path):
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-01")
    game = seed_table(client, evening, "Anne", "Bruno", "Chloé")
    assert 'id="awake"' in client.get(game).data.decode()  # a table at play keeps it on
    close = client.post(
        f"/evenings/{evening}/close", data={"version": club_version(app), "confirmed": "1"}
    )
    assert close.status_code == 302
    assert "3 entries posted" in client.get(f"/evenings/{evening}").data.decode()
    # −72 × 5 = −360, −9 × 5 = −45, 81 × 5 = 405 cents
    assert ledger(app) == [("Anne", "evening", -360), ("Bruno", "evening", -45),
                           ("Chloé", "evening", 405)]  # fmt: skip
    # The table is locked: a coup is refused with the reason, nothing stored.
    locked = client.get(game).data.decode()
    assert 'id="closed-table"' in locked  # said before typing
    assert 'id="awake"' not in locked  # and the screen is no longer kept on for it
    refused = enter(client, game, "A demande A5 B3 C1")
    assert refused.status_code == 423
    assert 'id="closed-table"' in refused.data.decode()
    # A stale page (the club's version before closing) is refused.
    assert client.post(f"/evenings/{evening}/reopen", data={"version": "1"}).status_code == 302
    assert "changed meanwhile" in client.get(f"/evenings/{evening}").data.decode()

    ids = member_ids(app)
    cash = f"/clubs/{club}/cash"
    fee = {"kind": "fee_season", "member": ids["Anne"], "amount": "25", "on": "2026-11-02"}
    assert (
        client.post(cash + "/entries", data={**fee, "version": club_version(app)}).status_code
        == 302
    )
    bad = client.post(
        cash + "/entries", data={**fee, "amount": "1e9", "version": club_version(app)}
    )
    assert bad.status_code == 422 and "Give a sum such as 12.50" in bad.data.decode()
    pay = {"kind": "payment", "member": ids["Anne"], "amount": "30,00", "on": "2026-11-03",
           "direction": "in", "method": "cash", "received_by": "Marc"}  # fmt: skip
    # a direction the page does not offer is no payment in (its sign): refused, none stored
    before = ledger(app)
    sideways = {**pay, "direction": "sideways", "amount": "1", "version": club_version(app)}
    assert client.post(cash + "/entries", data=sideways).status_code == 400
    assert ledger(app) == before
    # 30.00 is more than she owes (3.60 + 25.00 = 28.60): refused at the field (issue 45)
    over = client.post(cash + "/entries", data={**pay, "version": club_version(app)})
    assert over.status_code == 422 and "more than Anne owes the club" in over.data.decode()
    pay["amount"] = "28,60"
    assert (
        client.post(cash + "/entries", data={**pay, "version": club_version(app)}).status_code
        == 302
    )
    # Anne: −3.60 − 25.00 + 28.60 = 0: settled.
    page = client.get(cash).data.decode()
    owed = page[page.index('id="owed"') : page.index('id="box"')]
    assert "Anne" not in owed and "Chloé" in owed and "€4.05" in owed
    # As of the 2nd (before her payment): she owes 3.60 + 25.00 = 28.60.
    on = client.get(cash + "?on=2026-11-02").data.decode()
    assert "€28.60" in on[on.index('id="owing"') : on.index('id="owed"')]
    # The dues were a mistake: reversed after a confirm (+25.00): Anne +25.00.
    dues = next(i for i, row in enumerate(ledger(app), 1) if row[1] == "fee_season")
    confirm = client.get(f"{cash}/entries/{dues}/reverse")
    assert confirm.status_code == 200 and "+€25.00" in confirm.data.decode()
    data = {"on": "2026-11-04", "note": "no dues", "version": club_version(app)}
    assert client.post(f"{cash}/entries/{dues}/reverse", data=data).status_code == 302
    again = client.post(
        f"{cash}/entries/{dues}/reverse", data={**data, "version": club_version(app)}
    )
    assert again.status_code == 409
    assert ledger(app)[-1] == ("Anne", "reversal", 2500)
    # Suggestions with the treasurer: Bruno pays the box 0.45 — marked paid in cash.
    page = client.get(cash + "?mode=treasurer").data.decode()
    assert "€0.45" in page[page.index('id="suggestions"') :]
    paid = {"payer": ids["Bruno"], "payee": "0", "amount": "45", "method": "cash"}
    assert (
        client.post(cash + "/pay", data={**paid, "version": club_version(app)}).status_code == 302
    )
    assert ledger(app)[-1] == ("Bruno", "payment", 45)

    # Anne's statement, readable with the club link: −3.60, −28.60, 0.00, +25.00.
    statement = client.get(f"/clubs/{club}/members/{ids['Anne']}/statement").data.decode()
    assert [b for b in ("−€3.60", "−€28.60", "+€25.00") if b not in statement] == []
    assert "The club owes Anne €25.00." in statement
    rows = list(csv.reader(io.StringIO(
        client.get(f"/clubs/{club}/members/{ids['Anne']}/statement.csv").data.decode("utf-8-sig")
    )))  # fmt: skip
    assert rows[0] == ["Date", "Entry", "Note", "Amount", "Balance", "Currency"]
    assert [r[3:5] for r in rows[1:]] == [["-3.60", "-3.60"], ["-25.00", "-28.60"],
                                         ["28.60", "0.00"], ["25.00", "25.00"]]  # fmt: skip
    pdf = client.get(f"/clubs/{club}/members/{ids['Anne']}/statement.pdf")
    assert pdf.status_code == 200 and pdf.data[:4] == b"%PDF"
    printed = pdf_text(pdf.data, tmp_path)
    assert "Statement of Anne" in printed and "+€25.00" in printed and "CSV" not in printed
    # the statement and its PDF print the club ledger's head, as `scorekeeper verify` does
    db = sqlite_utils.Database(app.config["DATABASE"])
    head = chain.head(db, chain.LEDGER, club)
    assert head is not None and f'Club ledger head: <code class="chain-head">{head.short}' in (
        client.get(f"/clubs/{club}/members/{ids['Anne']}/statement").data.decode()
    )
    assert head.short in printed

    # Reopen: coups allowed again; close again: nothing changed, nothing posted.
    assert (
        client.post(f"/evenings/{evening}/reopen", data={"version": club_version(app)}).status_code
        == 302
    )
    assert (
        client.post(
            f"/evenings/{evening}/close", data={"version": club_version(app), "confirmed": "1"}
        ).status_code
        == 302
    )
    assert (
        "No member&#39;s money changed since it was last closed: no entry posted."
        in client.get(f"/evenings/{evening}").data.decode()
    )
    assert (
        client.post(f"/evenings/{evening}/reopen", data={"version": club_version(app)}).status_code
        == 302
    )
    assert 'id="closed-table"' not in client.get(game).data.decode()
    assert enter(client, game, "A demande A5 B3 C1").status_code == 302  # open again


def test_a_reader_sees_statements_but_not_the_cash_box(client, app):
    club = new_club(client)
    stranger = app.test_client()
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        token = conn.execute("select read_token from clubs where id = ?", [club]).fetchone()[0]
        member = conn.execute(
            "insert into members (club_id, name) values (?, 'Anne')", [club]
        ).lastrowid
    statement = f"/clubs/{club}/members/{member}/statement"
    assert stranger.get(f"/clubs/{club}/cash").status_code == 404
    assert stranger.get(statement).status_code == 404
    assert stranger.get(f"{statement}?key={token}").status_code == 200  # the club link
    assert stranger.get(statement + ".csv").status_code == 200  # remembered, as a table link
    refused = stranger.get(f"/clubs/{club}/cash")
    assert refused.status_code == 403
    # a club's refusal speaks of the club (it said "this game" of a cash box and an evening)
    assert "peut lire les pages de ce club mais pas les modifier" in refused.data.decode()
    assert "cette partie" not in refused.data.decode()
    assert stranger.post(f"/clubs/{club}/cash/entries", data={"version": "1"}).status_code == 403
    assert stranger.post(f"/clubs/{club}/cash/pay", data={"version": "1"}).status_code == 403


def test_a_payment_between_members_names_its_payer_on_both_statements(client, app, capsys):
    """The seed at 0,05 €: Anne −72 chips = −3,60 €, Chloé +81 = +4,05 €. Anne pays Chloé
    her 3,60 € from the room's settlement: both statements (page and CSV) and the cash
    box say "Anne → Chloé" (both once said only "Chloé": Chloé could not tell who had paid
    her), and the ledger's chain still verifies with the new column."""
    from scorekeeper.cli import main

    club, _evening, ids = seed_room_paid(client, app)
    for who, amount in (("Anne", "+€3.60"), ("Chloé", "−€3.60")):
        page = client.get(f"/clubs/{club}/members/{ids[who]}/statement").data.decode()
        table = page[page.index('id="statement"') :]  # not the notice of what was recorded
        line = next(row for row in table.split("<tr>") if "Payment" in row)
        assert "Anne → Chloé" in line and amount in line, (who, line)
        rows = list(csv.reader(io.StringIO(
            client.get(f"/clubs/{club}/members/{ids[who]}/statement.csv").data.decode("utf-8-sig")
        )))  # fmt: skip
        assert [r[1] for r in rows if r[1].startswith("Payment")] == [
            "Payment · cash · Anne → Chloé"
        ]
    book = client.get(f"/clubs/{club}/cash").data.decode()
    assert book.count("Anne → Chloé") == 2  # each side's entry
    capsys.readouterr()
    assert main(["verify", "--database", app.config["DATABASE"]]) == 0, capsys.readouterr()


def test_every_payment_and_form_is_dated_by_the_one_calendar_day(client, app, monkeypatch):
    """A payment on the room's settlement, one on a table's and the forms of the club and
    the cash box each asked ``date.today()`` for their day: the day has one home
    (``clock.today``). The evening of the 1st settled on the 3rd: every row and every form
    says the 3rd."""
    from datetime import UTC, datetime

    from scorekeeper import clock

    class Third(datetime):  # noon UTC on the 3rd: the 3rd in any zone from UTC−11 to UTC+11
        @classmethod
        def now(cls, tz=None):  # type: ignore[override]
            return datetime(2026, 11, 3, 12, tzinfo=UTC)

    monkeypatch.setattr(clock, "datetime", Third)  # clock.today is the day of clock.now
    club, evening, ids = seed_room_paid(client, app)  # Anne pays Chloé 3.60 on the room
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        (game,) = conn.execute(
            "select game_id from evening_games where evening_id = ?", [evening]
        ).fetchone()
    pay = {"payer": ids["Bruno"], "payee": ids["Chloé"], "amount": "45", "method": "cash"}
    answer = client.post(
        f"/games/{game}/settlement/paid", data={**pay, "version": club_version(app)}
    )
    assert answer.status_code == 302
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        days = conn.execute("select on_date from ledger where kind = 'payment'").fetchall()
    assert days == [("2026-11-03",)] * 4  # two payments, each on both members' sides
    assert 'value="2026-11-03"' in client.get(f"/clubs/{club}/cash").text  # an entry's day
    assert 'value="2026-11-03"' in client.get(f"/clubs/{club}").text  # a new evening's
