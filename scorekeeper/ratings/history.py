"""A member's own history in their club: their evenings, their rating's path, the facts they enjoy.

Everything is derived from the club's matches (``club.py``) and, for the
facts only a game's records know (success as the one who took, by
contract; voles; codilles), from each of their tables' replay, asked of its
kind (``Kind.seat_records``, ``Kind.person_records`` where someone took a
seat, as the season reads them): a game that keeps none adds nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import sqlite_utils

from .. import store
from ..clubs.season import _records as table_records
from ..rules.records import SeatRecord
from .model import Match, Point, Ratings


@dataclass
class EveningLine:
    """One evening of theirs: their tables there, their net chips and their points."""

    evening_id: int
    date: str
    tables: int = 0
    chips: int = 0
    """Their net over the evening's chip tables."""
    chip_tables: int = 0
    points: dict[str, int] = field(default_factory=dict)
    """Their (team's) points over the evening's points tables, per game kind (``Kind.key``):
    points of different games are never added (a manche of 34 and a manillen deal do not
    count alike, docs/guide-organisers.md); their page once read 276 for a Brou's 210 and a
    Manille's 66 (play17)."""
    point_tables: int = 0


@dataclass(frozen=True)
class Win:
    """Their best table: the most chips they won at one."""

    chips: int
    date: str
    game_id: int


@dataclass
class History:
    """What a member's page shows."""

    member: int
    evenings: list[EveningLine] = field(default_factory=list)
    """Their evenings, oldest first."""
    paths: dict[str, list[Point]] = field(default_factory=dict)
    """Their rating after each of their tables, per family."""
    games: dict[str, int] = field(default_factory=dict)
    """Their tables per family."""
    firsts: int = 0
    """Tables they ended first (alone or shared: a winning team's two partners)."""
    longest_run: int = 0
    """The most tables in a row they ended first."""
    biggest_win: Win | None = None
    record: SeatRecord = field(default_factory=SeatRecord)
    """Their records added up over their tables whose game keeps them."""

    @property
    def tables(self) -> int:
        return sum(self.games.values())


def member_history(
    db: sqlite_utils.Database, ratings: Ratings, member: int, records: bool = True
) -> History:
    """The history of ``member`` (the one kept, if merged) from the club's ``ratings``.

    ``records``: also read their tables' replays for the games' records.
    """
    out = History(member, paths=dict(ratings.of(member)))
    mine = [m for m in ratings.matches if any(who == member for who, _r in m.results)]
    run = 0
    lines: dict[int, EveningLine] = {}
    for match in mine:
        result = next(r for who, r in match.results if who == member)
        # ended first as the ratings place them (``Match.placing``: a Brou's parties, not its
        # points), so that a table's first is the page's winner and a draw is shared
        mine_placed = next(p for who, p in match.placing if who == member)
        others = [p for who, p in match.placing if who != member]
        line = lines.setdefault(match.evening_id, EveningLine(match.evening_id, match.date))
        line.tables += 1
        if match.chips:
            line.chips += result
            line.chip_tables += 1
            best = out.biggest_win
            if result > 0 and (best is None or result > best.chips):
                out.biggest_win = Win(result, match.date, match.game_id)
        else:
            line.points[match.kind] = line.points.get(match.kind, 0) + result
            line.point_tables += 1
        out.games[match.family] = out.games.get(match.family, 0) + 1
        if others and all(mine_placed >= p for p in others):
            out.firsts += 1
            run += 1
            out.longest_run = max(out.longest_run, run)
        else:
            run = 0
    out.evenings = list(lines.values())
    if records:
        for match in mine:
            out.record += _record(db, match, member)
    return out


def _record(db: sqlite_utils.Database, match: Match, member: int) -> SeatRecord:
    """Their record at one table (nothing if its game keeps none)."""
    stored = store.load(db, match.game_id)
    records = stored.kind.seat_records(stored.replay())
    if records is None:
        return SeatRecord()
    total = SeatRecord()
    for who, record in table_records(db, match.game_id, stored, records):
        if who == member:
            total += record
    return total
