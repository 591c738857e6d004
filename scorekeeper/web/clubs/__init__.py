"""A club's pages: its members, its evenings of several tables, the room's settlement, the season.

Rights: the club's managers (its manager link, or whoever created it; the
admin) change members and open evenings and their tables; the club link
reads the club, its evenings and its season; anyone else gets 404.

The views read the request, ask the club's modules (scorekeeper/clubs:
the rows, the room's settlement, the season) and draw the page: club.py
the club and its members, evening.py an evening and its settlement,
season.py the season; their forms are in forms.py.
"""

from __future__ import annotations

from typing import Any

from ...clubs.season import money_of
from ..blueprints import clubs as bp
from . import club, evening, season

__all__ = ["bp", "club", "context", "evening", "season"]


def context() -> dict[str, Any]:
    return {"club_money": money_of}
