"""No catalog keeps a source word where its language has its own (issue 45, point 8).

The list is docs/translations.md's table "The clubs' words"; this test reads it, so the
list has one home. And the words the treasurer's evening found: Dutch "Andere kosten",
the Danish money forms in kroner, one minus sign on a points table's lines.
"""

from __future__ import annotations

import functools
import re
import sqlite3
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from fuzz_app import THREE
from web import new_game

ROOT = Path(__file__).resolve().parents[2]
TABLE = "## The clubs' words: what no catalog keeps in the source's words"


def clubs_words() -> list[tuple[str, str, str]]:
    text = (ROOT / "docs/translations.md").read_text(encoding="utf-8")
    section = text[text.index(TABLE) :].split("\n## ", 1)[0]
    rows = re.findall(r"^\| (en|fr|da|nl) \| ([^|]+?) \| ([^|]+?) \|$", section, re.M)
    assert len(rows) >= 10, rows  # the table is read, not skipped
    return rows


@functools.cache  # read once per process: the file's ~30 tests ask it 49 times (25 ms each)
def catalog(language: str) -> tuple[tuple[str, str], ...]:
    path = ROOT / f"scorekeeper/translations/{language}/LC_MESSAGES/messages.po"
    with path.open("rb") as handle:
        entries = list(read_po(handle))
    pairs = []
    for entry in entries:
        if not entry.id:
            continue
        ids = entry.id if isinstance(entry.id, tuple) else (entry.id,)
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        pairs += [(i, s) for i in ids for s in strings]
    return tuple(pairs)


PLACEHOLDER = re.compile(r"%\([a-z_]+\)[sd]|\{[a-z_]+[^}]*\}")


def holds(text: str, word: str) -> bool:
    """Whether ``word`` is a word of ``text`` (its placeholders, as ``%(dealer)s``, aside)."""
    bare = PLACEHOLDER.sub(" ", text)
    return re.search(rf"(?<!\w){re.escape(word)}(?!\w)", bare, re.I) is not None


@pytest.mark.parametrize("language,source,own", clubs_words())
def test_no_catalog_keeps_a_source_word_its_language_has_its_own_for(language, source, own):
    if language == "en":  # the msgids are the English text
        kept = [msgid for msgid, _ in catalog("fr") if holds(msgid, source)]
    else:
        kept = [s for msgid, s in catalog(language) if holds(msgid, source) and holds(s, source)]
    assert kept == [], f"{language}: {source!r} kept where it says {own!r}: {kept}"


@pytest.mark.parametrize("language,source,own", [r for r in clubs_words() if r[0] != "en"])
def test_a_catalog_says_a_source_word_in_its_own_word(language, source, own):
    """One word for a term: a Dutch chip is a "jeton" in every entry, never a "fiche" (ten
    jetons, issue 45's walk). An own word counts where it starts a word ("jetons")."""
    words = [w.strip() for w in own.split(",")]

    def says_own(text: str) -> bool:
        bare = PLACEHOLDER.sub(" ", text)
        return any(re.search(rf"(?<!\w){re.escape(w)}", bare, re.I) for w in words)

    other = [(i, s) for i, s in catalog(language) if holds(i, source) and not says_own(s)]
    assert other == [], f"{language}: {source!r} not said {own!r}: {other}"


def test_dutch_other_charge_is_andere_kosten():
    strings = dict(catalog("nl"))
    assert strings["Other charge"].startswith("Andere kosten")


@pytest.mark.parametrize("language,currency", [("da", "DKK"), ("fr", "EUR"), ("nl", "EUR")])
def test_the_money_forms_offer_the_readers_currency(client, language, currency):
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = language
    game = new_game(client)
    form = client.get(game + "/settlement").text
    placeholders = re.findall(r'name="currency"[^>]*placeholder="([^"]*)"', form)
    placeholders += re.findall(r'placeholder="([^"]*)"[^>]*name="currency"', form)
    assert placeholders == [currency]
    new = client.get("/clubs/new").text
    assert re.search(rf'placeholder="{currency}"', new) and "EUR" not in new.replace(currency, "")


