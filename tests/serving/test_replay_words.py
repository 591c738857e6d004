"""``scorekeeper replay`` says contracts, outcomes, reasons and a bête's state in the
pages' words (``rules/hombre/words.py``, the catalogs' English), never by the file's keys
(``sans_prendre``, ``bete``); la Manille's trumps (``rules/manille/words.py``), its partie
and the teams of Manille and Brou (``rules/teams.py``) likewise; its ``--json`` report
keeps the keys of game-file.md."""

from __future__ import annotations

import json
import re
from pathlib import Path

from test_cli import in_this_process

from scorekeeper.rules.manille import belge, words

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


TEAM_KEYS = re.compile(r"\b(nous|eux|liee|seche|coeur|trefle)\b")
"""A team, partie or trump key of a Manille or Brou file (case kept: 'Nous' is the word)."""


def _sheet_in_words(capsys, name: str) -> str:
    """``scorekeeper replay`` of the golden ``name``'s file: exit 0 and no team, partie or
    trump key in its text, which it gives back."""
    code, out, _err = in_this_process(capsys, "replay", str(GOLDEN / f"{name}.game.json"))
    assert code == 0
    assert TEAM_KEYS.findall(out) == []
    return out


def test_the_manille_sheet_says_its_rules_teams_and_trumps_in_words(capsys):
    out = _sheet_in_words(capsys, "manille-classique")
    # the file's partie "liee" with the default manches of 34 and belle of 44, as described
    assert out.startswith("La Manille (partie liée, manches of 34, belle of 44): Nous (Anne")
    # coup 2: Bruno (Eux) deals, retourne 5; Nous 7 of 68, so Eux 61 = 34 + 27: 5 + 27 = 32,
    # and Eux's 28 of coup 1 + 32 = 60 ≥ 34 wins manche 1 (the page's "manche 1 to Eux");
    # the line shows the count reached, 2 (coup 1's retourne) and 60, as the page does
    assert "   2  Bruno     5      0    32       2    60   0 / 1  manche 1 to Eux\n" in out
    assert "The partie is won by Eux." in out
    code, out, _err = in_this_process(
        capsys, "replay", str(GOLDEN / "manille-classique.game.json"), "--json"
    )
    assert code == 0
    report = json.loads(out)  # game-file.md's keys stay
    assert report["rules"]["partie"] == "liee" and report["winner"] == "eux"
    assert report["coups"][1]["manche_won"] == "eux"


def test_manillen_says_its_trumps_as_the_pages_do(capsys):
    out = _sheet_in_words(capsys, "manille-belge-4")
    assert out.startswith("Manillen: Nous / Eux\n")
    # deal 1, Anne's (the first dealer): coeur, Nous 12 of 60, so Eux 48 = 30 + 18;
    # deal 2, Bruno's: pique contré (×2), Nous 32 = 30 + 2, marked 2 × 2 = 4
    assert "   1  Anne    ♥ cœur       1         0       18        0     18\n" in out
    assert "   2  Bruno   ♠ pique      2         4        0        4     18   contré\n" in out
    assert "Won by Eux" in out
    code, out, _err = in_this_process(
        capsys, "replay", str(GOLDEN / "manille-belge-4.game.json"), "--json"
    )
    assert code == 0
    report = json.loads(out)  # the file's keys: a trump is "coeur", a side "nous"
    assert report["coups"][0]["trump"] == "coeur" and report["coups"][0]["scored"]["eux"] == 18
    # three players: the columns are their names, the trumps words all the same
    assert "♣ trèfle" in _sheet_in_words(capsys, "manille-belge-3")


def test_brou_names_the_team_that_wins_a_partie(capsys):
    out = _sheet_in_words(capsys, "brou")
    assert "partie to Nous" in out and "partie to Eux" in out


def test_the_manille_words_name_every_trump_and_contre_of_the_engine():
    assert tuple(words.TRUMPS) == belge.TRUMPS
    assert ("", *words.CONTRES) == belge.CONTRES


def test_manillen_says_each_deals_contre_renonce_and_30_30(capsys, tmp_path):
    """play6: the replay of a manillen sheet said only each deal's trump and multiplier;
    the page says its contre, a renonce and what a 30–30 carries: so does the command."""
    game = json.loads((GOLDEN / "manille-belge-4.game.json").read_text())
    game["rules"] |= {"deals": 4, "sans_atout": 0}  # no sans-atout owed: any trump
    game["coups"] = [
        {"trump": "pique", "contre": "contre", "points": 32},  # 32 − 30 = 2, ×2: Nous 4
        {"trump": "coeur", "renonce": "eux"},  # Eux renounce: Nous 60 − 30 = 30
        {"trump": "trefle", "points": 30},  # 30–30: deal 4 counts double
        {"trump": "carreau", "points": 30},  # ×2, a 30–30 again: the last deal, nothing carries
    ]
    path = tmp_path / "ties.json"
    path.write_text(json.dumps(game))
    code, out, _err = in_this_process(capsys, "replay", str(path))
    assert code == 0
    deals = {line.split()[0]: line for line in out.splitlines() if line[:4].strip().isdigit()}
    assert deals["1"].endswith("   contré")
    assert deals["2"].endswith("   renonce by Eux")
    assert deals["3"].endswith("   30–30: the next deal counts double")
    assert deals["4"].endswith("   30–30 on the last deal: nothing carries")
