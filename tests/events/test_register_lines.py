"""A registration line is one player: ``name; team; registered together`` (the form's
label says so). A line of more parts is a typing mistake, refused naming the line: it
was registered as its first three, the rest dropped, so "Els;Claes;x;y" made a player
"Els" (team "Claes", which an individual event ignores) who could then only be withdrawn,
and whose line stays in the ranking marked withdrawn (docs/competitions.md) — found
registering a Flemish manillen competition, 2026-11-30. ``scorekeeper draw`` refuses such a
line of its players file too."""

from __future__ import annotations

import html
import re

import pytest
from test_events import new_event, post

from scorekeeper.db import get_db
from scorekeeper.events import records as stored

NAMES = "Jan Peeters\nMarie Janssens\nLuc Maes"


def _registered(app) -> list[tuple[str, str, str]]:
    with app.app_context():
        return [(p.name, p.team, p.together) for p in stored.players(get_db(), 1)]


def test_a_line_of_more_parts_than_name_team_together_is_refused_naming_it(app):
    client = app.test_client()
    new_event(client, kind="manillen", seating="pairs", method="total")
    client.set_cookie("lang", "en")
    refused = post(client, app, "players", names=NAMES + "\nEls;Claes;x;y")
    assert refused.status_code == 422
    assert "Els;Claes;x;y: one line is one player" in refused.text
    assert _registered(app) == []  # the list is refused whole, as a name twice is
    assert "Jan Peeters\nMarie Janssens" in refused.text  # the form keeps what was typed

    # three parts (a team and a mark; the mark alone after an empty team) still register
    done = post(client, app, "players", names=NAMES + "\nEls Claes; Gent; 1\nWim; ; 1")
    assert done.status_code == 302
    assert ("Els Claes", "Gent", "1") in _registered(app)
    assert ("Wim", "", "1") in _registered(app)


def _refused_line(app, line: str) -> dict[str, str]:
    """``line`` registered in French, Danish and Dutch: each refusal, from the line on."""
    client = app.test_client()
    new_event(client, kind="manillen", seating="pairs", method="total")
    said = {}
    for language in ("fr", "da", "nl"):
        client.set_cookie("lang", language)
        page = html.unescape(post(client, app, "players", names=line).text)  # & is &amp;
        beside = page[page.index('id="names-error"') :]  # the refusal beside the box
        said[language] = re.findall(re.escape(line) + r"[^<]*", beside)[0]
    return said


REFUSALS_IN_THEIR_LANGUAGES = [
    # a line of four parts: one line is one player
    ("a;b;c;d", "une ligne est un joueur", "én linje er én spiller", "één regel is één speler"),
    # a team with no name before it
    ("; Gent", "aucun nom avant l’équipe", "intet navn før holdet", "geen naam vóór de ploeg"),
    # a third name beside the &: a fixed pair is two names
    ("a & b & c", "une paire fixe", "et fast par", "een vast duo"),
]
"""Each refusal of a line, from the line on, in French (its narrow no-break space before
the colon), Danish and Dutch."""


@pytest.mark.parametrize(("line", "fr", "da", "nl"), REFUSALS_IN_THEIR_LANGUAGES)
def test_each_refusal_in_the_players_languages(app, line, fr, da, nl):
    said = _refused_line(app, line)
    assert said["fr"].startswith(f"{line}\u202f: {fr}")
    assert said["da"].startswith(f"{line}: {da}")
    assert said["nl"].startswith(f"{line}: {nl}")


