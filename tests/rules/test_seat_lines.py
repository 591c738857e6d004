"""The command's who-sat-when lines say what the pages say (``seating.sittings``): an absent
player back at their seat is back, a newcomer takes the seat over from whoever sat there last.

The two tables of the play-through: l'Hombre with Anne, Bruno and Chloé (Denis takes over
Bruno's seat from coup 5, Bruno plays coup 6 for Anne, Anne is back from coup 7), and a
Manille of four (Zoé takes over Hélène's seat from deal 4, Bruno plays deal 7 for Gaston,
who comes back at deal 8; at deal 9 Zoé comes back to her seat and Hélène takes it over, two
changes at one deal, as the game file of the play-through keeps them).
"""

from __future__ import annotations

import json

from hypothesis import given
from notation import SEED
from test_cli import in_this_process, write
from test_hombre_properties import FAST
from test_seating import GOLDEN, seated_games

from scorekeeper.rules import kinds, seating


def tricks(a, b, c):
    return {"Anne": a, "Bruno": b, "Chloé": c}


HOMBRE = {
    "format": "scorekeeper-game/1",
    "game": "hombre",
    "players": ["Anne", "Bruno", "Chloé"],
    "first_dealer": "Anne",
    "rules": {"poule_system": "3-1", "mark_value": 3, "payments": "double", "take_over": True},
    "coups": [
        {"hombre": "Bruno", "contract": "demande", "tricks": tricks(2, 5, 2)},  # 1 gagne
        {"hombre": "Chloé", "contract": "demande", "tricks": tricks(3, 3, 3)},  # 2 remise
        {"hombre": "Anne", "contract": "demande", "tricks": tricks(5, 2, 2)},  # 3 gagne
        {"hombre": "Bruno", "contract": "demande", "tricks": tricks(3, 2, 4)},  # 4 codille
        {"hombre": "Chloé", "contract": "demande", "tricks": tricks(2, 2, 5)},  # 5 gagne
        {"hombre": "Anne", "contract": "demande", "tricks": tricks(6, 2, 1), "matadors": 3},
        {"hombre": "Bruno", "contract": "sans_prendre", "tricks": tricks(2, 5, 2)},  # 7
    ],
    "seat_changes": [
        {"coup": 5, "seat": "Bruno", "player": "Denis", "way": "takes_over"},
        {"coup": 6, "seat": "Anne", "player": "Bruno", "way": "plays_for"},
        {"coup": 7, "seat": "Anne", "player": "Anne", "way": "plays_for"},
    ],
}

MANILLE = {
    "format": "scorekeeper-game/1",
    "game": "manille",
    "players": ["Émile", "Fanny", "Gaston", "Hélène"],
    "first_dealer": "Émile",
    "rules": {"variant": "belge", "deals": 12, "sans_atout": 1},
    "coups": [
        {"trump": "pique", "points": 40},
        {"trump": "coeur", "contre": "contre", "points": 20},
        {"trump": "trefle", "points": 10},
        {"trump": "sans-atout", "points": 50},
        {"trump": "pique", "points": 30},
        {"trump": "sans-atout", "points": 40},
        {"trump": "sans-atout", "points": 20},
        {"trump": "sans-atout", "points": 45},
        {"trump": "carreau", "points": 35},
        {"trump": "pique", "points": 25},
    ],
    # as the play-through's file keeps them: Hélène plays deals 7-8 for Zoé, and at deal 9
    # Zoé comes back to her seat and Hélène takes it over from her (two changes at one deal)
    "seat_changes": [
        {"coup": 4, "seat": "Hélène", "player": "Zoé", "way": "takes_over"},
        {"coup": 7, "seat": "Hélène", "player": "Hélène", "way": "plays_for"},
        {"coup": 7, "seat": "Gaston", "player": "Bruno", "way": "plays_for"},
        {"coup": 8, "seat": "Gaston", "player": "Gaston", "way": "plays_for"},
        {"coup": 9, "seat": "Hélène", "player": "Zoé", "way": "plays_for"},
        {"coup": 9, "seat": "Hélène", "player": "Hélène", "way": "takes_over"},
    ],
}


