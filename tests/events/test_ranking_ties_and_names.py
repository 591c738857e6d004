"""Issue 45, the tester's French 1709 event: the ranking before any deal, names in the
reader's alphabetical order.

Fourteen players at tables of 4 (the dealer sits out each deal) are drawn as two
tables of 4 and two of 3. Before any deal nobody has won, lost or played anything:
every figure the ranking uses is level, so by its own rule ("players still level
share the place") all fourteen are 1=. Players level on every figure are listed by
name: in French Élise comes before Noël (accents are ignored at first), in Danish Åse
comes after Zoé.
"""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from test_events import new_event, post, ranking

from scorekeeper.events.ranking import RoundPlay, TableResult, folded, in_name_order, rank

FOURTEEN = [
    "Noël Garnier",
    "Élise Fournier",
    "Hugo Martin",
    "Karine Roux",
    "Denis Petit",
    "Gisèle Blanc",
    "Alain Morel",
    "Bruno Faure",
    "Claire Henry",
    "Fanny Leroy",
    "Jules Moulin",
    "Léa Bonnet",
    "Marc Girard",
    "Zoé André",
]


def test_before_any_deal_everyone_shares_the_first_place(app):
    client = app.test_client()
    new_event(client, kind="hombre", seating="4", rounds="4", method="total")
    assert post(client, app, "players", names="\n".join(FOURTEEN)).status_code == 302
    assert post(client, app, "draw").status_code == 302
    lines, standing = ranking(app)
    sizes = sorted(len(t.players) for t in standing.plays[0].tables)
    assert sizes == [3, 3, 4, 4]  # the tester's draw: 14 = 4 + 4 + 3 + 3
    # Nothing played: figure 0, no win, no chips for anyone, at a table of 3 or of 4.
    assert {place for place, _player, _figure in lines} == {1}
    assert all(line.shared and line.wins == 0 and line.raw == 0 for line in standing.lines)
    # Listed by name, accents folded (the engine's order, the same for every reader).
    assert [player for _place, player, _figure in lines] == sorted(FOURTEEN, key=folded)
    # The director's page, in French: fourteen times "1=", Élise before Noël.
    page = client.get("/events/1", headers={"Accept-Language": "fr"}).text
    ranked = page[page.index('id="ranking-now"') :]
    assert len(re.findall(r">1=<", ranked)) == 14
    assert ranked.index("Élise Fournier") < ranked.index("Noël Garnier")


def test_a_table_with_no_deal_gives_no_win_share():
    """The figure that split them: a level table's win shared, ⅓ at a table of 3 against ¼
    at a table of 4, and the rank points of a level table (1 at 3, 1½ at 4)."""
    three = TableResult(1, 1, ("A", "B", "C"), (0, 0, 0), False, started=False)
    four = TableResult(1, 2, ("D", "E", "F", "G"), (0, 0, 0, 0), False, started=False)
    for method in ("total", "rank_points", "win_pct"):
        lines = rank(list("ABCDEFG"), [RoundPlay(1, (three, four))], method=method)
        assert {(line.place, line.shared, line.wins) for line in lines} == {(1, True, 0)}, method
    # A bye of a round no table has dealt in: no average yet, so no figure (win_pct: their mean
    # stays their 100 of round 1, as the others' stay theirs).
    won = TableResult(1, 1, ("A", "B", "C"), (5, -2, -3))
    waiting = RoundPlay(2, (TableResult(2, 1, ("B", "C", "D"), (0, 0, 0), started=False),), ("A",))
    lines = rank(list("ABCD"), [RoundPlay(1, (won,), ("D",)), waiting], method="win_pct")
    assert [(line.player, line.figure, line.rounds) for line in lines[:1]] == [
        ("A", 100, (100, None))
    ]
    # Once dealt, the same level tallies are a result: ⅓ of the win each at the table of 3.
    dealt = TableResult(1, 1, ("A", "B", "C"), (0, 0, 0))
    lines = rank(list("ABCDEFG"), [RoundPlay(1, (dealt, four))])
    assert [line.player for line in lines[:3]] == ["A", "B", "C"]
    assert lines[0].wins == Fraction(1, 3)


