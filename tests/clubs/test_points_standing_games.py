"""The room's and the season's points standings place a member as their tables are placed
(fix30b): a game won by games (l'Homme de Brou by its parties, la Manille classique by its
manches: ``rules.placing``) lists its members by the games they won, then by their points.
The room listed an unfinished Brou's leaders, by their points, above the team that won the
match 2 parties to 0.

The figures, by the rules (docs/rules/brou.md §3–4, docs/rules/manille.md §3–4):

- **Brou to 2 parties** (Anne, Bruno, Chloé, Denis; Nous = Anne and Chloé, Eux = Bruno and
  Denis), Nous's card points 60, 40, 120, 116: Nous 60, 100, 220, then 220 + 116 = 336
  (the coup that reaches 301 counts unrounded); Eux 60, 60 + 80 = 140, 140 + 0, 140 + 0
  (120 − 116 = 4, rounded to 0). Nous reaches 301 with Eux at 140 < 150: a double partie,
  2 parties, and the match to 2 is won 2–0.
- **Brou unfinished at 200–170** (Bruno, Eve, Denis, Fanny; Nous = Bruno and Denis), Nous's
  card points 60, 70, 65: Nous 60 + 70 + 70 = 200, Eux 60 + 50 + 60 = 170 (65 → 70,
  55 → 60), no partie won.
- **Classique sèche** (Gaston, Hélène, Ivan, Julie; Nous = Gaston and Ivan): Nous 20 of 68,
  Eux 48 marks 48 − 34 = 14; then Nous 68 marks 34: the manche (and the partie sèche) to
  Nous, 1 manche to 0, points 34 to 14.
- **Classique unfinished** (Hélène, Karl, Julie, Léa; Nous = Hélène and Julie): Nous 64 of
  68 marks 30 < 34: no manche won, 30 to 0.
"""

from __future__ import annotations

import csv
import io
import re

import pytest
from test_clubs import new_club, new_evening
from test_clubs_computed import club_with_evening, table

from scorekeeper import clubs, store
from scorekeeper.clubs.room import room_of
from scorekeeper.clubs.season import points_rows, season_rows
from scorekeeper.clubs.seats import newcomer_seated
from scorekeeper.db import connect
from scorekeeper.rules.brou.engine import BrouCoup, BrouGame, BrouRules
from scorekeeper.rules.manille.classique import ManilleCoup, ManilleGame, ManilleRules
from scorekeeper.rules.seating import PLAYS_FOR, TAKES_OVER

WON_2_0 = tuple(BrouCoup(points=p) for p in (60, 40, 120, 116))


def brou_won_2_0() -> BrouGame:
    return BrouGame(("Anne", "Bruno", "Chloé", "Denis"), BrouRules(parties_to_win=2), 0, WON_2_0)


def brou_200_170() -> BrouGame:
    coups = tuple(BrouCoup(points=p) for p in (60, 70, 65))
    return BrouGame(("Bruno", "Eve", "Denis", "Fanny"), BrouRules(), 0, coups)


def classique_won_1_0() -> ManilleGame:
    coups = (ManilleCoup(points=20), ManilleCoup(points=68))
    return ManilleGame(
        ("Gaston", "Hélène", "Ivan", "Julie"), ManilleRules(partie="seche"), 0, coups
    )


def classique_30_0() -> ManilleGame:
    players = ("Hélène", "Karl", "Julie", "Léa")
    return ManilleGame(players, ManilleRules(), 0, (ManilleCoup(points=64),))


# Brou: Anne and Chloé won 2 parties (336 points at 1 table); Bruno and Denis none, 140 + 200
# = 340 points at 2 tables; Eve and Fanny none, 170 at 1. By points Bruno and Denis came first.
BROU = [
    ("Anne", "2", "336", "1"), ("Chloé", "2", "336", "1"),
    ("Bruno", "0", "340", "2"), ("Denis", "0", "340", "2"),
    ("Eve", "0", "170", "1"), ("Fanny", "0", "170", "1"),
]  # fmt: skip
# the classique: Gaston and Ivan won 1 manche (34 points); Hélène and Julie none, 14 + 30 = 44
# at 2 tables; Karl and Léa none, 0. By points Hélène and Julie came first.
CLASSIQUE = [
    ("Gaston", "1", "34", "1"), ("Ivan", "1", "34", "1"),
    ("Hélène", "0", "44", "2"), ("Julie", "0", "44", "2"),
    ("Karl", "0", "0", "1"), ("Léa", "0", "0", "1"),
]  # fmt: skip
ROW = r'<tr><th scope="row">([^<]+)</th><td class="num"><b>([^<]+)</b></td>' + (
    r'<td class="num">([^<]+)</td>'
)


def standing(page: str, key: str, columns: int) -> list[tuple[str, ...]]:
    """The rows of the points table of the kind ``key``: name, games, points and the
    ``columns`` figures after them."""
    start = page.index(f'id="points-{key}"')
    part = page[start : page.index("</table>", start)]
    row = ROW + r'<td class="num">([^<]+)</td>' * columns
    return re.findall(row, part)


