"""The season as a CSV file for a spreadsheet: one line per member, in the order shown.

After the chip games' columns, three for each game family whose points tables
someone sat at in these dates (``<kind>_evenings``, ``<kind>_tables``,
``<kind>_points``, e.g. ``manillen_points``); a member who sat only at points
tables has zeros in the chip games' columns.

UTF-8 with a byte-order mark (a spreadsheet then reads accented names), and
a cell that starts like a formula (``=``, ``+``, ``-``, ``@``…) quoted with
an apostrophe, so a member's name is never run as one.
"""

from __future__ import annotations

import csv
import io

from ..cashbox.entries import plain
from .records import Club
from .season import SeasonRow, families

BOM = "\ufeff"
POINTS_COLUMNS = ("evenings", "tables", "points")
"""Each points family's columns, after its kind's key (``PointsRecord.columns``)."""
COLUMNS = (
    *("member", "short_name", "evenings", "coups", "as_hombre", "outcomes"),
    *("won", "lost", "net", "per_100_coups", "money"),
)


def season_csv(club: Club, rows: list[SeasonRow]) -> str:
    """The file's text, its byte-order mark first."""
    out = io.StringIO()
    writer = csv.writer(out)
    keys = [kind.key for kind in families(rows)]
    writer.writerow([*COLUMNS, *(f"{k}_{c}" for k in keys for c in POINTS_COLUMNS)])
    for r in rows:
        points = [r.points.get(k) for k in keys]
        outcomes = " ".join(f"{k}:{v}" for k, v in sorted(r.outcomes.items()))
        money = None if club.money is None else plain(r.cents)
        writer.writerow(
            [
                *(cell(r.member.name), cell(r.member.short_name), r.evenings, r.coups),
                *(r.taken, outcomes, r.won, r.lost, r.net, r.per_100),
                "" if money is None else money,
                *(n for p in points for n in ((0, 0, 0) if p is None else p.columns())),
            ]
        )
    return BOM + out.getvalue()


def cell(value: object) -> str:
    """A text cell a spreadsheet shows as text, never as a formula."""
    text = str(value)
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text
