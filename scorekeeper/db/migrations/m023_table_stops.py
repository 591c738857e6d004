"""A table that stops here (issue 45, point 6).

``games.stopped``: 1 once the table stopped after its last coup and the game
ended as it stands (``rules/stopping.py``: the game file's ``"stopped": true``),
0 while it plays on. Set and cleared by a versioned change of the game (its
``stop`` and ``resume`` lines record the column, so ``verify`` checks it).
"""

from __future__ import annotations

import sqlite_utils


def migrate(db: sqlite_utils.Database) -> None:
    db.execute("alter table games add column stopped integer not null default 0")