def test_a_line_is_read_as_scorekeeper_draw_reads_its_players_file(app, tmp_path):
    """The players file of ``scorekeeper draw`` (a team after a tab or a ``;``, a ``#``
    line a comment) pasted into the registration box, or two columns of a spreadsheet
    (pasted with a tab between): the box read "Anne<tab>Brugge" as one name, "Anne
    Brugge" with no team, and registered a player "# club Gent". One reading of a line
    now (``draw.line_parts``): each file gives the same players to both."""
    from scorekeeper.draw.command import read_players

    text = "# club Brugge\nAnne\tBrugge\nBruno ;Gent\n\n  # club Gent\nChloé\n"
    client = app.test_client()
    new_event(client, kind="manillen", seating="pairs", method="total")
    assert post(client, app, "players", names=text).status_code == 302
    assert _registered(app) == [("Anne", "Brugge", ""), ("Bruno", "Gent", ""), ("Chloé", "", "")]
    path = tmp_path / "players.txt"
    path.write_text(text, encoding="utf-8")
    drawn = [(e.name, e.team or "") for e in read_players(str(path))]
    assert drawn == [(name, team) for name, team, _ in _registered(app)]


def test_an_empty_name_column_and_a_comment_after_an_invisible_character(app, tmp_path):
    """A spreadsheet's row whose name column is empty ("<tab>Gent") was stripped before it
    was parted: its team became a player "Gent", in the box and in ``scorekeeper draw``'s
    file alike. A ``#`` comment after a byte-order mark (a file saved by Notepad, pasted)
    or a zero-width space registered a player "# club Brugge"; the draw's file read past
    the mark (utf-8-sig), so the two readings gave different players. Both are read as
    the draw reads them now: the empty name refused naming its line, the comment a
    comment, in the box and the file."""
    from scorekeeper.draw.command import read_players
    from scorekeeper.draw.model import DrawError

    client = app.test_client()
    new_event(client, kind="manillen", seating="pairs", method="total")
    client.set_cookie("lang", "en")
    refused = post(client, app, "players", names="Anne\tBrugge\n\tGent\nBruno")
    assert refused.status_code == 422
    assert "Gent: no name before the team" in refused.text
    assert _registered(app) == []
    path = tmp_path / "players.txt"
    path.write_text("Anne\tBrugge\n\tGent\nBruno\n", encoding="utf-8")
    try:
        read_players(str(path))
        raise AssertionError("the draw read a team as a player")
    except DrawError as error:
        assert "players.txt:2: no name before the team" in str(error)

    # trailing empty columns are no parts: "Anne<tab>Brugge<tab><tab>" is Anne of Brugge
    text = "\ufeff# club Brugge\nAnne\tBrugge\t\t\n\u200b# club Gent\nBruno;Gent\n"
    assert post(client, app, "players", names=text).status_code == 302
    assert _registered(app) == [("Anne", "Brugge", ""), ("Bruno", "Gent", "")]
    path.write_text(text, encoding="utf-8")
    drawn = [(e.name, e.team or "") for e in read_players(str(path))]
    assert drawn == [(name, team) for name, team, _ in _registered(app)]


def test_a_team_typed_with_an_invisible_character_is_the_same_team(app, tmp_path):
    """review11: the parts of a line were only stripped, so "Bruno;<zero-width space>Gent"
    registered a team "\u200bGent" beside Anne's "Gent": two teams that read "Gent" in the
    team ranking, each with its share of the sum, and teammates the draw no longer kept
    apart. A name is kept tidied by the names rule in the box (``names.tidy``) but was
    not in ``scorekeeper draw``'s file ("Chloé<zero-width space>" drawn under a name the
    box never registered). Each part is tidied as a name now, in both."""
    from scorekeeper.draw.command import read_players

    text = "Anne;Gent\nBruno;\u200bGent\nChlo\u0065\u0301\u200b\tGent\u00a0\nDenis; Gent  Oost\n"
    client = app.test_client()
    new_event(client, kind="manillen", seating="pairs", method="total")
    assert post(client, app, "players", names=text).status_code == 302
    assert _registered(app) == [
        ("Anne", "Gent", ""),
        ("Bruno", "Gent", ""),  # it read "\u200bGent"
        ("Chloé", "Gent", ""),
        ("Denis", "Gent Oost", ""),  # it read "Gent  Oost", two spaces
    ]
    path = tmp_path / "players.txt"
    path.write_text(text, encoding="utf-8")
    drawn = [(e.name, e.team or "") for e in read_players(str(path))]
    assert drawn == [(name, team) for name, team, _ in _registered(app)]


