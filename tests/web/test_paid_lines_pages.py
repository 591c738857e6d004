"""Every payment line of the pages names who paid (smoke 25): at a four-seat Danish table
where Hanne took Dorthe's seat over from coup 5, the pot Birthe won at coup 5 held Dorthe's
ante of coup 4; the leaver pays it (docs/rules/danois.md §3). The game page, the coups page,
the settlement's journal (page and PDF), the saved coup's message and the journal CSV said
"Hanne → Birthe 5"; each now says "Dorthe → Birthe 5", and the CSV summed by person is the
settlement's by-person figures.

The game and its arithmetic: tests/rules/test_paid_lines.py
(``test_the_leavers_ante_in_a_pot_won_by_another_is_paid_by_the_leaver``)."""

from __future__ import annotations

import csv
import io
import json
from collections import Counter

from test_paid_lines import FOUR, PASS, simple
from web import version_of

from scorekeeper.rules import kinds, seating

TRICKS = {"Birthe": 5, "Carl": 2, "Dorthe": 2}
GAME = {
    "format": "scorekeeper-game/1",
    "game": "hombre",
    "players": FOUR,
    "first_dealer": "Anders",
    "rules": {"accounting": "danois", "ante": 5, "rates": "texte"},
    "coups": [PASS] * 4 + [simple("Birthe", TRICKS)],
    "seat_changes": [{"coup": 5, "seat": "Dorthe", "player": "Hanne", "way": "takes_over"}],
}
EXPECTED = {"Anders": -10, "Birthe": 22, "Carl": -6, "Dorthe": -5, "Hanne": -1}
"""Anders −10; Birthe 10 + 5 + 5 + 1 + 1 = +22; Carl −5 − 1; Dorthe −5; Hanne −1."""


def imported(client, game=GAME):
    response = client.post("/games/import", data={"text": json.dumps(game)})
    assert response.status_code == 302, response.data[:500]
    return response.headers["Location"]


def test_every_page_names_the_leaver_for_his_ante(client, tmp_path):
    from test_settlement import pdf_text

    game = imported(client)
    words = client.get(game).data.decode()
    assert "Dorthe → Birthe <b>5</b>" in words and "Hanne → Birthe <b>5</b>" not in words
    assert "Hanne → Birthe <b>1</b>" in words  # her own rate as a defender
    coups = client.get(game + "/coups").data.decode()
    assert "Dorthe → Birthe <b>5</b>" in coups and "Hanne → Birthe <b>5</b>" not in coups
    sheet = client.get(game + "/settlement").data.decode()
    journal = sheet[sheet.index('class="journal-table"') :]
    assert "<br>Dorthe → Birthe 5 (" in journal and "Hanne → Birthe 5 (" not in journal
    printed = " ".join(pdf_text(client.get(game + "/settlement.pdf").data, tmp_path).split())
    assert "Dorthe→Birthe 5" in printed and "Hanne→Birthe 5" not in printed


def test_the_journal_csv_summed_by_person_is_the_by_person_standing(client):
    game = imported(client)
    rows = list(csv.DictReader(io.StringIO(client.get(game + "/journal.csv").data.decode())))
    total = Counter()
    for row in rows:
        total[row["from"].lstrip("\ufeff")] -= int(row["amount"])
        total[row["to"]] += int(row["amount"])
    assert dict(total) == EXPECTED
    played, changes = kinds.load_seated(GAME)
    kind = kinds.kind_of(played)
    assert seating.person_tally(kind, played, changes, kind.replay(played)) == EXPECTED


def test_the_saved_coups_message_names_the_leaver(client):
    game = imported(client, {**GAME, "coups": [PASS] * 4})
    # coup 5 through the form: Birthe (seat 1) jeu simple, Birthe 5, Carl 2, Hanne 2 (seat 3)
    data = {"hombre": "1", "contract": "jeu_simple", "t1": "5", "t2": "2", "t3": "2"}
    data |= {"version": version_of(client, game), "save": "1"}
    said = client.post(game + "/coups", data=data, follow_redirects=True).data.decode()
    assert "Paid: Anders → Birthe 10, Carl → Birthe 5, Dorthe → Birthe 5," in said
    assert "Hanne → Birthe 5" not in said
