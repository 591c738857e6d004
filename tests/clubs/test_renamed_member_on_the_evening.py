"""A member renamed after the evening reads under their new name on every club page of it.

The play-through of 2026-11-30: Céline Huet, renamed Céline Morel on the club's member
form, read "Céline Morel" in the room's members, its points and its l'Hombre table, and
"Céline Huet" in the teams line of her Brou table just below, on the evening's page and
its room settlement alike: one member under two names on one page. The club's pages name
members as they are now (docs/guide-organisers.md, "Rename and Merge … change a member's
name on the club's pages"), and so do the table's own pages since; its file keeps the names
played with.
"""

from __future__ import annotations

import sqlite3

from test_clubs import club_version, manille_table, new_club, new_evening


def test_a_renamed_member_is_named_anew_in_his_points_tables_teams_line(client, app):
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-03")
    game = manille_table(client, evening)  # Nous: Anne & Denis · Eux: Fanny & Gilles
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        fanny = conn.execute("select id from members where name = 'Fanny'").fetchone()[0]
    data = {"name": "Fanny Morel", "short_name": "", "version": club_version(app)}
    assert client.post(f"/clubs/{club}/members/{fanny}", data=data).status_code == 302
    for path in (f"/evenings/{evening}", f"/evenings/{evening}/settlement"):
        page = client.get(path).data.decode()
        assert "Eux: Fanny Morel &amp; Gilles" in page, path
        assert "Eux: Fanny &amp;" not in page, path
    # the game's own page names her as the evening does (one home for a member's name,
    # test_renamed_member_at_his_table.py); its file keeps the name she played under
    assert "Eux: Fanny Morel &amp; Gilles" in client.get(game).data.decode()
    assert "Fanny Morel" not in client.get(game + "/game.json").text
