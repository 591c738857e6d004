"""A member's short name typed at a club table seats him (issue 45's walk, point 3).

The club's page shows a member by his short name; typed at a table in any case, or with a
letter that reads the same (a Cyrillic В for B: the names rule, scorekeeper/names.py), it
must find him, never make a near-duplicate member that splits his money.
"""

from __future__ import annotations

import sqlite3

from test_clubs import club_version, new_club, new_evening, seed_table


def members(app, club: int) -> list[str]:
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        rows = conn.execute("select name from members where club_id = ? order by id", [club])
        return [name for (name,) in rows]


def test_a_short_name_typed_at_a_table_seats_the_member(client, app):
    club = new_club(client)
    data = {"name": "Bruno Dupont", "short_name": "Bruno", "version": club_version(app)}
    assert client.post(f"/clubs/{club}/members", data=data).status_code == 302
    evening = new_evening(client, app, club, "2026-11-27")
    seed_table(client, evening, "Anne", "bruno", "Chloé")
    seed_table(client, evening, "Denis", "\u0412RUNO", "Eve")  # a Cyrillic В, upper case
    assert members(app, club) == ["Bruno Dupont", "Anne", "Chloé", "Denis", "Eve"]
    # his two tables are his: the seed's −9 (table 1, seat 2) and −9 (table 2, seat 2)
    page = client.get(f"/evenings/{evening}/settlement").data.decode()
    assert 'Bruno Dupont</th><td class="num"><b>−18<' in page


def test_a_full_name_wins_over_another_members_short_name(client, app):
    """Anne's short name is "Chloé"; Chloé is a member: "chloé" typed is Chloé."""
    club = new_club(client)
    for name, short in (("Anne Martin", "Chloé"), ("Chloé", "")):
        data = {"name": name, "short_name": short, "version": club_version(app)}
        assert client.post(f"/clubs/{club}/members", data=data).status_code == 302
    evening = new_evening(client, app, club, "2026-11-27")
    seed_table(client, evening, "Anne Martin", "Bruno", "chloé")
    assert members(app, club) == ["Anne Martin", "Chloé", "Bruno"]
