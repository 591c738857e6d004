"""A member's own page never adds the points of two games (play17).

docs/guide-organisers.md (the season): "Points of different games are never added together:
a manche of 34 and a manillen deal do not count alike." The room and the season keep each
game's points apart; the member's page (docs/ratings.md, "their points per evening") added
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
from scorekeeper.clubs.records import club as club_of
from scorekeeper.clubs.season import FIRST_DAY, LAST_DAY, season_rows
from scorekeeper.db import connect
from scorekeeper.ratings.club import club_ratings
from scorekeeper.ratings.history import member_history


def _two_games(client, app) -> tuple[int, int]:
    """The module docstring's evening: the club and Anne's member number."""
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-03")
    manille_table(client, evening)  # Anne, Fanny, Denis, Gilles: Anne's side 3
    manillen_table(client, evening, FOUR, [("pique", 40)])  # Anne and Chloé: 10
    db = connect(app.config["DATABASE"])
    try:
        return club, next(m.id for m in clubs.members(db, club) if m.name == "Anne")
    finally:
        db.close()


def test_a_members_evening_keeps_each_games_points_apart(client, app):
    club, anne = _two_games(client, app)
    page = client.get(f"/clubs/{club}/members/{anne}").get_data(as_text=True)
    row = page.split('id="evenings"')[1].split("</tbody>")[0]
    cells = [re.sub(r"<br>", " / ", c) for c in re.findall(r'<td class="num[^"]*">(.*?)</td>', row)]
    cells = [re.sub(r"<[^>]+>", "", c) for c in cells]
    assert cells[0] == "2"  # two tables
    assert "13" not in cells  # 3 + 10: two games' points added
    assert cells[-1] == "la Manille (classique): 3 / manillen (Belgian): 10"  # a line each
    # each chart titled by its game, in one sentence a translator may reorder
    assert "Points per evening — manillen (Belgian)" in page
    # one chart of points per game, each titled by its game
    assert "13" not in "".join(re.findall(r'id="chart-points[^"]*".*?</svg>', page, re.S))
    assert 'id="chart-points-manille"' in page and 'id="chart-points-manillen"' in page


def test_a_members_points_per_game_add_up_to_his_season(client, app):
    """The seam: their page's points of a game over their evenings are the season's points of
    that game for them (both read each table's points per member, ``member_results``), for
    every member, two games and two evenings. Hand values for Anne: the Manille 3 (above);
    the manillen 10 on the 3rd, and on the 10th Nous (Anne, Chloé) takes 45 of 60:
    45 − 30 = 15 (§6), so 10 + 15 = 25."""
    club = new_club(client)
    first = new_evening(client, app, club, "2026-11-03")
    manille_table(client, first)
    manillen_table(client, first, FOUR, [("pique", 40)])
    second = new_evening(client, app, club, "2026-11-10")
    manillen_table(client, second, FOUR, [("pique", 45)])
    db = connect(app.config["DATABASE"])
    try:
        found = club_of(db, club)
        assert found is not None
        season = {
            row.member.name: {key: record.points for key, record in row.points.items()}
            for row in season_rows(db, found, FIRST_DAY, LAST_DAY)
            if row.points
        }
        ratings = club_ratings(db, club)
        pages = {}
        for member in clubs.members(db, club):
            added: dict[str, int] = {}
            for line in member_history(db, ratings, member.id).evenings:
                for key, points in line.points.items():
                    added[key] = added.get(key, 0) + points
            if added:
                pages[member.name] = added
    finally:
        db.close()
    assert pages == season
    assert sorted(season["Anne"].values()) == [3, 25]  # two games, never 28


def test_points_below_zero_are_written_with_a_true_minus(client, app):
    """Manille belge at three, Anne alone, sans-atout contré (×4), 20 points: 10 under 30,
    ×4 = −80 for her, +40 each for the others (tests/web/test_web_sheets.py). Her member
    page's evenings table and chart, and the final sheet's "Who sat where" once Denis took
    Bruno's seat, write −80 as the pages write a count (``ledger.minus``): "-80" read as a
    hyphen beside the nets' "−72" (smoke17)."""
    from test_renamed_member_in_the_coup_flow import manille_of_three
    from test_take_seat import take

    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-03")
    game = manille_of_three(client, evening)
    coup = {"trump": "sans-atout", "contre": "contre", "points": "20"}
    assert client.post(game + "/sheet/coups", data=coup).status_code == 302
    assert take(client, game, "1", "Denis").status_code == 302
    db = connect(app.config["DATABASE"])
    try:
        anne = next(m.id for m in clubs.members(db, club) if m.name == "Anne")
    finally:
        db.close()
    page = client.get(f"/clubs/{club}/members/{anne}").get_data(as_text=True)
    assert "−80" in page and "-80" not in page
    sheet = client.get(game + "/settlement").get_data(as_text=True)
    people = sheet.split('id="people"')[1].split("</section>")[0]
    assert "<b>−80</b>" in people and "-80" not in people


def test_a_members_games_are_titled_by_the_seasons_one_line(client, app):
    """The member's page titled each game's points by a copy of the season's titles line
    (``web.clubs.ratings._kind_titles``); both now read ``web.clubs.season.kind_titles``:
    the season heads its tables, the comma file its columns and the member's page its lines
    and charts with the same words, here the two Manille games of the first test."""
    from scorekeeper.web.clubs.season import kind_titles

    club, anne = _two_games(client, app)
    with app.test_request_context(headers={"Accept-Language": "en"}):
        titles = kind_titles({"manille", "manillen"})
        every = kind_titles()
    assert titles == {"manille": "la Manille (classique)", "manillen": "manillen (Belgian)"}
    assert list(titles) == [k for k in every if k in titles]  # the app's order of kinds
    season = client.get(f"/clubs/{club}/season").get_data(as_text=True)
    page = client.get(f"/clubs/{club}/members/{anne}").get_data(as_text=True)
    for title in titles.values():
        assert f"{title}: points" in season
        assert f"Points per evening — {title}" in page
