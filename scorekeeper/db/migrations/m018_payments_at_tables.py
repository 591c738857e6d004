"""A payment recorded from a club table's settlement names its table (issue 35).

``ledger.game_id``: the table (game) whose settlement recorded a payment,
NULL for every other entry. A payment from the room's settlement or the
table's carries its evening (``evening_id``) too, so the room, the table
and the cash box read what is paid from the same rows. The column is
NULL for every row written before, and the hash chain leaves NULL columns
out of a row's content (db/chain.py), so the old rows' hashes still hold.
"""

from __future__ import annotations

import sqlite_utils


def migrate(db: sqlite_utils.Database) -> None:
    if "game_id" not in db.table("ledger").columns_dict:
        db.execute("alter table ledger add column game_id integer")
    db.table("ledger").create_index(["club_id", "evening_id"], if_not_exists=True)
