"""The rounds of the results have one home: the rounds drawn (the standing's plays). The
page's and the PDF's ranking had a column for each, results.json listed them, while the CSV
files had a column for every round of the event, drawn or not (three columns and two
rounds, the third empty, beside a results.json of two)."""

from __future__ import annotations

import csv
import io

from test_event_corrections import _a_round_played
from test_events import hombre_deal, open_table, post, ranking, seated, tables
from test_settlement import pdf_text

from scorekeeper.web.events import public


def test_the_results_files_the_page_and_the_pdf_have_the_same_rounds(app, tmp_path, monkeypatch):
    monkeypatch.setattr(public, "FRESH", 0.0)  # the read pages see the latest standing
    client, game = _a_round_played(app)  # rank points; the event has 2 rounds
    hombre = seated(client, game)["players"][0]
    assert post(client, app, "close", confirmed="1").status_code == 302
    token = ranking(app)[1].event.read_token
    # Round 1 only drawn (of 2): one round in every file.
    data = client.get(f"/events/{token}/results.json").get_json()
    rows = list(csv.reader(io.StringIO(client.get(f"/events/{token}/results.csv").text)))
    people = client.get(f"/events/{token}/results.csv?sep=semicolon").text.lstrip("\ufeff")
    assert [r["round"] for r in data["rounds"]] == [1]
    assert rows[0] == ["place", "player", "round 1", "penalty", "figure"]
    assert people.splitlines()[0] == "Place;Player;Round 1;Correction;Total"
    # the hombre beat both defenders: 2 rank points in round 1, their figure 2
    line = next(r for r in data["ranking"] if r["player"] == hombre)
    assert line["rounds"] == [2] and line["figure"] == 2
    assert next(r for r in rows if r[1] == hombre) == ["1", hombre, "2", "0", "2"]
    # Round 2 drawn and played: two rounds everywhere, round by round alike.
    assert post(client, app, "draw").status_code == 302
    game_2 = open_table(client, tables(client)[0])
    hombre_deal(client, game_2, (0, 1, 2))
    data = client.get(f"/events/{token}/results.json").get_json()
    rows = list(csv.reader(io.StringIO(client.get(f"/events/{token}/results.csv").text)))
    assert [r["round"] for r in data["rounds"]] == [1, 2]
    assert rows[0] == ["place", "player", "round 1", "round 2", "penalty", "figure"]
    for line in data["ranking"]:  # each player's rounds, the same in both files
        row = next(r for r in rows if r[1] == line["player"])
        assert [float(f) for f in row[2:4]] == line["rounds"]
    page = client.get(f"/events/{token}/results").text
    assert "<th>R1</th><th>R2</th><th" in page and "<th>R3</th>" not in page
    printed = pdf_text(client.get(f"/events/{token}/results.pdf").data, tmp_path)
    header = next(line for line in printed.splitlines() if "Player" in line)
    assert header.split() == ["#", "Player", "R1", "R2", "Total"], header
