"""A club night of points tables (issue 45.4): the room and the season show each member's
points, per game family, and say that points tables carry no money; a mixed evening shows
the chips and the points.

The manillen values are the rules' (docs/rules/manille.md): at four, the side that takes
more than 30 of the 60 card points marks what is above 30 (the other side nothing); at
three, the dealer plays alone and marks twice what is above (or below) 30, each of the
two others once, the other way. The chip table is the seed (docs/rules/hombre.md §10):
Anne −72, Bruno −9, Chloé +81.
"""

from __future__ import annotations

import csv
import io
import json
import re

import pytest
from test_clubs import new_club, new_evening, seed_table
from test_clubs_computed import club_with_evening

from scorekeeper import clubs, store
from scorekeeper.clubs.room import room_of
from scorekeeper.clubs.season import points_rows, season_rows
from scorekeeper.clubs.seats import newcomer_seated
from scorekeeper.rules.manille.belge import ManillenCoup, ManillenGame, ManillenRules
from scorekeeper.rules.seating import PLAYS_FOR, TAKES_OVER

FOUR = ("Anne", "Bruno", "Chloé", "Denis")


def manillen_table(client, evening: int, players, coups) -> str:
    """A manillen table of the evening (four: Nous = seats 0, 2; three: one each)."""
    data = {f"player{i}": name for i, name in enumerate(players)}
    data |= {"player3": players[3] if len(players) == 4 else ""}
    data |= {"first_dealer": "0", "create": "1", "variant": "belge"}
    response = client.post(f"/games/new/manille?evening={evening}", data=data)
    assert response.status_code == 302, response.data.decode()[-1500:]
    game = response.headers["Location"]
    for trump, points in coups:
        version = json.loads(client.get(game + "/version").data)["version"]
        data = {"version": str(version), "trump": trump, "points": str(points)}
        assert client.post(game + "/sheet/coups", data=data).status_code == 302
    return game


def points_of(page: str, key: str) -> dict[str, str]:
    start = page.index(f'id="points-{key}"')
    part = page[start : page.index("</table>", start)]
    return dict(re.findall(r'<th scope="row">([^<]+)</th><td class="num"><b>([^<]+)</b>', part))


def test_a_manillen_night_has_a_result_page(client, app):
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-03")
    # Nous (Anne, Chloé) takes 40: +10; then 20 (Eux 40): Eux +10; then 45: Nous +15
    manillen_table(client, evening, FOUR, [("pique", 40), ("coeur", 20), ("pique", 45)])
    # three: Eve deals and takes 40: +20, Fanny and Gilles −10 each
    manillen_table(client, evening, ("Eve", "Fanny", "Gilles"), [("pique", 40)])
    page = client.get(f"/evenings/{evening}/settlement").data.decode()
    # Nous 10 + 15 = 25 for each partner, Eux 10 for each; the three's table apart
    assert points_of(page, "manillen") == {
        "Anne": "25", "Chloé": "25", "Bruno": "10", "Denis": "10",
        "Eve": "20", "Fanny": "−10", "Gilles": "−10",
    }  # fmt: skip
    assert "Points tables carry no money" in page
    # no chip table: no empty members' table, no "nobody owes anything"
    assert 'id="members"' not in page and "Nobody owes anything" not in page
    pdf = client.get(f"/evenings/{evening}/settlement.pdf")
    assert pdf.status_code == 200 and pdf.data.startswith(b"%PDF")

    season = client.get(f"/clubs/{club}/season").data.decode()
    assert points_of(season, "manillen")["Anne"] == "25"
    assert "Points tables carry no money" in season
    assert "No game in these dates" not in season


