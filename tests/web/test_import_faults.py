"""The import says every fault of a game file its way (names22).

A file refused was shown the engine's first message raw, in lowercase ("players must be three
or four distinct non-empty names"), where the new-game form names the person typed twice. The
import now says each fault found apart from the others (the head's format, its players, its
rules), as the site says any refusal (a sentence, a capital, the reader's language), the
players' repeated name in the form's own words (``forms.clash_text``), at most ``SHOWN``
faults then how many more; a coup the replay refuses stops it: which coup, why, and that the
coups after it were read but not replayed until it is put right (fix30d: "cannot be checked"
said nothing of what stopped); a coup refused as the file writes it holds the replay of every
coup. The command keeps the engine's words. Nothing is stored on refusal.
"""

from __future__ import annotations

import html
import json
import re

import pytest
from notation import SEED
from test_names import count, field_error
from web import NEW_GAME

from scorekeeper.cli import main
from scorekeeper.rules.importing import MAX_BYTES
from scorekeeper.web.games import SHOWN

ALERT = re.compile(r'<p class="error" role="alert"[^>]*>(.*?)</p>', re.S)


def refusals(client, data: object, language: str = "en") -> list[str]:
    """The import's refusal of ``data``, a line a fault; the page 422 and nothing stored."""
    before = _stored(client)
    response = client.post(
        "/games/import", data={"text": json.dumps(data)}, headers={"Accept-Language": language}
    )
    assert response.status_code == 422
    assert _stored(client) == before
    return [html.unescape(line).strip() for line in ALERT.findall(response.text)]


def _stored(client) -> tuple[int, int, int]:
    app = client.application
    return (
        count(app, "select count(*) from games"),
        count(app, "select count(*) from coups"),
        count(app, "select count(*) from changes"),
    )


def form_words(client, first: str, second: str, language: str) -> str:
    """What the new-game form says under the second of two names typed, in ``language``."""
    typed = {**NEW_GAME, "player0": first, "player1": second, "player2": "Chloé"}
    response = client.post("/games/new", data=typed, headers={"Accept-Language": language})
    assert response.status_code == 422
    assert second in field_error(response.text, "player1")  # said under the second name
    (said,) = ALERT.findall(response.text)
    return html.unescape(said).strip()


SAID = {
    ("Anne Dupont", "en"): "Anne Dupont is already at this table: one person cannot sit at two"
    " seats.",
    ("Anne Dupont", "fr"): "Anne Dupont est déjà à cette table : une personne ne peut occuper"
    " deux places.",
    ("anne dupont", "en"): "anne dupont is already at this table as Anne Dupont (names are"
    " compared without case, accents or spaces).",
    ("anne dupont", "fr"): "anne dupont est déjà à cette table sous le nom Anne Dupont (les"
    " noms sont comparés sans majuscules, accents ni espaces).",
}


@pytest.mark.parametrize(("second", "language"), sorted(SAID))
def test_a_repeated_name_is_said_as_the_form_says_it(client, second, language):
    """The very name twice and another spelling of it, in English and French: the import's
    line is the form's, word for word (asked of the form, not copied), and the sentence
    expected (hand-written)."""
    data = {**SEED, "players": ["Anne Dupont", second, "Chloé"], "coups": []}
    said = refusals(client, data, language)
    assert [" ".join(line.split()) for line in said] == [SAID[second, language]]
    assert said == [form_words(client, "Anne Dupont", second, language)]


def test_the_command_keeps_the_engines_words(tmp_path, capsys):
    """``scorekeeper replay`` of the same file: the file format's words, unchanged."""
    data = {**SEED, "players": ["Anne Dupont", "Anne Dupont", "Chloé"], "coups": []}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    assert capsys.readouterr().err == (
        "error: players must be three or four distinct non-empty names\n"
    )


