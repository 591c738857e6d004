"""A payment's other row is found through m035's index, not by reading the club's rows (cash21).

The cash box's page of entries asks, for the payments it shows, the rows naming them
(``cashbox.ledger._read_around``), and an entry's reversal the rows of its payment
(``clubs.merging.entries_about``); before m035 SQLite listed every row of the club for it.
The reads around a reversal and an evening's members, each an "or" SQLite read through
the index on the club, are two searches by their own indexes (review21).
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from scorekeeper import clubs
from scorekeeper.cashbox.ledger import insert_entry
from scorekeeper.clubs import cash_reads
from scorekeeper.rules.money import Money

ASKED = [
    "select other_side, member_id from ledger where club_id = ? and other_side in (?, ?)",
    "select id from ledger where club_id = ? and other_side = ?",
]


@pytest.mark.parametrize("query", ASKED)
def test_the_rows_naming_a_payment_are_read_by_the_index(db, query):
    asked = [1] * query.count("?")
    plan = " ".join(str(row[3]) for row in db.execute(f"explain query plan {query}", asked))
    assert "idx_ledger_other_side" in plan, plan


def test_the_index_holds_a_payees_rows_alone(db):
    """Only a payee's row names another: the rows naming none are not in the index."""
    found = db.execute(
        "select sql from sqlite_master where name = 'idx_ledger_other_side'"
    ).fetchone()
    assert found is not None and "where other_side is not null" in found[0].lower()


def test_an_entrys_reversal_reads_no_row_of_the_club_but_its_own(db):
    """What ``clubs.entries_about`` asks SQLite, traced as it runs (not a copy of its
    queries): each statement on the ledger is a search by an entry's number, ``other_side``
    or ``reverses``, none a pass over the club's rows through ``idx_ledger_club_id``
    (review21: its "id in (…) or reverses in (…)" was one, at every reversal)."""
    club_id = clubs.create(db, "Le Cercle", Money(Decimal("0.05"), "EUR"), None)
    for name in ("Anne", "Bruno"):
        version = clubs.club(db, club_id).version  # type: ignore[union-attr]
        clubs.add_member(db, club_id, name, "", version)
    anne, bruno = (m.id for m in clubs.members(db, club_id))
    row = {"club_id": club_id, "kind": "payment", "on_date": "2026-01-04"}
    paid = insert_entry(db, row | {"member_id": anne, "amount": -100})
    got = insert_entry(db, row | {"member_id": bruno, "amount": 100, "other_side": paid})
    back = {"kind": "reversal", "amount": 100, "reverses": paid, "member_id": anne}
    undone = insert_entry(db, row | back)
    asked: list[str] = []
    db.conn.set_trace_callback(asked.append)
    try:
        found = {e.id for e in clubs.entries_about(db, club_id, got)}
    finally:
        db.conn.set_trace_callback(None)
    assert found == {paid, got, undone}  # its payment's two rows and the reversal of one
    on_ledger = [sql for sql in asked if " from ledger" in sql.lower()]
    assert on_ledger
    for sql in on_ledger:
        plan = " ".join(str(r[3]) for r in db.execute(f"explain query plan {sql}"))
        assert "idx_ledger_club_id (club_id=?)" not in plan, (sql, plan)


def test_an_evenings_members_are_found_by_its_rows_alone(db):
    """What ``cash_reads.evening_members`` asks SQLite (the cash box's evening view and the
    room's settlement), traced as it runs: its rows by the evening's number and its day,
    each through its index, not a pass over the club's rows (review21: its "evening_id = ?
    or on_date = ?" was one)."""
    club_id = clubs.create(db, "Le Cercle", Money(Decimal("0.05"), "EUR"), None)
    for name in ("Anne", "Bruno", "Chloé"):
        version = clubs.club(db, club_id).version  # type: ignore[union-attr]
        clubs.add_member(db, club_id, name, "", version)
    anne, bruno, chloe = (m.id for m in clubs.members(db, club_id))
    version = clubs.club(db, club_id).version  # type: ignore[union-attr]
    evening = clubs.evening(db, clubs.create_evening(db, club_id, "2026-11-27", "", version))
    assert evening is not None
    row = {"club_id": club_id, "kind": "fee_evening", "amount": -250}
    insert_entry(db, row | {"member_id": anne, "on_date": "2026-11-27"})  # its day
    insert_entry(db, row | {"member_id": bruno, "on_date": "2026-11-28", "evening_id": evening.id})
    insert_entry(db, row | {"member_id": chloe, "on_date": "2026-11-26"})  # another day
    asked: list[str] = []
    db.conn.set_trace_callback(asked.append)
    try:
        found = cash_reads.evening_members(db, evening, [])
    finally:
        db.conn.set_trace_callback(None)
    assert found == {anne, bruno}  # Chloé's fee is neither its day's nor charged from it
    on_ledger = [sql for sql in asked if " from ledger" in sql.lower()]
    assert on_ledger
    for sql in on_ledger:
        plan = " ".join(str(r[3]) for r in db.execute(f"explain query plan {sql}"))
        assert "idx_ledger_club_id (club_id=?)" not in plan, (sql, plan)
