"""A name's width in a column of text (``names.columns``) counts what a monospace line
shows: a decomposed accent (NFD: "e" + U+0301, as some keyboards and files send "é") and a
format character (a zero-width joiner) take no column. ``scorekeeper replay`` of a Manille
sheet whose dealers were typed in the two forms (Zoé composed, René decomposed) once pushed
the NFD dealer's figures one column left of the others'. (One name in both forms at one
table is one person twice, which a game file may not hold: ``names.first_clash``.)"""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path

from test_cli import in_this_process

from scorekeeper.names import columns, cut, left, right

GOLDEN = Path(__file__).parents[1] / "golden"
NFC, NFD = "Zoé", "Zoe\u0301"
RENE = "Rene\u0301"  # René, decomposed


def test_a_mark_and_a_joiner_take_no_column():
    assert unicodedata.normalize("NFC", NFD) == NFC and len(NFD) == 4
    assert columns(NFC) == columns(NFD) == 3  # Z, o, é
    assert columns("Ma\u200dx") == 3  # M, a, x: a zero-width joiner between two letters
    assert columns("Jean\u00ad-Luc") == 8  # a soft hyphen: J e a n - L u c
    assert columns("王小明") == 6  # still two a wide character
    assert left(NFD, 6) == NFD + "   " and right(NFD, 5) == "  " + NFD  # 6 − 3, 5 − 3
    assert cut(NFD + "!", 3) == NFD  # the mark stays on its letter


def test_the_replay_lines_up_a_name_in_either_form(capsys, tmp_path):
    data = json.loads((GOLDEN / "manille-classique.game.json").read_text())
    # seats 0 and 2 (Nous) named in the two forms: they deal coups 1, 3 and 5
    data |= {"players": [NFC, "Anne", RENE, "Denis"], "first_dealer": NFC}
    path = tmp_path / "zoe.game.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    code, out, _err = in_this_process(capsys, "replay", str(path))
    assert code == 0
    # composed, every character of a line is one column: each figure ends where it does on
    # the header's line and every other coup's
    lines = [unicodedata.normalize("NFC", x) for x in out.splitlines() if x[:4].strip().isdigit()]
    rene = unicodedata.normalize("NFC", RENE)
    assert [x.split()[1] for x in lines] == [NFC, "Anne", rene, "Denis", NFC, "Anne"]
    ends = [[m.end() for m in re.finditer(r"\d+", x)][:7] for x in lines]
    assert len(ends) == 6 and all(e == ends[0] for e in ends), "\n".join(lines)
