"""A member's page in French: its count of tables by game keeps French typography.

The play-through of 2026-11-30 read "4 tables: L’Hombre 2 · l’Homme de Brou 2" on a
French member's page: the colon was the template's own, outside the catalog, so French
never had its narrow no-break space before it (docs/translations.md; "Soirées\u202f:"
everywhere else on the page, "Plus longue série\u202f: …" two lines below).
"""

from __future__ import annotations

import sqlite3

from test_clubs import manille_table, new_club, new_evening, seed_table


def test_a_members_tables_by_game_have_the_french_colon(client, app):
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-03")
    seed_table(client, evening, "Anne", "Bruno", "Chloé")
    manille_table(client, evening)  # Anne, Fanny, Denis, Gilles
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        anne = conn.execute("select id from members where name = 'Anne'").fetchone()[0]
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "fr"
    page = client.get(f"/clubs/{club}/members/{anne}").data.decode()
    # one l'Hombre table and one Manille table: 2 tables, one of each game
    assert "2 tables\u202f: L’Hombre 1 · la Manille 1" in page
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    page = client.get(f"/clubs/{club}/members/{anne}").data.decode()
    assert "2 tables: " in page and "2 tables\u202f:" not in page


def test_a_members_first_places_are_said_alike_for_everyone_in_french(client, app):
    """The French "Premier à 1 table" read as a man's for Chloé: a member's page cannot know the
    member's gender, so the French says the place, "Première place à 1 table"."""
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-03")
    seed_table(client, evening, "Anne", "Bruno", "Chloé")  # the seed: Chloé +81, first
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        chloe = conn.execute("select id from members where name = 'Chloé'").fetchone()[0]
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "fr"
    page = client.get(f"/clubs/{club}/members/{chloe}").data.decode()
    assert "Première place à 1 table" in page and "Premier" not in page
    assert "1 table de suite à la première place" in page