def test_level_players_are_listed_by_name_accents_folded_then_by_the_readers_collation():
    names = ["Zoé André", "Noël Garnier", "Åse Holm", "Élise Fournier", "Elise Dupont"]
    lines = rank(names, [])
    # É is E with an accent (Unicode's decomposition): Elise Dupont, Élise Fournier, Noël…
    assert [line.player for line in lines] == [
        "Åse Holm",  # Å folds to A for a reader with no language
        "Elise Dupont",
        "Élise Fournier",
        "Noël Garnier",
        "Zoé André",
    ]
    # A Danish reader's key puts Å after Z; the places do not move.
    danish = in_name_order(
        lines, lambda name: (name.startswith("Å"), folded(name)), lambda line: line.player
    )
    assert [line.player for line in danish][-1] == "Åse Holm"
    assert all(line.place == 1 for line in danish)


def test_each_reader_gets_the_names_of_a_shared_place_in_his_own_order(app):
    client = app.test_client()
    new_event(client, kind="hombre", seating="3", rounds="2", method="total")
    assert post(client, app, "players", names="Åse Holm\nZoé André\nAnne Berg").status_code == 302
    assert post(client, app, "draw").status_code == 302
    for language, order in (
        ("fr", ["Anne Berg", "Åse Holm", "Zoé André"]),  # French: accents ignored at first
        ("da", ["Anne Berg", "Zoé André", "Åse Holm"]),  # Danish: Å after Z
    ):
        for path in ("/events/1", f"/events/{read_token(app)}"):
            page = client.get(path, headers={"Accept-Language": language}).text
            ranked = page[page.index('id="ranking"') :]
            assert sorted(order, key=ranked.index) == order, (language, path)


def read_token(app):
    from scorekeeper.db import get_db
    from scorekeeper.events import records

    with app.app_context():
        found = records.event(get_db(), 1)
        assert found is not None
        return found.read_token


FIVE = {  # each reader's alphabetical order of the same five names
    "fr": ["Anne Berg", "Åse Holm", "Bo Lund", "Øjvind Krag", "Zoé André"],
    "da": ["Anne Berg", "Bo Lund", "Zoé André", "Øjvind Krag", "Åse Holm"],
}


@pytest.mark.parametrize("seed", ["2026", "2033"])  # Åse & Bo, Øjvind & Zoé sit out
def test_who_sits_out_is_listed_in_the_readers_order(app, seed):
    """Five players at tables of 3: one table, two sit out, named on the director's page,
    the seating of the wall, the slips and the results in the reader's alphabetical order."""
    client = app.test_client()
    new_event(client, kind="hombre", seating="3", rounds="2", method="total", seed=seed)
    assert post(client, app, "players", names="\n".join(FIVE["fr"])).status_code == 302
    assert post(client, app, "draw").status_code == 302
    token = read_token(app)
    for language, order in FIVE.items():
        for path in (
            "/events/1",
            "/events/1/slips",
            f"/events/{token}/wall",
            f"/events/{token}/results",
        ):
            page = client.get(path, headers={"Accept-Language": language}).text
            out = re.search(r"(?:Exempts\u202f:|Oversiddere:) ([^<]*)</p>", page)
            assert out is not None, (language, path)
            names = out.group(1).split(", ")
            assert len(names) == 2 and names == [n for n in order if n in names], (language, path)


def test_level_teams_share_their_place_as_players_do():
    """Teams are ranked by their players' figures summed; level teams share the place and
    say so ("1="), as every ranking (events.ranking.places): Gent 5 + 1 = 6 and Ieper 6
    share 1=, Brugge 2 is 3rd (the teams' table numbered them apart itself, with no "=")."""
    from scorekeeper.events.ranking import Line, place_text, team_ranking

    def line(player: str, figure: int) -> Line:
        return Line(1, False, player, figure, (figure,), 0, 0, 0)

    lines = [line("Anne", 5), line("Bert", 1), line("Carl", 6), line("Dora", 2)]
    teams = {"Anne": "Gent", "Bert": "Gent", "Carl": "Ieper", "Dora": "Brugge"}
    ranked = team_ranking(lines, teams)
    assert [(place_text(p, s), t, f) for p, s, t, f in ranked] == [
        ("1=", "Gent", 6),
        ("1=", "Ieper", 6),
        ("3", "Brugge", 2),
    ]
