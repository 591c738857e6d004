"""The one clock the stored times are read from.

Every stored time (a change, a grant, a club's row) is UTC to the second in
ISO form, so the rows sort as text and read the same in every process. A stored day (a
payment's, an evening's, a cash box entry's) is the calendar's, where the club meets:
the server's own date, ``today``. Which day a stored time falls on has one home,
``day_of``: the server's local day of that instant, the calendar ``today`` reads, so a
table made at 23:30 UTC in a UTC+1 club is shown on the evening made at that moment.
"""

from __future__ import annotations

from datetime import UTC, datetime


def now() -> str:
    """Now, as every stored time is written: ``2026-11-25T12:34:56+00:00``."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def local(stamp: str | datetime) -> datetime:
    """A stored time (UTC; one without an offset is UTC too) as the server's local time.
    ``ValueError`` if ``stamp`` is no time, or none the server's zone has (year 9999's last
    hour east of UTC, year 1's first west of it: ``OverflowError`` said as a ValueError)."""
    found = stamp if isinstance(stamp, datetime) else datetime.fromisoformat(stamp)
    if found.tzinfo is None:
        found = found.replace(tzinfo=UTC)
    try:
        return found.astimezone()
    except OverflowError:
        raise ValueError(f"no local time for {stamp}") from None


def day_of(stamp: str | datetime) -> str:
    """The day (ISO) a stored time falls on where the server is: the day ``today`` says
    at that instant, not its UTC date (``stamp[:10]``), which is the day before or after
    near midnight. ``ValueError`` if ``stamp`` is no time."""
    return local(stamp).date().isoformat()


def today() -> str:
    """Today's date where the server is (the club's evening, not UTC's), ISO: what a
    payment, a cash box entry and a new evening are dated by default. One home: the table's,
    the room's and the cash box's payments each asked ``date.today()`` themselves; it is
    the day of ``now`` (``day_of``), so a time and the day made with it never disagree."""
    return day_of(now())