def test_the_heads_faults_are_all_said_and_the_command_says_the_first(client, tmp_path, capsys):
    """Its format, its players, a rule unknown and a rule's value all wrong: four lines,
    capitalised, in the reader's language, and after the players that its 7 coups, which name
    them, could not be checked; a line that opens on a key of the file keeps it as written (a
    capital would misquote it)."""
    data = {
        **SEED,
        "format": "scorekeeper-game/9",
        "players": ["Anne", "Anne", "Chloé"],
        "rules": {"poule_system": "3-2", "poulle": 1, "cave": 0},
    }
    assert refusals(client, data) == [
        'Format must be "scorekeeper-game/1", got "scorekeeper-game/9".',
        "Anne is already at this table: one person cannot sit at two seats.",
        "The 7 coups of this file cannot be checked until the players are put right.",
        "rules.poulle: unknown rule.",
        "rules.cave must be at least 1.",
    ]
    assert refusals(client, data, "fr") == [
        'La clé format doit être "scorekeeper-game/1", pas "scorekeeper-game/9".',
        "Anne est déjà à cette table\u202f: une personne ne peut occuper deux places.",
        "Les 7 coups de ce fichier ne peuvent être vérifiés tant que les joueurs ne sont pas"
        " corrigés.",
        "rules.poulle\u202f: règle inconnue.",
        "rules.cave vaut au moins 1.",
    ]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    assert capsys.readouterr().err == (  # a text as the command always quoted it (test_cli)
        "error: format must be 'scorekeeper-game/1', got 'scorekeeper-game/9'\n"
    )


@pytest.mark.parametrize(
    "language, said",
    [
        ("en", "Game must be one of "),
        ("fr", "La clé game doit être l’un de "),
        ("da", "Nøglen game skal være en af "),
        ("nl", "De sleutel game moet een van "),
    ],
)
def test_a_key_of_the_file_is_quoted_as_written_in_every_language(client, language, said):
    """A fault about the file's key ``game``: French, Danish and Dutch name the key as the
    file writes it, the sentence's capital on the word before it ("Game doit être" on the
    French page misquoted it: review22); English keeps the engine's own words, capitalised."""
    line, held = refusals(client, {**SEED, "game": "whist"}, language)  # then its 7 coups
    assert line.startswith(said), line
    assert held.startswith(("The 7 ", "Les 7 ", "Filens 7 ", "De 7 ")), held
    assert '"whist"' in line, line  # as the file writes it: JSON's quotes (fix27b)


def test_a_hostile_files_faults_are_bounded(client):
    """3,000 unknown rules, each a fault: ``SHOWN`` of them, then how many more (2,995 =
    3,000 − 5), in the reader's groups and plural; one more than ``SHOWN``: the singular.
    The last shown holds the 7 coups unreplayed (read, the rules refused: fix29a): said
    after it."""
    assert SHOWN == 5
    rules = {f"k{n:04}": 1 for n in range(3000)}
    said = refusals(client, {**SEED, "rules": rules})
    assert said == [
        *(f"rules.k{n:04}: unknown rule." for n in range(5)),
        NOT_REPLAYED["en", 7],
        "And 2,995 more faults in this file.",
    ]
    assert refusals(client, {**SEED, "rules": rules}, "fr")[-1] == (
        "Et 2\u202f995 autres erreurs dans ce fichier."
    )
    six = {f"k{n}": 1 for n in range(6)}
    assert refusals(client, {**SEED, "rules": six})[-1] == "And 1 more fault in this file."


BAD_PLAYER = {"hombre": "Z", "contract": "demande", "tricks": {"A": 4, "B": 4, "C": 1}}


@pytest.mark.parametrize("at", [3, 6, 7])
def test_a_coup_refused_as_written_holds_the_replay_of_every_coup(client, at):
    """A coup naming no player is refused as the file is read, before any coup is replayed:
    the 7 coups were read (a fault of coup 6 or 7 would be said too) and none replayed, the
    coups before it no more than those after it, the last coup as any other (fix30d: "the 4
    coups after it cannot be checked" said nothing of coups 1 to 2, never replayed)."""
    coups = list(SEED["coups"])
    assert len(coups) == 7
    coups[at - 1] = BAD_PLAYER
    said = refusals(client, {**SEED, "coups": coups})
    assert said == [f'Coup {at}: hombre "Z" is not one of the players.', NOT_REPLAYED["en", 7]]