@pytest.mark.parametrize(
    ("line", "said", "drawn"),
    [
        # "A & B & C" was A partnered with a player "B & C" (review10); the draw's file
        # took it for one player "Anne & Bert & Carl"
        (
            "Anne & Bert & Carl",
            "a fixed pair is two names",
            "a fixed pair is two names, name & partner, not 3",
        ),
        # "Anne & " registered Anne partnered with a player "", "& Bert" the same the other way
        ("Anne & ", "a name is missing beside the &", "a name is missing beside the &"),
        ("& Bert; Gent", "a name is missing beside the &", "a name is missing beside the &"),
    ],
)
def test_a_third_name_or_an_empty_one_beside_the_ampersand_is_refused_naming_the_line(
    app, tmp_path, line, said, drawn
):
    from scorekeeper.draw.command import read_players
    from scorekeeper.draw.model import DrawError

    client = app.test_client()
    new_event(client, kind="manillen", seating="pairs", method="total")
    client.set_cookie("lang", "en")
    refused = post(client, app, "players", names=NAMES + "\n" + line)
    assert refused.status_code == 422
    assert f"{line.strip()}: {said}" in html.unescape(refused.text)
    assert _registered(app) == []  # the list is refused whole
    path = tmp_path / "players.txt"
    path.write_text(NAMES + "\n" + line + "\n", encoding="utf-8")
    with pytest.raises(DrawError, match=re.escape(f"players.txt:4: {drawn}")):
        read_players(str(path))


def test_a_fixed_pair_is_read_alike_by_the_box_and_the_draw(app, tmp_path):
    """``Anne & Bert; Gent`` is two players of Gent, partners, in the box and in the
    players file of ``scorekeeper draw`` (which read it as one player "Anne & Bert")."""
    from scorekeeper.draw.command import read_file

    text = "Anne & Bert; Gent\nCarl\nDora\n"
    client = app.test_client()
    new_event(client, kind="manillen", seating="pairs", method="total")
    assert post(client, app, "players", names=text).status_code == 302
    with app.app_context():
        kept = [(p.name, p.team, p.partner) for p in stored.players(get_db(), 1)]
    assert kept == [
        ("Anne", "Gent", "Bert"),
        ("Bert", "Gent", "Anne"),
        ("Carl", "", ""),
        ("Dora", "", ""),
    ]
    path = tmp_path / "players.txt"
    path.write_text(text, encoding="utf-8")
    entrants, pairs = read_file(str(path))
    assert [(e.name, e.team or "") for e in entrants] == [(n, t) for n, t, _ in kept]
    assert pairs == [("Anne", "Bert")]


LONG = "Jean-Baptiste Alexandre de la Tour-Dupin"  # 40 characters: the bound, accepted
TOO_LONG = LONG + "s"  # 41: one past it
SHORTENED = "Jean-Baptiste Alexa…"  # its first 19 characters, then "…" (20 in all)
TOO_LONG_SAID = {
    # line 3 of the box (the blank line 2 counts: the box shows it), the name shortened,
    # the bound; French with its narrow no-break space before the colon, the plural of 40
    "fr": f"Ligne 3 ({SHORTENED})\u202f: un nom a au plus 40 caractères",
    "en": f"Line 3 ({SHORTENED}): a name has at most 40 characters",
    "da": f"Linje 3 ({SHORTENED}): et navn har højst 40 tegn",
    "nl": f"Regel 3 ({SHORTENED}): een naam heeft hoogstens 40 tekens",
}


