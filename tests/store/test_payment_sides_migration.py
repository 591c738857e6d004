"""m029: the payments written before it say who their sides are as facts, the rows untouched.

A database at m028 holds the payments as the pages wrote them then: names, and the cash box
as the treasurer's words in his language. Migrated, each side that is a member's name is
that member (said under the name he has now), the box's words in any of the four languages
are the box (said in the reader's), and a "Received by" typed by hand stays as typed. The
ledger is chained: not one row is changed, and the database verifies whole.
"""

from __future__ import annotations

import sqlite3
from decimal import Decimal

import pytest
import sqlite_utils

from scorekeeper import clubs
from scorekeeper.cashbox.entries import BOX_SIDE, EntryKind
from scorekeeper.cashbox.ledger import entries, insert_entry
from scorekeeper.db.connection import connect
from scorekeeper.db.migrations import migrations
from scorekeeper.rules.money import Money
from scorekeeper.store import verify
from scorekeeper.store.changing import changing
from scorekeeper.store.club_log import ClubOwner


def _version(db, club_id: int) -> int:
    found = clubs.club(db, club_id)
    assert found is not None
    return found.version


def _paid(db, club_id: int, rows: list[dict]) -> list[int]:
    """Payment rows written as a version before m029 wrote them (its words)."""
    written: list[int] = []
    with changing(db, ClubOwner(club_id), _version(db, club_id), "payment"):
        for row in rows:
            base = {"club_id": club_id, "kind": str(EntryKind.PAYMENT), "on_date": "2026-11-20"}
            written.append(insert_entry(db, base | {"method": "cash"} | row))
    return written


def test_the_payments_before_m029_say_their_sides_as_facts(tmp_path):
    path = tmp_path / "m028.sqlite"
    old = sqlite_utils.Database(sqlite3.connect(path))
    migrations.apply(old, stop_before="m029_payment_sides")
    old.conn.close()
    db = connect(path)
    club = clubs.create(db, "Le Cercle", Money(Decimal("0.05"), "EUR"), None)
    member = {
        name: clubs.add_member(db, club, name, "", _version(db, club))
        for name in ("Anne", "Bruno", "Chloé")
    }
    anne, bruno, chloe = member["Anne"], member["Bruno"], member["Chloé"]
    between = {"paid_by": "Anne", "received_by": "Chloé"}  # a suggestion paid (m026, m028)
    first, *_ = _paid(db, club, [{"member_id": anne, "amount": 360, **between}])
    rows = _paid(
        db,
        club,
        [
            {"member_id": chloe, "amount": -360, "other_side": first, **between},
            # Bruno paid the box, recorded by a French treasurer
            {"member_id": bruno, "amount": 45, "paid_by": "Bruno", "received_by": "le trésorier"},
            # the box paid Chloé, recorded by a Danish one
            {"member_id": chloe, "amount": -45, "paid_by": "Kassereren", "received_by": "Chloé"},
            # typed by hand: "Received by" Marc, who is no member; and one before m026
            {"member_id": bruno, "amount": 10, "received_by": "Marc"},
            {"member_id": anne, "amount": 5, "received_by": "Bruno"},
        ],
    )
    stored_before = db.execute("select * from ledger order by id").fetchall()
    db.close()

    db = connect(path, migrate=True)
    assert db.execute("select * from ledger order by id").fetchall() == stored_before
    clubs.rename(db, club, anne, "Annie", "", _version(db, club))
    said = {e.id: (e.paid_by, e.received_by) for e in entries(db, club)}
    assert said == {
        first: ("Annie", "Chloé"),
        rows[0]: ("Annie", "Chloé"),
        rows[1]: ("Bruno", BOX_SIDE),
        rows[2]: (BOX_SIDE, "Chloé"),
        rows[3]: ("", "Marc"),  # typed: kept as typed
        rows[4]: ("", "Bruno"),  # a member's name: that member (he may be renamed too)
    }
    with pytest.raises(sqlite3.IntegrityError):  # derived once, by the migration only
        db.execute("update payment_sides set paid_by = null")
    db.close()
    _outcome, faults = verify.run(path, None)
    assert faults == []


def test_a_payment_recorded_from_a_suggestion_is_its_own_members_whatever_his_name_became(
    tmp_path,
):
    """A row ``pay`` wrote is its member's side and, through ``other_side``, the other
    member's: which person paid is a fact of the rows, not of a name. Anne paid Chloé as
    "Anne", was renamed "Annie", and a newcomer joined as "Anne", all before m029: the
    payment is Annie's (said "Annie", and "Anne B." is never her), and a member renamed
    since the payment reads under his name as it is now, as the payments written since."""
    path = tmp_path / "m028.sqlite"
    old = sqlite_utils.Database(sqlite3.connect(path))
    migrations.apply(old, stop_before="m029_payment_sides")
    old.conn.close()
    db = connect(path)
    club = clubs.create(db, "Le Cercle", Money(Decimal("0.05"), "EUR"), None)
    anne = clubs.add_member(db, club, "Anne", "", _version(db, club))
    chloe = clubs.add_member(db, club, "Chloé", "", _version(db, club))
    between = {"paid_by": "Anne", "received_by": "Chloé"}
    first, *_ = _paid(db, club, [{"member_id": anne, "amount": 360, **between}])
    second, to_box = _paid(
        db,
        club,
        [
            {"member_id": chloe, "amount": -360, "other_side": first, **between},
            {"member_id": anne, "amount": 45, "paid_by": "Anne", "received_by": "le trésorier"},
        ],
    )
    clubs.rename(db, club, anne, "Annie", "", _version(db, club))
    clubs.rename(db, club, chloe, "Chloé D.", "", _version(db, club))
    newcomer = clubs.add_member(db, club, "Anne", "", _version(db, club))
    db.close()

    db = connect(path, migrate=True)
    clubs.rename(db, club, newcomer, "Anne B.", "", _version(db, club))
    said = {e.id: (e.paid_by, e.received_by) for e in entries(db, club)}
    assert said[first] == ("Annie", "Chloé D.")  # the payer's row: Anne's, then Chloé's
    assert said[second] == ("Annie", "Chloé D.")  # the payee's row names the payer's
    assert said[to_box] == ("Annie", BOX_SIDE)
    db.close()
    _outcome, faults = verify.run(path, None)
    assert faults == []
