"""The season as a CSV file for a spreadsheet: one line per member, in the order shown.

After the chip games' columns, three for each game family whose points tables
someone sat at in these dates (``<kind>_evenings``, ``<kind>_tables``,
``<kind>_points``, e.g. ``manillen_points``), and a fourth for a game won by games
(``rules.placing.GamesWon``: ``brou_games_won``, ``manille_games_won``), the games won
that place a member before their points (``PointsRecord.games``, ``room.table_points``);
the keys of before are kept, none renamed. A member who sat at no chip table
(``SeasonRow.chips``: the page's chip table has no row for them) has empty chip
cells, and one who sat at no table of a points family empty cells for it: they
have no chips, where 0 would say they broke even (a spreadsheet's AVERAGE and
COUNT skip an empty cell, SUM reads it as 0).

UTF-8 with a byte-order mark (a spreadsheet then reads accented names), and
a cell that starts like a formula (``=``, ``+``, ``-``, ``@``…) quoted with
an apostrophe, so a member's name is never run as one.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal

from ..cashbox.entries import plain
from ..rules.placing import GamesWon
from .records import Club
from .season import PointsRecord, SeasonRow, families

BOM = "\ufeff"
POINTS_COLUMNS = ("evenings", "tables", "points")
"""Each points family's columns, after its kind's key (``PointsRecord.columns``)."""
GAMES_COLUMN = "games_won"
"""The column after them of a family won by games (``GamesWon``): ``PointsRecord.games``."""
COLUMNS = (
    *("member", "short_name", "evenings", "coups", "as_hombre", "outcomes"),
    *("won", "lost", "net", "per_100_coups", "money"),
)


@dataclass(frozen=True)
class ForPeople:
    """The season for a spreadsheet of the reader's language (``?sep=semicolon``): its headers
    in their words, a column's figure with their decimal mark, ``;`` between cells. The comma
    file's keys never change (tools read them); this one is for people."""

    headers: Sequence[str]
    """One a column of ``COLUMNS``, in that order."""
    points: Callable[[str, str], str]
    """A points family's column (its kind's key, ``POINTS_COLUMNS``'s word) in words."""
    decimal: Callable[[Decimal], str]
    """A decimal number as the reader writes it (``-3,60``)."""
    outcome: Callable[[str], str]
    """An outcome's key (``gagne``) in the reader's words, as the season page shows it."""


def season_csv(club: Club, rows: list[SeasonRow], people: ForPeople | None = None) -> str:
    """The file's text, its byte-order mark first (keys and dots; ``people``: theirs)."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter="," if people is None else ";")
    found = families(rows)
    keys = [kind.key for kind in found]
    by_games = {kind.key for kind in found if isinstance(kind, GamesWon)}
    columns = [(k, c) for k in keys for c in (*POINTS_COLUMNS, GAMES_COLUMN)]
    columns = [(k, c) for k, c in columns if c != GAMES_COLUMN or k in by_games]
    if people is None:
        writer.writerow([*COLUMNS, *(f"{k}_{c}" for k, c in columns)])
    else:
        writer.writerow([*people.headers, *(people.points(k, c) for k, c in columns)])
    number: Callable[[Decimal], str] = str if people is None else people.decimal
    word: Callable[[str], str] = str if people is None else people.outcome
    for r in rows:
        outcomes = " ".join(f"{k}:{v}" for k, v in sorted(r.outcomes.items()))
        if people is not None:  # the page's words: "gewonnen 2 · verloren 2"
            outcomes = " · ".join(f"{word(k)} {v}" for k, v in sorted(r.outcomes.items()))
        money = None if club.money is None else plain(r.cents)
        chips: list[object] = [
            *(r.evenings, r.coups, r.taken, outcomes, r.won, r.lost, r.net, number(r.per_100)),
            "" if money is None else number(Decimal(money)),
        ]
        writer.writerow(
            [
                *(cell(r.member.name), cell(r.member.short_name)),
                *(chips if r.chips else [""] * len(chips)),
                *(_points_cell(r.points.get(k), c) for k, c in columns),
            ]
        )
    return BOM + out.getvalue()


def _points_cell(record: PointsRecord | None, column: str) -> object:
    """A points family's cell (``column``, a word of ``POINTS_COLUMNS`` or ``GAMES_COLUMN``)
    for a member: empty, not 0, if they sat at none of its tables."""
    if record is None:
        return ""
    if column == GAMES_COLUMN:
        return record.games
    return record.columns()[POINTS_COLUMNS.index(column)]


def cell(value: object) -> str:
    """A text cell a spreadsheet shows as text, never as a formula."""
    text = str(value)
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text
