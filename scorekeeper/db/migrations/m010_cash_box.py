"""The club's cash box (issue 28): its ledger, evenings closed and reopened, transfers paid.

``ledger``: one row per entry of a member's account, in whole cents
(scorekeeper/cashbox/entries.py says the kinds and the sign); rows are
only ever inserted, by ``cashbox.ledger.insert_entry``: a reversal is a
new row naming the one it undoes (``reverses``). ``prev_hash`` and
``hash`` are left empty here: the club's hash chain fills them.
``evening_closings``: each close and reopen of an evening, in order;
the last says whether its tables are locked. ``transfers_paid``: the
settlement transfers of a single table ticked as paid (a row while
ticked; the game's change log keeps every tick and untick).
"""

from __future__ import annotations

import sqlite_utils


def migrate(db: sqlite_utils.Database) -> None:
    db.table("ledger").create(
        {
            "id": int,
            "club_id": int,
            "member_id": int,
            "kind": str,
            "amount": int,  # cents, signed: what it does to the member's balance
            "on_date": str,  # YYYY-MM-DD
            "evening_id": int,
            "reverses": int,
            "method": str,
            "received_by": str,
            "note": str,
            "created_at": str,
            "prev_hash": str,
            "hash": str,
        },
        pk="id",
        foreign_keys=[
            ("club_id", "clubs", "id"),
            ("member_id", "members", "id"),
            ("evening_id", "evenings", "id"),
            ("reverses", "ledger", "id"),
        ],
        not_null={"club_id", "member_id", "kind", "amount", "on_date", "created_at"},
    )
    db.table("ledger").create_index(["club_id", "on_date"])
    db.table("ledger").create_index(["reverses"], unique=True)
    db.table("evening_closings").create(
        {"id": int, "evening_id": int, "action": str, "at": str},
        pk="id",
        foreign_keys=[("evening_id", "evenings", "id")],
        not_null={"evening_id", "action", "at"},
    )
    db.table("evening_closings").create_index(["evening_id"])
    db.table("transfers_paid").create(
        {"game_id": int, "payer": int, "payee": int, "amount": int, "at": str},
        pk=("game_id", "payer", "payee", "amount"),
        foreign_keys=[("game_id", "games", "id")],
        not_null={"at"},
    )
