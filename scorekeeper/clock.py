"""The one clock the stored times are read from.

Every stored time (a change, a grant, a club's row) is UTC to the second in
ISO form, so the rows sort as text and read the same in every process.
"""

from __future__ import annotations

from datetime import UTC, datetime


def now() -> str:
    """Now, as every stored time is written: ``2026-11-25T12:34:56+00:00``."""
    return datetime.now(UTC).isoformat(timespec="seconds")
