"""A club's ratings, derived from its stored tables: never stored, kept per version.

The club's tables are its evenings' tables (an event of the club plays its
rounds as evenings of the club), in the order played: by the evening's
date, then the evening, then the table's number. Each table is read as the
season reads it (``store.load``, replayed once per version) and turned into
one match: every person who sat, their member, and their result — the
person-by-person figures (``rules.seating.person_tally``, through
``StoredGame.by_person``): a player's net chips, or their team's points, split
where someone took a seat.

Two things are kept in this process, each under what makes it, so that a
correction of an old coup (the game's version moves) or a merge of two
members (their ``merged_into``) is seen at once and nothing is trusted
without that check:

- each table's match, under the database, its generation and the game's
  row (version, time of change): a new coup at one table reads that table
  again, not the other 1,999;
- the club's ratings, under the stamps of all its tables and its members'
  merges: the fold of every match (about 40 µs of CPU a table) is made once.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable, Sequence
from typing import Any

import sqlite_utils

from .. import store
from ..clubs.merging import kept_members
from ..clubs.room import member_results, played
from ..db import generation
from ..db import rows as stored_rows
from ..rules.kinds import KINDS
from ..rules.placing import person_placing
from ..store.cache import database_file
from .model import Match, Ratings, model_key, rate

TABLES_KEPT = 50_000
"""Tables' matches kept in this process (a few hundred bytes each)."""
CLUBS_KEPT = 16
"""Clubs' ratings kept in this process."""

TABLES_OF_CLUB = """select evenings.id, evenings.date, evening_games.table_no, games.id,
    games.version, coalesce(games.updated_at, ''), games.created_at
    from evenings join evening_games on evening_games.evening_id = evenings.id
    join games on games.id = evening_games.game_id
    where evenings.club_id = ? order by evenings.date, evenings.id, evening_games.table_no"""

TableRow = tuple[int, str, int, int, int, str, str]
"""(evening, date, table number, game, version, updated_at, created_at)."""


def families() -> tuple[str, ...]:
    """The game families, in the order the app lists its games: each kind's file ``game``."""
    return tuple(dict.fromkeys(kind.game for kind in KINDS))


class _Kept:
    """A bounded, thread-safe map, least recently used out."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[Hashable, Any] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> Any:
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
            return found

    def put(self, key: Hashable, value: Any) -> None:
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


TABLES = _Kept(TABLES_KEPT)
CLUBS = _Kept(CLUBS_KEPT)
_NO_MATCH = ()
"""What a table that makes no match is kept as (no coup played, no club member)."""


def table_rows(db: sqlite_utils.Database, club_id: int) -> list[TableRow]:
    """The club's tables in the order played, each with its game's version and time of change."""
    return [_table_row(*row) for row in db.execute(TABLES_OF_CLUB, [club_id]).fetchall()]


def _table_row(*row: object) -> TableRow:
    """One table of the club as stored: a value retyped behind the app is
    ``rows.Damaged`` naming its row (an evening's date, a table's number, a game's
    version or times), not ``int()`` or ``str()`` of a BLOB."""
    evening, _, _, game, *_ = row
    where = (
        ("evenings", "id", evening, int),
        ("evenings", "date", evening, str),
        ("evening_games", "table_no", None, int),
        ("games", "id", game, int),
        ("games", "version", game, int),
        ("games", "updated_at", game, str),
        ("games", "created_at", game, str),
    )
    for value, (table, column, owner, kind) in zip(row, where, strict=True):
        if type(value) is not kind:
            number = owner if type(owner) is int else None
            raise stored_rows.Damaged(column, stored_rows.held(value), number, table)
    e, d, t, g, v, u, c = row
    assert isinstance(e, int) and isinstance(t, int) and isinstance(g, int)
    assert isinstance(v, int) and isinstance(d, str) and isinstance(u, str)
    assert isinstance(c, str)
    return e, d, t, g, v, u, c


def merges(db: sqlite_utils.Database, club_id: int) -> dict[int, int]:
    """Each merged member of the club → the member they now are (``clubs.merging.now_is``)."""
    return {m: now for m, now in kept_members(db, club_id).items() if m != now}


def stamp(db: sqlite_utils.Database, club_id: int) -> tuple[Hashable, list[TableRow]]:
    """What the club's ratings are made of, as a key: the database, its generation, the
    model (``model_key``), every table at its version, the members' merges; and the
    tables' rows."""
    rows = table_rows(db, club_id)
    key = (
        database_file(db),
        generation(db),
        club_id,
        model_key(),
        tuple(rows),
        tuple(sorted(merges(db, club_id).items())),
    )
    return key, rows


def club_ratings(db: sqlite_utils.Database, club_id: int) -> Ratings:
    """The club's ratings as its tables stand now (kept while none of them changes)."""
    key, rows = stamp(db, club_id)
    found = CLUBS.get(key)
    if isinstance(found, Ratings):
        return found
    rated = rate(club_matches(db, club_id, rows), families())
    CLUBS.put(key, rated)
    return rated


def club_matches(
    db: sqlite_utils.Database, club_id: int, rows: Sequence[TableRow] | None = None
) -> list[Match]:
    """One match per table of the club that has coups, in the order played."""
    into = merges(db, club_id)
    place = (database_file(db), generation(db))
    out = []
    for row in table_rows(db, club_id) if rows is None else rows:
        key = (*place, *row)
        found = TABLES.get(key)
        if found is None:
            found = _match(db, row)
            TABLES.put(key, found)
        if found is _NO_MATCH or not isinstance(found, Match):
            continue
        out.append(_merged(found, into))
    return out


def _merged(match: Match, into: dict[int, int]) -> Match:
    """The match with each member as the one kept (a merge after the table was read)."""
    if not any(member in into for member, _ in match.results):
        return match
    return Match(
        match.family,
        match.game_id,
        match.evening_id,
        match.date,
        match.chips,
        _merged_figures(match.results, into),
        match.kind,
        _merged_figures(match.placed, into),
    )


def _merged_figures(
    figures: tuple[tuple[int, int], ...], into: dict[int, int]
) -> tuple[tuple[int, int], ...]:
    """(member, figure) with each member as the one kept, a member's two figures added."""
    out: dict[int, int] = {}
    for member, figure in figures:
        kept = into.get(member, member)
        out[kept] = out.get(kept, 0) + figure
    return tuple(out.items())


def _match(db: sqlite_utils.Database, row: TableRow) -> Match | tuple[()]:
    evening_id, day, _no, game_id, *_ = row
    stored = store.load(db, game_id)
    if not played(stored):  # a table nobody played: no match, as the season has it
        return _NO_MATCH
    # person by person, seat changes or not; one who only played for an absent player is not
    # ranked: the seat's result was never theirs (found by a treasurer's walk-through)
    results = member_results(db, game_id, stored, staked=True)
    if results is None:
        return _NO_MATCH
    kind = stored.kind
    # a table won by games is placed by them, as its page and the fee per lost game read it
    # (``rules.placing``): a Brou stopped at 200-170 with no partie won is a draw, not a win
    by_games = person_placing(kind, stored.game, stored.seat_changes, stored.replay())
    placed = {} if by_games is None else member_results(db, game_id, stored, True, by_games)
    return Match(
        kind.game,
        game_id,
        evening_id,
        day,
        kind.chips,
        tuple(results.items()),
        kind.key,
        tuple((placed or {}).items()),
    )
