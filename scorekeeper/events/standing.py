"""An event's standing as it is now: its tables' results read from their games, ranked.

Computed once per change, not per request: ``standing`` keeps the last
standings under the event's *key* — its version with its tables' count and
the sum of their games' versions (a game's version only grows, so any coup
at any table, any draw, lock or penalty moves it). The key is one small
query; the wall and the phones polling the event read the kept standing.
A change reads again only what it changed: the event's players, rounds and
penalties are kept by the event's version, each table's result by its
game's version (one query lists them), so a coup at one of 136 tables
reloads one game, then ranks. The read pages may take a standing up to a
second old (``within``): at a championship's pace (a coup a second or more)
the wall and 500 phones share one ranking a second, not one a coup.
Each server process keeps its own (bounded, least recently used out).
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import TypeVar

import sqlite_utils

from ..db import rows
from ..rules.kinds import replay
from ..store.repository import load
from .corrections import penalties
from .ranking import Figure, Line, Penalty, RoundPlay, TableResult, rank, team_ranking
from .records import Event, Player, event, players
from .results import table_result
from .rounds import EventRound, EventTable, rounds
from .settings import EventSettings

KEPT = 64
TABLES_KEPT = 4096


@dataclass(frozen=True)
class Standing:
    """Everything the event's pages show of its results, at one key."""

    key: str
    event: Event
    players: tuple[Player, ...]
    rounds: tuple[EventRound, ...]
    plays: tuple[RoundPlay, ...]
    penalties: tuple[Penalty, ...]
    lines: tuple[Line, ...]
    deals: dict[int, int]
    """Each table's game: the deals entered (by game id)."""

    @property
    def unplayed(self) -> int:
        """The rounds of the event not played yet: not drawn, or drawn and not closed. While
        one is, every ranking of it is provisional (and its pages say so)."""
        closed = sum(1 for past in self.rounds if past.closed_at is not None)
        return self.event.settings.unplayed(closed)

    @property
    def finished(self) -> bool:
        """Every round of the event is closed: its ranking is the final standing (the wall
        and the read page say so in place of the round's seating, the director's page too,
        and nobody withdraws any more; a correction is still taken)."""
        return self.unplayed == 0

    def teams(self) -> list[tuple[int, bool, str, Figure]]:
        """The teams format: each team's place (shared or not) and its players' figures
        summed."""
        if self.event.settings.format != "teams":
            return []
        return team_ranking(self.lines, {p.name: p.team for p in self.players if p.team})


def event_key(db: sqlite_utils.Database, event_id: int) -> str:
    """What moves on at every change of the event or of any of its tables."""
    row = db.execute(
        """select events.version, count(games.id), coalesce(sum(games.version), 0)
        from events left join event_tables on event_tables.event_id = events.id
        left join games on games.id = event_tables.game_id where events.id = ?""",
        [event_id],
    ).fetchone()
    return f"{row[0]}.{row[1]}.{row[2]}"


_kept: OrderedDict[tuple[str, int, str], tuple[float, Standing]] = OrderedDict()
_latest: dict[tuple[str, int], tuple[float, Standing]] = {}
Shape = tuple[tuple[Player, ...], tuple[EventRound, ...], tuple[Penalty, ...]]
"""An event's players, rounds and penalties as one version of it has them."""
_shapes: OrderedDict[tuple[str, int, int], Shape] = OrderedDict()
_tables: OrderedDict[tuple[str, int, int, str], tuple[TableResult, int]] = OrderedDict()
_lock = threading.Lock()


K = TypeVar("K")
V = TypeVar("V")


def _keep(cache: OrderedDict[K, V], key: K, value: V, bound: int) -> None:
    with _lock:
        cache[key] = value
        while len(cache) > bound:
            cache.popitem(last=False)


