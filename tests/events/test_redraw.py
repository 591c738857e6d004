"""Anyone can draw an event's rounds again from its published results.json
(``scorekeeper redraw``): every round of every format is seated as the draw seats it.

The docs said anyone holding the seed could re-run a round; the app kept only the seed,
and a Swiss round's standing moves with every result corrected or penalty given after
its draw, so nobody could. Each round now keeps what its draw was asked (m027).
"""

from __future__ import annotations

import json
import sqlite3

import pytest
from test_events import FOUR, hombre_deal, new_event, open_table, post, ranking, sheet_deal, tables

from scorekeeper.cli import main
from scorekeeper.events.redraw import redraw

SWISS_PAIRS = {
    "kind": "manillen",
    "seating": "pairs",
    "format": "pairs",
    "swiss": "y",
    "method": "rank_points",
}


TEAMS = (
    "Anne; Club Nord; famille Dupont\nBert; Club Nord\nCarl; Club Sud; famille Dupont\n"
    "Dora; Club Sud\nEric; Club Est\nFrida; Club Est"
)
"""Six players of three teams, two of them "registered together" (a household)."""


def played(app, fields, names, deal):
    """Two rounds drawn and played through the director's and the tables' pages; then a
    penalty that changes the standing the Swiss round 2 was drawn by: results.json."""
    client = app.test_client()
    new_event(client, **fields)
    assert post(client, app, "players", names=names).status_code == 302
    for round_no in (1, 2):
        assert post(client, app, "draw").status_code == 302
        for n, link in enumerate(tables(client)):
            game = open_table(client, link)
            if deal == "hombre4":
                hombre_deal(client, game, (1, 2, 3))
            elif deal == "hombre3":
                hombre_deal(client, game, (0, 1, 2))
            else:  # the first table's Nous win more than the others'
                sheet_deal(client, game, trump="coeur", points=str(40 - 5 * n))
        if round_no == 1:
            assert post(client, app, "close", confirmed="1").status_code == 302
    _, standing = ranking(app)
    leader = standing.lines[0].player
    assert post(client, app, "penalty", player=leader, points="9", reason="r").status_code == 302
    data = client.get(f"/events/{standing.event.read_token}/results.json").get_json()
    assert "asked" in data["rounds"][0] and "asked" in data["rounds"][1]
    return data


@pytest.mark.parametrize(
    ("fields", "names", "deal"),
    [
        ({"kind": "hombre", "seating": "4", "method": "total"}, FOUR, "hombre4"),
        (SWISS_PAIRS, "Anne & Bert\nCarl & Dora\nEric & Frida\nGert & Hans", "manillen"),
        (
            {"kind": "hombre", "seating": "3", "method": "total", "format": "teams"},
            TEAMS,
            "hombre3",
        ),
    ],
    ids=["hombre-four-sit-out", "manillen-fixed-pairs-swiss", "hombre-teams-households"],
)
def test_every_round_is_drawn_again_as_it_was_played(app, fields, names, deal):
    data = played(app, fields, names, deal)
    checked = redraw(data)
    # the seed of round n is the event's (2027) plus n
    assert [(r.round, r.seed, r.same) for r in checked] == [(1, 2028, True), (2, 2029, True)]


def test_the_command_says_which_round_is_seated_otherwise(app, tmp_path, capsys):
    data = played(app, SWISS_PAIRS, "Anne & Bert\nCarl & Dora\nEric & Frida\nGert & Hans", "")
    path = tmp_path / "results.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    capsys.readouterr()
    assert main(["redraw", str(path)]) == 0
    said = capsys.readouterr().out.splitlines()
    assert said == [
        "round 1: drawn again with seed 2028: the same seats",
        "round 2: drawn again with seed 2029: the same seats",
    ]
    # a director who swapped two players of round 2 after the draw: the file says so
    seats = data["rounds"][1]["tables"][0]["players"]
    seats[0], seats[1] = seats[1], seats[0]
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["redraw", str(path)]) == 1
    said = capsys.readouterr().out
    assert "round 2: drawn again with seed 2029: OTHER SEATS" in said
    assert f"table 1: the draw seats {seats[1]}, {seats[0]}" in said
    # a round kept before m027 says nothing of what it was asked: not drawn again
    del data["rounds"][0]["asked"]
    data["rounds"][1]["tables"][0]["players"] = [seats[1], seats[0], *seats[2:]]
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["redraw", str(path)]) == 0
    assert capsys.readouterr().out.startswith("round 1: not drawn again")


@pytest.mark.parametrize(
    "text",
    [
        "[]",
        '{"rounds": 3}',
        '{"rounds": [{"tables": [{"players": "Anne"}]}]}',
        '{"rounds": [{"tables": [], "asked": {"players": [["A", "", ""]], "format": "x"}}]}',
        '{"rounds": [{"tables": [], "asked": {"players": [["A"]]}}]}',
        '{"rounds": [{"tables": [], "asked": {"players": [], "format": "individual",'
        ' "seating": "3", "seed": true}}]}',
        "not json",
    ],
)
def test_a_file_that_is_not_results_is_refused_in_one_line(tmp_path, capsys, text):
    path = tmp_path / "results.json"
    path.write_text(text, encoding="utf-8")
    assert main(["redraw", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and len(err.splitlines()) == 1


def test_the_results_file_says_who_shares_a_team_or_a_household_never_what_was_typed(app):
    """The public results file names no team in an individual event and, in a teams event,
    numbers the teams and the "registered together" marks: the draw reads only who shares
    one, and the event's public pages never showed a household (a hostile review found
    "famille Dupont", typed for the director, in the public file)."""
    fields = {"kind": "hombre", "seating": "3", "method": "total", "format": "teams"}
    data = played(app, fields, TEAMS, "hombre3")
    text = json.dumps(data, ensure_ascii=False)
    assert "famille Dupont" not in text and "Club Nord" not in [
        team for r in data["rounds"] for _, team, _ in r["asked"]["players"]
    ]
    players = {name: (team, mark) for name, team, mark in data["rounds"][0]["asked"]["players"]}
    # teams numbered by first appearance, households likewise, "" for none
    assert players["Anne"] == (*players["Bert"][:1], "1") and players["Bert"][1] == ""
    assert players["Carl"][1] == players["Anne"][1] != players["Carl"][0]
    assert players["Dora"][0] == players["Carl"][0] and players["Eric"][1] == ""
    assert redraw(data)[0].same is True


def test_a_junk_asked_row_leaves_the_event_readable(app):
    """A row of ``event_rounds.asked`` nested deeper than JSON can be read (a hand-edited
    database): the event's pages still answer, and its results file says nothing of what
    the round was asked (every page of the event once read it: a RecursionError, a 500)."""
    data = played(app, {"kind": "hombre", "seating": "4", "method": "total"}, FOUR, "hombre4")
    token = None
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        conn.execute("update event_rounds set asked = ?", ["[" * 100_000 + "]" * 100_000])
        conn.execute("update events set version = version + 1")  # no page kept from before
        token = conn.execute("select read_token from events").fetchone()[0]
    reader = app.test_client()
    for path in ("", "/results", "/wall", "/results.csv"):
        assert reader.get(f"/events/{token}{path}").status_code == 200, path
    found = reader.get(f"/events/{token}/results.json").get_json()
    assert all("asked" not in r for r in found["rounds"])
    assert len(found["rounds"]) == len(data["rounds"])
