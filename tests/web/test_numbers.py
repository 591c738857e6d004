"""Whole numbers typed into forms: read without floats, within their range (issue 36).

WTForms' ``NumberRange`` compares through a float: a 400-digit seed made
``POST /events/new`` a 500 (OverflowError); ``IntegerField`` read "١٢" as 12.
"""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest
from test_events import EVENT
from test_web_sheets import new_sheet
from test_web_sheets import report as sheet_report
from test_web_sheets import version as sheet_version
from werkzeug.datastructures import MultiDict
from wtforms import Form

from scorekeeper.rules.errors import GameError
from scorekeeper.rules.money import parse_money
from scorekeeper.web.formats.numbers import InRange, WholeField

TEN_TO_400 = "1" + "0" * 400


class Seed(Form):
    seed = WholeField(validators=[InRange(0, 10**9)])
    credit = WholeField(validators=[InRange(-(10**6), 10**6)])


def read(**posted):
    form = Seed(MultiDict(posted))
    form.validate()
    return form


def errors(response):
    return re.findall(r'class="error"[^>]*>([^<]*)<', response.data.decode())


@pytest.mark.parametrize(
    ("text", "value"),
    [("0", 0), ("7", 7), (" 12 ", 12), ("000000000000000042", 42), ("1000000000", 10**9)],
)
def test_whole_numbers_in_range_are_read_as_ints(text, value):
    form = read(seed=text, credit="-1000000")
    assert form.seed.data == value and form.credit.data == -(10**6) and not form.errors


@pytest.mark.parametrize("text", [TEN_TO_400, "9" * 4400, "1000000001", "-1", "-" + TEN_TO_400])
def test_out_of_range_even_past_every_float_is_refused_with_the_range(text):
    form = read(seed=text, credit="0")
    assert form.errors == {"seed": ["Number must be between 0 and 1,000,000,000."]}


@pytest.mark.parametrize(
    "text", ["1.5", "0,5", "1e3", "inf", "NaN", "١٢", "１２", "²", "1_000", "+3"]
)
def test_fractions_and_other_digits_are_not_whole_numbers(text):
    form = read(seed=text, credit="0")
    assert form.errors == {"seed": ["Not a valid integer value."]}


def test_a_400_digit_seed_is_refused_beside_its_field_not_a_500(client):
    client.post("/admin", data={"password": "x"})
    response = client.post("/events/new", data={**EVENT, "name": "Cup", "seed": TEN_TO_400})
    assert response.status_code == 422
    assert "Number must be between 0 and 1,000,000,000." in errors(response)
    negative = client.post(
        "/events/new", data={**EVENT, "name": "Cup", "bye_credit": "-" + "9" * 400}
    )
    assert negative.status_code == 422
    assert "Number must be between −1,000,000 and 1,000,000." in errors(negative)


@pytest.mark.parametrize(
    ("language", "words"),
    [
        # French groups with a narrow no-break space, Danish and Dutch with a dot
        ("fr", "Le nombre doit être compris entre −1\u202f000\u202f000 et 1\u202f000\u202f000."),
        ("da", "Tallet skal være mellem −1.000.000 og 1.000.000."),
        ("nl", "Het getal moet tussen −1.000.000 en 1.000.000 liggen."),
    ],
)
def test_the_range_refused_is_said_in_the_readers_own_groups(client, language, words):
    """A bound of a million was printed "1000000" in every language: hard to count, and
    not how the reader writes it (nor how the field reads it back)."""
    client.post("/admin", data={"password": "x"})
    client.get(f"/lang/{language}")
    refused = client.post("/events/new", data={**EVENT, "name": "Cup", "bye_credit": "-1000001"})
    assert refused.status_code == 422
    assert words in errors(refused)


