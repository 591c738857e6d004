"""Anyone can draw an event's rounds again from its published results.json
(``scorekeeper redraw``): every round of every format is seated as the draw seats it.

The docs said anyone holding the seed could re-run a round; the app kept only the seed,
and a Swiss round's standing moves with every result corrected or penalty given after
its draw, so nobody could. Each round now keeps what its draw was asked (m027).
"""

from __future__ import annotations

import json

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
    ],
    ids=["hombre-four-sit-out", "manillen-fixed-pairs-swiss"],
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
