"""A closed evening's table shows the cents its close posted: one figure, the cash box's.

The tie of the largest remainder (cashbox/rounding.py) went by name; it goes by member number
now (clubs/ties.py). An evening closed under the old rule keeps what it posted (the cash box,
the room, the statements read ``closing.result``), and its table's settlement, its PDF and
its spreadsheet computed the cents again with the new order: a cent apart.

Chloé is made a member first (1), then the table Anne, Bruno, Chloé makes Anne (2) and
Bruno (3). The seed's first 6 coups (docs/rules/hombre.md §10): A −66, B −21, C +87; the
close ends the table as "We stop here" would, B's pending bête of 72 shared 24 to A and 24
to C (hombre.md §7): A −42, B −69, C +111. At 0.025 € a chip: exact −105, −172.5, +277.5
cents; rounded down −105, −173, +277, one cent short; the remainders 0, ½, ½ tie between
Bruno and Chloé:
- by name (the old rule, Bruno before Chloé): the cent to Bruno: −1.05, −1.72, +2.77;
- by number (Chloé 1 before Bruno 3): the cent to Chloé: −1.05, −1.73, +2.78.
Reopened, the table plays on where its close stopped it, the bête pending again (A −66,
B −21, C +87): exact −165, −52.5, +217.5; rounded down −165, −53, +217, the tie of halves
to Chloé (1): −1.65, −0.53, +2.18. Closed again: −1.05, −1.73, +2.78 posted and shown.
"""

from __future__ import annotations

import csv
import io
import sqlite3
from collections.abc import Iterable
from decimal import Decimal
from types import SimpleNamespace

from test_club_money_one_figure import ROOM, club_at, flat, table, table_money
from test_clubs import club_version, new_evening
from test_money_ties_by_number import _posted, fresh
from test_one_purse_web import rows
from test_renamed_member_at_his_table import _rename
from test_settlement import pdf_text

from scorekeeper.cashbox.rounding import table_cents
from scorekeeper.clubs import room as room_module
from scorekeeper.clubs.posted_tables import as_posted

OLD = {"Anne": "−1.05", "Bruno": "−1.72", "Chloé": "+2.77"}  # the tie by name, posted
REOPENED = {"Anne": "−1.65", "Bruno": "−0.53", "Chloé": "+2.18"}  # open again, by number
NEW = {"Anne": "−1.05", "Bruno": "−1.73", "Chloé": "+2.78"}  # the tie by number


def _names(app) -> dict[int, str]:
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        return dict(conn.execute("select id, name from members").fetchall())


def _close_by_name(client, app, monkeypatch, evening: int) -> None:
    """Close as the release before the tie by number did (69b1b45b): ties by name."""
    names = _names(app)

    def by_name(ids: Iterable[int], numbers: object = None) -> list[int]:
        return sorted(set(ids), key=lambda m: (names[m], m))

    with monkeypatch.context() as patched:
        patched.setattr(room_module, "tie_order", by_name)
        close = {"version": club_version(app), "confirmed": "1"}
        assert client.post(f"/evenings/{evening}/close", data=close).status_code == 302


def _room(client, evening: int) -> dict[str, str]:
    return {m: r[0] for m, r in rows(client.get(ROOM.format(evening)).data.decode()).items()}


def _sheet_money(client, game: str) -> list[str]:
    semi = client.get(game + "/standings.csv?sep=semicolon").data.decode("utf-8-sig")
    last = list(csv.DictReader(io.StringIO(semi), delimiter=";"))[-1]
    return [v for k, v in last.items() if k.startswith("Money")]


def _say(client, app, evening: int, game: str, tmp_path, expected: dict[str, str]) -> None:
    """The room, the table's settlement, its PDF and its spreadsheet all say ``expected``."""
    fresh(app)
    assert _room(client, evening) == expected
    assert table_money(client.get(game + "/settlement").data.decode()) == expected
    printed = flat(pdf_text(client.get(game + "/settlement.pdf").data, tmp_path))
    for money in expected.values():
        assert "€" + money.lstrip("+−") in printed
    money = [expected[n].replace("−", "-").replace("+", "").replace(".", ",") for n in expected]
    assert _sheet_money(client, game) == money


