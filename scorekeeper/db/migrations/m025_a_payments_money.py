"""A payment ticked at a table keeps its money as it was handed over.

``transfers_paid.cents``: the payment's money in whole cents as the
settlement said it when it was ticked (a table with a chip value), NULL
without one and for every tick made before. A tick kept chips only, and
its money was worked out again after each correction: 171 chips at
0,025 € handed over as 4,27 € (the line that settled Denis's cents) read
4,28 € once an undo left it settling nobody, and the page asked a cent too
few of the rest (store/paid.py).
"""

from __future__ import annotations

import sqlite_utils


def migrate(db: sqlite_utils.Database) -> None:
    db.execute("alter table transfers_paid add column cents integer")
