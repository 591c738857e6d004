"""The payments' sides (m029) on their clubs' logs, so that ``verify`` checks them.

``payment_sides`` is derived once, by m029, from the ledger's rows and the members' names
as they were then, and its triggers refuse any later write; but it was on no log: whoever
dropped the triggers and turned a payment's side from Anne to Bruno was caught by nothing,
and the statements then named the wrong member. From now it is a fact of its club (the
club of its ledger row, ``db/facts.py``), and each club with rows in it gets one line
``facts`` on its log holding them all as this migration finds them, at the club's version
(it moves none): ``verify`` compares every row with it (``check_facts``), as it does a
member's row with the last line that wrote it. A row changed, removed or added afterwards
is a fault naming the table and the row.
"""

from __future__ import annotations

import sqlite_utils

from ...clock import now

NAME = "m030_payment_sides_on_the_logs"


def migrate(db: sqlite_utils.Database) -> None:
    # Written out here rather than through the store (a migration is frozen as it ran).
    from ..chain import CLUB_CHANGES, append
    from ..facts import FOLLOW, key_text, text

    rows: list[tuple[int, int, int | None, int | None]] = db.execute(
        "select ledger.club_id, s.entry_id, s.paid_by, s.received_by from payment_sides s"
        " join ledger on ledger.id = s.entry_id order by ledger.club_id, s.entry_id"
    ).fetchall()
    by_club: dict[int, dict[str, object]] = {}
    for club, entry, paid_by, received_by in rows:
        row = {"entry_id": entry, "paid_by": paid_by, "received_by": received_by}
        by_club.setdefault(int(club), {})[key_text([entry])] = row
    for club, sides in by_club.items():
        (version,) = db.execute("select version from clubs where id = ?", [club]).fetchone()
        line = {"club_id": club, "version": version, "action": FOLLOW, "summary": NAME}
        append(db, CLUB_CHANGES, {**line, "at": now(), "state": text({"payment_sides": sides})})
