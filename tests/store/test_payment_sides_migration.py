"""m029: the payments written before it say who their sides are as facts, the rows untouched.

A database at m028 holds the payments as the pages wrote them then: names, and the cash box
as the treasurer's words in their language. Migrated, each side that is a member's name is
that member (said under the name they have now), the box's words in any of the four languages
are the box (said in the reader's), and a "Received by" typed by hand stays as typed. The
ledger is chained: not one row is changed, and the database verifies whole.
"""

from __future__ import annotations

import shutil
import sqlite3
from decimal import Decimal

import pytest
import sqlite_utils
from apps import tampered

from scorekeeper import clubs
from scorekeeper.cashbox.entries import BOX_SIDE, EntryKind
from scorekeeper.cashbox.ledger import insert_entry
from scorekeeper.clubs.merging import entries
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


def at_m028(tmp_path, *names: str) -> tuple[object, object, int, dict[str, int]]:
    """A database at m028 (before the payments' sides were facts) with a club and its
    members ``names``: its path, its connection, the club and each member's id."""
    path = tmp_path / "m028.sqlite"
    old = sqlite_utils.Database(sqlite3.connect(path))
    migrations.apply(old, stop_before="m029_payment_sides")
    old.conn.close()
    db = connect(path)
    club = clubs.create(db, "Le Cercle", Money(Decimal("0.05"), "EUR"), None)
    member = {name: clubs.add_member(db, club, name, "", _version(db, club)) for name in names}
    return path, db, club, member


def paid(db, club_id: int, rows: list[dict]) -> list[int]:
    """Payment rows written as a version before m029 wrote them (its words)."""
    written: list[int] = []
    with changing(db, ClubOwner(club_id), _version(db, club_id), "payment"):
        for row in rows:
            base = {"club_id": club_id, "kind": str(EntryKind.PAYMENT), "on_date": "2026-11-20"}
            written.append(insert_entry(db, base | {"method": "cash"} | row))
    return written


def test_the_payments_before_m029_say_their_sides_as_facts(tmp_path):
    path, db, club, member = at_m028(tmp_path, "Anne", "Bruno", "Chloé")
    anne, bruno, chloe = member["Anne"], member["Bruno"], member["Chloé"]
    between = {"paid_by": "Anne", "received_by": "Chloé"}  # a suggestion paid (m026, m028)
    first, *_ = paid(db, club, [{"member_id": anne, "amount": 360, **between}])
    rows = paid(
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
    after = db.execute("select * from ledger order by id").fetchall()
    # the rows untouched: their columns as they were; a later migration's column added
    # (m036's games_lost) is NULL on each
    width = len(stored_before[0])
    assert [row[:width] for row in after] == stored_before
    assert {row[width:] for row in after} == {(None,) * (len(after[0]) - width)}
    clubs.rename(db, club, anne, "Annie", "", _version(db, club))
    said = {e.id: (e.paid_by, e.received_by) for e in entries(db, club)}
    assert said == {
        first: ("Annie", "Chloé"),
        rows[0]: ("Annie", "Chloé"),
        rows[1]: ("Bruno", BOX_SIDE),
        rows[2]: (BOX_SIDE, "Chloé"),
        rows[3]: ("", "Marc"),  # typed: kept as typed
        rows[4]: ("", "Bruno"),  # a member's name: that member (they may be renamed too)
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
    since the payment reads under their name as it is now, as the payments written since."""
    path, db, club, member = at_m028(tmp_path, "Anne", "Chloé")
    anne, chloe = member["Anne"], member["Chloé"]
    between = {"paid_by": "Anne", "received_by": "Chloé"}
    first, *_ = paid(db, club, [{"member_id": anne, "amount": 360, **between}])
    second, to_box = paid(
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


def test_a_payments_side_changed_or_removed_behind_the_app_is_a_fault(tmp_path):
    """``payment_sides`` is on its club's log (m030): a database migrated from m028 verifies
    clean, and a side turned from Anne to Bruno outside the app (its triggers dropped), or
    a row removed, is a fault naming the table and the row. A database at m029, not yet
    migrated, is not blamed for rows no log could hold yet."""
    path, db, club, member = at_m028(tmp_path, "Anne", "Bruno", "Chloé")
    anne, bruno, chloe = member["Anne"], member["Bruno"], member["Chloé"]
    between = {"paid_by": "Anne", "received_by": "Chloé"}
    first, to_box = paid(
        db,
        club,
        [
            {"member_id": anne, "amount": 360, **between},
            {"member_id": bruno, "amount": 45, "paid_by": "Bruno", "received_by": "le trésorier"},
        ],
    )
    db.close()

    at_m029 = tmp_path / "m029.sqlite"
    shutil.copy(path, at_m029)
    old = sqlite_utils.Database(sqlite3.connect(at_m029))
    migrations.apply(old, stop_before="m030_payment_sides_on_the_logs")
    old.conn.close()
    assert verify.run(at_m029, None)[1] == []

    connect(path, migrate=True).close()
    db = connect(path)
    # Anne paid 3.60 (amount above zero: she is the payer, m029), Bruno paid the box (0)
    assert db.execute(
        "select entry_id, paid_by, received_by from payment_sides order by entry_id"
    ).fetchall() == [(first, anne, chloe), (to_box, bruno, 0)]
    line = db.execute(
        "select action, state from club_changes where club_id = ? and summary = ?",
        [club, "m030_payment_sides_on_the_logs"],
    ).fetchall()
    assert [action for action, _ in line] == ["facts"]
    db.close()
    assert verify.run(path, None)[1] == []

    turned = tampered(
        path,
        tmp_path / "turned.sqlite",
        f"update payment_sides set paid_by = {bruno} where entry_id = {first}",
    )
    faults = [str(f) for f in verify.run(turned, None)[1]]
    assert faults == [
        f"payment_sides row {first}: club {club}: paid_by is {bruno}, its log says {anne}"
    ]
    removed = tampered(
        path, tmp_path / "removed.sqlite", f"delete from payment_sides where entry_id = {to_box}"
    )
    faults = [str(f) for f in verify.run(removed, None)[1]]
    assert faults == [
        f"payment_sides row {to_box}: club {club}: the row entry_id {to_box} of its log"
        " is not stored (removed?)"
    ]
