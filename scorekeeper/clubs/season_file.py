"""The season as a CSV file for a spreadsheet: one line per member, in the order shown.

UTF-8 with a byte-order mark (a spreadsheet then reads accented names), and
a cell that starts like a formula (``=``, ``+``, ``-``, ``@``…) quoted with
an apostrophe, so a member's name is never run as one.
"""

from __future__ import annotations

import csv
import io

from ..cashbox.entries import plain
from .records import Club
from .season import SeasonRow

BOM = "\ufeff"
COLUMNS = (
    *("member", "short_name", "evenings", "coups", "as_hombre", "outcomes"),
    *("won", "lost", "net", "per_100_coups", "money"),
)


def season_csv(club: Club, rows: list[SeasonRow]) -> str:
    """The file's text, its byte-order mark first."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(COLUMNS)
    for r in rows:
        outcomes = " ".join(f"{k}:{v}" for k, v in sorted(r.outcomes.items()))
        money = None if club.money is None else plain(r.cents)
        writer.writerow(
            [
                *(cell(r.member.name), cell(r.member.short_name), r.evenings, r.coups),
                *(r.taken, outcomes, r.won, r.lost, r.net, r.per_100),
                "" if money is None else money,
            ]
        )
    return BOM + out.getvalue()


def cell(value: object) -> str:
    """A text cell a spreadsheet shows as text, never as a formula."""
    text = str(value)
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text
