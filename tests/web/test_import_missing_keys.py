"""A game file without a key it must have says the key is missing (words26).

The import said "Format must be 'scorekeeper-game/1', got None." of a file without
``format``, "hombre None is not one of the players" of a coup without ``hombre``, and the
command "game must be 'hombre', got None" of a file without ``game``. Now each says which
key is missing (``gamefile.MISSING``), in the reader's language; the command its English
words, its exit status 2 as for any refusal. Every fault the file holds apart from the
others is said in one answer, in the order the file writes what they name.
"""

from __future__ import annotations

import json

import pytest
from notation import SEED
from test_import_faults import NOT_REPLAYED, refusals

from scorekeeper.cli import main

NO_FORMAT = {k: v for k, v in SEED.items() if k != "format"}

# The catalogs' "the key {key} is missing", as each language says it (hand-written), with
# the site's capital and full stop; the key as the file writes it.
MISSING = {
    "en": "The key {key} is missing.",
    "fr": "La clé {key} manque.",
    "da": "Nøglen {key} mangler.",
    "nl": "De sleutel {key} ontbreekt.",
}
UNREAD_7 = {  # SEED's 7 coups, as each catalog says them unchecked (hand-written)
    "en": "The 7 coups of this file cannot be checked until the players are put right.",
    "fr": "Les 7 coups de ce fichier ne peuvent être vérifiés tant que les joueurs ne sont"
    " pas corrigés.",
    "da": "Filens 7 spil kan ikke kontrolleres, før spillerne er rettet.",
    "nl": "De 7 spellen van dit bestand kunnen niet worden gecontroleerd tot de spelers zijn"
    " verbeterd.",
}
# a coup's: led by its number as each language leads a coup's refusal
IN_COUP = {
    "en": "Coup 3: the key hombre is missing.",
    "fr": "Coup 3\u202f: la clé hombre manque.",
    "da": "Spil 3: nøglen hombre mangler.",
    "nl": "Spel 3: de sleutel hombre ontbreekt.",
}


@pytest.mark.parametrize("language", sorted(MISSING))
@pytest.mark.parametrize("key", ["format", "players"])
def test_a_file_without_a_head_key_says_it_is_missing(client, language, key):
    data = {k: v for k, v in SEED.items() if k != key}
    said = refusals(client, data, language)
    assert said[0] == MISSING[language].format(key=key)
    # without the players no coup is read (each names them): the 7 coups said unchecked;
    # without the format they are read, not replayed (fix29a: it said nothing of them)
    assert said[1:] == [UNREAD_7[language] if key == "players" else NOT_REPLAYED[language, 7]]
    assert "None" not in " ".join(said)


@pytest.mark.parametrize("language", sorted(MISSING))
def test_a_coup_without_its_hombre_says_it_is_missing(client, language):
    """Coup 3 of the seed is a pass: without ``pass`` it is a played coup without its
    hombre, contract and tricks; the first missing is said, then that the 7 coups were read
    but none replayed (fix30d: "the 4 coups after it cannot be checked", as if coups 1 and 2
    had been)."""
    coups = list(SEED["coups"])
    coups[2] = {}
    said = refusals(client, {**SEED, "coups": coups}, language)
    assert said == [IN_COUP[language], NOT_REPLAYED[language, 7]]
    assert "None" not in " ".join(said)


def test_the_command_says_the_key_is_missing(tmp_path, capsys):
    """The command's own words (English, lowercase, no full stop), exit status 2; a file
    without ``game`` is refused as the import refuses it, naming the games it may be."""
    cases = [
        (  # fix29a: read, not replayed (it said nothing of them)
            NO_FORMAT,
            "error: the key format is missing; the 7 coups of this file were read, but cannot"
            " be replayed until the file's faults are put right\n",
        ),
        (
            {k: v for k, v in SEED.items() if k != "game"},
            "error: the key game is missing: it is one of hombre, brou, manille; the 7 coups of"
            " this file cannot be checked until its game is put right\n",  # fix28b: SEED's 7
        ),
        (  # fix30d: read, not replayed (it said nothing of them)
            {**SEED, "coups": [{"contract": "demande"}]},
            "error: coup 1: the key hombre is missing; the coup of this file was read, but"
            " cannot be replayed until the file's faults are put right\n",
        ),
    ]
    path = tmp_path / "game.json"
    for data, said in cases:
        path.write_text(json.dumps(data), encoding="utf-8")
        for command in ("replay", "settle"):
            assert main([command, str(path)]) == 2
            out, err = capsys.readouterr()
            assert (out, err) == ("", said)


def test_a_null_is_still_said_as_the_value_given(client):
    """A key the file gives, as null, is no missing key: the value given is said, as the file
    writes it (fix27b: ``null``, not Python's ``None``; a text in JSON's quotes)."""
    line, held = refusals(client, {**SEED, "format": None})
    assert line == 'Format must be "scorekeeper-game/1", got null.'
    assert held == NOT_REPLAYED["en", 7]


