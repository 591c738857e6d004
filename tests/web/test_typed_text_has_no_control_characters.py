"""The words typed into a club's forms keep no control character (hostile17).

A coup's note drops them as it is read (``forms.typed_note``: no keyboard means to type a
NUL or an escape, and no page should carry one; a kept page's holes are NULs). The cash
box's notes, a payment's "received by", a reversal's reason, a club's name and an
evening's title were stored as typed: "T\\x00csrf\\x00" as an evening's title was sent on
its pages, its room's settlement and their PDFs (a NUL in HTML, U+FFFD on the screen).
"""

from __future__ import annotations

import sqlite3

from test_clubs import club_version, new_club, new_evening, seed_table

TYPED = "\x00Mar\x1bdi\x7f\x00csrf\x00 "
KEPT = "Mardicsrf"  # the control characters dropped, the ends trimmed


def _one(app, sql: str) -> str:
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        found = conn.execute(sql).fetchone()
    conn.close()
    return str(found[0])


def test_a_clubs_name_and_an_evenings_title_keep_no_control_character(client, app):
    data = {"name": TYPED, "chip_value": "0.05", "currency": "EUR"}
    response = client.post("/clubs/new", data=data)
    assert response.status_code == 302
    club = int(response.headers["Location"].rsplit("/", 1)[1])
    assert _one(app, f"select name from clubs where id = {club}") == KEPT
    response = client.post("/clubs/new", data={**data, "name": "\x00\x1b"})  # no name left
    assert response.status_code == 422 and "This field is required." in response.data.decode()
    data = {"date": "2026-11-03", "title": TYPED, "version": club_version(app)}
    assert client.post(f"/clubs/{club}/evenings", data=data).status_code == 302
    assert _one(app, "select title from evenings") == KEPT


def test_the_cash_boxs_words_keep_no_control_character(client, app):
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-03")
    seed_table(client, evening, "Anne", "Bruno", "Chloé")
    anne = _one(app, "select id from members where name = 'Anne'")
    fee = {"kind": "fee_evening", "member": [anne], "amount": "2", "on": "2026-11-03"}
    fee |= {"note": TYPED, "version": club_version(app)}
    assert client.post(f"/clubs/{club}/cash/fees?evening={evening}", data=fee).status_code == 302
    paid = {"kind": "payment", "member": anne, "amount": "2", "on": "2026-11-03"}
    paid |= {"method": "cash", "received_by": TYPED, "note": TYPED, "version": club_version(app)}
    assert client.post(f"/clubs/{club}/cash/entries", data=paid).status_code == 302
    entry = _one(app, "select max(id) from ledger")
    undo = {"on": "2026-11-03", "note": TYPED, "version": club_version(app)}
    response = client.post(f"/clubs/{club}/cash/entries/{entry}/reverse", data=undo)
    assert response.status_code == 302
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        found = conn.execute(
            "select kind, note, received_by from ledger where kind != 'evening' order by id"
        ).fetchall()
    conn.close()
    assert found == [
        ("fee_evening", KEPT, None),
        ("payment", KEPT, KEPT),
        ("reversal", KEPT, found[2][2]),  # a reversal's "received by" is its entry's own
    ]
