"""A fee per lost game keeps the games lost it was charged for.

``ledger.games_lost``: on a ``fee_lost_game`` row, how many games its member had lost that
evening when it was charged (its amount is the sum typed times this). The fee is a charge
typed at a time and never rewritten; a coup corrected since (the evening reopened, a game's
result changed) can make the evening's games say another count, and the cash box says so
beside the entry by comparing the two (``clubs.fee_charging.lost_since``, docs/cashbox.md,
"The fee per lost game"). NULL on every other row, and on the fees charged before it (their
count is not known: nothing is said of them); the hash chain covers a row's non-NULL
columns, so the rows before verify as they did.
"""

from __future__ import annotations

import sqlite_utils


def migrate(db: sqlite_utils.Database) -> None:
    db.execute("alter table ledger add column games_lost integer")