TEN = {"hombre": "B", "contract": "demande", "tricks": {"A": 4, "B": 4, "C": 2}}
"""A coup read, refused by the replay: its tricks sum to 10 (4 + 4 + 2), not 9."""

AFTER = {  # the coups after a coup the replay refused, as each catalog says them (by hand)
    ("en", 3): "The 4 coups after it were read, but cannot be replayed until coup 3 is put right.",
    ("en", 6): "The coup after it was read, but cannot be replayed until coup 6 is put right.",
    ("fr", 3): "Les 4 coups qui le suivent ont été lus, mais ne peuvent être rejoués tant que"
    " le coup 3 n’est pas corrigé.",
    ("fr", 6): "Le coup qui le suit a été lu, mais ne peut être rejoué tant que le coup 6 n’est"
    " pas corrigé.",
    ("da", 3): "De 4 spil efter det blev læst, men kan ikke spilles igennem, før spil 3 er rettet.",
    ("da", 6): "Spillet efter det blev læst, men kan ikke spilles igennem, før spil 6 er rettet.",
    ("nl", 3): "De 4 spellen erna werden gelezen, maar kunnen niet worden nagespeeld tot spel 3"
    " is verbeterd.",
    ("nl", 6): "Het spel erna werd gelezen, maar kan niet worden nagespeeld tot spel 6 is"
    " verbeterd.",
}


COUP_LEAD = {"en": "Coup %s: ", "fr": "Coup %s\u202f: ", "da": "Spil %s: ", "nl": "Spel %s: "}


@pytest.mark.parametrize(("language", "at"), sorted(AFTER))
def test_a_coup_the_replay_refuses_says_the_coups_after_it_were_not_replayed(client, language, at):
    """Coup ``at`` of 7 refused by the replay, and a later coup too (coup 5, or 7 after coup
    6: 2 matadors, refused as well, the replay never reaches it): the replay stopped at coup
    ``at``; the 7 − 3 = 4 coups after coup 3 (or the 7 − 6 = 1 after coup 6) were read (their
    shapes checked) but not replayed, the later coup's fault unknown until coup ``at`` is put
    right (fix30d: "The 4 coups after it cannot be checked until it is put right." said
    nothing of why), in the reader's plural; the later coup said by none of the lines."""
    coups = list(SEED["coups"])
    coups[at - 1] = TEN
    later = {3: 5, 6: 7}[at]
    coups[later - 1] = {**coups[later - 1], "matadors": 2}
    said = refusals(client, {**SEED, "coups": coups}, language)
    assert len(said) == 2, said
    assert said[0].startswith(COUP_LEAD[language] % at) and "10" in said[0], said
    assert said[1] == AFTER[language, at]


def test_a_coup_the_replay_refuses_at_the_end_says_nothing_more(client):
    """Coup 7 of 7 refused by the replay: no coup after it, nothing more said."""
    coups = [*SEED["coups"][:6], TEN]
    assert refusals(client, {**SEED, "coups": coups}) == ["Coup 7: tricks sum to 10, expected 9."]


