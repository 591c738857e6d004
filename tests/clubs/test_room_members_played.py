"""The room's members are those who played: a table opened and never played counts for
nobody (``clubs.room.played``), in the room's members list (page and PDF), its transfers,
and the cash box's Fee form's ticked players of the evening, as in the cash box's view of
the evening and what the close posts (fix19a).

play19's evening 2: one table played by Anne, Bruno, David; one opened with Chloé, Emma,
Fien and never played. The room listed six members (three at 0 / 0,00 €), the cash box's
evening block and the close three; the Fee form ticked all six for the evening's fee. A
treasurer charges the evening's fee to those who played: Chloé, Emma and Fien sat down
at a table nobody played, as if they had not come to play.

The played table plays the seed (docs/rules/hombre.md §10) at 0.05 € a chip: Anne −72
chips = −3.60, Bruno −9 = −0.45, David +81 = +4.05.
"""

from __future__ import annotations

import re
import sqlite3

from test_cashbox_fees import checked
from test_clubs import new_club, new_evening, seed_table
from test_one_purse_web import ids
from test_settlement import pdf_text
from web import NEW_GAME

PLAYED = {"Anne", "Bruno", "David"}
SAT_ONLY = {"Chloé", "Emma", "Fien"}


def members_listed(page: str, app) -> set[str]:
    """The room's members table: each row's member, by name."""
    names = {number: name for name, number in ids(app).items()}
    return {names[int(n)] for n in re.findall(r'<tr id="member-(\d+)">', page)}


def test_a_table_never_played_puts_nobody_in_the_room(client, app, tmp_path):
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-10")
    seed_table(client, evening, "Anne", "Bruno", "David")
    data = {"player0": "Chloé", "player1": "Emma", "player2": "Fien"}
    answer = client.post(f"/games/new?evening={evening}", data={**NEW_GAME, **data})
    assert answer.status_code == 302

    room = client.get(f"/evenings/{evening}/settlement").data.decode()
    assert members_listed(room, app) == PLAYED
    # the PDF: the same members; a line of each who played (−3.60, −0.45, +4.05), none of
    # 0.00 for those who sat only at the table never played
    printed = pdf_text(client.get(f"/evenings/{evening}/settlement.pdf").data, tmp_path)
    for name in SAT_ONLY:
        assert not re.search(rf"^\s*{name}\s+0\b", printed, re.M), name
    for name in PLAYED:
        assert re.search(rf"^\s*{name}\s+[−+]?\d", printed, re.M), name

    # the cash box's view of the evening: its Fee form ticks those who played, no more
    cash = client.get(f"/clubs/{club}/cash?evening={evening}").data.decode()
    assert checked(cash) == {n: n in PLAYED for n in PLAYED | SAT_ONLY}

    # closed, the close posts the same three: −3.60 − 0.45 + 4.05 = 0
    data = {"version": version(app, club), "confirmed": "1"}
    assert client.post(f"/evenings/{evening}/close", data=data).status_code == 302
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        posted = conn.execute(
            "select m.name, l.amount from ledger l join members m on m.id = l.member_id"
            " where l.kind = 'evening'"
        ).fetchall()
    assert sorted(posted) == [("Anne", -360), ("Bruno", -45), ("David", 405)]
    room = client.get(f"/evenings/{evening}/settlement").data.decode()
    assert members_listed(room, app) == PLAYED


def version(app, club: int) -> str:
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        return str(conn.execute("select version from clubs where id = ?", [club]).fetchone()[0])
