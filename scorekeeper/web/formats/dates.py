"""Dates and times in the reader's language, through Babel ("27 novembre 2026").

The database keeps ISO text (``2026-11-27``, ``2026-11-27T20:15:03``, UTC); a
page says it as its reader writes it. Form fields keep ISO (``<input
type="date">`` shows it in the phone's own way). Anything that is not a date
is shown as it is, never an error.
"""

from __future__ import annotations

import re
from datetime import date, datetime

from flask import Flask
from flask_babel import format_date, format_datetime, get_locale

_FIRST = re.compile(r"(?<!\d)1(?= )")
"""The day 1 of a French date in words ("1 novembre"): the first of the month is "1er"."""


def _date(value: object) -> date | None:
    if isinstance(value, date):
        return value
    try:
        return date.fromisoformat(str(value)[:10])
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
    """A stored UTC instant as its reader writes a date and time ("27/11/2026 20:15")."""
    if isinstance(value, datetime):
        found: datetime | None = value
    else:
        try:
            found = datetime.fromisoformat(str(value).replace("Z", "+00:00"))
        except ValueError:
            found = None
    return str(value) if found is None else format_datetime(found, format)


def init_app(app: Flask) -> None:
    app.jinja_env.filters["day"] = day
    app.jinja_env.filters["moment"] = moment
