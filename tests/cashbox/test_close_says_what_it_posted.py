"""A close says what it posted, in a treasurer's words, from what the close knows (fix30a).

Closing again an evening reopened with nothing changed posts nothing, and the page said
"0 entries posted."; it now says that no result changed since it was last closed. When
something changed, the count of entries written (results and the reversals of those they
replace), as before; a club without a chip value posts nothing and says nothing of entries.

The club's chip is worth 0.25 €; its evening plays the seed's first six coups, then the
seventh (as test_paid_then_reopened): closed after six, the table stopped as "We stop here",
Anne −42, Bruno −69, Chloé +111 chips: −10.50, −17.25, +27.75 €; after the seventh, Anne
−72, Bruno −9, Chloé +81: −18.00, −2.25, +20.25 €.
"""

from __future__ import annotations

import html

from test_cashbox_web import ledger
from test_clubs import new_evening
from test_paid_then_reopened import club_at_a_quarter, six_coups, step
from web import SEED_COUPS, enter

DAY = "2026-11-30"
CLOSED = "The evening is closed: its tables take no more coups."


def said(client, evening: int) -> str:
    """The message on the evening's page, where a close comes back to."""
    page = client.get(f"/evenings/{evening}").data.decode()
    start = page.index(CLOSED)
    return html.unescape(page[start : page.index("<", start)])


def test_a_second_close_says_nothing_changed_or_what_it_posted(client, app):
    club = club_at_a_quarter(client)
    evening = new_evening(client, app, club, DAY)
    game = six_coups(client, evening)
    step(client, app, evening, "close")
    # one result a member: −1050, −1725, +2775 cents (−42, −69, +111 chips × 25)
    assert said(client, evening) == CLOSED + " 3 entries posted."
    first = [("Anne", "evening", -1050), ("Bruno", "evening", -1725), ("Chloé", "evening", 2775)]
    assert ledger(app) == first

    step(client, app, evening, "reopen")
    step(client, app, evening, "close")
    # stopped again where it stopped: the same −1050, −1725, +2775, nothing written
    assert said(client, evening) == (
        CLOSED + " No member's money changed since it was last closed: no entry posted."
    )
    assert ledger(app) == first

    step(client, app, evening, "reopen")
    assert enter(client, game, SEED_COUPS[6]).status_code in (200, 302)
    step(client, app, evening, "close")
    # each result moved (−1800, −225, +2025): each reversed and posted again, 3 + 3 rows
    assert said(client, evening) == CLOSED + " 6 entries posted."
    assert ledger(app)[3:] == [
        ("Anne", "reversal", 1050), ("Anne", "evening", -1800),
        ("Bruno", "reversal", 1725), ("Bruno", "evening", -225),
        ("Chloé", "reversal", -2775), ("Chloé", "evening", 2025),
    ]  # fmt: skip

    # in French too, from the catalog
    step(client, app, evening, "reopen")
    client.set_cookie("lang", "fr")
    step(client, app, evening, "close")
    page = client.get(f"/evenings/{evening}").data.decode()
    assert (
        "L’argent d’aucun membre n’a changé depuis sa dernière clôture\u202f: aucune écriture"
        " passée." in page
    )
    assert len(ledger(app)) == 9


def test_a_first_close_that_posts_nothing_says_why(client, app):
    """An evening whose table moved no chip (no coup played) posts no entry: "Nobody won or
    lost money at its tables", not "0 entries posted"."""
    club = club_at_a_quarter(client)
    evening = new_evening(client, app, club, DAY)
    step(client, app, evening, "close")
    assert said(client, evening) == (
        CLOSED + " Nobody won or lost money at its tables: no entry posted."
    )
    assert ledger(app) == []


def test_a_club_without_money_says_nothing_of_entries(client, app):
    data = {"name": "Sans argent", "chip_value": "", "currency": "", "submit": "1"}
    response = client.post("/clubs/new", data=data)
    assert response.status_code == 302
    club = int(response.headers["Location"].rsplit("/", 1)[1])
    evening = new_evening(client, app, club, DAY)
    six_coups(client, evening)
    step(client, app, evening, "close")
    page = client.get(f"/evenings/{evening}").data.decode()
    start = page.index(CLOSED)
    assert page[start : page.index("<", start)] == CLOSED
    assert "posted" not in page
    assert ledger(app) == []
