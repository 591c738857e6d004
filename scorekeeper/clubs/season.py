"""The season: each member's record over the tables of the club's evenings between two dates.

Per member: the evenings they played at a table whose kind keeps seat
records (``Kind.seat_records``: the chip games of l'Hombre), and those
records added up (coups, coups taken, outcomes, chips won and lost, net);
and per game family whose tables count points (a kind that moves no chip:
l'Homme de Brou, la Manille, manillen), the evenings and tables they sat at
and their points, each table's as the room counts them (``room.table_points``), and for a
game won by games (Brou's parties, the classique's manches) the games they won
(``room.table_points``), which place them before their points (``room.placed_by``).
Their money is the sum of their evenings' results as the cash box has them
(the largest remainder of each room). A seat counts for its member (merged
ones followed to the one kept), as in the room's settlement; a table nobody
played (no coup) counts for no one (``room.played``), as on the member's page. Plain Python
over the database: no request, no page.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import date
from decimal import ROUND_HALF_EVEN, Decimal
from typing import Any

import sqlite_utils

from .. import store
from ..cashbox.entries import Entry, EntryKind
from ..rules.kind import GameKind
from ..rules.kinds import KINDS
from ..rules.records import SeatRecord
from ..rules.seating import payers, sittings
from ..store import closings
from .closing import Provisional, provisional, results_of
from .closing import result as evening_result
from .evening_tables import evenings, tables
from .merging import entries
from .records import Club, Evening, Member
from .room import placed_by, played, table_points
from .seats import club_member, members, person_members, table_seats

FIRST_DAY, LAST_DAY = "0000-01-01", "9999-12-31"
"""The season's bounds when none is given: every evening."""


@dataclass
class PointsRecord:
    """A member's season at one game family's points tables."""

    evenings: int = 0
    """The evenings they sat at one of its tables."""
    tables: int = 0
    points: int = 0
    """What their side scored in the coups they sat, over its tables (``room.table_points``)."""
    games: int | None = None
    """A game won by games (Brou, the classique): the games their side won in the coups
    that were theirs, over its tables (``room.table_points``); None: placed by its points."""

    def columns(self) -> tuple[int, int, int]:
        """Its figures in the season file's order (``season_file.POINTS_COLUMNS``)."""
        return self.evenings, self.tables, self.points

    def placed(self) -> tuple[int, int]:
        """What places them in the game's standing (``room.placed_by``)."""
        return placed_by(self.points, self.games)


@dataclass
class SeasonRow:
    """One member's season."""

    member: Member
    evenings: int = 0
    """The evenings they sat at a chip table."""
    record: SeatRecord = field(default_factory=SeatRecord)
    points: dict[str, PointsRecord] = field(default_factory=dict)
    """Their points per game family (the key of its kind), for the kinds that count points."""
    cents: int = 0
    """Their money over the season: the sum of their evenings' results in whole cents, each the
    cash box's (``closing.result``: each table by the largest remainder, their tables added;
    once closed, what the close posted), so the season and the cash box never differ by a
    rounding."""
    provisional: dict[int, Provisional] = field(default_factory=dict)
    """The evenings not closed among those their figures count (``closing.provisional``, the
    one rule the room, the statement and the cash box ask), by evening: why each is not
    final. Empty: every figure of theirs is final."""

    @property
    def chips(self) -> bool:
        """They sat at a chip table in these dates (their row of the chip games' table)."""
        return self.evenings > 0

    @property
    def coups(self) -> int:
        return self.record.coups

    @property
    def taken(self) -> int:
        """The coups they played as the one who takes (l'Hombre's hombre)."""
        return self.record.taken

    @property
    def outcomes(self) -> Counter[str]:
        return self.record.outcomes

    @property
    def won(self) -> int:
        """Chips won: their coups' gains and a positive end-of-game share."""
        return self.record.won

    @property
    def lost(self) -> int:
        return self.record.lost

    @property
    def net(self) -> int:
        return self.record.net

    @property
    def per_100(self) -> Decimal:
        """Net chips per 100 coups, to one decimal (half to even)."""
        if not self.coups:
            return Decimal("0.0")  # one decimal as every other row's
        return (Decimal(self.net * 100) / self.coups).quantize(Decimal("0.1"), ROUND_HALF_EVEN)


SortKey = Callable[[SeasonRow], str | int | Decimal]
SORTS: dict[str, tuple[SortKey, bool]] = {
    "name": (lambda r: 0, False),  # by name is the tie-break's order itself: the reader's
    "evenings": (lambda r: r.evenings, True),
    "coups": (lambda r: r.coups, True),
    "taken": (lambda r: r.taken, True),
    "won": (lambda r: r.won, True),
    "lost": (lambda r: r.lost, True),
    "net": (lambda r: r.net, True),
    "per100": (lambda r: r.per_100, True),
}
"""Each column the rows can be sorted by: its key and whether the largest comes first."""
DEFAULT_SORT = "net"


