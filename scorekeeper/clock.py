"""The one clock the stored times are read from.

Every stored time (a change, a grant, a club's row) is UTC to the second in
ISO form, so the rows sort as text and read the same in every process. A stored day (a
payment's, an evening's, a cash box entry's) is the calendar's, where the club meets:
the server's own date, ``today``.
"""

from __future__ import annotations

from datetime import UTC, date, datetime


def now() -> str:
    """Now, as every stored time is written: ``2026-11-25T12:34:56+00:00``."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def today() -> str:
    """Today's date where the server is (the club's evening, not UTC's), ISO: what a
    payment, a cash box entry and a new evening are dated by default. One home: the table's,
    the room's and the cash box's payments each asked ``date.today()`` themselves."""
    return date.today().isoformat()
