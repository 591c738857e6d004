"""Reversals in the cash box: what may be reversed by hand, a reversal's date, both sides of
a payment between members, and a member's statement of a reversal.

The evening's one table plays the seed (docs/rules/hombre.md §10): Anne −72, Bruno −9,
Chloé +81 chips; the club's chip is 0.05 EUR: Anne −3.60, Bruno −0.45, Chloé +4.05.
"""

from __future__ import annotations

import csv
import html
import io
import re
import sqlite3
from datetime import date

import pytest
from test_cashbox_web import ledger, member_ids, seed_room_paid, typed_entry
from test_clubs import club_version, new_club, new_evening, seed_table
from web import enter

from scorekeeper.cashbox.entries import Entry, EntryKind, as_of, box, payments

LANGUAGES = {
    "en": "An evening's result is posted by closing the evening",
    "fr": "Le résultat d’une soirée est inscrit en la clôturant",
    "da": "En aftens resultat bogføres, når aftenen lukkes",
    "nl": "De uitslag van een avond wordt geboekt door de avond af te sluiten",
}


def _close(client, app, evening: int) -> None:
    data = {"version": club_version(app), "confirmed": "1"}
    assert client.post(f"/evenings/{evening}/close", data=data).status_code == 302


def _ids(app, kind: str) -> list[int]:
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        rows = conn.execute("select id from ledger where kind = ? order by id", [kind])
        return [row[0] for row in rows]


def _versions(app) -> int:
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        return int(conn.execute("select max(version) from clubs").fetchone()[0])


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_an_evenings_result_is_not_reversed_by_hand(client, app, language):
    """Closing posts the evening's result (Chloé +81 × 5 = +4.05 €); reversing it by hand
    left the room at +4.05 and her account at 0.00. No button, and a POST made by hand is
    refused with the reason in the reader's language (422), nothing stored; the same for
    a reversal a close made (reopen, one more coup, close again)."""
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-01")
    game = seed_table(client, evening, "Anne", "Bruno", "Chloé")
    _close(client, app, evening)
    headers = {"Accept-Language": language}
    cash = f"/clubs/{club}/cash"
    results = _ids(app, "evening")
    assert len(results) == 3
    page = client.get(cash, headers=headers).data.decode()
    for entry in results:
        assert f"{cash}/entries/{entry}/reverse" not in page
    before = ledger(app)
    asked = client.get(f"{cash}/entries/{results[2]}/reverse", headers=headers)
    said = asked.data.decode()
    assert 'id="not-by-hand"' in said and LANGUAGES[language] in said
    assert 'id="reverse"' not in said  # no form
    if language == "en":  # the way to the evening names it (a bare "Evening" did not)
        assert f'href="/evenings/{evening}">Evening of November 1, 2026</a>' in said
    data = {"on": "2026-11-02", "note": "paid in cash", "version": club_version(app)}
    refused = client.post(f"{cash}/entries/{results[2]}/reverse", data=data, headers=headers)
    assert refused.status_code == 422 and LANGUAGES[language] in refused.data.decode()
    assert ledger(app) == before

    # Reopened, one more coup (B's demande won again), closed again: the close reverses
    # and re-posts the results that changed; its reversals are no more reversible by hand.
    data = {"version": club_version(app)}
    assert client.post(f"/evenings/{evening}/reopen", data=data).status_code == 302
    assert enter(client, game, "B demande A2 B5 C2").status_code in (200, 302)
    _close(client, app, evening)
    closes = _ids(app, "reversal")
    assert closes  # the close reversed the results that changed
    before = ledger(app)
    page = client.get(cash, headers=headers).data.decode()
    assert "/reverse" not in page  # results and reversals only: nothing to reverse by hand
    data = {"on": "2026-11-02", "note": "", "version": club_version(app)}
    refused = client.post(f"{cash}/entries/{closes[0]}/reverse", data=data, headers=headers)
    assert refused.status_code == 422 and LANGUAGES[language] in refused.data.decode()
    assert ledger(app) == before


def test_a_reversal_typed_is_not_reversed(client, app):
    """A reversal of a fee is itself no entry to reverse: refused with the reason (422)."""
    club = new_club(client)
    ids = _members(client, app, club)
    cash = f"/clubs/{club}/cash"
    fee = {"kind": "fee_season", "member": ids["Anne"], "amount": "25", "on": "2026-11-02"}
    assert typed_entry(client, app, club, fee) == 302
    dues = _ids(app, "fee_season")[0]
    data = {"on": "2026-11-03", "note": "", "version": club_version(app)}
    assert client.post(f"{cash}/entries/{dues}/reverse", data=data).status_code == 302
    undo = _ids(app, "reversal")[0]
    before = ledger(app)
    refused = client.post(
        f"{cash}/entries/{undo}/reverse", data={**data, "version": club_version(app)}
    )
    assert refused.status_code == 422
    assert "A reversal is not reversed: enter the entry again." in refused.data.decode()
    assert ledger(app) == before


