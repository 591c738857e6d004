"""The name the manager gives a phone ("Anne's phone"), shown instead of what its
browser said it was ("Linux · Chrome"), which stays in ``label``.
"""

from __future__ import annotations

import sqlite_utils


def migrate(db: sqlite_utils.Database) -> None:
    db.table("grants").add_column("name", str)
