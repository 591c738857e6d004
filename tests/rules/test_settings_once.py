"""L'Homme de Brou's and l'Hombre's settings declared once (issue 44, point 2): each rule
set's ``Setting`` rows drive the check, the file keys, ``scorekeeper rules``, the form's
fields and the docs' table; a setting is named in at most three code or template files."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scorekeeper.rules import kinds, settings
from scorekeeper.rules.brou import engine as brou
from scorekeeper.rules.brou.file import dump_brou, load_brou
from scorekeeper.rules.brou.kind import Brou
from scorekeeper.rules.errors import GameError
from scorekeeper.rules.hombre import danois, jetons, ruleset
from scorekeeper.rules.hombre.danois import DanishRules
from scorekeeper.rules.hombre.jetons import JetonsRules
from scorekeeper.rules.hombre.ruleset import RuleSet

ROOT = next(p for p in Path(__file__).resolve().parents if (p / "pyproject.toml").is_file())
"""The checkout (found upwards, so the file may move into a folder of tests/)."""
SOURCES = [*ROOT.glob("scorekeeper/**/*.py"), *ROOT.glob("templates/**/*.html")]
PLAYERS = ["Anne", "Bruno", "Chloé", "Denis"]
HEAD = {"format": "scorekeeper-game/1", "game": "brou", "players": PLAYERS, "first_dealer": "Anne"}


def named(key: str) -> re.Pattern[str]:
    """The key spelled as a setting: a string, an attribute, a keyword, a dataclass field."""
    return re.compile(rf"""["']{key}["']|\.{key}\b|[(,]\s*{key}\s*=[^=]|^\s*{key}\s*:""", re.M)


def naming(key: str, family: re.Pattern[str]) -> set[str]:
    """The files of a game family (package and templates) that name a setting's key."""
    found = set()
    for path in SOURCES:
        relative = path.relative_to(ROOT).as_posix()
        if family.search(relative) and named(key).search(path.read_text(encoding="utf-8")):
            found.add(relative)
    return found


def doc_rows(doc: str, heading: str) -> list[list[str]]:
    text = (ROOT / "docs" / "rules" / doc).read_text(encoding="utf-8")
    section = text.split(heading, 1)[1].split("\n#", 1)[0]
    return [
        [cell.strip().strip("`") for cell in line.strip("|").split("|")]
        for line in section.splitlines()
        if line.startswith("| `")
    ]


# --- l'Homme de Brou ------------------------------------------------------------------

BROU_FILES = re.compile(r"scorekeeper/(rules|web)/brou/|templates/brou/")


@pytest.mark.parametrize("key", [row.key for row in brou.SETTINGS])
def test_a_brou_setting_is_named_in_at_most_three_files(key):
    # its row and field (engine.py), the sheet's words (web), the form's template at most;
    # on main: engine.py, file.py (twice), web/brou (form, rules_of, words), the template
    found = naming(key, BROU_FILES)
    assert "scorekeeper/rules/brou/engine.py" in found
    assert len(found) <= 3, sorted(found)


def test_the_brou_docs_table_is_the_rows():
    rows = doc_rows("brou.md", "## 2. Settings")
    assert [row[0] for row in rows] == [s.key for s in brou.SETTINGS]
    for (_key, meaning, default), setting in zip(rows, brou.SETTINGS):
        assert meaning == setting.help
        assert default == settings._shown(setting.default)


@pytest.mark.parametrize(
    ("rules", "where"),
    [
        ({"target": 0}, "rules.target"),
        ({"parties_to_win": -2}, "rules.parties_to_win"),
        ({"parties_to_win": "10"}, "rules.parties_to_win"),
        ({"target": True}, "rules.target"),
        ({"partie": 301}, "rules.partie"),  # a typo: an unknown key
    ],
)
def test_a_brou_file_out_of_its_rows_is_refused_naming_its_key(rules, where):
    with pytest.raises(GameError) as refused:
        load_brou({**HEAD, "rules": rules, "coups": []})
    assert refused.value.field == where


def test_the_brou_file_keeps_its_keys():
    # the file keys are unchanged: both settings, their defaults when the file had none
    game = load_brou({**HEAD, "rules": {"target": 501}, "coups": []})
    assert dump_brou(game)["rules"] == {"target": 501, "parties_to_win": 10}


def test_the_command_lists_the_brou_rows():
    text = Brou().settings_text() or ""
    assert "  target       301: points that win a partie" in text
    assert "  parties_to_win 10: parties that win the match" in text


# --- l'Hombre: the jetons ---------------------------------------------------------------

HOMBRE_FILES = re.compile(r"scorekeeper/(rules|web)/hombre/|templates/hombre/")
JETONS_OWN = ["stake", "pass_fee"]
"""The jetons' settings no other file uses for a thing of its own: ``simple``,
``sans_prendre``, ``vole`` are also the contracts' names and ``bonus`` the coup's bonus
hands; ``coups_to_play``, ``cave`` and ``fiche`` are every money system's."""


@pytest.mark.parametrize("key", JETONS_OWN)
def test_a_jetons_setting_is_named_in_at_most_three_files(key):
    # its row and its use (jetons.py), the rules line (web/hombre/systems.py); on main also
    # the form's field (systems.py) and the partial template
    found = naming(key, HOMBRE_FILES)
    assert "scorekeeper/rules/hombre/jetons.py" in found
    assert len(found) <= 3, sorted(found)


def test_the_jetons_docs_table_is_the_rows():
    rows = doc_rows("jetons.md", "## 2. Settings")
    assert [row[0] for row in rows] == [s.key for s in jetons.SETTINGS]
    for (_key, _meaning, default), setting in zip(rows, jetons.SETTINGS):
        assert default == settings._shown(setting.default)


@pytest.mark.parametrize(
    ("rules", "where"),
    [
        ({"stake": 0}, "rules.stake"),  # at least 1
        ({"pass_fee": -1}, "rules.pass_fee"),  # 0 allowed, not less
        ({"vole": "12"}, "rules.vole"),
        ({"cave": 0}, "rules.cave"),
        ({"stakes": 3}, "rules.stakes"),  # a typo: an unknown key
    ],
)
def test_a_jetons_rule_set_out_of_its_rows_is_refused_naming_its_key(rules, where):
    with pytest.raises(GameError) as refused:
        JetonsRules.from_mapping({"accounting": "jetons", **rules})
    assert refused.value.field == where


def test_zero_is_a_jetons_pass_fee_bonus_and_coups_to_play():
    # docs/rules/jetons.md: a table may play without pass fee or bonus hands, and no end
    rules = JetonsRules.from_mapping({"pass_fee": 0, "bonus": 0, "coups_to_play": 0})
    assert (rules.pass_fee, rules.bonus, rules.coups_to_play) == (0, 0, 0)


def test_the_command_lists_the_jetons_rows():
    text = kinds.find_kind("jetons").settings_text() or ""
    keys = [line.split()[0] for line in text.splitlines()[1 : 1 + len(jetons.SETTINGS)]]
    assert keys == [row.key for row in jetons.SETTINGS]


# --- l'Hombre: the Danish contracts -----------------------------------------------------


DANISH_OWN = ["ante", "rates", "nolo_ouvert_bonus"]
"""The Danish settings of their own (``coups_to_play``, ``cave``, ``fiche``: every pot
system's; ``takst``: below)."""


@pytest.mark.parametrize("key", DANISH_OWN)
def test_a_danish_setting_is_named_in_at_most_three_files(key):
    # its row and use (danois.py), the rules line (systems.py), the rates' use (engine.py);
    # the form's fields and their help are drawn from the rows (on main also the template,
    # and forms.py for the takst's help)
    found = naming(key, HOMBRE_FILES)
    assert "scorekeeper/rules/hombre/danois.py" in found
    assert len(found) <= 3, sorted(found)


def test_the_takst_is_named_only_where_it_is_read_and_said():
    # a club's own rates are a text read into a table (takst.py), shown back in the form's
    # words and read from them (takst_words.py, new_game.py's READ and SHOWN) and said in
    # the rules line (systems.py): five files, each for what it does to the text, no longer
    # the form's help (forms.py) nor its field (the template)
    assert naming("takst", HOMBRE_FILES) <= {
        "scorekeeper/rules/hombre/danois.py",
        "scorekeeper/rules/hombre/takst.py",
        "scorekeeper/web/hombre/takst_words.py",
        "scorekeeper/web/hombre/new_game.py",
        "scorekeeper/web/hombre/systems.py",
    }


def test_the_danish_docs_table_is_the_rows():
    rows = doc_rows("danois.md", "## 2. Settings")
    assert [row[0] for row in rows] == [s.key for s in danois.SETTINGS]
    for (_key, _meaning, default), setting in zip(rows, danois.SETTINGS):
        said = setting.shown or settings._shown(setting.default)
        assert default.split()[0].strip("`") == said


def test_the_danish_rates_row_offers_the_schedules():
    rates = next(row for row in danois.SETTINGS if row.key == "rates")
    assert set(rates.values) == set(danois.RATES)


@pytest.mark.parametrize(
    ("rules", "where", "message"),
    [
        ({"ante": -1}, "rules.ante", "at least 0"),  # 0 allowed: no cagnotte
        ({"rates": "dla"}, "rules.rates", "rules.rates must be texte or dlu, got 'dla'"),
        ({"fiche": 0}, "rules.fiche", "at least 1"),
        ({"nolo_ouvert_bonus": 1}, "rules.nolo_ouvert_bonus", "must be true or false"),
        ({"takst": {"solo": [3, 3]}}, "rules.takst", ""),
        ({"ant": 5}, "rules.ant", "unknown rule"),
    ],
)
def test_a_danish_rule_set_out_of_its_rows_is_refused_naming_its_key(rules, where, message):
    with pytest.raises(GameError) as refused:
        DanishRules.from_mapping({"accounting": "danois", **rules})
    assert refused.value.field == where
    assert message in str(refused.value)


def test_the_danish_presets_are_the_rows_presets():
    # docs/rules/danois.md §2: the DLU preset plays the Union's rates, without the jeton bonus
    dlu = kinds.find_kind("danois").preset("danois_dlu")
    assert (dlu.rates, dlu.nolo_ouvert_bonus) == ("dlu", False)
    assert dlu == DanishRules.from_mapping({"rates": "dlu"})  # as a file with dlu rates
    assert kinds.find_kind("danois").preset("danois") == DanishRules()


def test_the_command_lists_the_danish_rows():
    text = kinds.find_kind("danois").settings_text() or ""
    lines = text.splitlines()[1 : 1 + len(danois.SETTINGS)]
    assert [line.split()[0] for line in lines] == [row.key for row in danois.SETTINGS]
    takst = next(line for line in lines if line.split()[0] == "takst")
    assert takst.split()[1] == "none:"  # none unless a club gives its own


# --- l'Hombre: the 1709 poule -----------------------------------------------------------


def poule_doc_rows() -> list[list[str]]:
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    section = text.split("## The rule set", 1)[1].split("\n#", 1)[0]
    return [
        [cell.strip().strip("`") for cell in line.strip("|").split("|")]
        for line in section.splitlines()
        if line.startswith("| `")
    ]


POULE_OWN = ["poule_system", "espadille_forcee", "take_over"]
"""The poule's settings named in at most three files: the row (ruleset.py) and the
engine's use of it (engine.py, kinds.py); the form's field, its help and the rules line
are drawn from the row (on main also systems.py, forms.py and the partial template)."""
POULE_USED = {
    "mark_value": {"correction.py", "engine.py", "ruleset.py", "hombre/_sections.html"},
    "payments": {"ruleset.py", "pages.py", "messages.py", "present.py", "hombre/game.html"},
    "retourne": {"engine.py", "kinds.py", "ruleset.py", "forms.py", "words.py"},
    "poules_to_play": {
        "correction.py",
        "engine.py",
        "file.py",
        "ruleset.py",
        "text.py",
        "hombre/_sections.html",
        "hombre/settlement.html",
    },
    "end": {
        "engine.py",
        "kinds.py",
        "ruleset.py",
        "text.py",
        "systems.py",
        "hombre/_chart.html",
        "hombre/settlement.html",
    },
}
"""The poule's other settings: the files that still name them, each for a use of its own,
none for the form or the rules line. ``mark_value`` and ``poules_to_play``: the engine,
the correction of a stored game, the report's file (``file.py``), the text report and the
game's and settlement's pages show the value; ``end``: the engine, the text report, the
settlement's words and an event's round (``systems.round_end_text``); the word is also a
chart's axis and a regex match's (``.end``). ``payments`` and ``retourne`` are also other
words: the payments of a coup (pages.py, messages.py, present.py, the game page) and the
retourne contract (its words in words.py, its field in forms.py, its allowing in kinds.py)."""


@pytest.mark.parametrize("key", POULE_OWN)
def test_a_poule_setting_is_named_in_at_most_three_files(key):
    found = naming(key, HOMBRE_FILES)
    assert "scorekeeper/rules/hombre/ruleset.py" in found
    assert len(found) <= 3, sorted(found)


@pytest.mark.parametrize("key", sorted(POULE_USED))
def test_a_poule_setting_is_named_only_where_it_is_used(key):
    found = {name.split("/hombre/", 1)[1] for name in naming(key, HOMBRE_FILES)}
    found = {f"hombre/{name}" if name.endswith(".html") else name for name in found}
    assert found <= POULE_USED[key], sorted(found - POULE_USED[key])


def said(rules: RuleSet) -> list[str]:
    return [row.key for row, _value in settings.line(ruleset.SETTINGS, ruleset.LINE, rules)]


def test_the_poule_line_says_its_settings_from_the_rows():
    # docs/rules.md: the system, the payments, the retourne, the poules, the end, always;
    # espadille forcée when on; the mark's value and the take-over when changed, last
    assert said(RuleSet()) == ["poule_system", "payments", "retourne", "poules_to_play", "end"]
    changed = RuleSet(espadille_forcee=True, mark_value=4, take_over=True, coups_to_play=40)
    assert said(changed) == [
        "poule_system",
        "payments",
        "retourne",
        "espadille_forcee",
        "coups_to_play",  # instead of the poules: the coups end the game
        "end",
        "mark_value",
        "take_over",
    ]


def test_every_poule_setting_of_the_line_has_its_words():
    rows = {row.key: row for row in ruleset.SETTINGS}
    for key in ruleset.LINE:
        row = rows[key]
        values = (True, False) if isinstance(row.default, bool) else row.values
        for value in values:  # a choice or true/false: each value's words (maybe none)
            assert value in dict(row.said), (key, value)
    assert all(rows[key].words for key in ("mark_value", "take_over"))


def test_the_poule_docs_table_is_the_rows():
    rows = poule_doc_rows()
    assert [row[0] for row in rows] == [s.key for s in ruleset.SETTINGS]
    for (_key, _meaning, default), setting in zip(rows, ruleset.SETTINGS):
        assert default == settings._shown(setting.default)


def test_the_poule_rows_defaults_are_the_rule_sets():
    # one home: the row's default is what a file without the key plays
    defaults = RuleSet()
    assert {s.key: s.default for s in ruleset.SETTINGS} == {
        s.key: getattr(defaults, s.key) for s in ruleset.SETTINGS
    }


@pytest.mark.parametrize(
    ("rules", "where", "message"),
    [
        ({"mark_value": 0}, "rules.mark_value", "rules.mark_value must be at least 1"),
        ({"payments": "triple"}, "rules.payments", "must be double or simple, got 'triple'"),
        ({"end": "stop"}, "rules.end", "must be share or continue, got 'stop'"),
        ({"coups_to_play": -1}, "rules.coups_to_play", "must be at least 0"),
        ({"retourne": 1}, "rules.retourne", "must be bool, got 1"),
        ({"poule_system": "2-3"}, "rules.poule_system", "1 ≤ B ≤ A ≤ 9"),
    ],
)
def test_a_poule_rule_set_out_of_its_rows_is_refused_naming_its_key(rules, where, message):
    with pytest.raises(GameError) as refused:
        RuleSet.from_mapping(rules)
    assert refused.value.field == where
    assert message in str(refused.value)


def test_the_command_lists_the_poule_rows():
    text = kinds.find_kind("hombre").settings_text() or ""
    lines = text.splitlines()[1 : 1 + len(ruleset.SETTINGS)]
    assert [line.split()[0] for line in lines] == [row.key for row in ruleset.SETTINGS]


def test_the_shared_table_fields_have_one_set_of_words_and_bounds():
    """The new-game form has one cave, one fiche and one coups-to-play field for every money
    system (web/hombre/forms.py reads the 1709 poule's rows): each pot system's rows
    (``pot.POT_TABLE``) must say the same label and bounds, their defaults their own."""
    from scorekeeper.rules.hombre import ruleset
    from scorekeeper.rules.hombre.pot import POT_TABLE

    poule = {row.key: row for row in ruleset.SETTINGS}
    for row in POT_TABLE:
        mine = poule[row.key]
        assert (row.label, row.least, row.most) == (mine.label, mine.least, mine.most), row.key


def test_every_rule_sets_defaults_are_its_rows():
    """One home for a default: what a file without the key plays (the rule set made with
    nothing) is its row's default, for every rule set, not the 1709 poule's alone (each
    dataclass restates its rows' defaults; they agree, and must go on agreeing)."""
    from scorekeeper.rules.hombre import danois, jetons
    from scorekeeper.rules.hombre.pot import POT_TABLE
    from scorekeeper.rules.kinds import KINDS

    tables = [
        (ruleset.RuleSet, ruleset.SETTINGS),
        (jetons.JetonsRules, (*jetons.SETTINGS, *POT_TABLE)),
        (danois.DanishRules, (*danois.SETTINGS, *POT_TABLE)),
        *((kind.rules_type, kind.table) for kind in KINDS if getattr(kind, "table", None)),
    ]
    assert len(tables) == 6
    for rules_type, rows in tables:
        made = rules_type()
        for row in rows:
            value = getattr(made, row.key)
            if isinstance(row.default, str) and not isinstance(value, str):
                # a text its rule set reads (the Danish takst): empty, none
                assert not row.default and not value, (rules_type.__name__, row.key)
            else:
                assert value == row.default, (rules_type.__name__, row.key)
