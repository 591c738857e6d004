"""A fee to several members in one form, and the cash box's balance line (issue 45.5).

The evening's players are checked by default; one post charges each of them, one ledger row
a member, in one change of the club; the ledger verifies. The balance line says what the
members owe, what the club owes, what the box holds (the payments) and what it will hold
once all is paid — never "−2,50 € in the box" for a fee nobody paid yet.
"""

from __future__ import annotations

import re
import sqlite3

from test_cashbox_web import member_ids
from test_club_points import manillen_table
from test_clubs import club_version, new_club, new_evening, seed_table

from scorekeeper.cli import main


def fees(app) -> list[tuple]:
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        return conn.execute(
            "select members.name, kind, amount, on_date from ledger join members"
            " on members.id = ledger.member_id where kind like 'fee%' order by ledger.id"
        ).fetchall()


def checked(page: str) -> dict[str, bool]:
    """The fee form's members: name → checked."""
    form = page[page.index('id="fee"') : page.index("</form>", page.index('id="fee"'))]
    boxes = re.findall(
        r'<input type="checkbox" name="member" value="\d+"(?: data-[a-z]+)*( checked)?>'
        r"<span>([^<]+)",
        form,
    )
    return {name: bool(on) for on, name in boxes}


def test_the_evenings_players_are_charged_in_one_form(client, app, tmp_path, capsys):
    club = new_club(client)
    client.post(f"/clubs/{club}/members", data={"name": "Zoé", "version": club_version(app)})
    evening = new_evening(client, app, club, "2026-11-03")
    seed_table(client, evening, "Anne", "Bruno", "Chloé")
    seed_table(client, evening, "Denis", "Eve", "Fanny")
    manillen_table(client, evening, ("Gilles", "Hugo", "Ines"), [("pique", 40)])
    cash = f"/clubs/{club}/cash"
    link = f"{cash}?evening={evening}#fee"  # the evening's page leads to its players' fee
    assert f'href="{link}" id="charge-fee"' in client.get(f"/evenings/{evening}").data.decode()
    page = client.get(cash + f"?evening={evening}").data.decode()
    # the nine who sat at a table are checked; Zoé, a member who did not play, is not
    players = {"Anne", "Bruno", "Chloé", "Denis", "Eve", "Fanny", "Gilles", "Hugo", "Ines"}
    assert checked(page) == {name: name in players for name in players | {"Zoé"}}
    assert "Checked: who played at a table on the evening of" in page
    # dated the evening's day, not the day it is typed (the play-through of 2026-11-29:
    # fees of the 5th charged on the 29th read "29 Nov"); the page of every account: today
    form = page[page.index('id="fee"') : page.index("</form>", page.index('id="fee"'))]
    assert re.search(r'name="on"[^>]*value="2026-11-03"', form), form
    every = client.get(cash).data.decode()
    form = every[every.index('id="fee"') : every.index("</form>", every.index('id="fee"'))]
    assert not re.search(r'name="on"[^>]*value="2026-11-03"', form)

    ids = member_ids(app)
    before = int(club_version(app))
    data = {"kind": "fee_evening", "amount": "2,50", "on": "2026-11-03", "note": "soirée"}
    answer = client.post(
        cash + "/fees",
        data={**data, "member": [str(ids[n]) for n in sorted(players)], "version": str(before)},
    )
    assert answer.status_code == 302
    # one row per member, −2.50 each, in one change of the club (its version moved once)
    assert sorted(fees(app)) == sorted((n, "fee_evening", -250, "2026-11-03") for n in players)
    assert int(club_version(app)) == before + 1
    assert main(["verify", "--database", app.config["DATABASE"]]) == 0
    capsys.readouterr()

    # refused beside the form, nothing stored: no member, a member of no club, a stale page
    for wrong, message, status in [
        ({"member": []}, "Check the members to charge.", 422),
        ({"member": [str(ids["Anne"]), "99999"]}, "Check the members to charge.", 422),
        ({"member": [str(ids["Anne"])], "kind": "prize"}, "Choose a fee.", 422),
        ({"member": [str(ids["Anne"])], "amount": "-3"}, "Give a sum such as 12.50", 422),
        ({"member": [str(ids["Anne"])], "version": str(before)}, "changed meanwhile", 409),
    ]:
        sent = {**data, "version": club_version(app), **wrong}
        answer = client.post(cash + "/fees", data=sent)
        assert answer.status_code == status and message in answer.data.decode(), wrong
    assert len(fees(app)) == 9


def test_the_balance_line_says_what_it_means(client, app):
    club = new_club(client)
    client.post(f"/clubs/{club}/members", data={"name": "Anne", "version": club_version(app)})
    client.post(f"/clubs/{club}/members", data={"name": "Bruno", "version": club_version(app)})
    ids = member_ids(app)
    cash = f"/clubs/{club}/cash"
    fee = {"kind": "fee_season", "amount": "2,50", "on": "2026-11-03"}
    client.post(
        cash + "/fees", data={**fee, "member": [str(ids["Anne"])], "version": club_version(app)}
    )
    said = client.get(cash).data.decode()  # the fee's message, said once: "−€2.50", its sign
    assert "Recorded for Anne: Season dues, −€2.50." in said
    page = client.get(cash).data.decode()
    # a fee charged, nothing paid: Anne owes 2.50, the box holds nothing yet
    assert "1 member owes the club €2.50." in page
    assert "The cash box holds €0.00" in page
    assert "Once every balance is paid, it will hold €2.50" in page
    assert "−€2.50" not in page[page.index('id="balances"') : page.index('id="suggestions"')]
    # Anne pays 2.50 in; a prize of 1.00 to Bruno, not yet paid out
    pay = {"kind": "payment", "member": ids["Anne"], "amount": "2,50", "on": "2026-11-04",
           "direction": "in", "method": "cash"}  # fmt: skip
    client.post(cash + "/entries", data={**pay, "version": club_version(app)})
    prize = {"kind": "prize", "member": ids["Bruno"], "amount": "1", "on": "2026-11-04"}
    client.post(cash + "/entries", data={**prize, "version": club_version(app)})
    page = client.get(cash).data.decode()
    # the box holds 2.50; it owes Bruno 1.00; once paid: 2.50 − 1.00 = 1.50 (fee less prize)
    assert "The club owes 1 member €1.00." in page
    assert "The cash box holds €2.50" in page
    assert "Once every balance is paid, it will hold €1.50" in page
    # as of the 3rd: the fee alone again
    on = client.get(cash + "?on=2026-11-03").data.decode()
    assert "The cash box holds €0.00" in on and "it will hold €2.50" in on
