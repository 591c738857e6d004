"""Which evening a fee names, decided once (charge22): ``clubs.fee_charging.charge`` refuses
an evening it cannot store (``EveningRefused``, saying why) and writes nothing; the pages
ask the same rule (``evening_refused``) before writing. Real SQLite, read back.

Before charge22 the domain stored such a fee naming no evening, with no word, and the pages
kept a rule of their own to refuse it first.

The rule (docs/cashbox.md, "A fee names its evening"): an evening named is one of the
club's held on the fee's date, and the fee one of an evening's play (every fee but season
dues, ``EVENING_FEES``); the evening is checked first.
"""

from __future__ import annotations

import sqlite3
from decimal import Decimal

import pytest
from test_clubs import new_club, seed_table
from test_fee_form_says_its_evening import refusals
from test_one_purse_web import ids
from test_two_evenings_one_day import evening_of
from test_two_evenings_one_day import version as club_version

from scorekeeper import clubs
from scorekeeper.cashbox.entries import EntryKind
from scorekeeper.clubs import accounts, fee_charging
from scorekeeper.clubs.fee_charging import EveningRefused, WhyNoEvening
from scorekeeper.rules.money import Money

DAY, NEXT_DAY = "2026-11-24", "2026-11-25"
NOT_HELD, SEASON_DUES = WhyNoEvening.NOT_HELD, WhyNoEvening.SEASON_DUES


def version(db, club_id: int) -> int:
    found = clubs.club(db, club_id)
    assert found is not None
    return found.version


def setting(db) -> tuple[int, dict[str, int], dict[str, int]]:
    """The club (Anne, Bruno; an evening on DAY and one on NEXT_DAY) and its evenings by
    name, with another club's evening on DAY ("other")."""
    club = clubs.create(db, "Le Cercle", Money(Decimal("0.05"), "EUR"), None)
    members = {n: clubs.add_member(db, club, n, "", version(db, club)) for n in ("Anne", "Bruno")}
    tuesday = clubs.create_evening(db, club, DAY, "", version(db, club))
    wednesday = clubs.create_evening(db, club, NEXT_DAY, "", version(db, club))
    other_club = clubs.create(db, "L'Autre", Money(Decimal("0.05"), "EUR"), None)
    other = clubs.create_evening(db, other_club, DAY, "", version(db, other_club))
    return club, members, {"tuesday": tuesday, "wednesday": wednesday, "other": other}


REFUSED = [
    # (fee, evening, why): each refused, nothing written
    (EntryKind.FEE_EVENING, "wednesday", NOT_HELD),  # the club's, of another day
    (EntryKind.FEE_TABLE, "other", NOT_HELD),  # another club's, of the fee's day
    (EntryKind.FEE_LOST_GAME, 999, NOT_HELD),  # no evening
    (EntryKind.FEE_EVENING, 0, NOT_HELD),  # no evening is numbered 0
    (EntryKind.FEE_EVENING, 2**63, NOT_HELD),  # beyond SQLite's integers
    (EntryKind.FEE_SEASON, "tuesday", SEASON_DUES),  # held that day, but dues name none
    (EntryKind.FEE_SEASON, "wednesday", NOT_HELD),  # the evening is checked first
]


@pytest.mark.parametrize(("kind", "given", "why"), REFUSED)
def test_a_fee_given_an_evening_it_cannot_name_is_refused_and_nothing_written(db, kind, given, why):
    club, members, evenings = setting(db)
    evening = evenings[given] if isinstance(given, str) else given
    before = version(db, club)
    # the pages' question and the write's refusal are the one rule
    assert fee_charging.evening_refused(db, club, evening, DAY, kind) is why
    with pytest.raises(EveningRefused) as refused:
        fee_charging.charge(db, club, before, list(members.values()), kind, 250, DAY, "", evening)
    assert (refused.value.why, refused.value.evening) == (why, evening)
    assert isinstance(refused.value, clubs.Refused)  # a refusal as any other of the club's
    assert db.execute("select count(*) from ledger").fetchone() == (0,)
    assert version(db, club) == before  # no change of the club
    assert accounts.accounts(db, club).entries == []


