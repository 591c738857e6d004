"""`scorekeeper replay` names each coup by who played it: the one sitting at each seat in
that coup (``seating.seated``, the name the game page's coups and the story give them), not
the seat's first player. It named a newcomer's coups (Denis, who took Bruno's seat over from
coup 5) "Bruno deals", "Bruno → Chloé 3" though the game file records the change.

Who sits where, by hand from each file's ``seat_changes``: the dealer's seat turns one to
the left each coup (coup n: seat (n − 1) mod the seats, from the first dealer's).
"""

from __future__ import annotations

import json
from pathlib import Path

from test_cli import in_this_process, write
from test_seat_lines import HOMBRE, MANILLE

GOLDEN = Path(__file__).parent.parent / "golden"


def coup_block(out: str, n: int) -> list[str]:
    """An l'Hombre replay's lines of coup ``n``: its heading and its indented lines."""
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"Coup {n}:"))
    end = next(i for i in range(start + 1, len(lines)) if not lines[i].startswith("  "))
    return lines[start:end]


def test_an_hombre_replay_names_who_played_each_coup(tmp_path, capsys):
    # Seats Anne, Bruno, Chloé, Anne first to deal. Denis takes Bruno's seat over from coup 5,
    # Bruno plays for Anne in coup 6, Anne is back from coup 7.
    code, out, _ = in_this_process(capsys, "replay", write(tmp_path, HOMBRE))
    assert code == 0
    # coup 4: nobody has moved yet; Bruno's seat is Bruno's
    assert coup_block(out, 4)[1].startswith("  Bruno demande, tricks Anne 3 Bruno 2 Chloé 4")
    # coup 5: the dealer's seat is (5 − 1) mod 3 = 1, Bruno's, where Denis sits; they pay
    five = coup_block(out, 5)
    assert five[0].startswith("Coup 5: Denis deals, Chloé is premier;")
    assert five[1].startswith("  Chloé demande, tricks Anne 2 Denis 2 Chloé 5 → gagne")
    assert "  Denis → Chloé 3 (poule)" in five and "  Bruno → Chloé 3 (poule)" not in five
    # coup 6: the file's hombre is Anne's seat, played by Bruno for her: they play, the chips
    # they win are hers (her by-person result counts them), so the payments name her
    six = coup_block(out, 6)
    assert six[1] == "  Bruno demande (3 matadors), tricks Bruno 6 Denis 2 Chloé 1 → gagne"
    assert "  Denis → Anne 9 (poule)" in six and "  Denis → Bruno 9 (poule)" not in six
    # coup 7: Anne is back (dealer's seat (7 − 1) mod 3 = 0); the hombre is Bruno's seat: Denis
    seven = coup_block(out, 7)
    assert seven[0].startswith("Coup 7: Anne deals, Denis is premier;")
    assert seven[1].startswith("  Denis sans prendre, tricks Anne 2 Denis 5 Chloé 2")
    # the bête register names who made each bête: Bruno, in coup 4, before they left
    assert "  2. Bruno 27 n°1 made in coup 4: won, coup 5" in out
    # the standing stays the seats' (their nets; each person's follows under "By person"),
    # a taken seat named by who sat there in turn as on the pages: "Bruno: net −6" read as
    # Bruno's own figure, which "By person" gives as −30 (play16)
    assert "  Bruno → Denis: net −6," in out and "  Denis: +24" in out
    assert "  Bruno: net" not in out
    # before coup 8: the dealer's seat is (8 − 1) mod 3 = 1, Denis's
    assert "Before coup 8: Denis deals, Chloé is premier;" in out


def test_a_pot_replay_names_who_played_each_coup(tmp_path, capsys):
    # The golden jetons game's first three coups; Zoé plays coup 2 for Bruno, who is back at 3.
    data = json.loads((GOLDEN / "jetons.game.json").read_text(encoding="utf-8"))
    data["coups"] = data["coups"][:3]
    data["seat_changes"] = [
        {"coup": 2, "seat": "Bruno", "player": "Zoé", "way": "plays_for"},
        {"coup": 3, "seat": "Bruno", "player": "Bruno", "way": "plays_for"},
    ]
    code, out, _ = in_this_process(capsys, "replay", write(tmp_path, data))
    assert code == 0
    # coup 2: the dealer's seat is (2 − 1) mod 3 = 1, Bruno's, where Zoé sits; the file's
    # hombre is Bruno's seat: Zoé plays it
    two = coup_block(out, 2)
    assert two[0].startswith("Coup 2: Zoé deals, Chloé is premier;")
    assert two[1].startswith("  Zoé sans prendre, tricks Anne 1 Zoé 0 Chloé 8 →")
    # coup 3: Bruno is back at their seat
    assert coup_block(out, 3)[1].startswith("  Bruno vole, tricks Anne 3 Bruno 2 Chloé 4 →")


def test_a_points_replay_names_who_dealt_each_deal(tmp_path, capsys):
    # test_seat_lines' Manillen: seats Émile, Fanny, Gaston, Hélène, Émile first to deal; Zoé
    # takes Hélène's seat over from deal 4, Bruno plays deal 7 for Gaston (back at 8), Hélène
    # plays deals 7-8 for Zoé and takes the seat back over from deal 9.
    code, out, _ = in_this_process(capsys, "replay", write(tmp_path, MANILLE))
    assert code == 0
    dealer = {int(line.split()[0]): line.split()[1] for line in out.splitlines()[3:13]}
    assert dealer == {
        1: "Émile",
        2: "Fanny",
        3: "Gaston",
        4: "Zoé",  # (4 − 1) mod 4 = 3: Hélène's seat, Zoé's from deal 4
        5: "Émile",
        6: "Fanny",
        7: "Bruno",  # Gaston's seat, Bruno playing for them
        8: "Hélène",  # Hélène's seat: she plays deals 7-8 for Zoé
        9: "Émile",
        10: "Fanny",
    }
    assert "Next dealer: Gaston" in out  # deal 11: (11 − 1) mod 4 = 2, Gaston back from 8


def test_a_brou_replay_names_who_dealt_each_coup(tmp_path, capsys):
    # The golden Brou game's first four coups; Zoé plays for Chloé from coup 3, and Émile
    # will play for Anne from coup 5, the next (a change before a coup not yet played).
    data = json.loads((GOLDEN / "brou.game.json").read_text(encoding="utf-8"))
    data["coups"] = data["coups"][:4]
    data["seat_changes"] = [
        {"coup": 3, "seat": "Chloé", "player": "Zoé", "way": "plays_for"},
        {"coup": 5, "seat": "Anne", "player": "Émile", "way": "plays_for"},
    ]
    code, out, _ = in_this_process(capsys, "replay", write(tmp_path, data))
    assert code == 0
    dealers = [line.split()[1] for line in out.splitlines()[3:7]]
    assert dealers == ["Anne", "Bruno", "Zoé", "Denis"]  # coup 3: Chloé's seat, Zoé's
    assert "Next dealer: Émile" in out  # coup 5: (5 − 1) mod 4 = 0, Anne's seat, Émile's
