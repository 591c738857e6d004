"""A payment's other row found by its number: an index on ``ledger(club_id, other_side)``.

A payment between two members is two rows, the payee's naming the payer's (m028,
``other_side``). The cash box's page of entries asks, for each payment it shows, the
row that names it, and an entry's reversal asks the rows of its payment
(``cashbox.ledger.entries``, ``clubs.merging.entries_about``): without an index SQLite read
every row of the club for them (at 40,000 entries, each request). Only a payee's row
names another, so the index holds those rows alone. The club comes first: every read of
the ledger names it, and SQLite, which has no statistics here, took the index on the club
alone over one on ``other_side`` alone for ``other_side in (…)``.
"""

from __future__ import annotations

import sqlite_utils


def migrate(db: sqlite_utils.Database) -> None:
    db.execute(
        "create index if not exists idx_ledger_other_side on ledger (club_id, other_side)"
        " where other_side is not null"
    )
