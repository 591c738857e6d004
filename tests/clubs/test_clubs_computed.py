"""The room's settlement and the season computed from the database alone: no app, no request.

The chip tables play the seed's worked example (docs/rules/hombre.md §10),
whose nets are in its table: after coup 5 A −60, B −33, C +93; after
coup 7 A −72, B −9, C +81. Every sum below is added up by hand from those.
"""

from __future__ import annotations

import csv
import io
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from notation import SEED

from scorekeeper import clubs, store
from scorekeeper.clubs.room import Pay, room_of
from scorekeeper.clubs.season import SORTS, day, points_rows, season_rows, sort_name, sorted_rows
from scorekeeper.clubs.season_file import BOM, cell, season_csv
from scorekeeper.rules.kinds import load_file
from scorekeeper.rules.manille.classique import ManilleCoup, ManilleGame, ManilleRules
from scorekeeper.rules.money import Money


def seed(a: str, b: str, c: str, coups: int = 7) -> Any:
    """The seed's first ``coups`` coups, its seats A, B, C played by a, b, c."""
    names = {"A": a, "B": b, "C": c}
    played = []
    for item in SEED["coups"][:coups]:
        item = dict(item)
        if "hombre" in item:
            item["hombre"] = names[item["hombre"]]
            item["tricks"] = {names[k]: v for k, v in item["tricks"].items()}
        played.append(item)
    return load_file({**SEED, "players": [a, b, c], "coups": played})


def manille() -> ManilleGame:
    """A points table: one coup (a king turned, Eux takes 40 of 68)."""
    players = ("Anne", "Fanny", "Denis", "Gilles")
    return ManilleGame(players, ManilleRules(), 0, (ManilleCoup(retourne=3, points=28),))


def table(db, evening: clubs.Evening, game: Any) -> int:
    """The game as the evening's next table, its seats naming the club's members."""
    players = list(game.players)
    return store.create(db, game, then=lambda db, gid: clubs.add_table(db, evening, gid, players))


def club_with_evening(db, day: str = "2026-11-01") -> tuple[clubs.Club, clubs.Evening]:
    club_id = clubs.create(db, "Le Cercle", Money(Decimal("0.05"), "EUR"), None)
    found = clubs.club(db, club_id)
    assert found is not None
    evening = clubs.evening(db, clubs.create_evening(db, club_id, day, "", found.version))
    assert evening is not None
    return found, evening


def test_the_room_adds_each_members_nets_over_the_chip_tables_and_settles_them(db):
    club, evening = club_with_evening(db)
    table(db, evening, seed("Anne", "Bruno", "Chloé"))  # Anne −72, Bruno −9, Chloé +81
    table(db, evening, seed("Denis", "Eve", "Bruno", coups=5))  # Denis −60, Eve −33, Bruno +93
    table(db, evening, manille())  # a points table: listed, moves no chip
    room = room_of(db, evening, club)
    ids = {m.name: m.id for m in room.members.values()}
    name = {v: k for k, v in ids.items()}
    assert [t.no for t in room.tables] == [1, 2, 3]
    assert room.tables[1].nets == (-60, -33, 93) and room.tables[2].nets is None
    assert room.tables[2].members_nets() == []
    assert [name[m] for m in room.tables[2].seats] == ["Anne", "Fanny", "Denis", "Gilles"]
    # Bruno: −9 + 93 = +84; the others sit at one chip table (Fanny, Gilles at none).
    # Sum: −72 + 84 + 81 − 60 − 33 = 0. In the order first seated:
    assert [(name[m], n) for m, n in room.nets.items()] == [
        ("Anne", -72),
        ("Bruno", 84),
        ("Chloé", 81),
        ("Denis", -60),
        ("Eve", -33),
    ]
    # The cash box's pairing (between_members), the club's order (by name): the debts laid
    # end to end, Anne [0, 72), Denis [72, 132), Eve [132, 165); the credits, Bruno [0, 84),
    # Chloé [84, 165); a transfer wherever they overlap: Anne → Bruno 72, Denis → Bruno 12
    # ([72, 84)), Denis → Chloé 48 ([84, 132)), Eve → Chloé 33.
    assert [(name[p.payer], name[p.payee], p.amount) for p in room.pays] == [
        ("Anne", "Bruno", 72),
        ("Denis", "Bruno", 12),
        ("Denis", "Chloé", 48),
        ("Eve", "Chloé", 33),
    ]
    assert all(isinstance(p, Pay) for p in room.pays)


