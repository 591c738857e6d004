"""A payment's other row is found through m035's index, not by reading the club's rows (cash21).

The cash box's page of entries asks, for the payments it shows, the rows naming them
(``cashbox.ledger._read_around``), and an entry's reversal the rows of its payment
(``clubs.merging.entries_about``); before m035 SQLite listed every row of the club for it.
"""

from __future__ import annotations

import pytest

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