def _members(client, app, club: int) -> dict[str, int]:
    for name in ("Anne", "Bruno", "Chloé"):
        data = {"name": name, "short_name": name, "version": club_version(app)}
        assert client.post(f"/clubs/{club}/members", data=data).status_code == 302
    return member_ids(app)


def _owing(page: str) -> str:
    start = page.index('id="owing"')
    return page[start : page.index("</table>", start)]


def test_a_reversal_is_not_dated_before_its_entry(client, app):
    """Dues of 10 € for Anne, Bruno, Chloé on 1 Oct; Anne pays 10 € on 20 Oct. Its
    reversal dated 10 Oct is refused beside the date (422, nothing stored); dated 20 Oct
    it is taken. As of 15 Oct Anne owes her dues, 10.00; the box will hold the three
    dues, 3 × 10.00 = 30.00."""
    club = new_club(client)
    ids = _members(client, app, club)
    cash = f"/clubs/{club}/cash"
    fees = {"kind": "fee_season", "member": [ids["Anne"], ids["Bruno"], ids["Chloé"]]}
    fees |= {"amount": "10", "on": "2026-10-01", "version": club_version(app)}
    assert client.post(cash + "/fees", data=fees).status_code == 302
    pay = {"kind": "payment", "member": ids["Anne"], "amount": "10", "on": "2026-10-20",
           "direction": "in", "method": "cash", "received_by": "Marc"}  # fmt: skip
    assert typed_entry(client, app, club, pay) == 302
    paid = _ids(app, "payment")[0]
    before = ledger(app)
    data = {"on": "2026-10-10", "note": "typed by mistake", "version": club_version(app)}
    early = client.post(f"{cash}/entries/{paid}/reverse", data=data)
    said = early.data.decode()
    assert early.status_code == 422
    form = said[said.index('id="reverse"') :]
    field = form[form.index('class="field has-error"') :]  # beside the date
    assert field.index("A reversal is dated on or after its entry (Oct 20, 2026).") < field.index(
        'name="note"'
    )
    assert ledger(app) == before
    data = {**data, "on": "2026-10-20", "version": club_version(app)}
    assert client.post(f"{cash}/entries/{paid}/reverse", data=data).status_code == 302
    # A prize dated ahead (5 Jan 2027): its reversal's date is offered as that day, not today.
    prize = {"kind": "prize", "member": ids["Bruno"], "amount": "5", "on": "2027-01-05"}
    assert typed_entry(client, app, club, prize) == 302
    ahead = client.get(f"{cash}/entries/{_ids(app, 'prize')[0]}/reverse").data.decode()
    assert 'value="2027-01-05"' in ahead[ahead.index('id="reverse"') :]
    on = client.get(cash + "?on=2026-10-15").data.decode()
    assert "€10.00" in _owing(on).split("Anne")[1].split("</tr>")[0]
    assert re.search(r'id="settled-box">[^<]*€30\.00', on), on[on.index('id="box"') :][:600]


def test_as_of_a_day_a_reversal_counts_with_its_entry():
    """A ledger written before the rule may hold a reversal dated before its entry: as of a
    day between the two, neither counts (Anne owed her 10.00 dues twice, 20.00, and the box
    would hold 40.00 instead of 30.00). And a reversal of a payment is a payment's even
    when the payment is not among the entries summed."""
    dues = [
        Entry(i, m, EntryKind.FEE_SEASON, -1000, "2026-10-01") for i, m in ((1, 7), (2, 8), (3, 9))
    ]
    paid = Entry(4, 7, EntryKind.PAYMENT, 1000, "2026-10-20")
    undo = Entry(5, 7, EntryKind.REVERSAL, -1000, "2026-10-10", reverses=4)
    every = [*dues, paid, undo]
    shown = as_of(every, "2026-10-15")
    assert [e.id for e in shown] == [1, 2, 3]
    # −10.00 each; held 0; will hold 0 + 30.00 − 0 = 30.00
    found = box(every, {7: -1000, 8: -1000, 9: -1000}, "2026-10-15")
    assert (found.owed, found.held, found.settled) == (3000, 0, 3000)
    assert payments([undo], every) == {7: -1000}


