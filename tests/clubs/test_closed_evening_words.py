"""What a closed evening and a club table's money say (the walk-through of 2026-11-27).

A new table asked of a closed evening answered "Something went wrong (error 409)"; it now
says why and leads back to the evening. A club table's "who pays whom" lists the evening's
transfers among its players (what is paid is paid for the evening): the page says so before
the list, where a loser at this table was shown being paid.
"""

from __future__ import annotations

from test_clubs import club_version, new_club, new_evening, seed_table


def test_a_closed_evening_says_why_it_takes_no_new_table(client, app):
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-27")
    seed_table(client, evening, "Anne", "Bruno", "Chloé")
    closed = {"version": club_version(app), "confirmed": "1"}
    assert client.post(f"/evenings/{evening}/close", data=closed).status_code == 302
    for path in ("/games/new", "/games/new/brou", "/games/new/manille"):
        answer = client.get(f"{path}?evening={evening}")
        page = answer.data.decode()
        assert answer.status_code == 409, path
        assert "This evening is closed: it takes no new table. Reopen it first." in page
        assert f'href="/evenings/{evening}"' in page and "error 409" not in page
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "fr"
    page = client.get(f"/games/new?evening={evening}").data.decode()
    assert "Cette soirée est clôturée\u202f: elle ne prend plus de nouvelle table." in page


def test_a_club_tables_who_pays_whom_says_it_is_the_evenings(client, app):
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-27")
    game = seed_table(client, evening, "Anne", "Bruno", "Chloé")
    page = client.get(game + "/settlement").data.decode()
    pays = page[page.index('id="pays"') :]
    said = pays.index("What is paid is paid for the whole evening")
    assert said < pays.index('<ul class="settle">')


def test_a_club_tables_settlement_offers_no_chip_value_of_its_own(client, app):
    """Its money is the club's: the table's chip value field showed empty beside the club's
    euros, and what it set was never used. No field; a value posted anyway is refused."""
    import sqlite3

    from web import version_of

    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-27")
    game = seed_table(client, evening, "Anne", "Bruno", "Chloé")
    page = client.get(game + "/settlement").data.decode()
    assert 'name="chip_value"' not in page and "−€3.60" in page  # the club's 0.05 €
    data = {
        "chip_value": "1",
        "currency": "EUR",
        "submit": "1",
        "version": version_of(client, game),
    }
    assert client.post(game + "/settlement", data=data).status_code == 409
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        row = conn.execute(
            "select chip_value from games where id = ?", [int(game.rsplit("/", 1)[1])]
        )
        assert row.fetchone()[0] is None
