"""An event's table is won as its page says (fix29b): the games won place a Brou or a
classique table (``rules.placing``), its points stay the ``total`` figure and the raw tie-break.

The review's Brou, coups of Nous's card points 60, 60, 60, 60, 70, 0, 0, 60 (the rest of the
120 to Eux; docs/rules/brou.md §3, §4): Nous 60, 120, 180, 240, 310 ≥ 301 wins a partie with
Eux at 60 × 4 + 50 = 290 (≥ 150: a single one), the count starts again; then Eux 120, 240,
and 60 each: Nous 60, Eux 300, no partie. Parties 1–0: the table's page says Nous won the
match. The points of every coup (the event's tally, ``ended_tally``): Nous 310 + 60 = 370,
Eux 290 + 300 = 590. The event once gave the table to Eux: its ranking and the club's
ratings named different winners for the same evening's table.
"""

from __future__ import annotations

import html
import json
import sqlite3
from pathlib import Path

from test_events import new_event, open_table, post, ranking, seated, sheet_deal, tables

from scorekeeper.events.ranking import RoundPlay, TableResult, rank
from scorekeeper.events.results import results_json, table_result
from scorekeeper.events.settings import settings_from
from scorekeeper.rules.brou.engine import BrouCoup, BrouGame, BrouRules, replay
from scorekeeper.rules.kinds import kind_of, load_file
from scorekeeper.rules.kinds import replay as replay_any

PLAYERS = ("Anne", "Bert", "Carl", "Dora")  # Nous: Anne, Carl; Eux: Bert, Dora
NOUS, EUX = ("Anne", "Carl"), ("Bert", "Dora")
REVIEWED = (60, 60, 60, 60, 70, 0, 0, 60)
GOLDEN = Path(__file__).resolve().parents[1] / "golden"


def brou(points) -> TableResult:
    game = BrouGame(PLAYERS, BrouRules(), 0, tuple(BrouCoup(points=p) for p in points))
    return table_result(1, 1, replay(game), None)


def figures(table: TableResult, method: str) -> dict[str, object]:
    lines = rank(PLAYERS, [RoundPlay(1, (table,))], (), method)
    return {line.player: line.figure for line in lines}


def test_the_parties_won_place_the_table_its_points_stay_its_points():
    table = brou(REVIEWED)
    assert table.tally == (370, 590) and table.games == (1, 0) and table.placing == (1, 0)
    # total: each side's points (370, 590), as before; the win is Nous's all the same
    assert figures(table, "total") == dict.fromkeys(NOUS, 370) | dict.fromkeys(EUX, 590)
    # rank_points: Nous beat the one other side, 1; Eux none, 0 (Eux had 1 on main)
    assert figures(table, "rank_points") == dict.fromkeys(NOUS, 1) | dict.fromkeys(EUX, 0)
    assert figures(table, "win_pct") == dict.fromkeys(NOUS, 100) | dict.fromkeys(EUX, 0)
    lines = rank(PLAYERS, [RoundPlay(1, (table,))], (), "total")
    assert {line.player: (line.wins, line.raw) for line in lines} == dict.fromkeys(
        NOUS, (1, 370)
    ) | dict.fromkeys(EUX, (0, 590))


def test_a_partie_left_unfinished_is_a_drawn_table():
    # 60, 70, 65 (65 → 70): Nous 200, Eux 60 + 50 + 60 = 170, no partie: level, as its page says
    table = brou((60, 70, 65))
    assert table.tally == (200, 170) and table.placing == (0, 0)
    half = figures(table, "rank_points")["Anne"]
    assert figures(table, "rank_points") == dict.fromkeys(PLAYERS, half) and 2 * half == 1
    assert figures(table, "win_pct") == dict.fromkeys(PLAYERS, 50)