def test_an_evening_closed_under_the_name_rule_shows_its_posted_cents_at_its_table(
    client, app, monkeypatch, tmp_path
):
    fresh(app)
    club = club_at(client, "0.025")
    evening = new_evening(client, app, club, "2026-11-27")
    data = {"name": "Chloé", "short_name": "", "version": club_version(app)}
    assert client.post(f"/clubs/{club}/members", data=data).status_code == 302
    game = table(client, evening, ("Anne", "Bruno", "Chloé"), 6)
    _close_by_name(client, app, monkeypatch, evening)
    assert _posted(app) == {"Anne": -105, "Bruno": -172, "Chloé": 277}  # the tie to Bruno
    # read by this release: the cash box's figures everywhere (the table said −1.73, +2.78)
    _say(client, app, evening, game, tmp_path, OLD)
    # renamed after the close: the same cents (Zacharie is Bruno)
    _rename(client, app, club, "Bruno", "Zacharie")
    _say(client, app, evening, game, tmp_path, {"Anne": "−1.05", "Zacharie": "−1.72",
                                                "Chloé": "+2.77"})  # fmt: skip
    _rename(client, app, club, "Zacharie", "Bruno")
    # reopened: nothing is final; the room and the table compute now, by number
    again = {"version": club_version(app)}
    assert client.post(f"/evenings/{evening}/reopen", data=again).status_code == 302
    _say(client, app, evening, game, tmp_path, REOPENED)
    # closed again: the new figures are posted, and shown
    close = {"version": club_version(app), "confirmed": "1"}
    assert client.post(f"/evenings/{evening}/close", data=close).status_code == 302
    assert _posted(app) == {"Anne": -105, "Bruno": -173, "Chloé": 278}
    _say(client, app, evening, game, tmp_path, NEW)


def test_a_merge_after_a_close_under_the_name_rule_moves_no_cent_at_the_table(
    client, app, monkeypatch
):
    """Table 1 as the module docstring (Chloé 1, Anne 2, Bruno 3); table 2 Denis (4), Eve
    (5), Fanny (6), the same chips: −105, −172, +277 by name and by number alike. Closed by
    name: Bruno −172 and Chloé +277 posted. Bruno is found to be Denis and merged into them:
    Denis's posted sum −105 − 172 = −277. Computed now, table 1's tie goes to Chloé (1, before
    the number 3 Bruno's seat was taken under): Denis −1.73 there, −2.78 in all, a cent from
    what was posted; the table shows Denis −1.72, Chloé +2.77, as posted."""
    fresh(app)
    club = club_at(client, "0.025")
    evening = new_evening(client, app, club, "2026-11-27")
    data = {"name": "Chloé", "short_name": "", "version": club_version(app)}
    assert client.post(f"/clubs/{club}/members", data=data).status_code == 302
    first = table(client, evening, ("Anne", "Bruno", "Chloé"), 6)
    table(client, evening, ("Denis", "Eve", "Fanny"), 6)
    _close_by_name(client, app, monkeypatch, evening)
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        member = dict(conn.execute("select name, id from members").fetchall())
    merge = {"member": member["Bruno"], "into": member["Denis"], "version": club_version(app)}
    assert client.post(f"/clubs/{club}/merge", data=merge).status_code == 302
    fresh(app)
    room = _room(client, evening)
    assert room["Chloé"] == "+2.77" and room["Denis"] == "−2.77"
    page = client.get(first + "/settlement").data.decode()
    assert table_money(page) == {"Anne": "−1.05", "Denis": "−1.72", "Chloé": "+2.77"}