def season_rows(db: sqlite_utils.Database, club: Club, start: str, end: str) -> list[SeasonRow]:
    """Per member, over the tables of the club's evenings from ``start`` to ``end``."""
    by_id = {m.id: m for m in members(db, club.id)}
    rows: dict[int, SeasonRow] = {}
    found = entries(db, club.id)  # the posted results of the closed evenings
    still_open = closings.open_evenings(db, club.id)
    for evening in evenings(db, club.id, start, end):
        present = set()
        at_points: set[tuple[int, str]] = set()
        for _no, game_id in tables(db, evening.id):
            stored = store.load(db, game_id)
            if not played(stored):  # opened, never played: nobody's table (``room.played``)
                continue
            if not stored.kind.chips:  # a points table: their points, per game family
                key = stored.kind.key
                figures = table_points(db, game_id, stored)
                games = figures.games
                for member, points in figures.points.items():
                    row = rows.setdefault(member, SeasonRow(club_member(by_id, member)))
                    family = row.points.setdefault(key, PointsRecord())
                    family.tables += 1
                    family.points += points
                    if games is not None:
                        family.games = (family.games or 0) + games.get(member, 0)
                    at_points.add((member, key))
                continue
            records = stored.kind.seat_records(stored.replay())
            if records is None:
                continue
            for member, record in _records(db, game_id, stored, records):
                row = rows.setdefault(member, SeasonRow(club_member(by_id, member)))
                row.record += record
                present.add(member)
        for member in present:
            rows[member].evenings += 1
        for member, key in at_points:
            rows[member].points[key].evenings += 1
        counted = {m for m, _ in at_points} | present
        results = evening_result(db, club, evening, found)
        for member, cents in results.items():
            if member in rows:
                rows[member].cents += cents
        if evening.id in still_open:  # their figures there are provisional: which way, the rule's
            posted = results_of(found, evening.id)
            for member in counted:
                said = _provisional(member, evening, results.get(member, 0), posted, still_open)
                if said is not None:
                    rows[member].provisional[evening.id] = said
    return list(rows.values())


def _provisional(
    member: int,
    evening: Evening,
    cents: int,
    posted: Sequence[Entry],
    still_open: set[int],
) -> Provisional | None:
    """Why ``member``'s result at ``evening`` is not final, by ``closing.provisional``: asked
    of the lines their statement has for it — what a close posted for them (``posted``, the
    evening's results and their reversals), and the rest of ``cents`` as a provisional line
    (``closing.pending``'s, here even when nil: their chips and coups there count, not only their
    money) — the first line it says is provisional. The season once said nothing while the
    room, the statement and the cash box said the evening provisional (fix25b)."""
    his = [e for e in posted if e.member == member]
    by_id = {e.id: e for e in posted}
    rest = cents - sum(e.amount for e in his)
    if rest or not his:
        at = evening.id
        his.append(
            Entry(0, member, EntryKind.EVENING, rest, evening.date, evening=at, provisional=True)
        )
    posted_for = {(e.member, evening.id) for e in posted}  # the rows a close wrote
    for entry in his:
        said = provisional(entry, still_open, by_id.get(entry.reverses or 0), posted_for)
        if said is not None:
            return said
    return None


def _records(
    db: sqlite_utils.Database,
    game_id: int,
    stored: store.StoredGame,
    records: Sequence[SeatRecord],
) -> list[tuple[int, SeatRecord]]:
    """(member, record) of each one the table counts: each seat's member, or — once someone
    took a seat — each person's, their record the coups whose money was theirs (issue 35)."""
    if stored.seat_changes:
        people, _nets = stored.people()
        taken = [c.player for c in stored.seat_changes]
        found = person_members(db, game_id, people, stored.game.players, taken)
        if found is not None:
            report = stored.replay()
            owners = [
                payers(stored.game.players, stored.seat_changes, n)
                for n in range(1, len(report.coups) + 1)
            ]
            by_person = stored.kind.person_records(report, owners, stored.by_person())
            if by_person is not None:
                # not who only played for an absent member: the coups were their money
                staked = {name for coups in owners for name in coups}
                staked |= {s.payer for s in sittings(stored.game.players, stored.seat_changes)}
                return [
                    (m, by_person[name])
                    for name, m in zip(people, found, strict=True)
                    if name in staked
                ]
    return list(zip(table_seats(db, game_id, len(records)), records, strict=True))


def families(rows: Sequence[SeasonRow]) -> list[GameKind]:
    """The kinds whose points tables some row counts, in the order the app lists the kinds."""
    return [kind for kind in KINDS if any(kind.key in r.points for r in rows)]


def points_rows(
    rows: Sequence[SeasonRow], key: str, name_key: Callable[[str], Any] = str.casefold
) -> list[tuple[Member, PointsRecord]]:
    """The members who sat at the points tables of the kind ``key``, as they are placed
    (``PointsRecord.placed``: the most games won of a game won by games, then the most
    points, as the room lists them), equal ones by name (``name_key``: the reader's
    collation)."""
    found = [(r.member, r.points[key]) for r in rows if key in r.points]
    found.sort(key=lambda pair: (pair[1].placed(), name_key(pair[0].name)))
    return found


def sort_name(asked: str) -> str:
    """The sort asked for, if it is one (else the default: by net)."""
    return asked if asked in SORTS else DEFAULT_SORT


def sorted_rows(
    rows: list[SeasonRow], sort: str, name_key: Callable[[str], Any] = str.casefold
) -> list[SeasonRow]:
    """The rows by the column ``sort`` (a name of ``SORTS``), equal ones by name.

    ``name_key``: the reader's collation, given by the page (web/formats/collation.py); the
    rows by name are in it too (a case-folded key put Éva and Ærø after Zoë in every
    language, where the club page lists them in the reader's order).
    """
    key, reverse = SORTS[sort]
    out = sorted(rows, key=lambda r: name_key(r.member.name))
    out.sort(key=key, reverse=reverse)
    return out


def day(text: str, default: str) -> str:
    """An ISO date as typed (YYYY-MM-DD), or ``default`` for anything else: the one reading
    of a typed date (an evening's, a cash-box entry's, a season's bounds). Python also reads
    "2026-W48-1" as a date; the evening's form once refused it and the cash box took it."""
    if not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", text):
        return default
    try:
        return date.fromisoformat(text).isoformat()
    except ValueError:
        return default