def test_a_game_of_its_points_is_placed_by_its_tally_as_before():
    # l'Hombre and the Belgian manillen win by their tally: their tables place as a table
    # made of the tally alone does (the ranking's own result, untouched); the classique by
    # its manches, the games its report counts
    for name in ("hombre-3-2", "jetons", "manille-belge-3", "manille-belge-4"):
        report = replay_any(load_file(_golden(name)))
        table = table_result(1, 1, report, None)
        assert table.games is None and table.placing == table.tally, name
        assert table.tally == tuple(kind_of(report).ended_tally(report)), name
        plain = TableResult(1, 1, table.players, table.tally)
        for one in table.players:
            assert table.win(one) == plain.win(one), (name, one)
            assert table.rank_points(one) == plain.rank_points(one), (name, one)
    classique = replay_any(load_file(_golden("manille-classique")))
    assert table_result(1, 1, classique, None).games == tuple(classique.manches)
    # and by the figures their golden outputs print (tests/golden/*.txt), not by a second
    # reading of the same tally: the jetons game ended Anne +95572, Bruno −94698, Chloé −874
    # (Anne beat two, Chloé one, Bruno none); the manillen of four ended Nous 276, Eux 296,
    # "Won by Eux" (Anne and Chloé are Nous, Bruno and Denis Eux)
    jetons = table_result(1, 1, replay_any(load_file(_golden("jetons"))), None)
    assert jetons.tally == (95572, -94698, -874)
    assert [jetons.rank_points(p) for p in ("Anne", "Bruno", "Chloé")] == [2, 0, 1]
    assert [jetons.win(p) for p in ("Anne", "Bruno", "Chloé")] == [1, 0, 0]
    four = table_result(1, 1, replay_any(load_file(_golden("manille-belge-4"))), None)
    assert four.tally == (276, 296) and four.players == ("Anne", "Bruno", "Chloé", "Denis")
    assert [four.win(p) for p in four.players] == [0, 1, 0, 1]


def test_results_json_keeps_its_keys_and_adds_the_placing():
    table = brou(REVIEWED)
    settings = settings_from({"kind": "brou", "seating": "pairs", "method": "win_pct"})
    lines = rank(PLAYERS, [RoundPlay(1, (table,))], (), "win_pct")
    data = results_json("Cup", settings, 7, lines, [RoundPlay(1, (table,))])
    (row,) = data["rounds"][0]["tables"]
    assert row == {
        "table": 1,
        "players": list(PLAYERS),
        "tally": [370, 590],
        "finished": False,
        "placing": [1, 0],
    }
    assert [(r["player"], r["figure"], r["wins"]) for r in data["ranking"][:2]] == [
        ("Anne", 100, 1),
        ("Carl", 100, 1),
    ]


def brou_event_table(client, app, coups) -> str:
    """An event of two pairs at Brou (``PLAYERS``), round 1 drawn, its one table's sheet
    given Nous's card points of each of ``coups``: the table's page."""
    new_event(client, kind="brou", seating="pairs", method="win_pct")
    assert post(client, app, "players", names="\n".join(PLAYERS)).status_code == 302
    assert post(client, app, "draw").status_code == 302
    (link,) = tables(client)
    game = open_table(client, link)
    for points in coups:
        sheet_deal(client, game, points=str(points), save="1")
    return game


def test_an_events_brou_table_is_won_by_its_parties_locked_or_not(app):
    """Through the pages (a real SQLite file): the review's coups at an event's table of two
    pairs; its page's report says parties 1–0, the ranking gives Nous the win, and so it
    does once the director has locked the table on its tally of points."""
    client = app.test_client()
    game = brou_event_table(client, app, REVIEWED)
    report = seated(client, game)
    assert report["parties"] == {"nous": 1, "eux": 0}
    nous, eux = report["players"][0::2], report["players"][1::2]
    won = dict.fromkeys(nous, 100) | dict.fromkeys(eux, 0)
    lines, standing = ranking(app)
    assert standing.plays[0].tables[0].tally == (370, 590)
    assert {player: figure for _, player, figure in lines} == won
    assert post(client, app, "lock", round="1", table="1").status_code == 302
    lines, standing = ranking(app)
    assert standing.plays[0].tables[0].tally == (370, 590)  # the locked tally, its points
    assert {player: figure for _, player, figure in lines} == won
    # the results page (and the director's past rounds, the same line) says the parties that
    # place it beside its points: "370 · 590" alone read as a table won by Eux
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    said = "370 · 590 (parties: 1 · 0)"  # in the order of its sides: Nous won the partie
    results = client.get(f"/events/{standing.event.read_token}/results").text
    assert said in html.unescape(results)


def _golden(name: str) -> object:
    return json.loads((GOLDEN / f"{name}.game.json").read_text(encoding="utf-8"))


def test_a_locked_tally_of_another_shape_is_a_damaged_row_not_a_500(app):
    """A locked tally written behind the app with more numbers than its table's sides (four
    at a table of two pairs): the games place the sides, read by the tally's side, and the
    director's page raised an IndexError (review29). It is a row changed behind the app:
    409 naming it, as every such row."""
    client = app.test_client()
    brou_event_table(client, app, REVIEWED[:2])
    assert post(client, app, "lock", round="1", table="1").status_code == 302
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        conn.execute("drop trigger if exists event_tables_locked_checked")
        changed = conn.execute("update event_tables set locked = '[1, 2, 3, 4]'").rowcount
    conn.close()
    assert changed == 1
    answer = client.get("/events/1")
    assert answer.status_code == 409 and "event_tables" in answer.text
