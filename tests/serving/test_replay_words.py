"""``scorekeeper replay`` says contracts, outcomes, reasons and a bête's state in the
pages' words (``rules/hombre/words.py``, the catalogs' English), never by the file's keys
(``sans_prendre``, ``bete``); its ``--json`` report keeps the keys of game-file.md."""

from __future__ import annotations

import json
import re
from pathlib import Path

from test_cli import in_this_process

GOLDEN = Path(__file__).parents[1] / "golden"
KEYS = re.compile(r"\b[a-z]+_[a-z_]+\b|\((bete|chicoree|tourne)\)")
"""A file key in a line: a word with an underscore, or a key that lost its accent."""


def test_the_poule_says_its_words_and_the_json_keeps_its_keys(capsys):
    game = str(GOLDEN / "hombre-3-2.game.json")
    code, out, _err = in_this_process(capsys, "replay", game)
    assert code == 0
    assert KEYS.findall(out) == []
    # coup 1 (golden hombre-3-2): Anne's sans prendre lost by codille to Chloé
    assert "Anne sans prendre, tricks Anne 1 Bruno 1 Chloé 7 → codille by Chloé" in out
    assert "  Anne → Bruno 12 (sans prendre)" in out
    assert re.search(r"→ \w+ \d+ \(bête\)", out)  # a bête paid, as the fiche says it
    assert "\n  Tous passent\n" in out  # coup 2, as the table's page says it
    code, out, _err = in_this_process(capsys, "replay", game, "--json")
    first = json.loads(out)["coups"][0]  # the file's keys, as game-file.md says them
    assert (first["contract"], first["outcome"]) == ("sans_prendre", "codille")
    assert [t["reason"] for t in first["transfers"]][2:] == ["sans_prendre", "sans_prendre"]


def test_the_pot_games_say_their_words(capsys):
    for name in ("danois", "danois-dlu", "jetons"):
        code, out, _err = in_this_process(capsys, "replay", str(GOLDEN / f"{name}.game.json"))
        assert code == 0
        assert KEYS.findall(out) == [], name
    # danois coup 2 (golden): Anne's nolo pur lost by codille, paid as a nolo pur
    danois = in_this_process(capsys, "replay", str(GOLDEN / "danois.game.json"))[1]
    assert "Anne nolo pur, tricks Anne 2 Bruno 3 Chloé 4 → codille" in danois
    assert "  Anne → Chloé 6 (nolo pur)" in danois