def test_a_payment_between_members_is_reversed_whole(client, app, capsys):
    """Anne pays Chloé her 3.60 € from the room: a row on each side (Anne +3.60, Chloé
    −3.60). Reversing either reverses both, in one change of the club: the confirmation
    says "Anne → Chloé €3.60", both rows are marked reversed, and the ledger verifies."""
    from scorekeeper.cli import main

    club, evening, _ = seed_room_paid(client, app)
    room = f"/evenings/{evening}/settlement"
    anne, chloe = _ids(app, "payment")
    cash = f"/clubs/{club}/cash"
    for asked in (anne, chloe):
        page = client.get(f"{cash}/entries/{asked}/reverse").data.decode()
        assert "Anne → Chloé €3.60" in page
        # both rows, each as the cash box's list says it (no entry number: none is shown)
        assert page.count("Payment · cash · Anne → Chloé:") == 2 and f"#{anne} ·" not in page
    version = _versions(app)
    today = date.today().isoformat()  # the day the room's payment is dated
    data = {"on": today, "note": "typed twice", "version": club_version(app)}
    assert client.post(f"{cash}/entries/{chloe}/reverse", data=data).status_code == 302
    assert _versions(app) == version + 1  # one change
    assert ledger(app)[-2:] == [("Anne", "reversal", -360), ("Chloé", "reversal", 360)]
    page = client.get(cash).data.decode()
    # the page says what was recorded, both sides: Anne +3.60 back, Chloé −3.60 back
    assert "Recorded for Anne: Reversal, −€3.60." in page
    assert "Recorded for Chloé: Reversal, +€3.60." in page
    for row in (anne, chloe):
        line = page[page.index(f'id="entry-{row}"') :].split("</tr>")[0]
        assert "reversed" in line and "/reverse" not in line
    # the room: Anne −3.60, nothing paid: she owes Chloé 3.60 again
    settlement = client.get(room).data.decode()
    assert "€3.60" in settlement[settlement.index('id="pays"') :]
    again = client.post(
        f"{cash}/entries/{anne}/reverse", data={**data, "version": club_version(app)}
    )
    assert again.status_code == 409 and ledger(app)[-1] == ("Chloé", "reversal", 360)
    capsys.readouterr()
    assert main(["verify", "--database", app.config["DATABASE"]]) == 0, capsys.readouterr()


def _statement(client, club: int, member: int) -> list[list[str]]:
    answer = client.get(f"/clubs/{club}/members/{member}/statement.csv")
    return list(csv.reader(io.StringIO(answer.data.decode("utf-8-sig"))))[1:]


def test_a_statement_says_what_a_reversal_undoes(client, app, tmp_path):
    """Anne pays 1.00 € twice on 9 Oct; the second is reversed on 10 Oct. Her statement
    (page, CSV, PDF) says the reversal undoes the payment of 9 Oct and marks that payment
    reversed on 10 Oct."""
    from test_settlement import pdf_text

    club = new_club(client)
    ids = _members(client, app, club)
    cash = f"/clubs/{club}/cash"
    fee = {"kind": "fee_evening", "member": ids["Anne"], "amount": "2", "on": "2026-10-02"}
    assert typed_entry(client, app, club, fee) == 302
    pay = {"kind": "payment", "member": ids["Anne"], "amount": "1", "on": "2026-10-09",
           "direction": "in", "method": "cash", "received_by": "Marc"}  # fmt: skip
    for _ in range(2):
        assert typed_entry(client, app, club, pay) == 302
    second = _ids(app, "payment")[1]
    data = {"on": "2026-10-10", "note": "typed twice", "version": club_version(app)}
    assert client.post(f"{cash}/entries/{second}/reverse", data=data).status_code == 302
    rows = _statement(client, club, ids["Anne"])
    # −2.00; +1.00 → −1.00; +1.00 → 0.00; −1.00 → −1.00
    assert [r[1:5] for r in rows] == [
        ["Evening fee", "", "-2.00", "-2.00"],
        ["Payment · cash · Marc", "", "1.00", "-1.00"],
        ["Payment · cash · Marc · reversed on 2026-10-10", "", "1.00", "0.00"],
        ["Reversal of: Payment · cash · Marc, 2026-10-09", "typed twice", "-1.00", "-1.00"],
    ]
    # the CSV says its days as its Date column (ISO); it once said "Oct 10, 2026" beside
    # "2026-10-10" (the page and the PDF keep the reader's words, below)
    assert [r[0] for r in rows] == ["2026-10-02", "2026-10-09", "2026-10-09", "2026-10-10"]
    page = client.get(f"/clubs/{club}/members/{ids['Anne']}/statement").data.decode()
    assert "Reversal of: Payment · cash · Marc, Oct 9, 2026" in page
    assert "reversed on Oct 10, 2026" in page
    pdf = client.get(f"/clubs/{club}/members/{ids['Anne']}/statement.pdf")
    printed = pdf_text(pdf.data, tmp_path)
    assert "Reversal of: Payment" in printed and "reversed on Oct 10, 2026" in printed