def seat_lines(data):
    game, changes = kinds.load_seated(data)
    kind = kinds.kind_of(game)
    lines = seating.text_lines(kind, changes, kind.replay(game))
    return lines[lines.index("Seats taken:") + 1 : lines.index("By person:")]


def test_the_hombre_lines_say_anne_is_back_at_her_seat():
    # Denis took over Bruno's seat; Bruno played coup 6 for Anne, whose seat's money it
    # stayed; from coup 7 Anne sits at her own seat again: she plays for nobody
    # (it read "from coup 7: Anne plays for Bruno (Anne's seat)")
    assert seat_lines(HOMBRE) == [
        "  from coup 5: Denis has taken over the seat of Bruno",
        "  from coup 6: Bruno plays for Anne",
        "  from coup 7: Anne is back at their own seat",
    ]


def test_the_manille_lines_name_whom_each_took_the_seat_from():
    # Zoé came back to her seat at deal 9 and Hélène took it over from her at the same
    # deal: Zoé played no deal of it (nothing to say), Hélène took the seat from Zoé
    # (it read "Zoé plays for Hélène" and "Hélène takes over from Hélène"); Gaston is
    # back at deal 8, and Hélène played deals 7 and 8 for Zoé, whose seat's money it was
    assert seat_lines(MANILLE) == [
        "  from coup 4: Zoé has taken over the seat of Hélène",
        "  from coup 7: Bruno plays for Gaston",
        "  from coup 7: Hélène plays for Zoé",
        "  from coup 8: Gaston is back at their own seat",
        "  from coup 9: Hélène has taken over the seat of Zoé",
    ]


def test_settle_and_replay_print_those_lines(tmp_path, capsys):
    path = write(tmp_path, HOMBRE)
    code, out, err = in_this_process(capsys, "settle", path)
    assert code == 0, err
    assert "  from coup 7: Anne is back at their own seat\n" in out
    assert "plays for Bruno" not in out
    # each person: Anne's seat all hers (+39), Bruno -3 in coups 1-4 less their bête of
    # coup 4 (27) handed to Denis = -30, Denis -33 - (-3) + 27 = +24, Chloé -33; sum 0
    assert "  Anne: +39\n  Bruno: −30\n  Chloé: −33\n  Denis: +24\n" in out  # true minus
    code, out, err = in_this_process(capsys, "replay", write(tmp_path, MANILLE))
    assert code == 0, err
    assert "  from coup 9: Hélène has taken over the seat of Zoé\n" in out
    assert "Hélène takes over from Hélène" not in out and "Zoé plays for" not in out


def test_replay_csv_names_who_played_each_coup(tmp_path, capsys):
    # coup 7, Denis's sans prendre at Bruno's seat: Chloé and Anne pay Denis (the seat's
    # first player, Bruno, no longer sits there); coup 6: Bruno plays Anne's seat for her,
    # with her money (seating.payers, as her by-person result counts it): the lines name
    # who paid and was paid, Anne (paid.paid_lines), the roles who played, Bruno
    code, out, err = in_this_process(capsys, "replay", write(tmp_path, HOMBRE), "--csv")
    assert code == 0, err
    rows = [line.split(",") for line in out.splitlines()[1:]]
    assert (rows[-2][:10]) == [
        "7",
        "Anne",
        "Denis",
        "sans_prendre",
        "gagne",
        "",
        "27",
        "Chloé",
        "Denis",
        "12",
    ]
    assert {tuple(r[7:9]) for r in rows if r[0] == "6"} == {("Denis", "Anne"), ("Chloé", "Anne")}


