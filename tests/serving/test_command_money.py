"""The command writes money as it writes the chips it comes from: a net's money with the
net's sign, a true minus (U+2212) below zero and + above (``rules.ledger.mark``, the one
home of a written sign), never the ASCII hyphen ``scorekeeper settle`` wrote beside it
("net −72 = -3.60 EUR"); a transfer's amount has no sign (it is paid, not owed).
"""

from __future__ import annotations

from notation import SEED
from test_cli import in_this_process, write
from test_seat_lines import HOMBRE


def test_settle_writes_a_nets_money_with_the_nets_sign(tmp_path, capsys):
    # The seed: A −72, B −9, C +81 chips (docs/rules.md); at 0.05 EUR a chip
    # −72 × 0.05 = −3.60, −9 × 0.05 = −0.45, +81 × 0.05 = +4.05.
    code, out, _ = in_this_process(capsys, "settle", write(tmp_path, SEED), "--chip-value", "0.05")
    assert code == 0
    assert "  A: net −72 = −3.60 EUR," in out
    assert "  B: net −9 = −0.45 EUR," in out
    assert "  C: net +81 = +4.05 EUR," in out
    assert "  A → C 72 = 3.60 EUR" in out and "  B → C 9 = 0.45 EUR" in out


def test_settle_writes_each_persons_money_with_his_sign(tmp_path, capsys):
    # test_seat_lines' l'Hombre (Denis takes over Bruno's seat from coup 5): persons Anne +39,
    # Bruno −30, Chloé −33, Denis +24 chips (its "By person"); at 0.05 EUR a chip
    # +39 × 0.05 = +1.95, −30 × 0.05 = −1.50, −33 × 0.05 = −1.65, +24 × 0.05 = +1.20.
    path = write(tmp_path, HOMBRE)
    code, out, _ = in_this_process(
        capsys, "settle", path, "--chip-value", "0.05", "--currency", "DKK"
    )
    assert code == 0
    persons = out[out.index("By person:") :].splitlines()[1:5]
    assert persons == [
        "  Anne: +39 = +1.95 DKK",
        "  Bruno: −30 = −1.50 DKK",
        "  Chloé: −33 = −1.65 DKK",
        "  Denis: +24 = +1.20 DKK",
    ]
    pays = out[out.index("Who pays whom, person by person:") :].splitlines()[1:]
    # Chloé → Anne 33 × 0.05 = 1.65, Bruno → Denis 24 × 0.05 = 1.20, Bruno → Anne 6 × 0.05 = 0.30
    assert pays == [
        "  Chloé → Anne 33 = 1.65 DKK",
        "  Bruno → Denis 24 = 1.20 DKK",
        "  Bruno → Anne 6 = 0.30 DKK",
    ]


def test_replay_writes_a_points_tables_counts_with_a_true_minus(tmp_path, capsys):
    # Manillen of three (docs/rules/manille.md): Anne deals and plays alone; taking 40 of the
    # 60 card points she marks twice 40 − 30 = +20, Bruno and Chloé once the other way, −10
    # each; the totals after one deal the same. The pages' sheet writes −10 (``minus``).
    three = {
        "format": "scorekeeper-game/1",
        "game": "manille",
        "players": ["Anne", "Bruno", "Chloé"],
        "first_dealer": "Anne",
        "rules": {"variant": "belge", "deals": 30, "sans_atout": 2},
        "coups": [{"trump": "pique", "points": 40}],
    }
    code, out, _ = in_this_process(capsys, "replay", write(tmp_path, three))
    assert code == 0
    deal = next(line for line in out.splitlines() if line.startswith("   1  "))
    assert deal.split()[-6:] == ["20", "−10", "−10", "20", "−10", "−10"]
    assert "-1" not in deal