def test_on_one_day_the_result_comes_before_a_fee_open_or_closed(client, app):
    """The seed: Anne −3.60; an evening fee of 2.00 on the evening's day. Her statement
    reads the result then the fee, −3.60 then −5.60, open and closed alike (the close's
    row is written after the fee: sorted by entry number it came second, −2.00, −5.60)."""
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-10-02")
    seed_table(client, evening, "Anne", "Bruno", "Chloé")
    ids = member_ids(app)
    fee = {"kind": "fee_evening", "member": ids["Anne"], "amount": "2", "on": "2026-10-02"}
    assert typed_entry(client, app, club, fee) == 302
    open_rows = _statement(client, club, ids["Anne"])
    _close(client, app, evening)
    closed_rows = _statement(client, club, ids["Anne"])
    assert [r[3:5] for r in open_rows] == [["-3.60", "-3.60"], ["-2.00", "-5.60"]]
    assert [r[3:5] for r in closed_rows] == [["-3.60", "-3.60"], ["-2.00", "-5.60"]]
    assert [r[1].split(" · ")[0] for r in closed_rows] == ["Evening's result", "Evening fee"]


def _listed(page: str) -> dict[int, str]:
    """The cash box's list of entries: each row's words and action cell, by entry number."""
    part = page[page.index('id="entries"') :]
    rows = re.findall(r'<tr id="entry-(\d+)">(.*?)</tr>', part, re.S)
    return {int(n): html.unescape(re.sub(r"<[^>]+>", "|", row)) for n, row in rows}


def test_the_cash_box_says_a_reversal_as_the_statement_does(client, app):
    """Anne: a fee of 2.00 on 2 Oct, a payment of 1.00 typed twice on 9 Oct, the second
    reversed on 10 Oct. The cash box's list said "Reversal #14 · typed twice", a number
    shown nowhere on the page, where her statement says what the reversal undoes; the
    reverse page of the reversal said "#15 · … · Reversal". Both now say it as the
    statement does, in the reader's language. As of 9 Oct the list is the ledger as it
    stood: the fee and both payments (balance −2.00 + 1.00 + 1.00 = 0.00), the second not
    yet reversed, no reversal, and nothing to reverse from a past day."""
    club = new_club(client)
    ids = _members(client, app, club)
    cash = f"/clubs/{club}/cash"
    fee = {"kind": "fee_evening", "member": ids["Anne"], "amount": "2", "on": "2026-10-02"}
    data = {**fee, "version": club_version(app)}
    assert client.post(cash + "/entries", data=data).status_code == 302
    pay = {"kind": "payment", "member": ids["Anne"], "amount": "1", "on": "2026-10-09",
           "direction": "in", "method": "cash", "received_by": "Marc"}  # fmt: skip
    for _ in range(2):
        data = {**pay, "version": club_version(app)}
        assert client.post(cash + "/entries", data=data).status_code == 302
    first, second = _ids(app, "payment")
    data = {"on": "2026-10-10", "note": "typed twice", "version": club_version(app)}
    assert client.post(f"{cash}/entries/{second}/reverse", data=data).status_code == 302
    (reversal,) = _ids(app, "reversal")
    undoes = "Reversal of: Payment · cash · Marc, Oct 9, 2026"
    listed = _listed(client.get(cash).data.decode())
    assert f"{undoes} · typed twice" in listed[reversal] and "#" not in listed[reversal]
    assert "reversed" in listed[second] and "Reverse" in listed[first]
    statement = client.get(f"/clubs/{club}/members/{ids['Anne']}/statement").data.decode()
    assert undoes in html.unescape(statement)
    confirm = html.unescape(client.get(f"{cash}/entries/{reversal}/reverse").data.decode())
    assert f"{undoes} · typed twice" in confirm and f"#{reversal} ·" not in confirm
    french = client.get(cash, headers={"Accept-Language": "fr"}).data.decode()
    said = "Contre-passation de\u202f: Paiement · espèces · Marc, 9 oct. 2026"
    assert said in _listed(french)[reversal]
    # as of 9 Oct: the ledger as it stood, nothing to reverse from a past day
    past = client.get(cash + "?on=2026-10-09").data.decode()
    assert sorted(_listed(past)) == sorted([*_ids(app, "fee_evening"), first, second])
    assert not any("everse" in row for row in _listed(past).values())
    assert "/reverse" not in past[past.index('id="entries"') :]
