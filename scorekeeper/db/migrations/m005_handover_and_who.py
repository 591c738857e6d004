"""The handover code (its hash only) and which phone made each change.

``games.handover_hash``: SHA-256 of the short code that lets a phone that
follows the game take the fiche over when the manager's phone is gone.
``changes.grant_id``: the grant (the device) that made the change, shown in
the change log; None for changes made without one (the admin, old rows).
"""

from __future__ import annotations

import sqlite_utils


def migrate(db: sqlite_utils.Database) -> None:
    db.table("games").add_column("handover_hash", str)
    db.table("changes").add_column("grant_id", int)