def test_the_command_says_what_a_coup_the_replay_refused_holds(tmp_path, capsys):
    """``scorekeeper replay`` and ``settle`` of the same file: its one line says the coup, and
    after it the page's sentence (one function makes both: ``file_order.coups_held``), in the
    command's English, lowercase after the fault."""
    coups = list(SEED["coups"])
    coups[2] = TEN
    coups[4] = {**coups[4], "matadors": 2}
    path = tmp_path / "game.json"
    path.write_text(json.dumps({**SEED, "coups": coups}), encoding="utf-8")
    for command in ("replay", "settle"):
        assert main([command, str(path)]) == 2
        assert capsys.readouterr() == (
            "",
            "error: coup 3: tricks sum to 10, expected 9; the 4 coups after it were read, but"
            " cannot be replayed until coup 3 is put right\n",
        )
    path.write_text(json.dumps({**SEED, "coups": [*SEED["coups"][:6], TEN]}), encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    assert capsys.readouterr().err == "error: coup 7: tricks sum to 10, expected 9\n"


MANILLE = {
    "format": "scorekeeper-game/1",
    "game": "manille",
    "players": ["Anne", "Bruno", "Chloé", "Denis"],
    "rules": {"variant": "classique"},
    "coups": [],
}


@pytest.mark.parametrize(
    ("data", "said"),
    [
        (  # la Manille: a name twice and an unknown rule
            {**MANILLE, "players": ["Anne", "Bruno", "ANNE", "Denis"], "rules": {"mancehs": 1}},
            [
                "ANNE is already at this table as Anne (names are compared without case,"
                " accents or spaces).",
                "rules.mancehs: unknown rule.",
            ],
        ),
        (  # a name twice and the rules right: the rules are read for no table
            {**MANILLE, "players": ["Anne", "Bruno", "Anne", "Denis"]},
            ["Anne is already at this table: one person cannot sit at two seats."],
        ),
        (  # an unknown variant: the head is checked all the same, said first as the file
            # writes it first (words26: the variant, read first, was said first)
            {**MANILLE, "format": None, "rules": {"variant": "suisse"}},
            [
                'Format must be "scorekeeper-game/1", got null.',
                'rules.variant must be one of classique, belge, got "suisse".',
            ],
        ),
        (  # l'Homme de Brou
            {**MANILLE, "game": "brou", "players": ["Anne", "Anne", "Chloé"], "rules": {"x": 1}},
            ["Players must be four distinct non-empty names.", "rules.x: unknown rule."],
        ),
        (  # jetons: an unknown accounting, and a name twice
            {**SEED, "players": ["Anne", "Anne", "C"], "rules": {"accounting": "poker"}},
            None,
        ),
    ],
    ids=["manille", "manille rules right", "variant", "brou", "accounting"],
)
def test_every_game_says_its_heads_faults_together(client, data, said):
    lines = refusals(client, data)
    if said is None:  # the system's words are its own: two lines, the name the form's first
        assert len(lines) == 3 and lines[0] == (  # (the players come before the rules)
            "Anne is already at this table: one person cannot sit at two seats."
        )
        assert lines[1].startswith("rules.accounting ") and '"poker"' in lines[1]
        assert lines[2] == (  # SEED's 7 coups, never replayed without its rules (fix28b)
            "The 7 coups of this file cannot be checked until its rules are put right."
        )
    else:
        assert [" ".join(line.split()) for line in lines] == said


@pytest.mark.parametrize("extra", [-12_000, 10_000])
def test_a_pasted_file_is_bounded_by_the_import_not_by_the_form_parser(client, extra):
    """A file pasted into the import's text box is sent as a multipart field: Flask's own
    bound of 500 KB a field answered a paste of 500-512 KB with a bare 413 page, where the
    same bytes sent as a file were read (smoke23). Now the import's bound speaks, on its form:
    under it the file is read (its faults said), over it "larger than 512 KB", both 422."""
    padding = {f"k{i:06d}": 1 for i in range(100)}  # then spaces, to the size wanted
    text = json.dumps({**SEED, "rules": {**SEED["rules"], **padding}})
    text = text[:-1] + " " * (MAX_BYTES + extra - len(text.encode())) + "}"
    assert len(text.encode()) == MAX_BYTES + extra and len(text.encode()) > 500_000
    before = _stored(client)
    # the body as a browser sends the form (the test client's own encoder spools a body this
    # large to a file it leaves open)
    body = (
        b'--bound\r\nContent-Disposition: form-data; name="text"\r\n\r\n'
        + text.encode()
        + b"\r\n--bound--\r\n"
    )
    response = client.post(
        "/games/import", data=body, content_type="multipart/form-data; boundary=bound"
    )
    assert response.status_code == 422
    said = [html.unescape(line).strip() for line in ALERT.findall(response.text)]
    if extra > 0:
        assert said == ["The file is larger than 512 KB."]
    else:
        assert said[0].startswith("rules.k000000: unknown rule")
    assert 'name="text"' in response.text  # the form, to try again
    assert _stored(client) == before


UNREAD = {
    ("en", 1): "The coup of this file cannot be checked until the players are put right.",
    ("en", 7): "The 7 coups of this file cannot be checked until the players are put right.",
    ("fr", 1): "Le coup de ce fichier ne peut être vérifié tant que les joueurs ne sont pas"
    " corrigés.",
    ("fr", 7): "Les 7 coups de ce fichier ne peuvent être vérifiés tant que les joueurs ne sont"
    " pas corrigés.",
}


@pytest.mark.parametrize(("language", "coups"), sorted(UNREAD))
def test_players_refused_leave_the_coups_unchecked_and_the_page_says_so(client, language, coups):
    """A coup names the players (its hombre, its tricks): with the players refused none is
    read, and the page said nothing of them (fix27b). It says so after the players' refusal,
    counting the file's coups (SEED's 7, or its first 1), in the reader's plural."""
    data = {**SEED, "players": ["A", "B"], "coups": SEED["coups"][:coups]}
    said = refusals(client, data, language)
    assert len(said) == 2 and said[1] == UNREAD[language, coups]
    assert refusals(client, {**data, "coups": []}, language) == said[:1]  # no coup: nothing


def test_coups_naming_no_player_are_read_with_the_players_refused(client):
    """L'Homme de Brou's coups name teams, not players: read whatever the players, so a coup
    refused is said and no "cannot be checked" of the coups is: they were read, and cannot be
    replayed (fix29a: it said nothing of them)."""
    from fuzz_data import BROU

    coups = [BROU["coups"][0], {"points": "x"}]
    said = refusals(client, {**BROU, "players": ["A", "B"], "coups": coups})
    assert said[0] == "Players must be four distinct non-empty names."
    assert said[1].startswith("Coup 2: points must be whole numbers"), said
    assert said[2] == NOT_REPLAYED["en", 2]  # after the last fault that holds them (fix30d)
    assert not any("of this file cannot be checked" in line for line in said)


def test_a_pot_systems_coups_are_read_whatever_else_of_the_head_is_wrong(client):
    """A jetons file whose format is wrong: its coups were read only with the whole head right
    (a skeleton game), so coup 2's unknown hombre went unsaid; the players right, they are
    read, as l'Hombre's poule reads them."""
    from fuzz_data import JETONS

    coups = [JETONS["coups"][0], {**JETONS["coups"][1], "hombre": "Z"}]
    said = refusals(client, {**JETONS, "format": "x", "coups": coups})
    assert said[0] == 'Format must be "scorekeeper-game/1", got "x".'
    assert said[1].startswith("Coup 2: "), said
    assert '"Z"' in said[1]
    assert said[2] == NOT_REPLAYED["en", 2]  # read, not replayed with the format wrong (fix29a)


HELD = {
    ("game", "en", 1): "The coup of this file cannot be checked until its game is put right.",
    ("game", "en", 7): "The 7 coups of this file cannot be checked until its game is put right.",
    ("game", "fr", 7): "Les 7 coups de ce fichier ne peuvent être vérifiés tant que la clé game"
    " n’est pas corrigée.",
    ("rules", "en", 1): "The coup of this file cannot be checked until its rules are put right.",
    ("rules", "en", 7): "The 7 coups of this file cannot be checked until its rules are put right.",
    ("rules", "fr", 1): "Le coup de ce fichier ne peut être vérifié tant que ses règles ne sont"
    " pas corrigées.",
    ("rules", "fr", 7): "Les 7 coups de ce fichier ne peuvent être vérifiés tant que ses règles"
    " ne sont pas corrigées.",
}
NOT_REPLAYED = {  # the coups read, the head refused (fix29a), as each catalog says it
    ("en", 1): "The coup of this file was read, but cannot be replayed until the file's faults"
    " are put right.",
    ("en", 2): "The 2 coups of this file were read, but cannot be replayed until the file's"
    " faults are put right.",
    ("en", 7): "The 7 coups of this file were read, but cannot be replayed until the file's"
    " faults are put right.",
    ("fr", 1): "Le coup de ce fichier a été lu, mais ne peut être rejoué tant que les erreurs du"
    " fichier ne sont pas corrigées.",
    ("fr", 7): "Les 7 coups de ce fichier ont été lus, mais ne peuvent être rejoués tant que les"
    " erreurs du fichier ne sont pas corrigées.",
    ("da", 7): "Filens 7 spil blev læst, men kan ikke spilles igennem, før filens fejl er rettet.",
    ("nl", 7): "De 7 spellen van dit bestand werden gelezen, maar kunnen niet worden nagespeeld"
    " tot de fouten van het bestand zijn verbeterd.",
}
HELD |= {("replay", *said): words for said, words in NOT_REPLAYED.items() if said[1] != 2}
HELD_BY = {  # a file whose game or rules are refused: what is wrong, what keeps the coups
    "an unknown game": ({"game": "whist"}, "game"),
    # no money system to read the coups by: none is read
    "an unknown money system": ({"rules": {"poule_system": "3-2", "accounting": "zzz"}}, "rules"),
    "a rule's value": ({"rules": {"poule_system": "3-2", "cave": 0}}, "replay"),
    "a rule unknown": ({"rules": {"poule_system": "3-2", "poulle": 1}}, "replay"),
    "the first dealer": ({"first_dealer": 9}, "replay"),
    "the format": ({"format": "scorekeeper-game/0"}, "replay"),
}


@pytest.mark.parametrize(
    ("case", "language", "coups"),
    [(case, *said[1:]) for case in sorted(HELD_BY) for said in HELD if said[0] == HELD_BY[case][1]],
)
def test_a_refused_game_or_rules_leave_the_coups_unchecked_and_the_page_says_so(
    client, case, language, coups
):
    """A game unknown, or an l'Hombre money system: none of its coups is read (no game, no
    system to read them by); a rule, the first dealer or the format refused: they are read,
    never replayed (fix29a: said "cannot be checked until its rules are put right", and
    nothing of the first dealer or the format). The page says so after the refusal, counting
    the file's coups (SEED's 7, or its first), in the reader's plural; a file of no coups
    says nothing."""
    change, wait = HELD_BY[case]
    data = {**SEED, **change, "coups": SEED["coups"][:coups]}
    said = refusals(client, data, language)
    assert len(said) == 2 and said[1] == HELD[wait, language, coups], said
    assert refusals(client, {**data, "coups": []}, language) == said[:1]


def test_a_coup_refused_beside_refused_rules_is_said_after_them(client):
    """Rules refused and coup 3 malformed: its coups were read, so coup 3's fault is said
    (fix29a: it said none could be checked, then listed coup 3's fault), then, once, that the
    3 were read but cannot be replayed: both faults hold the replay (fix30d: the sentence
    stood between them, and coup 3's said nothing)."""
    data = {**SEED, "rules": {"poule_system": "3-2", "cave": 0}, "coups": [*SEED["coups"][:2], {}]}
    said = refusals(client, data)
    assert len(said) == 3 and said[0] == "rules.cave must be at least 1."
    assert said[1].startswith("Coup 3: "), said
    assert said[2] == (
        "The 3 coups of this file were read, but cannot be replayed until the file's faults"
        " are put right."
    )


def test_the_head_that_holds_the_replay_is_said_once_after_its_faults(client):
    """fix29a's two findings: an unknown rule and coup 3 broken said "The 7 coups of this file
    cannot be checked until its rules are put right." and then coup 3's fault (the coups were
    read, their shapes checked: only not replayed); an unknown rule and ``first_dealer`` 9
    named only the rules, though the dealer holds the replay too. Now: the head's faults in
    the file's order, then coup 3's, then once that the 7 were read but cannot be replayed
    (fix30d: coup 3's fault holds them too; "the 4 after it unchecked" was said of it); in
    French too."""
    coups = [*SEED["coups"][:2], {"contract": "demande"}, *SEED["coups"][3:]]
    head = {k: SEED[k] for k in ("format", "game", "players")}  # first_dealer where it goes
    data = {**head, "first_dealer": 9, "rules": {"poule_system": "3-2", "poulle": 1}}
    said = refusals(client, {**data, "coups": coups})
    assert said == [
        "first_dealer 9 is not one of the players.",
        "rules.poulle: unknown rule.",
        "Coup 3: the key hombre is missing.",
        NOT_REPLAYED["en", 7],
    ]
    assert not any("cannot be checked until its rules" in line for line in said)
    assert refusals(client, {**data, "coups": coups}, "fr")[3] == NOT_REPLAYED["fr", 7]
    # the first dealer alone holds them too
    assert refusals(client, {**SEED, "first_dealer": 9})[1:] == [NOT_REPLAYED["en", 7]]


def test_an_unknown_money_system_reads_no_coup_and_says_so(client):
    """``rules.accounting`` unknown: no system to read the coups by, none is read (coup 3's
    fault unsaid): that sentence stays "cannot be checked until its rules are put right"."""
    coups = [*SEED["coups"][:2], {"contract": "demande"}, *SEED["coups"][3:]]
    rules = {"poule_system": "3-2", "accounting": "zzz"}
    said = refusals(client, {**SEED, "rules": rules, "coups": coups})
    assert said[1:] == [HELD["rules", "en", 7]]


def test_players_and_rules_refused_say_the_coups_wait_once(client):
    """The players refused keep the coups unread: the page says so once, after the players'
    refusal, not again after the rules' (one reason a file: the first that holds them)."""
    data = {**SEED, "players": ["A", "B"], "rules": {"poule_system": "3-2", "cave": 0}}
    said = refusals(client, data)
    assert [line for line in said if "cannot be checked" in line] == [UNREAD["en", 7]]


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (
            {"game": "whist"},
            "error: game must be one of hombre, brou, manille, got 'whist'; the 7 coups of this"
            " file cannot be checked until its game is put right\n",
        ),
        (  # fix29a: read, not replayed
            {"rules": {"poule_system": "3-2", "cave": 0}},
            "error: rules.cave must be at least 1; the 7 coups of this file were read, but"
            " cannot be replayed until the file's faults are put right\n",
        ),
        (
            {"rules": {"poule_system": "3-2", "cave": 0}, "coups": SEED["coups"][:1]},
            "error: rules.cave must be at least 1; the coup of this file was read, but cannot"
            " be replayed until the file's faults are put right\n",
        ),
        (  # none read: no money system to read them by
            {"rules": {"poule_system": "3-2", "accounting": "zzz"}},
            "error: rules.accounting must be one of poule, jetons, danois, got 'zzz'; the 7"
            " coups of this file cannot be checked until its rules are put right\n",
        ),
        (  # no coup: nothing held
            {"rules": {"poule_system": "3-2", "cave": 0}, "coups": []},
            "error: rules.cave must be at least 1\n",
        ),
        (  # the format holds the replay as the rules do (fix29a: it said that one alone)
            {"format": "x", "rules": {"poule_system": "3-2", "cave": 0}},
            "error: format must be 'scorekeeper-game/1', got 'x'; the 7 coups of this file were"
            " read, but cannot be replayed until the file's faults are put right\n",
        ),
        (  # and the first dealer
            {"first_dealer": 9},
            "error: first_dealer 9 is not one of the players; the 7 coups of this file were"
            " read, but cannot be replayed until the file's faults are put right\n",
        ),
    ],
    ids=["game", "rules", "one coup", "system", "no coup", "format first", "first dealer"],
)
def test_the_command_says_what_its_fault_keeps_unchecked(tmp_path, capsys, change, said):
    """``scorekeeper replay`` and ``settle`` say a file's first fault, on one line: when that
    fault is what keeps its coups from being checked, the same line says so after it, in the
    page's sentence (``file_order.COUPS_HELD``), lowercase as the command speaks (fix28b)."""
    path = tmp_path / "game.json"
    path.write_text(json.dumps({**SEED, **change}), encoding="utf-8")
    for command in ("replay", "settle"):
        assert main([command, str(path)]) == 2
        out, err = capsys.readouterr()
        assert (out, err) == ("", said)