class _Table:
    """A chip table as ``as_posted`` reads it: its number, each person's member and chips
    (a member twice: two persons merged into one), its order of ties."""

    def __init__(self, no: int, chips: dict[int, int] | list[tuple[int, int]]) -> None:
        self.people = list(chips.items()) if isinstance(chips, dict) else chips
        self.no, self.nets = no, tuple(net for _m, net in self.people)

    def members_nets(self) -> list[tuple[int, int]]:
        return list(self.people)

    def chips(self) -> dict[int, int]:
        out: dict[int, int] = {}
        for member, net in self.people:
            out[member] = out.get(member, 0) + net
        return out

    def order(self) -> list[int]:
        return sorted(self.chips())


class _Room:
    def __init__(self, tables: list[_Table], chip_value: str) -> None:
        self.tables = tables
        self.club = SimpleNamespace(money=SimpleNamespace(chip_value=Decimal(chip_value)))

    def cents(self, table: _Table) -> dict[int, int]:
        return table_cents(table.chips(), self.club.money.chip_value, table.order())


def test_a_member_at_two_tables_passes_the_posted_cent_on():
    """At 0.005 € a chip, table 1: members 1 +1, 2 −1 chip (exact +½, −½ cent), table 2:
    members 2 +1, 3 −1. Now: rounded down 0, −1 and 0, −1, each table's cent to the first by
    number: table 1 (1: +1, 2: −1), table 2 (2: +1, 3: −1); 1 +1, 2 0, 3 −1 in all. Posted
    (another order of ties): 1 0, 2 0, 3 0. No move at one table reaches it (1 and 3 never
    sat together): 3 takes its cent back from 2 at table 2, 2 theirs from 1 at table 1; each
    within a cent of their exact amount there, each table at zero, each sum the posted one."""
    room = _Room([_Table(1, {1: 1, 2: -1}), _Table(2, {2: 1, 3: -1})], "0.005")
    assert as_posted(room, {1: 1, 3: -1}) == {1: {1: 1, 2: -1}, 2: {2: 1, 3: -1}}  # as now
    assert as_posted(room, {}) == {1: {}, 2: {}}
    # a sum no split reaches (3 at −2: below −½ rounded down): the tables stay as now
    assert as_posted(room, {1: 2, 3: -2}) == {1: {1: 1, 2: -1}, 2: {2: 1, 3: -1}}
    # nor half a split: posted 1 0, 2 +1 (0 at table 1), 3 −1, and 5 +1, 6 −1 who sat at
    # neither table: 1 and 2 reach theirs (table 1 at 0, 0), 5 and 6 cannot; every table
    # as computed, not table 1 split beside 5 and 6 left out
    assert as_posted(room, {2: 1, 3: -1, 5: 1, 6: -1}) == {1: {1: 1, 2: -1}, 2: {2: 1, 3: -1}}


def test_a_newcomer_merged_after_the_close_keeps_the_posted_cents_at_his_table():
    """At 0.015 € a chip (1.5 cents): Anne (member 1) −47, Chloé (2) +75, Bruno (3) +21 and
    Denis (4), who took over Bruno's seat, −49 chips: exact −70.5, +112.5, +31.5, −73.5
    cents; rounded down −71, +112, +31, −74, two cents short; the remainders all ½, the
    cents to 1 and 2 by number: posted Anne −70, Chloé +113, Bruno +31, Denis −74. Denis is
    found to be Bruno and merged into them: Bruno's posted −43. Their chips at the table,
    21 − 49 = −28, are −42 cents exactly: bounds of −42 refused −43 and every table of the
    evening showed as computed (Anne −70, Chloé +112, Bruno −42: two cents from what was
    posted). Each person rounded on their own, Bruno's bounds are 31 − 74 = −43 to
    32 − 73 = −41: the posted cents are shown."""
    room = _Room([_Table(1, [(1, -47), (3, 21), (2, 75), (3, -49)])], "0.015")
    assert as_posted(room, {1: -70, 2: 113, 3: -43}) == {1: {1: -70, 2: 113, 3: -43}}