def test_the_rooms_points_are_placed_by_the_games_won(app, client):
    club_id = new_club(client)
    evening_id = new_evening(client, app, club_id, "2026-11-27")
    db = connect(app.config["DATABASE"])
    evening = clubs.evening(db, evening_id)
    assert evening is not None
    for game in (brou_won_2_0(), brou_200_170(), classique_won_1_0(), classique_30_0()):
        table(db, evening, game)
    club = clubs.club(db, club_id)
    assert club is not None
    room = room_of(db, evening, club)
    brou, classique = room.points
    assert [room.members[m].name for m in room.standing(brou, str)] == [r[0] for r in BROU]
    assert [room.members[m].name for m in room.standing(classique, str)] == [
        r[0] for r in CLASSIQUE
    ]
    assert {room.members[m].name: n for m, n in (brou.games or {}).items()} == {
        "Anne": 2, "Chloé": 2, "Bruno": 0, "Denis": 0, "Eve": 0, "Fanny": 0
    }  # fmt: skip
    db.close()
    page = client.get(f"/evenings/{evening_id}/settlement").text
    assert standing(page, "brou", 1) == BROU
    assert standing(page, "manille", 1) == CLASSIQUE
    # each game's column headed by its own games, not the chips' "Won"
    assert '<th class="num">Parties won</th>' in page and '<th class="num">Manches won</th>' in page
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "fr"
    french = client.get(f"/evenings/{evening_id}/settlement").text
    assert "Parties gagnées</th>" in french and "Manches gagnées</th>" in french
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    pdf = client.get(f"/evenings/{evening_id}/settlement.pdf")
    assert pdf.status_code == 200 and pdf.data.startswith(b"%PDF")


def test_the_seasons_points_are_placed_by_the_games_won(app, client):
    """The same tables over two evenings: the Brou won 2–0 and the classique sèche on the
    first, the unfinished ones on the second. Bruno, Denis, Hélène and Julie sat on both."""
    club_id = new_club(client)
    first = new_evening(client, app, club_id, "2026-11-20")
    second = new_evening(client, app, club_id, "2026-11-27")
    db = connect(app.config["DATABASE"])
    for evening_id, games in (
        (first, (brou_won_2_0(), classique_won_1_0())),
        (second, (brou_200_170(), classique_30_0())),
    ):
        evening = clubs.evening(db, evening_id)
        assert evening is not None
        for game in games:
            table(db, evening, game)
    club = clubs.club(db, club_id)
    assert club is not None
    rows = season_rows(db, club, "0000-01-01", "9999-12-31")
    found = [(m.name, p.games, p.points) for m, p in points_rows(rows, "brou")]
    assert found == [(name, int(games[-1]), int(points)) for name, games, points, _ in BROU]
    db.close()
    # evenings = tables here: one table an evening each
    page = client.get(f"/clubs/{club_id}/season").text
    assert standing(page, "brou", 2) == [(*r, r[3]) for r in BROU]
    assert standing(page, "manille", 2) == [(*r, r[3]) for r in CLASSIQUE]
    # the season's file: the keys of before, and the games won after each game's points
    text = client.get(f"/clubs/{club_id}/season.csv").text[1:]
    header = next(csv.reader(io.StringIO(text)))
    assert header[-8:] == [
        "brou_evenings", "brou_tables", "brou_points", "brou_games_won",
        "manille_evenings", "manille_tables", "manille_points", "manille_games_won",
    ]  # fmt: skip
    lines = {r["member"]: r for r in csv.DictReader(io.StringIO(text))}
    assert [lines[name]["brou_games_won"] for name, *_ in BROU] == ["2", "2", "0", "0", "0", "0"]
    assert lines["Bruno"]["brou_points"] == "340" and lines["Bruno"]["brou_evenings"] == "2"
    assert lines["Gaston"]["manille_games_won"] == "1" and lines["Gaston"]["brou_games_won"] == ""
    people = client.get(f"/clubs/{club_id}/season.csv?sep=semicolon").text[1:]
    heads = next(csv.reader(io.StringIO(people), delimiter=";"))
    assert "l'Homme de Brou: Parties won" in heads
    assert "la Manille (classique): Manches won" in heads


@pytest.mark.parametrize(
    ("way", "expected"),
    [
        # Gaston plays for Anne from coup 3: his coups are Anne's, so the 2 parties won at
        # coup 4 are hers and so are her seat's 336 points; he has no line of his own
        (
            PLAYS_FOR,
            [("Anne", 2, 336), ("Chloé", 2, 336), ("Bruno", 0, 140), ("Denis", 0, 140)],
        ),
        # Gaston takes Anne's seat over from coup 3: the parties won at coup 4 are his, with
        # 120 + 116 = 236 points; Anne keeps 60 + 40 = 100 and no partie. Chloé (2, 336) is
        # above him by the points; Anne below Bruno and Denis (0, 140)
        (
            TAKES_OVER,
            [
                ("Chloé", 2, 336), ("Gaston", 2, 236),
                ("Bruno", 0, 140), ("Denis", 0, 140), ("Anne", 0, 100),
            ],
        ),
    ],
)  # fmt: skip
def test_a_stand_ins_games_are_the_absent_members(db, way, expected):
    club, evening = club_with_evening(db)
    game = brou_won_2_0()
    game_id = store.create(
        db,
        game.with_coups(WON_2_0[:2]),
        then=lambda db, g: clubs.add_table(db, evening, g, game.players),
    )
    store.take_seat(db, game_id, 0, "Gaston", way, then=newcomer_seated)
    for coup in WON_2_0[2:]:
        store.add_coup(db, game_id, coup)
    room = room_of(db, evening, club)
    (family,) = room.points
    games = family.games or {}
    got = [(room.members[m].name, games[m], family.points[m]) for m in room.standing(family, str)]
    assert got == expected
    rows = season_rows(db, club, "0000-01-01", "9999-12-31")
    assert [(m.name, p.games, p.points) for m, p in points_rows(rows, "brou")] == expected
