"""A payment's two sides are facts, not words: who they are is read at display.

``ledger.paid_by`` and ``received_by`` stored, on a payment recorded from a
suggestion (``clubs.accounts.pay``), the payer's and the payee's *names* as
they were, and the cash box as the treasurer's words in the recorder's
language: a member renamed later still read under their old name on every
statement, and a French treasurer's "le trésorier" read in French on an
English page. From now ``pay`` writes a language-free mark instead
(``cashbox.entries.BOX_SIDE``: the cash box; ``MEMBER_SIDE``: a member, the
row's own or the one of its other side, ``other_side``, m028), and the pages
say the member's current name and the box in the reader's language.

The ledger's rows are chained and never changed (m011): the words of the rows
written before stay as they were written, and ``verify`` still finds them so.
What they meant is written once here, in ``payment_sides`` (one row per
payment row written before this migration that names anyone; its ``paid_by``
and ``received_by``: the member, 0 for the cash box, NULL to keep the words as
stored): on a row ``pay`` wrote (``paid_by`` set, m026), the row's own side
is its member (the payer's, whose amount is above zero, or the payee's), and the
other member's side the member of the row it is paired with (``other_side``,
m028) — facts of the rows, whatever the names became: a member renamed before
this migration, and a newcomer who took their old name, once read as that
newcomer; else a name that is exactly one member's of the club (a merged one's
too: the reading follows the merge) is that member; the cash box's words as the
treasurer's page wrote them in French, English, Danish and Dutch (``BOX_WORDS``)
are the box; any other text — a "Received by" typed by hand on a manual
payment — stays as typed: it is a typed fact. The table is written by this
migration only (its triggers refuse any other write): it is derived once,
from the rows and the members' names as they were at this migration.
"""

from __future__ import annotations

import sqlite_utils

BOX_WORDS = frozenset(
    {
        "the treasurer", "le trésorier", "kassereren", "de penningmeester",
        "the cash box", "la caisse", "kassen", "de kas",
    }
)  # fmt: skip
"""What the cash box was called, as stored (the msgstrs of "the treasurer", which ``pay``
was given, and of "the cash box"), compared case-folded."""


def side(text: str | None, names: dict[str, list[int]]) -> int | None:
    """A stored word as a side: a member's id, 0 for the box, None: the words as typed.

    >>> side("Chloé", {"Chloé": [7]}), side("Le trésorier", {}), side("Marc", {})
    (7, 0, None)
    >>> side("Anne", {"Anne": [3, 4]}) is None  # two members so named: which one is not known
    True
    """
    if text is None or not text.strip():
        return None
    if text.strip().casefold() in BOX_WORDS:
        return 0
    found = names.get(text, [])
    return found[0] if len(found) == 1 else None


def migrate(db: sqlite_utils.Database) -> None:
    db.execute(
        """create table payment_sides (
            entry_id integer primary key references ledger(id),
            paid_by integer,
            received_by integer
        )"""
    )
    clubs: dict[int, dict[str, list[int]]] = {}
    for member, club, name in db.execute("select id, club_id, name from members order by id"):
        clubs.setdefault(int(club), {}).setdefault(name, []).append(int(member))
    rows = db.execute(
        "select id, club_id, paid_by, received_by, member_id, amount, other_side from ledger"
        " where kind = 'payment'"
        " and (coalesce(paid_by, '') != '' or coalesce(received_by, '') != '') order by id"
    ).fetchall()
    member_of = {int(row[0]): int(row[4]) for row in rows}
    paired = {int(row[6]): int(row[4]) for row in rows if row[6] is not None}
    for entry, club, paid_by, received_by, member, amount, other_side in rows:
        names = clubs.get(int(club), {})
        said = [side(paid_by, names), side(received_by, names)]
        if (paid_by or "").strip():  # written by pay: its own member is one side
            own = 0 if int(amount) > 0 else 1  # the payer's balance rises
            other = member_of.get(other_side) if other_side is not None else paired.get(entry)
            said[own] = int(member)
            if other is not None and said[1 - own] != 0:
                said[1 - own] = other
        db.execute(
            "insert into payment_sides (entry_id, paid_by, received_by) values (?, ?, ?)",
            [entry, *said],
        )
    for what in ("insert", "update", "delete"):
        db.execute(
            f"create trigger payment_sides_no_{what} before {what} on payment_sides"
            " begin select raise(abort, 'payment_sides is written once, by m029'); end"
        )
