"""Dates and times in the reader's language, through Babel ("27 novembre 2026").

The database keeps ISO text (``2026-11-27``, ``2026-11-27T20:15:03+00:00``, UTC); a
page says it as its reader writes it. A stored time is shown where the server is
(``clock.local``): its day is ``clock.day_of``, the calendar a new evening is dated by,
never its UTC date. Form fields keep ISO (``<input
type="date">`` shows it in the phone's own way). Anything that is not a date
is shown as it is, never an error.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date, datetime
from typing import Protocol

from flask import Flask
from flask_babel import format_date, format_datetime, get_locale

from ...clock import day_of, local

_FIRST = re.compile(r"(?<!\d)1(?= )")
"""The day 1 of a French date in words ("1 novembre"): the first of the month is "1er"."""
_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def _date(value: object) -> date | None:
    """A stored day as it is; a stored time's day where the server is (``clock.day_of``);
    a text that only begins with a day (a time cut short), that day."""
    if isinstance(value, datetime):
        try:
            return date.fromisoformat(day_of(value))
        except ValueError:  # no local time (year 9999's last hour): its own date
            return value.date()
    if isinstance(value, date):
        return value
    text = str(value)
    if not _DAY.fullmatch(text):
        try:
            return date.fromisoformat(day_of(text))
        except ValueError:
            pass
    try:
        return date.fromisoformat(text[:10])
    except ValueError:
        return None


def day(value: object, format: str = "long") -> str:
    """A day in words: "27 novembre 2026", "November 27, 2026" (``medium``: "27 nov. 2026")."""
    found = _date(value)
    if found is None:
        return str(value)
    said = format_date(found, format)
    locale = get_locale()
    if found.day == 1 and locale is not None and locale.language == "fr" and format != "short":
        said = _FIRST.sub("1er", said, count=1)  # Babel writes "1 novembre"; French, "1er"
    return said


def moment(value: object, format: str = "short") -> str:
    """A stored UTC instant as its reader writes a date and time ("27/11/2026 20:15"),
    where the server is (``clock.local``), as ``day`` says its day."""
    try:
        found = local(value if isinstance(value, datetime) else str(value).replace("Z", "+00:00"))
    except ValueError:
        return str(value)
    return format_datetime(found, format, rebase=False)


class Dated(Protocol):
    """An evening as a label needs it (``clubs.Evening``)."""

    @property
    def date(self) -> str: ...
    @property
    def title(self) -> str: ...


def evening_label(evening: Dated, dated: Callable[[str], str] | None = day) -> str:
    """An evening named: its day, then its title when it has one ("27 November 2026 —
    Afternoon"), as the club's list of evenings and the evening's own page name it. The one
    home of that name: the cash box, the statements (page, PDF, CSV) and a member's history
    once named an evening by its day alone, and two evenings of one day read the same
    (play19). ``dated``: how the day is said (a file's, ISO); None where the line says its
    day already (a statement's Date column): the title alone, or nothing.

    >>> from types import SimpleNamespace as E
    >>> evening_label(E(date="2026-11-27", title="Afternoon"), str)
    '2026-11-27 — Afternoon'
    >>> evening_label(E(date="2026-11-27", title=""), str)
    '2026-11-27'
    >>> evening_label(E(date="2026-11-27", title="Afternoon"), None)
    'Afternoon'
    """
    if dated is None:
        return evening.title
    when = dated(evening.date)
    return f"{when} — {evening.title}" if evening.title else when


def init_app(app: Flask) -> None:
    app.jinja_env.filters["day"] = day
    app.jinja_env.filters["evening_label"] = evening_label
    app.jinja_env.filters["moment"] = moment
