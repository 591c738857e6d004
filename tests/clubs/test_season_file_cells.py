"""The season's CSV leaves a member's cells of a game they never played empty: Chloé, who sat
only at a Manillen table, has no chips, and the chip columns read 0 for her (0 says she
broke even, and a spreadsheet's AVERAGE of the nets counted her); Eve, who sat only at chips,
read 0 manillen points. The column keys stay as they are (tools read them).

The chip table is the seed (docs/rules/hombre.md §10): Anne −72, Bruno −9, Eve +81, at the
club's 0.05 EUR a chip −3.60, −0.45, +4.05. The Manillen of four (docs/rules/manille.md):
Nous (Anne, Chloé) take 40 of the 60 card points and mark 40 − 30 = 10, Eux (Bruno, Denis) 0.
"""

from __future__ import annotations

import csv
import io

from test_club_points import FOUR, manillen_table
from test_clubs import new_club, new_evening, seed_table

CHIPS = ("evenings", "coups", "as_hombre", "outcomes", "won", "lost", "net", "per_100_coups")
MANILLEN = ("manillen_evenings", "manillen_tables", "manillen_points")


def season_rows(client, club: int, query: str = "") -> dict[str, dict[str, str]]:
    text = client.get(f"/clubs/{club}/season.csv{query}").data.decode("utf-8-sig")
    rows = csv.DictReader(io.StringIO(text), delimiter=";" if query else ",")
    return {row[next(iter(row))]: row for row in rows}


def test_a_game_a_member_never_played_is_empty_in_the_season_file(client, app):
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-03")
    seed_table(client, evening, "Anne", "Bruno", "Eve")
    manillen_table(client, evening, FOUR, [("pique", 40)])
    rows = season_rows(client, club)
    for name in ("Chloé", "Denis"):  # points only: no chips, not 0 chips
        assert [rows[name][key] for key in (*CHIPS, "money")] == [""] * 9
    assert [rows["Chloé"][key] for key in MANILLEN] == ["1", "1", "10"]
    assert [rows["Denis"][key] for key in MANILLEN] == ["1", "1", "0"]  # 0: they played, Eux
    # chips only: no manillen points, not 0 points
    assert [rows["Eve"][key] for key in MANILLEN] == ["", "", ""]
    # who played keeps their figures, 0 among them (Bruno's 0 manillen points are theirs)
    assert (rows["Anne"]["evenings"], rows["Anne"]["net"], rows["Anne"]["money"]) == (
        "1",
        "-72",
        "-3.60",
    )
    assert (rows["Eve"]["net"], rows["Eve"]["money"]) == ("81", "4.05")
    assert [rows["Bruno"][key] for key in MANILLEN] == ["1", "1", "0"]
    # the file for people: the same cells empty under its own headers
    people = season_rows(client, club, "?sep=semicolon")
    chloe = list(people["Chloé"].values())
    assert chloe[2:11] == [""] * 9 and chloe[11:] == ["1", "1", "10"]
    assert list(people["Eve"].values())[11:] == ["", "", ""]
    assert list(people["Anne"].values())[10] == "-3.60"  # an English reader's point
