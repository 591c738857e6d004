"""A member's own page never adds the points of two games (play17).

docs/guide-organisers.md (the season): "Points of different games are never added together:
a manche of 34 and a manillen deal do not count alike." The room and the season keep each
game's points apart; the member's page (docs/ratings.md, "his points per evening") added
them: Gaston, who sat at an Homme de Brou table (210) and a Manille table (66) on the same
evening, read 276 points for it, in the evenings table and in the chart.

Here Anne plays a classic Manille and a manillen table on one evening:
- the Manille (docs/rules/manille.md §3): Anne deals, a king turned gives her side (Nous)
  3 at once; Nous takes 28 of 68, Eux 40 marks 40 − 34 = 6: Anne's side has 3;
- the manillen (§6): Nous (Anne, Chloé) takes 40 of the 60 card points and marks
  40 − 30 = 10.
So 3 at the one and 10 at the other, never 13.
"""

from __future__ import annotations

import re

from test_club_points import FOUR, manillen_table
from test_clubs import manille_table, new_club, new_evening

from scorekeeper import clubs
from scorekeeper.db import connect


def test_a_members_evening_keeps_each_games_points_apart(client, app):
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-03")
    manille_table(client, evening)  # Anne, Fanny, Denis, Gilles: Anne's side 3
    manillen_table(client, evening, FOUR, [("pique", 40)])  # Anne and Chloé: 10
    db = connect(app.config["DATABASE"])
    try:
        anne = next(m.id for m in clubs.members(db, club) if m.name == "Anne")
    finally:
        db.close()
    page = client.get(f"/clubs/{club}/members/{anne}").get_data(as_text=True)
    row = page.split('id="evenings"')[1].split("</tbody>")[0]
    cells = [re.sub(r"<br>", " / ", c) for c in re.findall(r'<td class="num[^"]*">(.*?)</td>', row)]
    cells = [re.sub(r"<[^>]+>", "", c) for c in cells]
    assert cells[0] == "2"  # two tables
    assert "13" not in cells  # 3 + 10: two games' points added
    assert cells[-1] == "la Manille (classique) 3 / manillen (Belgian) 10"  # a line each
    # one chart of points per game, each titled by its game
    assert "13" not in "".join(re.findall(r'id="chart-points[^"]*".*?</svg>', page, re.S))
    assert 'id="chart-points-manille"' in page and 'id="chart-points-manillen"' in page
