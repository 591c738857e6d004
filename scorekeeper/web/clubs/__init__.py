"""A club's pages: its members, its evenings of several tables, the room's settlement, the season.

Rights: the club's managers (its manager link, or whoever created it; the
admin) change members and open evenings and their tables; the club link
reads the club, its evenings and its season; anyone else gets 404.

The views read the request, ask the club's modules (scorekeeper/clubs:
the rows, the room's settlement, the season) and draw the page: club.py
the club and its members, evening.py an evening and its settlement,
season.py the season, ratings.py the ratings and a member's own page;
their forms are in forms.py. The cash box:
cash.py the treasurer's page (its forms in cash_forms.py), reversal.py an
entry reversed, closing.py an
evening closed and reopened, statement.py a member's statement; paging.py
the entries and a statement's lines a page at a time.
"""

from __future__ import annotations

from typing import Any

from ..blueprints import clubs as bp
from . import cash, closing, club, evening, ratings, reversal, season, statement

__all__ = [
    "bp",
    "cash",
    "closing",
    "club",
    "context",
    "evening",
    "ratings",
    "reversal",
    "season",
    "statement",
]


def context() -> dict[str, Any]:
    return {"rating_text": ratings.rating_text, **cash.context()}