def test_a_danish_chip_value_without_a_currency_is_in_kroner(client, app):
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "da"
    game = new_game(client)
    version = re.search(r'name="version"[^>]*value="(\d+)"', client.get(game + "/settlement").text)
    data = {"chip_value": "0,25", "currency": "", "version": version[1]}
    assert client.post(game + "/settlement", data=data).status_code == 302
    assert "DKK" in client.get(game + "/game.json").text
    club = {"name": "Klubben", "chip_value": "0,25", "currency": "", "submit": "1"}
    assert client.post("/clubs/new", data=club).status_code == 302
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        assert conn.execute("select currency from clubs where name = 'Klubben'").fetchall() == [
            ("DKK",)
        ]


def test_a_points_tables_lines_have_one_minus_sign(client):
    # three-player manillen: the dealer alone against two, the deal's points doubled on them
    # (a zero sum: Anne +40, Bruno −20, Chloé −20 when Anne deals and makes 40 above 30)
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "nl"
    data = {**THREE, "first_dealer": "0", "variant": "belge", "deals": "30", "sans_atout": "2"}
    response = client.post("/games/new/manille", data=data)
    game = response.headers["Location"]
    version = re.search(r'name="version"[^>]*value="(\d+)"', client.get(game).text)[1]
    coup = {"trump": "pique", "points": "40", "version": version}
    saved = client.post(game + "/sheet/coups", data=coup, follow_redirects=True).text
    for page in (saved, client.get(game + "/history").text):
        text = re.sub(r"<(script|style)[^>]*>.*?</\1>|<[^>]+>", " ", page, flags=re.S)
        assert re.findall(r"(?<![\w/.:#-])-\d", text) == []
        assert "−10" in text or "−20" in text


def test_no_page_signs_a_figure_with_a_format_of_its_own():
    # Python's and Jinja's "+d" formats write an ASCII "-": a signed figure is written by
    # web/formats/words.py (signed, minus, signed_decimal, signed_money), the one home of the sign
    ascii_sign = re.compile(r"[:%]\+[0-9,]*d")
    found = [
        f"{path.relative_to(ROOT)}:{n}"
        for pattern in ("scorekeeper/web/**/*.py", "templates/**/*.html")
        for path in ROOT.glob(pattern)
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if ascii_sign.search(line)
    ]
    assert found == []


def test_a_charge_is_named_without_the_forms_example(client, app):
    """The play-through of 2026-11-29: "Other charge" names the entry on a statement (page,
    PDF, CSV) and in the cash box's list, and the French, Danish and Dutch words carried
    the form's example: a cancellation charged read "Autre frais (boissons…)" on Anne's
    statement, and "frais" is plural in French ("Autres frais")."""
    from test_cashbox_web import member_ids, typed_entry
    from test_clubs import club_version, new_club

    club = new_club(client)
    client.post(f"/clubs/{club}/members", data={"name": "Anne", "version": club_version(app)})
    anne = member_ids(app)["Anne"]
    charge = {"kind": "charge", "member": anne, "amount": "5", "on": "2026-11-02"}
    assert typed_entry(client, app, club, {**charge, "note": "annulation"}) == 302
    said = {"fr": "Autres frais · annulation", "da": "Anden udgift · annulation"}
    said["nl"] = "Andere kosten · annulation"
    for language, words in said.items():
        client.environ_base["HTTP_ACCEPT_LANGUAGE"] = language
        page = client.get(f"/clubs/{club}/members/{anne}/statement").text
        assert words in page, (language, re.findall(r"<td>[^<]*annulation[^<]*</td>", page))
        assert "…" not in page[page.index("<table") : page.index("</table>")]
