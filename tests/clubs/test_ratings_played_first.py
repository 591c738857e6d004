"""The ratings page shows first the games the club played (found by play15, 2026-11-30).

A Flemish café plays manillen only. Its ratings page listed l'Hombre and l'Homme de Brou
first, each "No table of this game yet.", and its own game third: on a phone (390 × 844)
the manillen table began at the bottom of the first screen. The games with tables come
first now, in the usual order; those without follow, still saying so. Each heading starts
with a capital, as a heading does ("L'Hombre" read beside "l'Homme de Brou", "manillen").
"""

from __future__ import annotations

import re

from test_club_points import FOUR, manillen_table
from test_clubs import new_club, new_evening


def test_a_manillen_club_sees_its_game_first(client, app):
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-27")
    manillen_table(client, evening, FOUR, [("pique", 40)])
    page = client.get(f"/clubs/{club}/ratings").data.decode()
    order = re.findall(r'<section class="card" id="ratings-(\w+)"', page)
    assert order[0] == "manille", order  # it read hombre, brou, manille
    assert sorted(order) == ["brou", "hombre", "manille"]  # the others still said
    headings = re.findall(r"<h2>(.*?)</h2>", page)
    assert headings and all(h[:1] == h[:1].upper() for h in headings), headings