def test_a_mixed_evening_and_the_season_show_chips_and_points(client, app):
    club = new_club(client)
    first = new_evening(client, app, club, "2026-11-03")
    seed_table(client, first, "Anne", "Bruno", "Chloé")  # Anne −72, Bruno −9, Chloé +81
    manillen_table(client, first, FOUR, [("pique", 40)])  # Nous (Anne, Chloé) +10
    page = client.get(f"/evenings/{first}/settlement").data.decode()
    members = page[page.index('id="members"') : page.index('id="pays"')]
    nets = dict(re.findall(r'<th scope="row">([^<]+)</th><td class="num"><b>([^<]+)</b>', members))
    assert nets["Chloé"] == "+81" and nets["Anne"] == "−72"  # the chips' table
    assert points_of(page, "manillen") == {"Anne": "10", "Chloé": "10", "Bruno": "0", "Denis": "0"}
    assert 'id="members"' in page and "Points tables carry no money" in page

    second = new_evening(client, app, club, "2026-11-10")
    manillen_table(client, second, FOUR, [("coeur", 20)])  # Eux (Bruno, Denis) +10
    text = client.get(f"/clubs/{club}/season.csv").text[1:]
    rows = {r["member"]: r for r in csv.DictReader(io.StringIO(text))}
    got = {
        name: (r["evenings"], r["net"], r["money"], r["manillen_evenings"],
               r["manillen_tables"], r["manillen_points"])
        for name, r in rows.items()
    }  # fmt: skip
    # Anne: one chip evening, −72 chips = −3.60 at 0.05; manillen 10 + 0 over 2 evenings.
    # Denis sat only at the manillen tables: in the season all the same, 0 + 10; no chips,
    # so their chip cells are empty (0 would say they broke even: test_season_file_cells).
    assert got == {
        "Anne": ("1", "-72", "-3.60", "2", "2", "10"),
        "Bruno": ("1", "-9", "-0.45", "2", "2", "10"),
        "Chloé": ("1", "81", "4.05", "2", "2", "10"),
        "Denis": ("", "", "", "2", "2", "10"),
    }
    season = client.get(f"/clubs/{club}/season").data.decode()
    chips = season[
        season.index('id="season"') : season.index("</table>", season.index('id="season"'))
    ]
    assert "Anne" in chips and "Denis" not in chips  # the chip games' table: who sat there
    assert set(points_of(season, "manillen")) == set(FOUR)


@pytest.mark.parametrize(
    ("way", "expected"),
    [
        # Eve takes over Anne's seat from deal 2: each keeps their own deals' points (Nous +10
        # in deal 1 is Anne's; Nous 0 + 15 in deals 2 and 3 is Eve's); Chloé sat all three
        (TAKES_OVER, {"Anne": 10, "Eve": 15, "Chloé": 25, "Bruno": 10, "Denis": 10}),
        # Eve plays for Anne: the seat's points stay Anne's; Eve sat for nothing of hers,
        # and has no table of her own (no points, no table, in the room and the season)
        (PLAYS_FOR, {"Anne": 25, "Chloé": 25, "Bruno": 10, "Denis": 10}),
    ],
)
def test_a_seat_taken_at_a_points_table_counts_person_by_person(db, way, expected):
    club, evening = club_with_evening(db)
    coups = (ManillenCoup("pique", points=40), ManillenCoup("coeur", points=20))
    game = ManillenGame(FOUR, ManillenRules()).with_coups(coups[:1])
    game_id = store.create(db, game, then=lambda db, g: clubs.add_table(db, evening, g, FOUR))
    store.take_seat(db, game_id, 0, "Eve", way, then=newcomer_seated)
    store.add_coup(db, game_id, coups[1])
    store.add_coup(db, game_id, ManillenCoup("pique", points=45))
    room = room_of(db, evening, club)
    (family,) = room.points
    assert {room.members[m].name: p for m, p in family.points.items()} == expected
    assert "Eve" in {room.members[m].name for m in room.players()}  # a fee would check her
    rows = season_rows(db, club, "0000-01-01", "9999-12-31")
    got = {m.name: p.points for m, p in points_rows(rows, "manillen")}
    assert got == expected