def test_every_independent_fault_is_said_at_once_in_the_files_order(client):
    """A rule unknown, coups 2 and 5 malformed (an unknown contract; no hombre) and a chip
    value that is no number: each was found only once the one before it was put right. All
    four are said in one answer, in the file's order (rules, coups, money), and that none of
    the 7 can be replayed until the file's faults are put right once, after the last fault
    that holds them, coup 5's (they were read: fix29a, "cannot be checked until its rules are
    put right" before the coups' faults it went on to list; fix30d, "the 2 coups after it
    cannot be checked" after coup 5, as if coups 1 to 4 had been)."""
    coups = list(SEED["coups"])
    coups[1] = {"hombre": "B", "contract": "belote", "tricks": {"A": 4, "B": 4, "C": 1}}
    coups[4] = {"contract": "demande", "tricks": {"A": 2, "B": 2, "C": 5}}
    data = {
        **SEED,
        "rules": {**SEED["rules"], "poulle": 1},
        "coups": coups,
        "money": {"chip_value": "lots", "currency": "EUR"},
    }
    assert refusals(client, data) == [
        "rules.poulle: unknown rule.",
        'Coup 2: contract "belote" is not one of demande, retourne, sans_prendre, vole,'
        " espadille_forcee.",
        "Coup 5: the key hombre is missing.",
        NOT_REPLAYED["en", 7],
        "A chip value is a number such as 0.05.",
    ]


def test_the_order_is_the_files_not_the_readers(client):
    """The same faults in a file that writes its money and rules before its head: said in
    that order; a missing key where the file format puts it: ``format`` before every key
    that follows it in the format (here before ``rules``, the first of them in this file)."""
    data = {
        "money": {"chip_value": "lots", "currency": "EUR"},
        "rules": {"poulle": 1},
        "game": "hombre",
        "players": ["Anne", "Anne", "C"],
    }
    assert refusals(client, data) == [
        "A chip value is a number such as 0.05.",
        "The key format is missing.",
        "rules.poulle: unknown rule.",
        "Anne is already at this table: one person cannot sit at two seats.",
    ]


def test_a_missing_game_and_format_are_said_together(client):
    """No game: nothing else can be read but the format, which every game shares."""
    data = {"players": ["A", "B", "C"], "coups": []}
    assert refusals(client, data) == [
        "The key format is missing.",
        "The key game is missing: it is one of hombre, brou, manille.",
    ]
    assert refusals(client, {**data, "format": "x", "game": "whist"}, "fr") == [
        'La clé format doit être "scorekeeper-game/1", pas "x".',
        'La clé game doit être l’un de hombre, brou, manille, pas "whist".',
    ]


def test_a_seat_change_and_the_replay_are_said_together(client):
    """A seat change naming no player and coup 2's tricks summing to 10 (4 + 4 + 2): the
    replay needs the game, not its seat changes, so both are said (the seat change's refusal
    hid the replay's); the coups after coup 2 (7 − 2 = 5) said read but not replayed right
    after it, the seat change after the coups, where the file writes it."""
    coups = list(SEED["coups"])
    coups[1] = {"hombre": "B", "contract": "demande", "tricks": {"A": 4, "B": 4, "C": 2}}
    change = {"coup": 3, "seat": "Zoé", "player": "Denis", "way": "plays_for"}
    said = refusals(client, {**SEED, "coups": coups, "seat_changes": [change]})
    assert len(said) == 3 and said[0].startswith("Coup 2: ")
    assert said[1] == (
        "The 5 coups after it were read, but cannot be replayed until coup 2 is put right."
    )
    assert said[2] == "seat_changes[1].seat: seat must name one of the players."


def test_a_long_value_is_quoted_by_its_start(client, tmp_path, capsys):
    """A refusal quotes a value of the file in at most 80 characters, the last "…": a
    "format" of 10,000 numbers (a text is bounded to 200 characters already) was said whole,
    50,000 characters, on the page and by the command."""
    long = [1] * 10_000
    start = "[" + "1, " * 26  # 79 characters of "[1, 1, …" then the ellipsis: 80 in all
    line, held = refusals(client, {**SEED, "format": long})
    assert line == f'Format must be "scorekeeper-game/1", got {start}…'  # no full stop after …
    assert held == NOT_REPLAYED["en", 7]
    path = tmp_path / "game.json"
    path.write_text(json.dumps({**SEED, "format": long}), encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    _out, err = capsys.readouterr()
    assert err == (
        f"error: format must be 'scorekeeper-game/1', got {start}…; the 7 coups of this file"
        " were read, but cannot be replayed until the file's faults are put right\n"
    )
