"""Fixed pairs with an odd one out: the draw sits them out of every round, by name (smoke24).

``units.make_units`` left the player without a partner out of its units and said so only in
a docstring ("an odd one out plays no round"): no table seated them and ``sitting_out`` did
not name them, so an event gave them no bye and ``scorekeeper draw`` printed nothing of them.
"""

from __future__ import annotations

from scorekeeper.cli import main
from scorekeeper.draw import Entrant, draw

PAIRS = [("Anne", "Bert"), ("Carl", "Dora"), ("Eric", "Frida"), ("Frans", "Paula")]


def test_the_partner_of_a_withdrawn_player_sits_out_every_round_by_name():
    # Frans withdrew: 3 pairs and Paula; 3 pairs seat one table of two pairs, one pair out
    present = [Entrant(n) for n in ("Anne", "Bert", "Carl", "Dora", "Eric", "Frida", "Paula")]
    made = draw(present, "pairs", 3, seed=24, fixed_pairs=PAIRS)
    for round_ in made.rounds:
        seated = {name for table in round_.tables for name in table.seats}
        assert "Paula" in round_.sitting_out and "Paula" not in seated
        # every name present is seated or sits out, once: 4 seated + 2 of a pair + Paula
        assert sorted([*seated, *round_.sitting_out]) == sorted(e.name for e in present)
    assert "Paula has no partner: sits out every round." in made.note


def test_the_command_names_the_odd_one_out_in_each_round(tmp_path, capsys):
    path = tmp_path / "players.txt"
    path.write_text("Anne & Bert\nCarl & Dora\nEls\n", encoding="utf-8")
    assert main(["draw", str(path), "--rounds", "2", "--seats", "pairs", "--seed", "3"]) == 0
    text = capsys.readouterr().out
    assert text.count("  Sitting out: Els\n") == 2  # one table a round, Els out of both
    assert "Els has no partner: sits out every round." in text
