"""The scorekeeper command, run as a real process (its refusals of bad files: in this one)."""

import json
import os
import subprocess
import sys
import warnings
from pathlib import Path

import pytest
from fuzz_data import SEEDS
from notation import SEED, coup, game_file

from scorekeeper.cli import main

BIN = Path(sys.executable).parent / "scorekeeper"


def scorekeeper(*args, stdin=None):
    return subprocess.run(
        [str(BIN), *args],
        input=stdin,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONWARNINGS": "error"},
    )


def in_this_process(capsys, *args):
    """The command's ``main`` run in the test's process, warnings as errors as the real
    process runs it: its exit code, stdout and stderr.

    A new interpreter costs 0.2 CPU-s; what a refusal says and returns is the same, and
    the real process's streams and exit code are checked by the other tests here."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def run_here(capsys, *args) -> subprocess.CompletedProcess[str]:
    """``in_this_process`` as ``subprocess.run(..., capture_output=True, text=True)`` answers:
    for a test whose subject is what the command says, not its process (a new interpreter
    costs 0.3 CPU-s)."""
    code, out, err = in_this_process(capsys, *args)
    return subprocess.CompletedProcess(["scorekeeper", *args], code, out, err)


def write(tmp_path, data, name="game.json"):
    path = tmp_path / name
    path.write_text(
        data if isinstance(data, str) else json.dumps(data, ensure_ascii=False), encoding="utf-8"
    )
    return str(path)


def test_replay_json_is_the_report(tmp_path):
    done = scorekeeper("replay", write(tmp_path, SEED), "--json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["format"] == "scorekeeper-report/1"
    assert report["net"] == {"A": -72, "B": -9, "C": 81}
    assert report["caves"] == {"A": 1, "B": 1, "C": 1}
    assert report["poule"] == {"marks": 0, "chips": 0}
    assert report["finished"] is False
    assert report["next"]["dealer"] == "B" and report["next"]["enjeu"] == 27
    keys = {
        "n",
        "dealer",
        "marks_added",
        "marks",
        "poule",
        "bete_in_play",
        "enjeu",
        "outcome",
        "hombre",
        "bete_made",
        "codille",
        "transfers",
    }
    assert keys <= set(report["coups"][4])
    assert {"owner", "amount", "status", "made_in", "token"} <= set(report["betes"][0])


def test_replay_text_names_every_payment(tmp_path):
    done = scorekeeper("replay", write(tmp_path, SEED))
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "A → C 33 (poule)" in out and "B → C 33 (poule)" in out and "A → C 27 (bête)" in out
    assert "bête in play: A 27 (token n°1); enjeu 126" in out
    assert "A: net −72" in out and "C: net +81" in out
    assert "Poules tirées by the hombre: 3 / 20" in out
    assert "Before coup 8: B deals, C is premier; marks +3 → 3 (poule 27)" in out


def test_replay_reads_standard_input():
    done = scorekeeper("replay", "-", "--json", stdin=json.dumps(SEED))
    assert json.loads(done.stdout)["net"]["C"] == 81


def test_rules_lists_presets_and_settings(capsys):
    code, out, _err = in_this_process(capsys, "rules")  # the list is the subject, not the process
    assert code == 0
    for word in (
        "1709",
        "recommended",
        "ancien",
        "poule_system",
        "3-1",
        "mark_value",
        "payments",
        "retourne",
        "espadille_forcee",
        "poules_to_play",
        "end",
        "continue",
        "cave",
        "200",
        "fiche",
    ):
        assert word in out


def bad(*coups, **rules):
    return game_file(*coups, **rules)


REFUSALS = [
    (bad(coup("A demande A4 B4 C2")), "coup 1: tricks sum to 10, expected 9"),
    (bad("pass", coup("A demande A-1 B5 C5")), "coup 2: tricks must be three whole numbers"),
    (
        bad(
            coup("A demande A4 B4"),
        ),
        "coup 1: tricks of C are missing",
    ),
    (
        bad({"hombre": "A", "contract": "demande", "tricks": {"A": 4, "B": 4, "C": 1, "D": 0}}),
        "coup 1: tricks of 'D'",
    ),
    (
        bad({"hombre": "A", "contract": "demande", "tricks": {"A": 4.5, "B": 4, "C": 0.5}}),
        "coup 1: tricks must be whole",
    ),
    (bad(coup("A retourne A5 B2 C2"), retourne=False), "coup 1: contract retourne is not allowed"),
    (bad(coup("A espadille_forcee A5 B2 C2")), "coup 1: contract espadille_forcee is not allowed"),
    (
        bad(coup("A vole A9 B0 C0", vole_engagee=True)),
        "coup 1: vole_engagee is not possible on contract vole",
    ),
    (
        bad(coup("A espadille_forcee A9 B0 C0", vole_engagee=True), espadille_forcee=True),
        "coup 1: vole_engagee is not possible",
    ),
    (
        bad(coup("A demande A4 B3 C2", vole_engagee=True)),
        "coup 1: vole_engagee needs the first five tricks",
    ),
    (
        bad("A demande A5 B2 C2", "Zoé demande A5 B2 C2"),
        "coup 2: hombre 'Zoé' is not one of the players",
    ),
    (bad(coup("A belote A5 B2 C2")), "coup 1: contract 'belote' is not one of"),
    (bad(coup("A demande A5 B2 C2", matadors=2)), "coup 1: matadors must be 0 or 3 to 9"),
    (bad(coup("A demande A5 B2 C2", matadors=10)), "coup 1: matadors must be 0 or 3 to 9"),
    (
        bad(coup("A demande A5 B2 C2", codille_renounced=True)),
        "coup 1: codille_renounced on a coup that is no codille",
    ),
    (bad({"pass": True, "hombre": "A"}), "coup 1: hombre given on a coup where all passed"),
    (
        bad("A demande A5 B2 C2", "A demande A5 B2 C2", poules_to_play=1),
        "coup 2: the game ended with coup 1",
    ),
    (bad(colour="red"), "rules.colour: unknown rule"),
    (bad(poule_system="2-3"), "rules.poule_system must be A-B"),
    (bad(mark_value="3"), "rules.mark_value must be int"),
    (bad(end="never"), "rules.end must be share or continue"),
    (
        {**bad(), "players": ["A", "A", "C"]},
        "players must be three or four distinct non-empty names",
    ),
    ({**bad(), "players": ["A", "B"]}, "players must be three or four distinct non-empty names"),
    ({**bad(), "first_dealer": "Zoé"}, "first_dealer 'Zoé' is not one of the players"),
    ({**bad(), "format": "other/2"}, "format must be 'scorekeeper-game/1'"),
    ({**bad(), "game": "whist"}, "game must be one of hombre, brou, manille, got 'whist'"),
    # a value but a text as the file writes it, in JSON: not Python's None, True (fix27b)
    ({**bad(), "format": None}, "format must be 'scorekeeper-game/1', got null"),
    ({**bad(), "game": True}, "game must be one of hombre, brou, manille, got true"),
    ({**bad(), "first_dealer": ["A"]}, 'first_dealer ["A"] is not one of the players'),
    ({**bad(), "coups": {}}, "coups must be a list"),
    ([1, 2], "a game file is a JSON object"),
    ("{not json", "not valid JSON"),
    # the file's money, read by replay as by the import page and settle (replay took it)
    ({**bad(), "money": {"chip_value": "NaN", "currency": "EUR"}}, "a chip value is a number"),
]


@pytest.mark.parametrize(("data", "message"), REFUSALS)
def test_a_file_that_breaks_a_rule_is_refused_in_one_line(tmp_path, capsys, data, message):
    code, out, err = in_this_process(capsys, "replay", write(tmp_path, data), "--json")
    assert code == 2
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("error: ")
    assert message in lines[0]


@pytest.mark.parametrize("seed", SEEDS, ids=lambda seed: f"{seed['game']}-{len(seed['coups'])}")
def test_every_fuzz_seed_replays(tmp_path, capsys, seed):
    """The fuzz starts from these files (tests/fuzz_data.py): one the rules refuse would
    test only the refusal of its first fault (MANILLEN's renonce had no trump, fix27b). Each
    replays whole: a report line for each of its coups."""
    code, out, err = in_this_process(capsys, "replay", write(tmp_path, seed), "--json")
    assert (code, err) == (0, "")
    report = json.loads(out)
    assert report["game"] == seed["game"]
    assert [c["n"] for c in report["coups"]] == list(range(1, len(seed["coups"]) + 1))


def test_a_missing_file_is_one_line_too(tmp_path):
    done = scorekeeper("replay", str(tmp_path / "nope.json"))
    assert done.returncode == 2
    assert (
        done.stderr.strip()
        == f"error: cannot read {tmp_path / 'nope.json'}: No such file or directory"
    )


def test_replay_says_who_took_a_seat_and_each_persons_result(tmp_path, capsys):
    # in the test's process (``in_this_process``): what the replay and the settlement say is
    # the subject here; the real process's streams are the other tests' (four processes were
    # 1.7 CPU-s)
    # docs/rules.md, "Someone takes a seat": Denis takes over B's seat for coups 5-7;
    # B hands over their open bêtes 72 + 108: B 0 - 180, Denis -9 + 180 = +171
    data = {
        **SEED,
        "rules": {**SEED["rules"], "take_over": True},
        "seat_changes": [{"coup": 5, "seat": "B", "player": "Denis", "way": "takes_over"}],
    }
    code, out, err = in_this_process(capsys, "replay", write(tmp_path, data), "--json")
    assert code == 0, err
    report = json.loads(out)
    assert report["net"] == {"A": -72, "B": -9, "C": 81}  # per seat, as before
    assert report["by_person"] == {"A": -72, "B": -180, "C": 81, "Denis": 171}
    assert report["sittings"][2] == {
        "seat": "B",
        "player": "Denis",
        "from_coup": 5,
        "to_coup": None,
        "way": "takes_over",
        "for": "Denis",
    }
    code, text, err = in_this_process(capsys, "replay", write(tmp_path, data))
    assert code == 0, err
    assert "from coup 5: Denis has taken over the seat of B" in text
    assert "Denis: +171" in text
    code, settled, err = in_this_process(capsys, "settle", write(tmp_path, data))
    assert code == 0, err
    # person by person: A -72, B -180, C +81, Denis +171 (settle_up: B → Denis 171, A → C 72,
    # B → C 9)
    tail = settled.split("Who pays whom, person by person:")[1].split()
    assert " ".join(tail) == "B → Denis 171 A → C 72 B → C 9"
    code, _out, refused = in_this_process(
        capsys, "replay", write(tmp_path, {**data, "rules": SEED["rules"]})
    )
    assert code == 2
    assert "seat_changes[1].way" in refused or "take over" in refused


def test_a_game_file_with_a_byte_order_mark_is_read(tmp_path, capsys):
    # A Windows editor saves UTF-8 with a byte-order mark first (the app's own spreadsheet
    # files have one): it was refused as "not valid JSON (line 1, column 1)".
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(SEED).encode())
    code, out, _err = in_this_process(capsys, "replay", str(path), "--json")
    assert code == 0 and json.loads(out)["net"]


def test_a_reader_that_stops_early_gets_no_traceback(tmp_path):
    """``scorekeeper replay big.json | head -1``: the pipe closed under a long report gave a
    BrokenPipeError traceback (play17). The report is cut where the reader stopped."""
    game = json.loads((Path(__file__).parents[1] / "golden" / "danois.game.json").read_text())
    game["rules"]["coups_to_play"] = 4000
    game["coups"] = game["coups"] * 100  # 4,000 coups: about 800 kB of report, past any pipe
    path = tmp_path / "big.json"
    path.write_text(json.dumps(game))
    process = subprocess.Popen(
        [str(BIN), "replay", "--any-size", str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stderr is not None
    assert process.stdout.readline().startswith(b"L'Hombre (danois): Anne, Bruno")
    process.stdout.close()  # as head does after its line
    with process.stderr:
        said = process.stderr.read().decode()
    assert process.wait(timeout=60) == 1
    assert said == ""
