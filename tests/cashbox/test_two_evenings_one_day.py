"""Two evenings on one day (an afternoon and an evening): a fee charged from one evening's
view names that evening (the ledger's ``evening_id``), and is listed on its view, its
room's settlement (page and PDF) and nowhere else; an evening's fee charged from no evening
is listed by its date, on both (fees18; docs/cashbox.md, "The evening's fees"); season dues
are no evening's fee, listed on neither (fix19a).

Each evening's one table plays the seed (docs/rules/hombre.md §10) at 0.05 € a chip: its
first player −72 chips = −3.60, its second −9 = −0.45, its third +81 = +4.05. Both
evenings stay open: an open evening is settled by money only, so no win settles a fee and
what is left of each fee is the whole of it.

- the afternoon (Anne, Bruno, Chloé): an evening fee of 2.50 each, from its view;
- the evening (Dora, Émile, Fanny): an evening fee of 3.00 each, from its view;
- Chloé's season dues of 25.00, typed on the cash box with no evening, dated that day:
  listed on neither (play19 found them on both, and in both "still owe" lines).

By hand: the afternoon lists 3 × 2.50 = 7.50 owed by 3 members; the evening
3 × 3.00 = 9.00 owed by 3. Before fees18 each listed all seven fees,
3 × 2.50 + 3 × 3.00 + 25.00 = 41.50 owed by 6; before fix19a each listed the dues too,
32.50 owed by 3 and 34.00 owed by 4.
"""

from __future__ import annotations

import re
import sqlite3

import sqlite_utils
from test_close_keeps_paid import balances, statement_end
from test_clubs import new_club, seed_table
from test_one_purse_web import ids
from test_settlement import pdf_text

from scorekeeper.db import chain

DAY = "2026-11-27"
LISTED = re.compile(
    r'<tr id="fee-\d+"><th scope="row">(?:<a [^>]+>)?([^<]+)(?:</a>)?</th><td>([^<]+)</td>'
    r'<td class="num">[^<]+</td><td class="num left">([^<]+)</td></tr>'
)


def version(app, club: int) -> str:
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        return str(conn.execute("select version from clubs where id = ?", [club]).fetchone()[0])


def evening_of(client, app, club: int, day: str = DAY, title: str = "") -> int:
    """An evening of ``day``; two of one day have two titles (a label names one evening:
    tests/clubs/test_evening_label_once.py)."""
    data = {"date": day, "title": title, "version": version(app, club)}
    answer = client.post(f"/clubs/{club}/evenings", data=data)
    assert answer.status_code == 302
    return int(answer.headers["Location"].rsplit("/", 1)[1])


def charge(client, app, club: int, names, amount: str, query: str = "", **more) -> int:
    member = ids(app)
    data = {"kind": "fee_evening", "member": [str(member[n]) for n in names], "amount": amount}
    data |= {"on": DAY, "version": version(app, club)} | more
    answer = client.post(f"/clubs/{club}/cash/fees{query}", data=data)
    return answer.status_code


def named(app) -> dict[tuple[str, str, int], int | None]:
    """Each ledger fee and reversal: (member, kind, amount) → the evening its row names."""
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        found = conn.execute(
            "select m.name, l.kind, l.amount, l.evening_id from ledger l"
            " join members m on m.id = l.member_id where l.kind != 'evening'"
        ).fetchall()
    return {(name, kind, amount): evening for name, kind, amount, evening in found}


def listed(page: str) -> tuple[list[tuple[str, str, str]], str]:
    """The fees a page lists — (member, fee, still owed) — and its line saying the sum."""
    rows = [(n, kind, left.replace("€", "").strip()) for n, kind, left in LISTED.findall(page)]
    said = re.search(r'<p id="fees-left">([^<]+)</p>', page)
    return rows, "" if said is None else said[1]


