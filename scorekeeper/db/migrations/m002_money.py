"""What a chip is worth, for the settlement in money (display only)."""

from __future__ import annotations

import sqlite_utils


def migrate(db: sqlite_utils.Database) -> None:
    db.table("games").add_column("chip_value", str)  # a decimal, e.g. "0.05"
    db.table("games").add_column("currency", str)  # e.g. "EUR"