def test_arabic_indic_digits_are_not_points(client, app):
    game = new_sheet(client, "brou")
    data = {"version": sheet_version(client, game), "points": "٦٠"}  # "60" in other digits
    response = client.post(game + "/sheet/coups", data=data)
    assert response.status_code == 422
    assert "Not a valid integer value." in errors(response)
    assert sheet_report(client, game)["coups"] == []
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        assert conn.execute("select count(*) from coups").fetchone() == (0,)


@pytest.mark.parametrize("text", ["١", "０.０５", "1e-2", TEN_TO_400, "0." + "5" * 500, "-0.05"])
def test_a_chip_value_is_ascii_digits_read_without_a_float(text):
    with pytest.raises(GameError):
        parse_money(text, "EUR")
    assert str(parse_money("0,05", "eur").chip_value) == "0.05"


@pytest.mark.parametrize(
    ("language", "typed"),
    [
        ("fr", "1 000"),
        ("fr", "1\u202f000"),
        ("fr", "1\xa0000"),
        ("da", "1.000"),
        ("nl", "1.000"),
        ("en", "1,000"),
        ("en", "-1,000"),
    ],
)
def test_a_thousand_typed_as_the_page_prints_it_is_a_thousand(app, language, typed):
    """A French page prints a thousand "1 000" (style.md), a Danish or Dutch one "1.000",
    an English one "1,000": typed back so into a whole-number field it was "Not a valid
    integer value." (the play-through's director). The reader's own grouping is read."""
    with app.test_request_context(headers={"Accept-Language": language}):
        form = read(seed=typed.lstrip("-"), credit=typed)
        assert (form.seed.data, form.credit.data) == (1000, 1000 * (-1 if "-" in typed else 1))
        assert not form.errors


@pytest.mark.parametrize(
    ("language", "typed"),
    [
        ("fr", "1.000"),
        ("fr", "1 00"),
        ("fr", "1 0000"),
        ("en", "10,00"),
        ("en", "1.000"),
        ("da", "1,000"),
        ("da", "1 000"),
        ("fr", " 1 000 x"),
        ("en", ",000"),
        ("en", "1,000,"),
    ],
)
def test_a_grouping_the_language_does_not_write_is_no_whole_number(app, language, typed):
    # "1.000" in French: a thousand or one? French writes neither so (read_decimal's rule)
    with app.test_request_context(headers={"Accept-Language": language}):
        form = read(seed=typed, credit="0")
        assert form.seed.data is None and form.errors == {"seed": ["Not a valid integer value."]}


def test_a_french_director_types_the_cave_as_his_page_prints_it(app):
    """The seam: what the French form takes is what the game stores."""
    from web import GAME_PATH, new_game

    from scorekeeper import store
    from scorekeeper.db import get_db

    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "fr"
    game = new_game(client, cave="1\u202f000", fiche="20")
    found = GAME_PATH.match(game + "/")
    assert found is not None
    with app.app_context():
        stored = store.load(get_db(), int(found.group(1)))
    assert stored.game.rules.cave == 1000


@pytest.mark.parametrize("language", ["fr", "da", "nl", "en"])
def test_a_bound_the_message_shows_can_be_typed_back(app, language):
    """The refusal prints its bounds with a true minus ("−1 000 000", U+2212): a reader who
    copies a bound out of the message (or whose keyboard types the true minus) was told
    "Not a valid integer value." of the very number the message offered."""
    from scorekeeper.web.formats.numbers import grouped

    with app.test_request_context(headers={"Accept-Language": language}):
        shown = grouped(-(10**6))  # the credit's lower bound, as the message shows it
        assert shown.startswith("\u2212")
        form = read(seed="0", credit=shown)
        assert form.credit.data == -(10**6) and not form.errors
        # −7 with the true minus is −7; "−" alone, or before nothing, stays no number
        assert read(seed="0", credit="\u22127").credit.data == -7
        assert read(seed="0", credit="\u2212").errors == {"credit": ["Not a valid integer value."]}
        # and where the range allows no minus, a true one is refused as "-" is: out of range
        assert read(seed="\u22121", credit="0").errors == {
            "seed": [f"Number must be between 0 and {grouped(10**9)}."]
        }