@pytest.mark.parametrize("line", [TOO_LONG, f"Anne & {TOO_LONG}", f"{TOO_LONG}; Gent"])
def test_a_name_past_the_bound_is_refused_beside_the_box_naming_its_line(app, line):
    """A name of 41 characters among many pasted was refused with the bound alone ("a name
    has at most 40 characters"): which of forty lines? The refusal names the line's number
    and the name, shortened, beside the box, in each language; nothing is stored."""
    assert len(LONG) == 40 and len(SHORTENED) == 20
    client = app.test_client()
    new_event(client, kind="manillen", seating="pairs", method="total")
    for language, said in TOO_LONG_SAID.items():
        client.set_cookie("lang", language)
        refused = post(client, app, "players", names=f"Jan Peeters\n\n{line}\nLuc Maes")
        assert refused.status_code == 422
        page = html.unescape(refused.text)
        beside = page[page.index('id="names-error"') :]
        assert said in beside[:400]
        assert _registered(app) == []  # the whole list refused, as any refusal of a line
    done = post(client, app, "players", names=f"Jan Peeters\n\n{LONG}\nLuc Maes")
    assert done.status_code == 302
    assert (LONG, "", "") in _registered(app)


TEAM = "Koninklijke Manillenmaatschappij De Eendr"  # 41 characters: one past the bound
TEAM_SHORTENED = "Koninklijke Manille…"  # its first 19 characters, then "…" (20 in all)
TEAM_SAID = {
    # line 2 of the box, the team shortened, the bound, the plural of 40
    "fr": f"Ligne 2 ({TEAM_SHORTENED})\u202f: le nom d’une équipe a au plus 40 caractères",
    "en": f"Line 2 ({TEAM_SHORTENED}): a team's name has at most 40 characters",
    "da": f"Linje 2 ({TEAM_SHORTENED}): et holds navn har højst 40 tegn",
    "nl": f"Regel 2 ({TEAM_SHORTENED}): de naam van een ploeg heeft hoogstens 40 tekens",
}


def test_a_team_past_the_bound_is_refused_beside_the_box_naming_its_line(app):
    """A team of 41 characters was registered cut to 40 in silence (``records.register``:
    ``entry.team[:MAX_NAME]``), so two teams alike in their first 40 characters became one.
    Refused as a name is (``too_long``, the one rule), naming the line; the store refuses it
    too, never cuts it; 40 characters register whole."""
    assert len(TEAM) == 41 and len(TEAM_SHORTENED) == 20
    client = app.test_client()
    new_event(client, kind="manillen", seating="pairs", method="total")
    for language, said in TEAM_SAID.items():
        client.set_cookie("lang", language)
        refused = post(client, app, "players", names=f"Jan Peeters\nLuc Maes; {TEAM}")
        assert refused.status_code == 422
        page = html.unescape(refused.text)
        beside = page[page.index('id="names-error"') :]
        assert said in beside[:400]
        assert _registered(app) == []
    with app.app_context(), pytest.raises(stored.GameError) as found:
        stored.register(get_db(), 1, None, [stored.Player("Luc Maes", TEAM)])
    assert "a team's name has at most 40 characters" in str(found.value)
    done = post(client, app, "players", names=f"Jan Peeters\nLuc Maes; {TEAM[:40]}")
    assert done.status_code == 302
    assert ("Luc Maes", TEAM[:40], "") in _registered(app)


def test_the_line_named_is_the_boxs_line_whatever_character_a_name_holds(app):
    """The box's lines are parted at CR LF, CR or LF, as a form sends them: ``splitlines``
    also parted a line at U+2028, \\x85, \\v or \\f, which the box shows inside a line, so
    the number said was one past the line the director sees (review26)."""
    client = app.test_client()
    new_event(client, kind="manillen", seating="pairs", method="total")
    client.set_cookie("lang", "en")
    # line 1 holds a line separator inside its team; the long name is line 2 of the box
    refused = post(client, app, "players", names=f"Jan Peeters; Gent\u2028Noord\r\n{TOO_LONG}")
    assert refused.status_code == 422
    page = html.unescape(refused.text)
    beside = page[page.index('id="names-error"') :][:400]
    assert "Line 2 (" in beside and "Line 3 (" not in beside
