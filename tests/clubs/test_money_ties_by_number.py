"""A cent's tie is a fact a rename cannot move: the table, the room and the cash box agree.

The largest remainder (cashbox/rounding.py) hands a cent left over to one of two equal
remainders. It went to the first *by name*: renaming a member after the evening closed
moved the cent at their table's settlement (computed now) but not in the cash box (posted at
the close), and on an open evening a member who had paid exactly what the room said owed
a cent more after a rename. The tie now goes by member number, given once and never
changed.

The seed's first 6 coups (docs/rules/hombre.md §10; tests/web.py's SEED_COUPS): A −66,
B −21, C +87. Closing ends the table as "We stop here" would: B's pending bête of 72 is
shared, 24 to A and 24 to C (hombre.md §7): A −42, B −69, C +111. At 0.025 € a chip:
exact −105, −172.5, +277.5 cents; rounded down −105, −173, +277 (one cent short); the
remainders 0, ½, ½ tie between Bruno (member 2) and Chloé (member 3): the cent to Bruno:
−1.05, −1.72, +2.77 €.
"""

from __future__ import annotations

import sqlite3

from test_club_money_one_figure import ROOM, club_at, table, table_money
from test_clubs import club_version, new_evening
from test_one_purse_web import rows
from test_renamed_member_at_his_table import _rename
from web import forget_kept


def fresh(app) -> None:
    """Nothing kept by an earlier test of this process: the names now of a table are kept by
    the database's generation, the club's version and the seats (seat_words.names_now), which
    a copy of the same template repeats — a test that renames reads them anew."""
    forget_kept(app)


def _posted(app) -> dict[str, int]:
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        return dict(
            conn.execute(
                "select members.name, sum(amount) from ledger join members on members.id ="
                " ledger.member_id where evening_id is not null and kind in"
                " ('evening', 'reversal') group by members.name"
            ).fetchall()
        )


def closed_table(client, app) -> tuple[int, int, str]:
    """Le Cercle at 0.025 € a chip, Anne, Bruno and Chloé's table of the seed's first 6
    coups, closed (module docstring): the club, the evening, the table's address."""
    fresh(app)
    club = club_at(client, "0.025")
    evening = new_evening(client, app, club, "2026-11-27")
    game = table(client, evening, ("Anne", "Bruno", "Chloé"), 6)
    close = {"version": club_version(app), "confirmed": "1"}
    assert client.post(f"/evenings/{evening}/close", data=close).status_code == 302
    return club, evening, game


def test_a_rename_after_the_close_moves_no_cent_between_the_table_and_the_cash_box(client, app):
    club, evening, game = closed_table(client, app)
    assert _posted(app) == {"Anne": -105, "Bruno": -172, "Chloé": 277}  # the tie to Bruno
    _rename(client, app, club, "Bruno", "Zacharie")  # now last by name
    # the cash box keeps what it posted: Zacharie (Bruno) −1.72, Chloé +2.77
    room = {m: r[0] for m, r in rows(client.get(ROOM.format(evening)).data.decode()).items()}
    assert room == {"Anne": "−1.05", "Zacharie": "−1.72", "Chloé": "+2.77"}
    # and the table's own settlement says the same (it said −1.73 and +2.78: the tie by name)
    page = client.get(game + "/settlement").data.decode()
    assert table_money(page) == {"Anne": "−1.05", "Zacharie": "−1.72", "Chloé": "+2.77"}


def test_a_rename_on_an_open_evening_leaves_a_settled_member_settled(client, app):
    """Open, after 6 coups: A −66, B −21, C +87 chips; at 2.5 cents exact −165, −52.5,
    +217.5; rounded down −165, −53, +217, the tie of halves to Bruno (member 2): −1.65,
    −0.52, +2.17 €. Bruno pays Chloé their 0.52 on the room: they are left nothing. Renamed
    Zacharie (last by name), the tie went to Chloé and Bruno was asked a cent again."""
    fresh(app)
    club = club_at(client, "0.025")
    evening = new_evening(client, app, club, "2026-11-27")
    table(client, evening, ("Anne", "Bruno", "Chloé"), 6)
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        member = dict(conn.execute("select name, id from members").fetchall())
    pay = {"payer": member["Bruno"], "payee": member["Chloé"], "amount": "52", "method": "cash"}
    answer = client.post(ROOM.format(evening) + "/pay", data={**pay, "version": club_version(app)})
    assert answer.status_code == 302
    assert rows(client.get(ROOM.format(evening)).data.decode())["Bruno"][2] == "0.00"
    _rename(client, app, club, "Bruno", "Zacharie")
    room = rows(client.get(ROOM.format(evening)).data.decode())
    assert room["Zacharie"][0] == "−0.52" and room["Zacharie"][2] == "0.00"  # left: nothing
    assert room["Chloé"][0] == "+2.17"


def test_a_merge_after_the_close_moves_no_cent_at_another_members_table(client, app):
    """Table 1: Anne, Bruno, Chloé (members 1, 2, 3); table 2: Denis, Eve, Fanny (4, 5, 6),
    both the seed's six coups, closed. Table 1 as the module docstring: −105, −172, +277,
    the tie to Bruno (2) before Chloé (3). Table 2 the same chips: Denis −105 (no
    remainder), Eve −172 (the tie, member 5 before 6), Fanny +277. Bruno is found to be
    Denis under another name and merged into them: their seat at table 1 counts for Denis
    (member 4). Chloé's own figure is her table's: +2.77, as posted; keyed by Denis's
    number (4, after her 3) the tie went to her, +2.78, and Denis −1.73 there, while the
    cash box kept +2.77 and −1.05 − 1.72 = −2.77 for Denis. The tie keeps the number the
    seat was taken under (member 2)."""
    fresh(app)
    club = club_at(client, "0.025")
    evening = new_evening(client, app, club, "2026-11-27")
    first = table(client, evening, ("Anne", "Bruno", "Chloé"), 6)
    table(client, evening, ("Denis", "Eve", "Fanny"), 6)
    close = {"version": club_version(app), "confirmed": "1"}
    assert client.post(f"/evenings/{evening}/close", data=close).status_code == 302
    assert _posted(app) == {"Anne": -105, "Bruno": -172, "Chloé": 277,
                            "Denis": -105, "Eve": -172, "Fanny": 277}  # fmt: skip
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        member = dict(conn.execute("select name, id from members").fetchall())
    merge = {"member": member["Bruno"], "into": member["Denis"], "version": club_version(app)}
    assert client.post(f"/clubs/{club}/merge", data=merge).status_code == 302
    room = {m: r[0] for m, r in rows(client.get(ROOM.format(evening)).data.decode()).items()}
    assert room["Chloé"] == "+2.77" and room["Denis"] == "−2.77"  # −105 − 172
    assert table_money(client.get(first + "/settlement").data.decode()) == {
        "Anne": "−1.05", "Denis": "−1.72", "Chloé": "+2.77"}  # fmt: skip
