"""La Manille's kinds and settings (issue 44): each variant is a kind of its own, and each
setting is declared once, in its row of a ``Setting`` table."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scorekeeper.rules import kinds, settings
from scorekeeper.rules.errors import GameError
from scorekeeper.rules.kinds import kind_of
from scorekeeper.rules.manille import belge, classique, house
from scorekeeper.rules.manille.classique import ManilleCoup, ManilleGame
from scorekeeper.rules.manille.kinds import Manillen
from scorekeeper.rules.seating import person_tally

ROOT = Path(__file__).resolve().parents[2]
MANILLES = [kind for kind in kinds.KINDS if kind.game == "manille"]

SOURCES = [
    *ROOT.glob("scorekeeper/**/*.py"),
    *ROOT.glob("templates/**/*.html"),
]
OTHER_GAMES = re.compile(r"scorekeeper/(rules|web)/(hombre|brou)(\b|_)|templates/(hombre|brou)/")
"""Other games' own files: their ``target`` is theirs, not manillen's."""
HOMONYMS = {
    # the classique's manche target (its rules' method, its report's key), not manillen's
    "target": {
        "scorekeeper/rules/manille/classique.py",
        "scorekeeper/rules/manille/kinds.py",
        "scorekeeper/web/manille/classique.py",
    },
}
"""Manille's own files that use a house rule's key for a thing of their own."""


def named(key: str) -> re.Pattern[str]:
    """The key spelled as a setting: a string, an attribute, a keyword, a dataclass field."""
    return re.compile(rf"""["']{key}["']|\.{key}\b|[(,]\s*{key}\s*=[^=]|^\s*{key}\s*:""", re.M)


def naming(key: str) -> set[str]:
    """The files of the package and the templates that name a house rule's key."""
    found = set()
    for path in SOURCES:
        relative = path.relative_to(ROOT).as_posix()
        if OTHER_GAMES.match(relative) or relative in HOMONYMS.get(key, set()):
            continue
        if named(key).search(path.read_text(encoding="utf-8")):
            found.add(relative)
    return found


@pytest.mark.parametrize("key", [row.key for row in house.HOUSE])
def test_a_house_rule_is_named_in_at_most_three_files(key):
    # its row, its use in the engine, maybe one more (on main: seven files for each)
    found = naming(key)
    assert "scorekeeper/rules/manille/house.py" in found  # its row
    assert len(found) <= 3, sorted(found)


# Inside the game, too, no file shared by the kinds tests a variant (test_kinds.py's rule).
SHARED = [
    "scorekeeper/rules/manille/file.py",
    *(p.relative_to(ROOT).as_posix() for p in ROOT.glob("scorekeeper/web/manille/*.py")),
    *(p.relative_to(ROOT).as_posix() for p in ROOT.glob("templates/manille/*.html")),
]
VARIANT_TEST = re.compile(
    r"""variant\s*[!=]=|isinstance\([^)]*(Report|Game|Rules|Result|Coup)\b|"""
    r"""["'](classique|belge)["']"""
)


def test_no_variant_is_tested_in_the_familys_shared_modules_and_templates():
    found = {}
    for relative in SHARED:
        hits = [
            line.strip()
            for line in (ROOT / relative).read_text(encoding="utf-8").splitlines()
            if VARIANT_TEST.search(line)
        ]
        if hits:
            found[relative] = hits
    assert found == {}


def test_each_variant_is_a_registered_kind_of_the_game():
    assert [kinds.find_kind(kind.key) is not None for kind in MANILLES] == [True, True]
    assert {kind.game for kind in MANILLES} == {"manille"}
    assert kinds.stored_kind("manille", {}).key == "manille"  # an untagged file: classique
    assert kinds.stored_kind("manille", {"variant": "belge"}).key == "manillen"


# --- the table drives the checks, the file keys, the presets, the command ------------


@pytest.mark.parametrize(
    ("rules", "message"),
    [
        ({"cap": 1}, "a cap on the multiplier is at least ×2 (0: no cap)"),
        ({"doubling": "tripled"}, "rules.doubling must be one of multiplied, added"),
        ({"all_tricks": "yes"}, "all_tricks must be true or false"),
        ({"sans_atout": -1}, "rules.sans_atout must be at least 0"),
        ({"deals": "20"}, "rules.deals must be int"),
    ],
)
def test_a_value_out_of_its_row_is_refused_naming_its_key(rules, message):
    with pytest.raises(GameError) as refused:
        belge.ManillenRules(**rules)
    assert refused.value.field == f"rules.{next(iter(rules))}"
    assert str(refused.value).find(message) >= 0


def test_the_file_keeps_a_house_rule_only_off_its_default():
    assert belge.ManillenRules().to_mapping() == {"variant": "belge", "deals": 20, "sans_atout": 2}
    # a target drops the fixed deals; a cap of 0 is the default ("none"), left out
    rules = belge.ManillenRules(target=101, cap=0, tie_carry="whole")
    assert rules.to_mapping() == {"variant": "belge", "target": 101, "tie_carry": "whole"}
    assert classique.ManilleRules().to_mapping() == {
        "variant": "classique",
        "partie": "liee",
        "manche": 34,
        "belle": 44,
    }


def test_the_presets_are_the_rows_presets():
    # docs/rules/manille.md §10: boom 101, half boom 61, a tournament's ×4
    assert settings.preset(house.HOUSE, "boom") == {"target": 101}
    assert settings.preset(house.HOUSE, "halve_boom") == {"target": 61}
    assert settings.preset(house.HOUSE, "tournament") == {"cap": 4}
    assert settings.preset(house.HOUSE, "deals") == {}
    assert Manillen().preset("tournament") == belge.ManillenRules(cap=4)


def test_the_command_lists_every_row_of_each_variant():
    for kind in MANILLES:
        text = kind.settings_text()
        assert [line.split()[0] for line in text.splitlines()[1 : 1 + len(kind.table)]] == [
            row.key for row in kind.table
        ]


# --- the docs' tables are the rows --------------------------------------------------

DOC = (ROOT / "docs" / "rules" / "manille.md").read_text(encoding="utf-8")


def doc_rows(heading: str) -> list[list[str]]:
    section = DOC.split(heading, 1)[1].split("\n#", 1)[0]
    return [
        [cell.strip().strip("`") for cell in line.strip("|").split("|")]
        for line in section.splitlines()
        if line.startswith("| `")
    ]


@pytest.mark.parametrize(
    ("heading", "table"),
    [
        ("## 2. Classique: settings", classique.SETTINGS),
        ("## 6. Belge (manillen): table, settings", belge.ENDS),
        ("## 10. Belge: house rules", house.HOUSE),
    ],
)
def test_the_docs_settings_table_lists_each_row_with_its_default(heading, table):
    rows = doc_rows(heading)
    assert [row[0] for row in rows] == [setting.key for setting in table]
    for (_key, _meaning, default), setting in zip(rows, table):
        assert default.split()[0].strip("`") == settings._shown(setting.default)


def test_the_docs_presets_are_the_rows_presets():
    rows = {row[0]: row[1] for row in doc_rows("### Named presets")}
    assert list(rows) == list(Manillen.presets)
    for name, said in rows.items():
        for key, value in settings.preset(house.HOUSE, name).items():
            assert f"{key}` {value}" in said


def test_the_classiques_round_counts_every_coups_points_as_the_club_does():
    # docs/rules/manille.md: coup 1, Nous takes the 68 card points and marks 68 − 34 = 34,
    # the manche's target: a manche to Nous, the count 0-0 again. Coup 2, Nous 24, Eux
    # 44: Eux marks 44 − 34 = 10. The count of the manche in progress is 0-10; what each
    # side scored in the round is 34 and 10, what a club counts person by person, and what
    # an event's round ranks (GameKind.ended_tally): Nous ahead, not Eux.
    game = ManilleGame(("A", "B", "C", "D"), coups=(ManilleCoup(points=68), ManilleCoup(points=24)))
    report = classique.replay(game)
    assert report.tally == (0, 10)
    assert kind_of(report).ended_tally(report) == (34, 10)
    assert person_tally(kind_of(report), game, [], report) == {"A": 34, "B": 10, "C": 34, "D": 10}
