"""A gone coup key keeps how its coup left the game (fix29a).

``coup_keys.went``: ``undo`` or ``delete``, the change that marked the key ``gone``, written
by that change itself (``store.coup_keys.coup_removed``); NULL while the key's coup is in the
game. A lost phone's notice said how the coup went by reading the change log for the last
undo or deletion of a coup of the same digest at its place, which a like coup typed there
later and deleted took over. The keys gone before this column: NULL, unknown (the notice
says "undone or deleted").
"""

from __future__ import annotations

import sqlite_utils


def migrate(db: sqlite_utils.Database) -> None:
    db.execute("alter table coup_keys add column went text")