@pytest.mark.parametrize(
    ("kind", "given"),
    [
        (EntryKind.FEE_EVENING, "tuesday"),
        (EntryKind.FEE_TABLE, "tuesday"),
        # a fee per lost game charges by the games lost at the evening's tables, which this
        # evening has none of: test_fee_per_lost_game (fix26b)
        (EntryKind.FEE_EVENING, None),  # a fee of the day
        (EntryKind.FEE_SEASON, None),  # season dues: none
    ],
)
def test_a_fee_names_the_evening_given_when_it_can_and_reads_it_back(db, kind, given):
    club, members, evenings = setting(db)
    evening = None if given is None else evenings[given]
    if evening is not None:
        assert fee_charging.evening_refused(db, club, evening, DAY, kind) is None
    charged = list(members.values())
    written = fee_charging.charge(db, club, version(db, club), charged, kind, 250, DAY, "", evening)
    rows = db.execute(
        "select member_id, amount, evening_id from ledger order by id"
    ).fetchall()  # fmt: skip
    assert rows == [(m, -250, evening) for m in charged]  # typed 2.50, lowers each balance
    book = accounts.accounts(db, club)
    assert [(e.id, e.kind, e.charged_at) for e in book.entries] == [
        (i, kind, evening) for i in written
    ]


def test_the_rule_asked_before_the_fee_is_known_checks_the_evening_alone(db):
    """A form whose fee is refused already still says whether its evening is held."""
    club, _, evenings = setting(db)
    assert fee_charging.evening_refused(db, club, evenings["tuesday"], DAY, None) is None
    assert fee_charging.evening_refused(db, club, evenings["wednesday"], DAY, None) is NOT_HELD


def test_an_evening_refused_at_the_write_is_said_beside_its_field(client, app, monkeypatch):
    """The Fee form asks the rule while checking its fields; should the evening change
    before the write (the rule answering otherwise at its second asking, the write's), the
    domain's refusal comes back beside For the evening in the same words, 422, nothing
    written — not as "Check the members to charge."."""
    club = new_club(client)
    tuesday = evening_of(client, app, club, DAY)
    seed_table(client, tuesday, "Anne", "Bruno", "Chloé")
    wednesday = evening_of(client, app, club, NEXT_DAY)
    asked = fee_charging.evening_refused
    calls: list[int] = []

    def the_page_is_told_yes(*args):
        calls.append(args[2])
        return None if len(calls) == 1 else asked(*args)

    monkeypatch.setattr(fee_charging, "evening_refused", the_page_is_told_yes)
    member = ids(app)
    data = {"kind": "fee_evening", "member": [str(member["Anne"])], "amount": "2,50"}
    data |= {"on": DAY, "evening": str(wednesday), "version": club_version(app, club)}
    answer = client.post(f"/clubs/{club}/cash/fees", data=data)
    assert calls == [wednesday, wednesday]  # the page's question, then the write's
    assert answer.status_code == 422
    assert refusals(answer.text) == {
        "evening": "Choose an evening held on the fee's date, or none."
    }  # fmt: skip
    assert db_rows(app) == 0


def db_rows(app) -> int:
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        return int(
            conn.execute("select count(*) from ledger where kind != 'evening'").fetchone()[0]
        )


def test_more_members_than_one_fee_reaches_are_refused_with_the_bound(client, app):
    """A fee reaches ``MOST_AT_ONCE`` (200) members at once; the Fee form checked for 201
    says that bound beside the members (it said only "Check the members to charge.", which
    they were), 422, nothing written; 200 are charged."""
    club = new_club(client)
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        members = [
            conn.execute(
                "insert into members (club_id, name) values (?, ?)", [club, f"M{n:03}"]
            ).lastrowid
            for n in range(201)
        ]
    data = {"kind": "fee_season", "amount": "2,50", "on": DAY}
    answer = client.post(
        f"/clubs/{club}/cash/fees",
        data=data | {"member": [str(m) for m in members], "version": club_version(app, club)},
        headers={"Accept-Language": "en"},
    )
    assert answer.status_code == 422
    assert refusals(answer.text) == {
        "member": "Check at most 200 members at once; charge the others with a second fee."
    }  # fmt: skip
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        assert conn.execute("select count(*) from ledger").fetchone() == (0,)
    answer = client.post(
        f"/clubs/{club}/cash/fees",
        data=data | {"member": [str(m) for m in members[:200]], "version": club_version(app, club)},
    )
    assert answer.status_code == 302
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        assert conn.execute("select count(*), sum(amount) from ledger").fetchone() == (200, -50_000)
