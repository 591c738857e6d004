"""The room's settlement, and its PDF (one template, one purse: the print is the screen), list
the evening's fees (those naming it, and those naming no evening dated its day) with what is
left of each, as the cash box's view of the evening does (``cashbox.open_items.of_evening``).
A points-only evening's printed room, all a Manille night hands out, said nothing of the
evening fees its four players owed (play15): the room settles its tables' results, and the
fees here name no evening, only a date.

The club's chip is 0.05 EUR; each of the four is charged an evening fee of 2.50 dated the
evening's day, Anne pays hers at the cash box: left Anne 0.00, the three others 2.50 each,
3 × 2.50 = 7.50 in all.
"""

from __future__ import annotations

import re

from test_cashbox_web import member_ids
from test_club_points import FOUR, manillen_table
from test_clubs import club_version, new_club, new_evening
from test_settlement import pdf_text
from web import NEW_GAME


def charge_and_pay(client, app, club: int, who=FOUR) -> None:
    ids = member_ids(app)
    fee = {"kind": "fee_evening", "amount": "2.50", "on": "2026-11-03", "note": ""}
    fee |= {"member": [str(ids[name]) for name in who], "version": club_version(app)}
    assert client.post(f"/clubs/{club}/cash/fees", data=fee).status_code == 302
    paid = {"kind": "payment", "member": str(ids["Anne"]), "amount": "2.50", "on": "2026-11-03"}
    paid |= {"direction": "in", "method": "cash", "version": club_version(app)}
    assert client.post(f"/clubs/{club}/cash/entries", data=paid).status_code == 302


def test_a_points_evenings_printed_room_lists_its_fees(client, app, tmp_path):
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-03")
    manillen_table(client, evening, FOUR, [("pique", 40)])
    charge_and_pay(client, app, club)
    room = f"/evenings/{evening}/settlement"
    page = client.get(room).data.decode()
    assert 'id="fees"' in page and "The evening's fees" in page
    section = page[page.index('id="fees"') : page.index("</section>", page.index('id="fees"'))]
    rows = re.findall(
        r'<th scope="row">([^<]+)</th><td>([^<]+)</td>.*?class="num left">([^<]+)<', section
    )
    assert rows == [
        ("Anne", "Evening fee", "€0.00"),
        ("Bruno", "Evening fee", "€2.50"),
        ("Chloé", "Evening fee", "€2.50"),
        ("Denis", "Evening fee", "€2.50"),
    ]
    assert "3 members still owe €7.50 of these fees in all." in section
    printed = pdf_text(client.get(room + ".pdf").data, tmp_path)
    assert "The evening's fees" in printed
    assert "3 members still owe €7.50 of these fees in all." in printed
    for name in FOUR:
        line = next(line for line in printed.splitlines() if line.strip().startswith(name + " "))
        assert "Evening fee" in line and ("€0.00" if name == "Anne" else "€2.50") in line
    # and in French, with its plural: "3 membres doivent encore 7,50 € de ces frais en tout."
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "fr"
    french = client.get(room).data.decode()
    assert "Les frais de la soirée" in french and "3 membres doivent encore 7,50" in french


def test_a_room_without_a_fee_that_day_has_no_fee_list(client, app):
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-04")  # the fees are dated the 3rd
    manillen_table(client, evening, FOUR, [("pique", 40)])
    charge_and_pay(client, app, club)
    assert 'id="fees"' not in client.get(f"/evenings/{evening}/settlement").data.decode()


def test_a_room_whose_tables_leave_nothing_says_so_beside_fees_owed(client, app):
    # An l'Hombre table opened, no coup played: every net is 0, nobody pays anybody; the
    # two fees left (2 × 2.50: Anne paid hers) are owed all the same, so the room no
    # longer says that nobody owes anything above the list that says they do.
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-03")
    players = {"player0": "Anne", "player1": "Bruno", "player2": "Chloé"}
    opened = client.post(f"/games/new?evening={evening}", data={**NEW_GAME, **players})
    assert opened.status_code == 302, opened.data.decode()[-1500:]
    page = client.get(f"/evenings/{evening}/settlement").data.decode()
    assert 'id="pays"' in page and "Nobody owes anything." in page  # no fee yet
    charge_and_pay(client, app, club, who=("Anne", "Bruno", "Chloé"))
    page = client.get(f"/evenings/{evening}/settlement").data.decode()
    assert "2 members still owe €5.00 of these fees in all." in page
    assert "Its tables leave nothing to pay." in page
    assert "Nobody owes anything." not in page