@pytest.mark.parametrize(
    ("language", "bound"),
    [("fr", "1\u202f000\u202f000\u202f000"), ("da", "1.000.000.000"), ("en", "1,000,000,000")],
)
def test_an_imported_files_bound_is_said_in_the_readers_groups(client, language, bound):
    """The refused form's bounds were grouped for the reader, but a game file's number out
    of bounds still said "at most 1000000000 either way" (``importing.MAX_NUMBER``, 10**9):
    an engine refusal's bound (its ``limit``, ``most``, ``least``, ``top``) is grouped too."""
    from test_trust import import_refusal

    client.get(f"/lang/{language}")
    said = import_refusal(client, '{"players": 10000000000}')
    assert bound in said, said


@pytest.mark.parametrize(
    ("language", "bound", "table"),
    [
        ("fr", "de 0 à 1\u202f000\u202f000", "Table 1234\u202f:"),  # French: U+202F before ":"
        ("en", "0 and 1,000,000", "Table 1234:"),
    ],
)
def test_a_refusal_groups_its_quantities_never_a_coups_or_a_tables_number(
    app, language, bound, table
):
    """A refusal's quantities (``errors.QUANTITIES``: a bound, a count) are grouped; a
    coup's, a round's or a table's number is said as the pages say it ("coup 1234",
    "Table 1234"), where every whole number was grouped ("coup 1 234")."""
    from scorekeeper.rules.errors import GameError
    from scorekeeper.store.stops import EVENING_CLOSED
    from scorekeeper.web.formats.words import refusal_text

    ended = GameError("coup", "the game ended with coup {last}; no coup can follow", last=1234)
    closed = GameError("round", EVENING_CLOSED, table=1234)
    points = GameError("points", "points are between 0 and {most}", most=1_000_000)
    with app.test_request_context(headers={"Accept-Language": language}):
        assert "1234" in refusal_text(ended) and "1 234" not in refusal_text(ended)
        assert "1,234" not in refusal_text(ended) and "1\u202f234" not in refusal_text(ended)
        assert refusal_text(closed).startswith(table)
        assert refusal_text(points).endswith(bound)


NOT_QUANTITIES = {
    # a number that names something, said as the pages say it ("coup 1234")
    "last", "round", "table", "line", "row", "col",
    # what was typed, kept as typed; and words: names, keys, kinds, choices, reasons
    "value", "wanted", "name", "other", "member", "first", "second", "key", "kind", "choices",
    "allowed", "contract", "example", "team", "hand", "hands", "games", "reason",
    "char", "code", "category", "field", "message",
}  # fmt: skip
"""Every other parameter a refusal's template names: ``errors.QUANTITIES`` and this set
share none and cover them all, so a new template's number is classed when it is written."""


def test_every_refusal_parameter_is_classed_quantity_or_not():
    # errors.QUANTITIES classes a parameter by its name in every template at once: a name
    # that means a count in one refusal and a coup's number in another would be grouped
    # in both ('coup 1 234'), and a count under a new name never. The catalog lists every
    # brace template (the engine's refusals are python-brace-format msgids)
    from string import Formatter

    from babel.messages.pofile import read_po

    from scorekeeper.rules.errors import QUANTITIES

    path = Path(__file__).parents[2] / "scorekeeper/translations/fr/LC_MESSAGES/messages.po"
    with path.open("rb") as handle:
        catalog = read_po(handle)
    named = {
        field
        for message in catalog
        if message.id and "python-brace-format" in message.flags
        for msgid in ([message.id] if isinstance(message.id, str) else message.id)
        for _, field, _, _ in Formatter().parse(msgid)
        if field
    }
    assert not QUANTITIES & NOT_QUANTITIES
    assert named - QUANTITIES - NOT_QUANTITIES == set(), "class each new parameter"
