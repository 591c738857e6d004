"""The 1709 poule's hand-over has its own reason (fix28b): when Denis takes B's (Bruno's) seat
over after coup 4 of the seed, B hands them the chips of their open bêtes, 72 + 108 = 180
(docs/rules.md, "Someone takes a seat"). The person-by-person journal's line said reason
``bete``, as if a bête had been paid: no bête was, both stay at stake. It says
``handed_over`` ("bêtes handed over", "bêtes remises"), in the journal (page, PDF, CSV) and
``scorekeeper replay``; the report's per-seat transfers, which never carried that line,
and the seats' stats that count the bêtes paid (``Reason.BETE``) are what they were."""

from __future__ import annotations

import csv
import io
import json

from notation import SEED
from test_cli import in_this_process, write
from test_paid_lines_pages import imported

from scorekeeper.rules import kinds
from scorekeeper.rules.hombre.paid import Paid, paid_lines

TAKEN = {
    **SEED,
    "rules": {**SEED["rules"], "take_over": True},
    "seat_changes": [{"coup": 5, "seat": "B", "player": "Denis", "way": "takes_over"}],
}
HANDED = Paid("B", "Denis", 180, "handed_over")  # B's bêtes 72 + 108 (3 chips a mark), coup 4


def test_the_hand_over_line_has_its_own_reason_and_the_seats_transfers_none():
    game, changes = kinds.load_seated(TAKEN)
    kind = kinds.kind_of(game)
    report = kind.replay(game)
    lines = paid_lines(kind, report, changes)
    assert HANDED in lines[3]  # in coup 4, after which Denis sat down
    assert not [p for coup in lines for p in coup if (p.payer, p.payee) == ("B", "Denis")][1:]
    reasons = {str(t.reason) for r in report.coups for t in r.transfers}
    assert "handed_over" not in reasons  # a person's line, never a seat's transfer
    plain = kinds.kind_of(game).replay(kinds.load_file({**SEED, "coups": SEED["coups"]}))
    assert kinds.dump_report(report)["coups"] == kinds.dump_report(plain)["coups"]


def test_the_command_says_it(tmp_path, capsys):
    path = write(tmp_path, TAKEN)
    code, text, _ = in_this_process(capsys, "replay", path)
    assert code == 0 and "  B → Denis 180 (bêtes handed over)" in text.splitlines()
    code, out, _ = in_this_process(capsys, "replay", "--csv", path)
    journal = list(csv.reader(io.StringIO(out)))
    assert [row[-4:] for row in journal if row[-4:-2] == ["B", "Denis"]] == [
        ["B", "Denis", "180", "handed_over"]
    ]


def test_the_settlement_says_it_in_every_language(client, tmp_path):
    from test_settlement import pdf_text

    game = imported(client, TAKEN)
    said = {
        "en": "B → Denis 180 (bêtes handed over)",
        "fr": "B → Denis 180 (bêtes remises)",
        "da": "B → Denis 180 (afleverede bet)",
        "nl": "B → Denis 180 (overgedragen bêtes)",
    }
    for language, line in said.items():
        sheet = client.get(game + "/settlement", headers={"Accept-Language": language}).text
        journal = sheet[sheet.index('class="journal-table"') :]
        assert line in journal, (language, journal[:3000])
    printed = " ".join(pdf_text(client.get(game + "/settlement.pdf").data, tmp_path).split())
    assert "4 (108) B demande: remise; bête made: 108 · bêtes handed over: B→Denis 180 ·" in printed
    rows = client.get(game + "/journal.csv?sep=semicolon", headers={"Accept-Language": "fr"})
    found = [r for r in csv.reader(io.StringIO(rows.text), delimiter=";") if "Denis" in r[-4:-2]]
    assert [r[-4:] for r in found if r[-4] == "B"] == [["B", "Denis", "180", "bêtes remises"]]
    # the report's per-seat transfers keep their keys and reasons (game-file.md)
    transfers = [
        t
        for c in json.loads(client.get(game + "/report.json").data)["coups"]
        for t in c["transfers"]
    ]
    assert all(t["reason"] != "handed_over" for t in transfers)
