"""An amount is read as the page writes it, in the reader's language (Babel's parse_decimal,
strict, through ``web/formats/numbers.read_decimal``): French "1 000,50" with the grouping
the page prints (a narrow no-break space), or a no-break or a plain space typed for it;
Danish and Dutch "1.000,50"; English "1,000.50". Every amount field reads so: the cash
box's entry and fee forms, a club's and a table's chip value. What a language cannot read
is refused beside its field (422), nothing stored.

1 000,50 € is 100 050 cents; a charge lowers the balance: −100 050.
"""

from __future__ import annotations

import sqlite3

import pytest
from test_clubs import club_version, new_club
from test_one_purse_web import ids

CHARGED = -100_050


def _amounts(app) -> list[int]:
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        return [a for (a,) in conn.execute("select amount from ledger order by id")]


def _member(client, app, club: int, name: str) -> int:
    data = {"name": name, "short_name": "", "version": club_version(app)}
    assert client.post(f"/clubs/{club}/members", data=data).status_code == 302
    return ids(app)[name]


def _charge(client, app, club: int, member: int, amount: str):
    data = {"kind": "charge", "member": str(member), "amount": amount, "on": "2026-11-28"}
    return client.post(f"/clubs/{club}/cash/entries", data={**data, "version": club_version(app)})


@pytest.mark.parametrize(
    ("language", "typed"),
    [
        ("fr", "1 000,50"),
        ("fr", "1\u202f000,50"),  # as the page prints it
        ("fr", "1\xa0000,50"),
        ("da", "1.000,50"),
        ("nl", "1.000,50"),
        ("en", "1,000.50"),
        ("en", "1000.5"),
    ],
)
def test_an_amount_grouped_as_the_page_prints_it_is_read(client, app, language, typed):
    club = new_club(client)
    anne = _member(client, app, club, "Anne")
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = language
    assert _charge(client, app, club, anne, typed).status_code == 302
    assert _amounts(app) == [CHARGED]


def test_a_dot_typed_in_french_still_marks_cents_where_it_cannot_be_a_grouping(client, app):
    """ "12.5" or "0.05" in French: a dot before one, two or four digits is no thousands
    grouping, so it is the decimal mark, as the pages always took it: 1 000,50 € as
    "1000.50" (100 050 cents), 0,05 € as "0.05" (5 cents)."""
    club = new_club(client)
    anne = _member(client, app, club, "Anne")
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "fr"
    for typed in ("1000.50", "0.05"):
        assert _charge(client, app, club, anne, typed).status_code == 302
    assert _amounts(app) == [CHARGED, -5]


@pytest.mark.parametrize(
    ("language", "typed", "said"),
    [
        ("en", "1.000,50", "Give a sum such as 12.50 (at most 1,000,000)."),
        ("fr", "12,505", "Donnez une somme comme 12,50 (au plus 1 000 000)."),  # finer than 1 ct
        ("da", "1 000,50", "Angiv et beløb som 12,50 (højst 1.000.000)."),
        ("nl", "-3", "Geef een bedrag zoals 12,50 (hoogstens 1.000.000)."),
        ("fr", "1e3", "Donnez une somme comme 12,50 (au plus 1 000 000)."),
        # French groups with a space and marks decimals with a comma: "1.000" is a thousand
        # to a French treasurer who writes it so, one euro to Babel (which takes the dot as
        # the decimal mark); neither is what the language writes, so it is asked again
        ("fr", "1.000", "Donnez une somme comme 12,50 (au plus 1 000 000)."),
        ("fr", "2.500", "Donnez une somme comme 12,50 (au plus 1 000 000)."),
    ],
)
def test_an_amount_the_language_cannot_read_is_refused_beside_it(
    client, app, language, typed, said
):
    club = new_club(client)
    anne = _member(client, app, club, "Anne")
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = language
    answer = _charge(client, app, club, anne, typed)
    assert answer.status_code == 422 and _amounts(app) == []
    page = answer.text.replace("\u202f", " ").replace("\xa0", " ")
    assert f'id="charge-amount-error">{said}</p>' in page, page[-3000:]


def test_a_fee_reads_its_amount_so_too(client, app):
    club = new_club(client)
    anne, bruno = _member(client, app, club, "Anne"), _member(client, app, club, "Bruno")
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "fr"
    data = {"kind": "fee_evening", "member": [str(anne), str(bruno)], "amount": "1 000,50"}
    data |= {"on": "2026-11-28", "version": club_version(app)}
    assert client.post(f"/clubs/{club}/cash/fees", data=data).status_code == 302
    assert _amounts(app) == [CHARGED, CHARGED]


@pytest.mark.parametrize(
    ("language", "typed", "stored"),
    [("fr", "0,05", "0.05"), ("da", "0,025", "0.025"), ("da", "1.000", "1000"),
     ("fr", "1 000", "1000"), ("en", "1,000", "1000")],
)  # fmt: skip
def test_a_clubs_chip_value_is_read_in_the_readers_language(client, app, language, typed, stored):
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = language
    data = {"name": "Le Cercle", "chip_value": typed, "currency": "EUR", "submit": "1"}
    assert client.post("/clubs/new", data=data).status_code == 302
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        (value,) = conn.execute("select chip_value from clubs order by id desc").fetchone()
    assert value == stored


@pytest.mark.parametrize("typed", ["1.500", "1.000", "12.500"])
def test_a_dot_before_three_digits_in_french_is_refused_not_read_a_thousand_times_less(
    client, app, typed
):
    """French groups with a space and marks decimals with a comma: a dot is neither. Before
    a lone dot with two digits ("12.50") or after a lone 0 ("0.025") it can only be a
    decimal mark; before three digits it may as well group thousands, as Danish and Dutch
    write them ("1.500" is 1 500 there): read as 1,50 € it took a thousandth of what was
    meant. Refused beside the field, as English "1.000,50" is; nothing stored."""
    club = new_club(client)
    anne = _member(client, app, club, "Anne")
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "fr"
    answer = _charge(client, app, club, anne, typed)
    assert answer.status_code == 422 and _amounts(app) == []
    assert _charge(client, app, club, anne, "12.50").status_code == 302
    assert _amounts(app) == [-1250]  # 12.50 € charged: −1 250 cents


def test_a_chip_value_the_language_cannot_read_is_refused_not_read_as_typed(client, app):
    """The chip value's form reads as the cash box's does: French "1.000" is refused (a
    thousand or one?), never handed as typed to a reader of plain numbers that takes it
    for 1; "0.025" (after a lone 0) is a chip of 0,025."""
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "fr"
    data = {"name": "Le Cercle", "chip_value": "1.000", "currency": "EUR", "submit": "1"}
    assert client.post("/clubs/new", data=data).status_code == 422
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        found = conn.execute("select count(*) from clubs where name = 'Le Cercle'").fetchone()
    assert found == (0,)
    data["chip_value"] = "0.025"
    assert client.post("/clubs/new", data=data).status_code == 302
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        (value,) = conn.execute("select chip_value from clubs order by id desc").fetchone()
    assert value == "0.025"