def test_a_merged_member_counts_for_the_one_kept(db):
    club, evening = club_with_evening(db)
    table(db, evening, seed("Anne", "Bruno", "Chloé"))  # Anne −72, Bruno −9, Chloé +81
    table(db, evening, seed("Denis", "Eve", "Bruno", coups=5))  # Denis −60, Eve −33, Bruno +93
    ids = {m.name: m.id for m in clubs.members(db, club.id)}
    version = clubs.club(db, club.id).version  # type: ignore[union-attr]
    clubs.merge(db, club.id, ids["Eve"], ids["Anne"], version)  # Eve is Anne, spelt otherwise
    room = room_of(db, evening, club)
    # Anne: −72 − 33 = −105; Bruno +84, Chloé +81, Denis −60 (sum 0)
    by_name = {room.members[m].name: n for m, n in room.nets.items()}
    assert by_name == {"Anne": -105, "Bruno": 84, "Chloé": 81, "Denis": -60}
    assert "Eve" not in {m.name for m in room.members.values()}


def test_the_clubs_by_name_and_those_this_browser_may_see(db):
    # the migration opened club 1, "Club", for the games before clubs
    ids = [clubs.create(db, name, None, None) for name in ("le Cercle", "Amis", "amis")]
    assert clubs.club_names(db, None) == [
        (ids[1], "Amis"),
        (ids[2], "amis"),
        (1, "Club"),
        (ids[0], "le Cercle"),
    ]
    assert clubs.club_names(db, {ids[0]}) == [(ids[0], "le Cercle")]
    assert clubs.club_names(db, set()) == []


def test_an_evening_without_tables_owes_nothing(db):
    club, evening = club_with_evening(db)
    room = room_of(db, evening, club)
    assert (room.tables, room.nets, room.pays) == ([], {}, [])


def two_evenings(db) -> clubs.Club:
    club, first = club_with_evening(db, "2026-11-01")
    table(db, first, seed("Anne", "Bruno", "Chloé"))
    table(db, first, seed("Denis", "Eve", "Bruno", coups=5))
    table(db, first, manille())  # no chips: its points, apart
    version = clubs.club(db, club.id).version  # type: ignore[union-attr]
    second = clubs.evening(db, clubs.create_evening(db, club.id, "2026-11-08", "", version))
    assert second is not None
    table(db, second, seed("Anne", "Bruno", "Eve"))  # Anne −72, Bruno −9, Eve +81
    return club