def standing(
    db: sqlite_utils.Database, event_id: int, file: str = "", within: float = 0.0
) -> Standing | None:
    """The event's standing, computed at most once per key (``file``: the database's name
    and generation; without it, nothing is kept).

    ``within`` seconds: a standing computed that recently is good enough even if a
    table moved on since (the read pages; the director always sees the latest).
    """
    if not file:
        return compute(db, event_id, event_key(db, event_id))
    if within:
        with _lock:
            recent = _latest.get((file, event_id))
        if recent is not None and time.monotonic() - recent[0] < within:
            return recent[1]
    key = event_key(db, event_id)
    with _lock:
        found = _kept.get((file, event_id, key))
        if found is not None:
            _kept.move_to_end((file, event_id, key))
            return found[1]
    computed = compute(db, event_id, key, file)
    if computed is None:
        return None
    stamp = time.monotonic()
    _keep(_kept, (file, event_id, key), (stamp, computed), KEPT)
    with _lock:
        _latest[(file, event_id)] = (stamp, computed)
    return computed


def compute(
    db: sqlite_utils.Database, event_id: int, key: str = "", file: str = ""
) -> Standing | None:
    found = event(db, event_id)
    if found is None:
        return None
    settings = found.settings
    shape = _shapes.get((file, event_id, found.version)) if file else None
    if shape is None:
        shape = (
            tuple(players(db, event_id)),
            tuple(rounds(db, event_id)),
            tuple(penalties(db, event_id)),
        )
        if file:  # no name, no keeping: another database may have the same numbers
            _keep(_shapes, (file, event_id, found.version), shape, KEPT)
    everyone, drawn, fines = shape
    versions = {
        row[0]: f"{row[1]}/{row[2]}"
        for row in db.execute(
            """select games.id, games.version, games.updated_at from games join event_tables
            on event_tables.game_id = games.id where event_tables.event_id = ?""",
            [event_id],
        )
    }
    plays = []
    deals: dict[int, int] = {}
    for past in drawn:
        results = []
        for table in past.tables:
            result, deals[table.game_id] = _table(db, file, past.number, table, versions, settings)
            if table.locked is not None and len(table.locked) != len(result.tally):
                # a tally of another shape than its table's sides: written behind the app
                # (its games place the sides, read by the tally's side: an IndexError, a 500)
                raise rows.Damaged("locked", "junk", table="event_tables")
            if table.locked is not None:  # no deal yet: no result, locked or not (as closed)
                result = TableResult(
                    past.number,
                    table.table_no,
                    result.players,
                    table.locked,
                    started=result.started,
                    games=result.games,  # the lock stopped the game: its games are the lock's
                )
            results.append(result)
        plays.append(RoundPlay(past.number, tuple(results), past.sitting_out))
    lines = rank(
        [p.name for p in everyone],
        plays,
        fines,
        settings.method,
        settings.bye,
        settings.bye_credit,
        [p.name for p in everyone if p.withdrawn is not None],
    )
    return Standing(key, found, everyone, drawn, tuple(plays), fines, tuple(lines), deals)


def _table(
    db: sqlite_utils.Database,
    file: str,
    round_no: int,
    table: EventTable,
    versions: dict[int, str],
    settings: EventSettings,
) -> tuple[TableResult, int]:
    """A table's result and deals, read again only when its game moved on."""
    cache_key = (file, table.game_id, settings.stops_tables or 0, versions.get(table.game_id, ""))
    kept = _tables.get(cache_key) if file else None
    if kept is not None:
        return kept
    stored = load(db, table.game_id)
    report = stored.replay()
    stops = settings.stops_tables
    if stops is not None and len(stored.game.coups) > stops:
        # a deal entered beyond the round's is not the round's: the table counts as it
        # stood after its last deal of the round (a table whose rules play on past the
        # round's deals is not stopped: those deals are the round's)
        report = replay(stored.game.with_coups(stored.game.coups[:stops]))
    result = table_result(round_no, table.table_no, report, stops)
    made = (result, len(stored.game.coups))
    if file:
        _keep(_tables, cache_key, made, TABLES_KEPT)
    return made