@FAST
@given(seated_games())
def test_each_persons_row_is_the_standing_after_that_coup(seated):
    # the standings' row n is what the game stood at after coup n: each person's result of
    # those coups with every seat taken by then (a newcomer who sat down after coup n
    # included, their hand-over made), replayed alone; the last row is the game's
    game, changes = seated
    kind = kinds.kind_of(game)
    report = kind.replay(game)
    found = seating.person_rows(kind, game, changes, report)
    assert len(found) == len(game.coups)
    for n, row in enumerate(found, 1):
        prefix = game.with_coups(game.coups[:n])
        sat = [c for c in changes if c.coup <= n + 1] if n < len(game.coups) else changes
        assert row == seating.person_tally(kind, prefix, sat, kind.replay(prefix))
        assert sum(row.values()) == 0
    if found:
        assert found[-1] == seating.person_tally(kind, game, changes, report)


def test_a_pot_systems_rows_end_with_the_settlements_figures():
    # the jetons golden game, Zoé taking over the first seat from coup 2: the leaver's part
    # of the pot is theirs until the pot is won (seat_debt, on the report of each prefix)
    data = json.loads((GOLDEN / "jetons.game.json").read_text())
    data["seat_changes"] = [
        {"coup": 2, "seat": data["players"][0], "player": "Zoé", "way": "takes_over"}
    ]
    game, changes = kinds.load_seated(data)
    kind = kinds.kind_of(game)
    report = kind.replay(game)
    found = seating.person_rows(kind, game, changes, report)
    for n, row in enumerate(found, 1):
        prefix = game.with_coups(game.coups[:n])
        assert row == seating.person_tally(kind, prefix, changes, kind.replay(prefix))
    assert found[-1] == seating.person_tally(kind, game, changes, report)


def test_the_by_person_lines_write_a_net_as_the_nets_are_written():
    """Denis plays for B from coup 5 of the seed (the seat's money stays B's: the seed's
    nets by seat, A −72, B −9, C +81, and Denis 0). The command wrote "A: -72" with a
    hyphen under lines that write a net "−72" (rules.ledger.signed)."""
    data = {**SEED, "seat_changes": [{"coup": 5, "seat": "B", "player": "Denis"}]}
    data["seat_changes"][0]["way"] = "plays_for"
    game, changes = kinds.load_seated(data)
    kind = kinds.kind_of(game)
    lines = seating.text_lines(kind, changes, kind.replay(game))
    person = lines[lines.index("By person:") + 1 :]
    assert person[:4] == ["  A: −72", "  B: −9", "  C: +81", "  Denis: 0"]


def test_the_commands_name_a_taken_seat_as_the_pages_do(tmp_path, capsys):
    # play16: a seat's net printed under its first player's name alone read "Bruno: net …"
    # in the standing and "… → Bruno" seat by seat, while "By person" below gave Bruno
    # their own, other figure; the settlement page names such a seat by who sat there in
    # turn ("Bruno → Denis", web/table/seat_words.seat_names), the last one sitting now:
    # Anne's seat was played by Bruno in coup 6 and is Anne's again from coup 7
    path = write(tmp_path, HOMBRE)
    for command in ("settle", "replay"):
        code, out, err = in_this_process(capsys, command, path)
        assert code == 0, err
        seats = [line.split(": net ")[0] for line in out.splitlines() if ": net " in line]
        assert seats == ["  Anne → Bruno → Anne", "  Bruno → Denis", "  Chloé"], out
        # the standing's seats: Bruno named alone is Bruno the person (By person) only
        assert "\n  Bruno: net" not in out
    # seat by seat, each seat as the standing names it, bracketed: its arrows are not
    # payments ("Bruno → Denis → Anne 6" read as two payments)
    code, out, err = in_this_process(capsys, "settle", path)
    by_seat = out.split("Who pays whom, seat by seat (chips):\n")[1].split("\n\n")[0]
    assert by_seat.splitlines() and all(
        line.replace("(Anne → Bruno → Anne)", "S1").replace("(Bruno → Denis)", "S2").count(" → ")
        == 1
        for line in by_seat.splitlines()
    ), by_seat