def test_the_season_adds_each_members_record_over_the_chip_tables(db):
    club = two_evenings(db)
    every = sorted_rows(season_rows(db, club, "0000-01-01", "9999-12-31"), "net")
    # the Manille's points (the sheet's "Nous 3 · Eux 6"), each their side's; Fanny and Gilles
    # sat only there: in the season, not among the chip games' rows
    assert [(m.name, p.columns()) for m, p in points_rows(every, "manille")] == [
        ("Fanny", (1, 1, 6)), ("Gilles", (1, 1, 6)), ("Anne", (1, 1, 3)), ("Denis", (1, 1, 3))
    ]  # fmt: skip
    rows = [r for r in every if r.chips]
    got = {r.member.name: (r.evenings, r.coups, r.taken, r.net) for r in rows}
    # the seed's hombre: coup 1 seat A, 2 B, 3 a pass, 4 B, 5 C, 6 B, 7 B:
    # 7 coups, as hombre A once, B four times, C once; its first 5: A 1, B 2, C 1.
    # Anne: A, A → 2 evenings, 7 + 7 = 14 coups, 1 + 1 = 2 as hombre, −72 − 72 = −144
    # Bruno: B, C (5 coups), B → 2 evenings (two tables of one count once),
    #   7 + 5 + 7 = 19 coups, 4 + 1 + 4 = 9, −9 + 93 − 9 = +75
    # Chloé: C → 1, 7, 1, +81; Denis: A (5 coups) → 1, 5, 1, −60
    # Eve: B (5 coups), C → 2, 5 + 7 = 12, 2 + 1 = 3, −33 + 81 = +48
    assert got == {
        "Anne": (2, 14, 2, -144),
        "Bruno": (2, 19, 9, 75),
        "Chloé": (1, 7, 1, 81),
        "Denis": (1, 5, 1, -60),
        "Eve": (2, 12, 3, 48),
    }
    assert [r.member.name for r in rows] == ["Chloé", "Bruno", "Eve", "Denis", "Anne"]
    assert all(r.won - r.lost == r.net for r in rows)
    # by coups taken, most first, equal ones by name: Bruno 9, Eve 3, Anne 2, Chloé 1, Denis 1
    by_taken = sorted_rows(rows, "taken")
    assert [r.member.name for r in by_taken] == ["Bruno", "Eve", "Anne", "Chloé", "Denis"]
    per_100 = {r.member.name: r.per_100 for r in rows}
    # −144 × 100 / 14 = −1028.57… → −1028.6; 7500 / 19 = 394.73… → 394.7; 4800 / 12 = 400
    assert per_100["Anne"] == Decimal("-1028.6") and per_100["Bruno"] == Decimal("394.7")
    assert per_100["Eve"] == Decimal("400.0")
    # from 2026-11-05: the second evening only, by name
    later = sorted_rows(season_rows(db, club, "2026-11-05", "9999-12-31"), "name")
    assert [(r.member.name, r.net) for r in later] == [("Anne", -72), ("Bruno", -9), ("Eve", 81)]


def test_the_season_as_a_csv_file(db):
    club = two_evenings(db)
    rows = sorted_rows(season_rows(db, club, "0000-01-01", "9999-12-31"), "name")
    text = season_csv(club, rows)
    assert text.startswith(BOM)
    lines = list(csv.DictReader(io.StringIO(text[len(BOM) :])))
    anne = lines[0]
    # −144 chips × 0.05 = −7.20
    assert (anne["member"], anne["net"], anne["per_100_coups"], anne["money"]) == (
        "Anne",
        "-144",
        "-1028.6",
        "-7.20",
    )
    assert cell("=1+1") == "'=1+1" and cell("-3") == "'-3" and cell("Anne") == "Anne"


@pytest.mark.parametrize(
    ("typed", "expected"),
    [("2026-11-05", "2026-11-05"), ("2026-13-45", "D"), ("x", "D"), ("9", "D"), ("", "D")],
)
def test_a_date_that_is_not_one_is_ignored(typed, expected):
    assert day(typed, "D") == expected


def test_an_unknown_sort_is_by_net():
    assert sort_name("\x00") == "net" and sort_name("per100") == "per100"
    assert set(SORTS) == {"name", "evenings", "coups", "taken", "won", "lost", "net", "per100"}


def test_the_clubs_modules_know_nothing_of_the_web():
    """The rows and the computations import neither Flask nor the pages (web/clubs draws)."""
    import ast

    import scorekeeper.clubs as package

    for path in Path(package.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            else:
                continue
            for module in names:
                assert not module.startswith(("flask", "werkzeug", "web")), (path.name, module)


# That the club's pages import no other blueprint is tests/shape/test_web_halves.py's
# test_blueprints_do_not_import_each_other (every view module of web/, these included).