def test_each_evening_of_a_day_lists_its_own_fees(client, app, tmp_path):
    club = new_club(client)
    afternoon = evening_of(client, app, club, title="Afternoon")
    evening = evening_of(client, app, club, title="Evening")
    seed_table(client, afternoon, "Anne", "Bruno", "Chloé")
    seed_table(client, evening, "Dora", "Émile", "Fanny")
    assert (
        charge(client, app, club, ["Anne", "Bruno", "Chloé"], "2,50", f"?evening={afternoon}")
        == 302
    )
    assert (
        charge(client, app, club, ["Dora", "Émile", "Fanny"], "3,00", f"?evening={evening}") == 302
    )
    # season dues typed from the afternoon's view: the season's, no evening's (review19)
    dues = charge(client, app, club, ["Chloé"], "25,00", f"?evening={afternoon}", kind="fee_season")
    assert dues == 302
    # one home: the ledger row's evening_id, none on a fee typed outside an evening, nor on
    # the season's dues
    assert named(app) == {
        ("Anne", "fee_evening", -250): afternoon,
        ("Bruno", "fee_evening", -250): afternoon,
        ("Chloé", "fee_evening", -250): afternoon,
        ("Dora", "fee_evening", -300): evening,
        ("Émile", "fee_evening", -300): evening,
        ("Fanny", "fee_evening", -300): evening,
        ("Chloé", "fee_season", -2500): None,
    }
    afternoon_fees = [
        ("Anne", "Evening fee", "2.50"),
        ("Bruno", "Evening fee", "2.50"),
        ("Chloé", "Evening fee", "2.50"),
    ]
    evening_fees = [
        ("Dora", "Evening fee", "3.00"),
        ("Émile", "Evening fee", "3.00"),
        ("Fanny", "Evening fee", "3.00"),
    ]
    # 2.50 + 2.50 + 2.50 = 7.50 (3 members); 3 × 3.00 = 9.00 (3 members): Chloé's season
    # dues are the season's, on her statement and the box, on no evening's list
    for shown, fees, said in (
        (afternoon, afternoon_fees, "3 members still owe €7.50 of these fees in all."),
        (evening, evening_fees, "3 members still owe €9.00 of these fees in all."),
    ):
        cash = client.get(f"/clubs/{club}/cash?evening={shown}").data.decode()
        room = client.get(f"/evenings/{shown}/settlement").data.decode()
        assert listed(cash) == (fees, said), shown
        assert listed(room) == (fees, said), shown
        printed = pdf_text(client.get(f"/evenings/{shown}/settlement.pdf").data, tmp_path)
        assert said in printed
        mine = {name for name, _, _ in fees}
        others = {"Anne", "Bruno", "Chloé", "Dora", "Émile", "Fanny"} - mine
        for name in others:
            assert not any(line.strip().startswith(name + " ") for line in printed.splitlines())
    # the statements carry each fee once, beside the open evening's result (provisional):
    # Anne −3.60 − 2.50 = −6.10; Dora −3.60 − 3.00 = −6.60; Chloé +4.05 − 2.50 − 25.00 = −23.45
    member = ids(app)
    ends = {"Anne": "−6.10", "Dora": "−6.60", "Chloé": "−23.45"}
    assert {n: statement_end(client, club, member[n]) for n in ends} == ends
    # the box's balances leave the open evenings to their rooms and ask the fees: a fee
    # naming its evening is still the club's, not the room's (3 × 2.50, 3 × 3.00, + 25.00)
    box = balances(client.get(f"/clubs/{club}/cash").data.decode())
    assert box == {
        "Anne": "−2.50",
        "Bruno": "−2.50",
        "Chloé": "−27.50",
        "Dora": "−3.00",
        "Émile": "−3.00",
        "Fanny": "−3.00",
    }

    # Anne's fee reversed: the reversal names the afternoon too, and the afternoon lists
    # 2.50 + 2.50 = 5.00 owed by 2; the evening is as it was
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        fee = conn.execute(
            "select id from ledger where member_id = ? and kind = 'fee_evening'", [member["Anne"]]
        ).fetchone()[0]
    data = {"on": DAY, "note": "", "version": version(app, club)}
    assert client.post(f"/clubs/{club}/cash/entries/{fee}/reverse", data=data).status_code == 302
    assert named(app)[("Anne", "reversal", 250)] == afternoon
    cash = client.get(f"/clubs/{club}/cash?evening={afternoon}").data.decode()
    room = client.get(f"/evenings/{afternoon}/settlement").data.decode()
    after = (afternoon_fees[1:], "2 members still owe €5.00 of these fees in all.")
    assert listed(cash) == listed(room) == after
    assert listed(client.get(f"/evenings/{evening}/settlement").data.decode())[0] == evening_fees
    # her account: −6.10 + 2.50 = −3.60, her open evening's loss alone, which its room asks
    assert statement_end(client, club, member["Anne"]) == "−3.60"
    assert "Anne" not in balances(client.get(f"/clubs/{club}/cash").data.decode())
    # every row, the fees' evening_id among them, is a link of the club's chain as written
    assert chain.check(sqlite_utils.Database(app.config["DATABASE"]), chain.LEDGER)[1] == []


def test_a_fee_names_no_evening_it_does_not_belong_to(client, app):
    """``?evening=`` an evening of the club on another day than the fee's: refused beside
    the date (422), nothing stored (fix22a: it was recorded naming none, with no word; the
    plain page refuses an evening of another date so too). Another club's evening, an unknown one,
    nonsense: not found (404), as a GET of that evening answers, and nothing stored — on
    the Fee form, the other forms of the box, and the page itself (fix19a: play19's
    ``?evening=999`` answered 302 and stored the fee naming none, with no word)."""
    other = new_club(client)
    elsewhere = evening_of(client, app, other)
    club = new_club(client)
    today = evening_of(client, app, club)
    later = evening_of(client, app, club, "2026-11-28")
    seed_table(client, today, "Anne", "Bruno", "Chloé")
    refused = (f"?evening={elsewhere}", "?evening=999", "?evening=abc", "?evening=-3")
    for query in (*refused, "?evening=" + "9" * 40):
        assert charge(client, app, club, ["Anne"], "1,00", query) == 404, query
        assert client.get(f"/clubs/{club}/cash{query}").status_code == 404, query
        data = {"kind": "charge", "member": str(ids(app)["Anne"]), "amount": "1,00"}
        data |= {"on": DAY, "version": version(app, club)}
        answer = client.post(f"/clubs/{club}/cash/entries{query}", data=data)
        assert answer.status_code == 404, query
        data = {"payer": str(ids(app)["Anne"]), "payee": "0", "amount": "100"}
        data |= {"method": "cash", "version": version(app, club)}
        assert client.post(f"/clubs/{club}/cash/pay{query}", data=data).status_code == 404
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        assert conn.execute("select count(*) from ledger").fetchone() == (0,)
    assert charge(client, app, club, ["Anne"], "1,00", f"?evening={later}") == 422
    assert charge(client, app, club, ["Anne"], "1,00", "?evening=") == 302  # none asked
    assert charge(client, app, club, ["Anne"], "1,00", f"?evening={today}") == 302
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        found = conn.execute("select evening_id from ledger where kind = 'fee_evening'").fetchall()
    assert found == [(None,), (today,)]
