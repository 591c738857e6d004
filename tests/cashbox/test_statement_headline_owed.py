"""A statement's headline says whom the balance is owed to, in every state of an evening.

Found by a treasurer's play-through (owed21): with the evening "Mardi" open, Chloé's
statement said "Chloé Martin doit 5,35 € au club." where the cash box said "Qui doit au
club : Chloé Martin 2,50 €": 2,85 € of it was her loss on Mardi, settled on its room with
its winner, not with the club. The club is owed what the box settles (``Accounts.payable``)
and each open evening's room what is left of it (``Accounts.open_left``); the headline says
the balance in all and then where each part is settled, as the box and the room say them.

The seed (docs/rules/hombre.md §10) at 0.05 € a chip: Anne −72 chips = −3.60 €, Bruno −9
= −0.45 €, Chloé +81 = +4.05 €; an evening fee of 2.50 € to each of the three.
"""

from __future__ import annotations

import re

from test_clubs import club_version, new_club, seed_table
from test_one_purse_web import ids
from test_settlement import pdf_text
from test_walk_money import typed_payment

TITLE = "Tuesday"


def evening_titled(client, app, club: int, day: str) -> int:
    data = {"date": day, "title": TITLE, "version": club_version(app)}
    response = client.post(f"/clubs/{club}/evenings", data=data)
    assert response.status_code == 302, response.data.decode()[-500:]
    return int(response.headers["Location"].rsplit("/", 1)[1])


def plain(text: str) -> str:
    """Tags dropped, spaces of every kind one space."""
    text = re.sub(r"<[^>]+>", " ", text)
    return " ".join(text.replace("\u202f", " ").replace("\xa0", " ").split())


def says(client, club: int, member: int, language: str = "en") -> str:
    """What the statement says under its lines: its headline and where it is settled."""
    page = client.get(
        f"/clubs/{club}/members/{member}/statement", headers={"Accept-Language": language}
    ).text
    start = page.index('<p id="balance"')
    return plain(page[start : page.index('<p class="chain', start)])


def owing(client, club: int) -> str:
    """The cash box's *Who owes the club*, as the page says it."""
    page = client.get(f"/clubs/{club}/cash").text
    if 'id="owing"' not in page:
        return ""
    start = page.index('id="owing"')
    return plain(page[start : page.index("</table>", start)])


def fee_to_all(client, app, club: int, members: list[int]) -> None:
    data = {"kind": "fee_evening", "member": [str(m) for m in members], "amount": "2,50"}
    data |= {"on": "2026-11-30", "version": club_version(app)}
    assert client.post(f"/clubs/{club}/cash/fees", data=data).status_code == 302


def test_the_headline_says_the_room_apart_open_closed_paid_reopened(client, app, tmp_path):
    club = new_club(client)
    evening = evening_titled(client, app, club, "2026-11-30")
    seed_table(client, evening, "Anne", "Bruno", "Chloé")
    member = ids(app)
    anne, chloe = member["Anne"], member["Chloé"]
    fee_to_all(client, app, club, [anne, member["Bruno"], chloe])
    label = f"the evening of November 30, 2026 — {TITLE}, not closed"

    # open: Anne −3.60 on the room, −2.50 fee at the box; in all 3.60 + 2.50 = 6.10
    said = says(client, club, anne)
    assert said.startswith("In all, Anne owes €6.10.")
    assert f"On the room of {label}, Anne owes €3.60." in said
    assert "At the cash box, Anne owes the club €2.50." in said
    assert "owes the club €6.10" not in said  # the club is owed the box's 2.50 alone
    assert "Anne €2.50" in owing(client, club)  # the cash box says the same 2.50
    # Chloé: +4.05 on the room, −2.50 at the box; in all 4.05 − 2.50 = +1.55
    said = says(client, club, chloe)
    assert said.startswith("In all, Chloé is owed €1.55.")
    assert f"On the room of {label}, Chloé is owed €4.05." in said
    assert "At the cash box, Chloé owes the club €2.50." in said
    assert "The club owes Chloé" not in said  # the room's winners pay her, not the club
    # the PDF prints the page's words
    pdf = client.get(f"/clubs/{club}/members/{anne}/statement.pdf")
    printed = " ".join(pdf_text(pdf.data, tmp_path).split())
    assert "In all, Anne owes €6.10." in printed
    assert "At the cash box, Anne owes the club €2.50." in printed
    # in French, as the play-through read it
    said = says(client, club, anne, "fr")
    assert said.startswith("Au total, Anne doit 6,10 €.")
    assert "Sur la salle de la soirée du 30 novembre 2026 — Tuesday, non close, Anne doit" in said
    assert "À la caisse, Anne doit 2,50 € au club." in said

    # closed: all of it posted, all of it the club's: 3.60 + 2.50 = 6.10; 4.05 − 2.50 = 1.55
    close = {"version": club_version(app), "confirmed": "1"}
    assert client.post(f"/evenings/{evening}/close", data=close).status_code == 302
    assert says(client, club, anne) == "Anne owes the club €6.10."
    assert "Anne €6.10" in owing(client, club)
    assert says(client, club, chloe) == "The club owes Chloé €1.55."

    # paid: Anne pays her 6.10 at the box
    assert typed_payment(client, app, club, anne, "6,10").status_code == 302
    assert says(client, club, anne) == "The club and Anne owe each other nothing."

    # reopened: her 6.10 settled the fee (2.50) and then the evening (3.60): nothing left on
    # either; Chloé's 4.05 is on the room again (the box holds Anne's 3.60 for it), her fee
    # of 2.50 still at the box: 4.05 − 2.50 = 1.55 in all
    assert client.post(f"/evenings/{evening}/reopen", data={"version": club_version(app)})
    assert says(client, club, anne) == "The club and Anne owe each other nothing."
    said = says(client, club, chloe)
    assert said.startswith("In all, Chloé is owed €1.55.")
    assert f"On the room of {label}, Chloé is owed €4.05." in said
    assert "At the cash box, Chloé owes the club €2.50." in said
    for language, headline, box in (
        ("fr", "Au total, on doit 1,55 € à Chloé.", "À la caisse, Chloé doit 2,50 € au club."),
        ("da", "I alt har Chloé 1,55 € til gode.", "I kassen skylder Chloé 2,50 € til klubben."),
        ("nl", "In totaal heeft Chloé € 1,55 tegoed.", "In de kas is Chloé de club € 2,50"),
    ):
        said = says(client, club, chloe, language)
        assert said.startswith(headline) and box in said, (language, said)


def test_at_nil_in_all_the_headline_says_the_balance_not_that_nobody_owes(client, app):
    """Chloé +4.05 on the open room, a charge of 4.05 at the box: nil in all, but the box
    asks her 4.05 and the room pays her 4.05 (4.05 − 4.05 = 0)."""
    club = new_club(client)
    evening = evening_titled(client, app, club, "2026-11-30")
    seed_table(client, evening, "Anne", "Bruno", "Chloé")
    chloe = ids(app)["Chloé"]
    data = {"kind": "charge", "member": str(chloe), "amount": "4,05", "on": "2026-11-30"}
    assert (
        client.post(
            f"/clubs/{club}/cash/entries", data={**data, "version": club_version(app)}
        ).status_code
        == 302
    )
    said = says(client, club, chloe)
    assert said.startswith("In all, the balance of Chloé is nil.")
    assert "Chloé is owed €4.05." in said
    assert "At the cash box, Chloé owes the club €4.05." in said
    assert "owe each other nothing" not in said
