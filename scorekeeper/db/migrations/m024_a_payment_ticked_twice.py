"""The same payment can be ticked twice at a table (issue 44's closing note).

``transfers_paid``'s key was the transfer itself (game, payer, payee,
amount), so a table's payments were a set: when a correction left exactly
a payment already made to be made again (Bruno paid Chloé 9, a forgotten
coup makes Bruno owe Chloé 9 more), its tick was refused as a page out of date
and the treasurer could not record it. Each tick is now its own row
(``id``), in the order made; an untick removes the latest of equal ones.
The rows keep their order (the old table's rowid).
"""

from __future__ import annotations

import sqlite_utils


def migrate(db: sqlite_utils.Database) -> None:
    db.execute(
        """create table transfers_paid_by_tick (
            id integer primary key,
            game_id integer not null references games(id),
            payer integer not null,
            payee integer not null,
            amount integer not null,
            at text not null
        )"""
    )
    db.execute(
        "insert into transfers_paid_by_tick (game_id, payer, payee, amount, at)"
        " select game_id, payer, payee, amount, at from transfers_paid order by rowid"
    )
    db.execute("drop table transfers_paid")
    db.execute("alter table transfers_paid_by_tick rename to transfers_paid")
    db.execute("create index transfers_paid_game on transfers_paid (game_id)")
