"""A cash box field typed past its bound is said beside it, never a bare 400 (fix24c).

smoke24, in Dutch, pasted an amount of 13 characters, a "received by" of 41 and a prize's
note of 81 into the cash box and got the generic 400 page ("Dit verzoek kon niet gelezen
worden…"). Every field a treasurer types is bounded (``at_most``, cash_forms.py: an amount
12 characters, a note 80, who received a payment 40): one past it comes back 422 with the
page, the bound said beside that field in the reader's language (the catalog's "At most
%(num)d characters."), what was typed kept in it, and nothing written to the SQLite file.
A forged field no page draws (a payment's direction "sideways") stays a 400.
"""

from __future__ import annotations

import html
import re
import sqlite3

import pytest
from test_clubs import club_version, new_club, new_evening, seed_table

BOUND_SAID = {
    # the catalogs' plural of "At most %(num)d characters." (messages.po, each language)
    "en": "At most {} characters.",
    "fr": "Au plus {} caractères.",
    "nl": "Hoogstens {} tekens.",
    "da": "Højst {} tegn.",
}


def written(app) -> tuple[list[tuple], int]:
    """The ledger's rows and the club's version, read from the SQLite file itself."""
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        rows = conn.execute("select * from ledger order by id").fetchall()
        version = conn.execute("select max(version) from clubs").fetchone()[0]
    conn.close()
    return rows, version


def member(app, name: str) -> str:
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        found = conn.execute("select id from members where name = ?", (name,)).fetchone()
    conn.close()
    return str(found[0])


@pytest.fixture
def club(client, app) -> int:
    """A club whose evening's table played the seed (Anne owes 3.60: a payment may be taken)."""
    club = new_club(client)
    seed_table(client, new_evening(client, app, club, "2026-11-28"), "Anne", "Bruno", "Chloé")
    return club


def said_beside(page: str, field_id: str, message: str, typed: str) -> None:
    """``field_id``'s input is marked refused, names its message, and keeps what was typed;
    the message drawn under it is ``message`` (``macros.errors``, ``forms.marked``)."""
    found = re.search(rf'<input[^>]*\bid="{field_id}"[^>]*>', page)
    assert found is not None, (field_id, page[-2000:])
    field = found.group(0)
    assert 'aria-invalid="true"' in field, field
    assert f'aria-describedby="{field_id}-error"' in field, field
    value = re.search(r'\bvalue="([^"]*)"', field)
    assert value is not None and html.unescape(value.group(1)) == typed, field
    said = re.search(rf'<p class="error" role="alert" id="{field_id}-error">([^<]*)</p>', page)
    assert said is not None, (field_id, page[-2000:])
    assert html.unescape(said.group(1)) == message


ENTRY = {"amount": "2,50", "on": "2026-11-28", "note": ""}
CASES = [
    # (the form's section on the page, its address, its kind, the field, its bound)
    ("payment", "entries", "payment", "received_by", 40),
    ("payment", "entries", "payment", "amount", 12),
    ("payment", "entries", "payment", "note", 80),
    ("prize", "entries", "prize", "note", 80),
    ("prize", "entries", "prize", "amount", 12),
    ("charge", "entries", "charge", "note", 80),
    ("fee", "fees", "fee_evening", "note", 80),
    ("fee", "fees", "fee_evening", "amount", 12),
]


@pytest.mark.parametrize("language", ["en", "fr", "nl"])
@pytest.mark.parametrize(("section", "address", "kind", "name", "bound"), CASES)
def test_a_cash_box_field_past_its_bound_is_said_beside_it(
    client, app, club, language, section, address, kind, name, bound
):
    data = {**ENTRY, "kind": kind, "member": member(app, "Anne")}
    if kind == "payment":
        data |= {"direction": "in", "method": "cash", "received_by": "Marc", "amount": "1"}
    # one character past the bound: an amount of 13 digits ("1" then twelve "0"), else text
    typed = "1" + "0" * bound if name == "amount" else "x" * (bound + 1)
    data[name] = typed
    before = written(app)
    answer = client.post(
        f"/clubs/{club}/cash/{address}",
        data={**data, "version": club_version(app)},
        headers={"Accept-Language": language},
    )
    assert answer.status_code == 422, answer.data.decode()[-1500:]
    message = BOUND_SAID[language].format(bound)
    said_beside(answer.data.decode(), f"{section}-{name}", message, typed)
    assert written(app) == before  # nothing stored, the club's version unmoved


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_reversals_note_past_its_bound_says_the_bound_not_the_date(client, app, club, language):
    # the reverse page said "Give the date as YYYY-MM-DD." beside a date that was right
    anne = member(app, "Anne")
    data = {**ENTRY, "kind": "charge", "member": anne, "version": club_version(app)}
    assert client.post(f"/clubs/{club}/cash/entries", data=data).status_code == 302
    entry = written(app)[0][-1][0]
    before = written(app)
    typed = "y" * 81
    answer = client.post(
        f"/clubs/{club}/cash/entries/{entry}/reverse",
        data={"on": "2026-11-28", "note": typed, "version": club_version(app)},
        headers={"Accept-Language": language},
    )
    assert answer.status_code == 422
    page = answer.data.decode()
    said_beside(page, "note", BOUND_SAID[language].format(80), typed)
    assert 'id="on-error"' not in page  # the date typed was right: nothing said beside it
    assert written(app) == before


def test_a_direction_no_page_offers_is_still_a_400(client, app, club):
    # a radio button's value the page never drew: a forged post, not a field typed wrong
    data = {**ENTRY, "kind": "payment", "member": member(app, "Anne"), "method": "cash"}
    data |= {"direction": "sideways", "note": "z" * 81, "version": club_version(app)}
    before = written(app)
    assert client.post(f"/clubs/{club}/cash/entries", data=data).status_code == 400
    assert written(app) == before
