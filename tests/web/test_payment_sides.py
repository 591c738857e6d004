"""A payment's sides are said as they are at display, not as the recorder's words were
(m029): a member renamed since reads under their name now, and the cash box, recorded by a
French treasurer, reads in the reader's language.

The seed at 0.05 € a chip (docs/rules/hombre.md §10): Anne −72 × 5 = −3.60 €, Bruno −9 × 5 =
−0.45 €, Chloé +81 × 5 = +4.05 €. The room pairs Anne → Chloé 3.60 and Bruno → Chloé 0.45.
"""

from __future__ import annotations

import sqlite3

from test_clubs import club_version, new_club, new_evening, seed_table
from test_one_purse_web import ids


def statement(client, club: int, member: int) -> str:
    page = client.get(f"/clubs/{club}/members/{member}/statement").text
    return " ".join(page.replace("\xa0", " ").replace("\u202f", " ").split())


def test_a_payment_names_the_member_as_called_now_and_the_box_in_the_readers_words(client, app):
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-27")
    seed_table(client, evening, "Anne", "Bruno", "Chloé")
    member = ids(app)
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "fr"  # the treasurer reads French
    pay = {"payer": member["Anne"], "payee": member["Chloé"], "amount": "360", "method": "cash"}
    room = f"/evenings/{evening}/settlement/pay"
    assert client.post(room, data={**pay, "version": club_version(app)}).status_code == 302
    close = {"version": club_version(app), "confirmed": "1"}
    assert client.post(f"/evenings/{evening}/close", data=close).status_code == 302
    # closed: Bruno owes the box 0.45 (its own suggestion, tied to no evening)
    pay = {"payer": member["Bruno"], "payee": "0", "amount": "45", "method": "cash"}
    answer = client.post(f"/clubs/{club}/cash/pay", data={**pay, "version": club_version(app)})
    assert answer.status_code == 302
    renamed = {"name": "Annie", "short_name": "", "version": club_version(app)}
    assert client.post(f"/clubs/{club}/members/{member['Anne']}", data=renamed).status_code == 302
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    client.get(f"/clubs/{club}")  # the messages of what was recorded, said then, read
    for who in ("Anne", "Chloé"):
        said = statement(client, club, member[who])
        assert "Payment · cash · Annie → Chloé" in said, said[-3000:]
        assert "· Anne →" not in said  # (the games keep the names they were played with)
    said = statement(client, club, member["Bruno"])
    assert "Payment · cash · Bruno → the cash box" in said, said[-3000:]
    assert "trésorier" not in said and "caisse" not in said
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "nl"
    assert "Bruno → de kas" in statement(client, club, member["Bruno"])
    # the rows keep no words for either side: marks, the members are the rows' facts
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        stored = conn.execute(
            "select paid_by, received_by from ledger where kind = 'payment' order by id"
        ).fetchall()
    assert stored == [("=member", "=member"), ("=member", "=member"), ("=member", "=box")]


def test_words_typed_by_hand_are_never_read_as_a_side(client, app):
    """A payment typed at the cash box with "Received by" = "=box": the words as typed, less
    the "=" that starts the marks a paid suggestion writes; it read as "the cash box"."""
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-27")
    seed_table(client, evening, "Anne", "Bruno", "Chloé")
    close = {"version": club_version(app), "confirmed": "1"}
    assert client.post(f"/evenings/{evening}/close", data=close).status_code == 302
    member = ids(app)
    for typed in ("=box", "=member"):  # Anne owes 3.60: twice 1.00 within it
        pay = {"kind": "payment", "member": member["Anne"], "amount": "1", "on": "2026-11-28"}
        pay |= {"direction": "in", "method": "cash", "received_by": typed}
        pay |= {"version": club_version(app)}
        assert client.post(f"/clubs/{club}/cash/entries", data=pay).status_code == 302
    said = statement(client, club, member["Anne"])
    assert "Payment · cash · box" in said and "Payment · cash · member" in said
    assert "the cash box" not in said.split("Payment · cash", 1)[1]
