"""An event's standing as it is now: its tables' results read from their games, ranked.

Computed once per change, not per request: ``standing`` keeps the last
standings under the event's *key* — its version with its tables' count and
the sum of their games' versions (a game's version only grows, so any coup
at any table, any draw, lock or penalty moves it). The key is one small
query; the wall and the phones polling the event read the kept standing.
Each server process keeps its own (bounded, least recently used out).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass

import sqlite_utils

from ..events.ranking import Line, Penalty, RoundPlay, TableResult, rank
from ..events.results import table_result
from .event_rounds import EventRound, penalties, rounds
from .events import Event, Player, event, players
from .repository import load

KEPT = 64


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


def event_key(db: sqlite_utils.Database, event_id: int) -> str:
    """What moves on at every change of the event or of any of its tables."""
    row = db.execute(
        """select events.version, count(games.id), coalesce(sum(games.version), 0)
        from events left join event_tables on event_tables.event_id = events.id
        left join games on games.id = event_tables.game_id where events.id = ?""",
        [event_id],
    ).fetchone()
    return f"{row[0]}.{row[1]}.{row[2]}"


_kept: OrderedDict[tuple[str, int, str], Standing] = OrderedDict()
_lock = threading.Lock()


def standing(db: sqlite_utils.Database, event_id: int, file: str = "") -> Standing | None:
    """The event's standing, computed at most once per key (``file``: the database's name)."""
    key = event_key(db, event_id)
    with _lock:
        found = _kept.get((file, event_id, key))
        if found is not None:
            _kept.move_to_end((file, event_id, key))
            return found
    computed = compute(db, event_id, key)
    if computed is None:
        return None
    with _lock:
        _kept[(file, event_id, key)] = computed
        while len(_kept) > KEPT:
            _kept.popitem(last=False)
    return computed


def compute(db: sqlite_utils.Database, event_id: int, key: str = "") -> Standing | None:
    found = event(db, event_id)
    if found is None:
        return None
    settings = found.settings
    everyone = tuple(players(db, event_id))
    drawn = tuple(rounds(db, event_id))
    plays = []
    deals: dict[int, int] = {}
    for past in drawn:
        results = []
        for table in past.tables:
            stored = load(db, table.game_id)
            deals[table.game_id] = len(stored.game.coups)
            result = table_result(past.number, table.table_no, stored.replay(), settings.deals)
            if table.locked is not None:
                result = TableResult(past.number, table.table_no, result.players, table.locked)
            results.append(result)
        plays.append(RoundPlay(past.number, tuple(results), past.sitting_out))
    fines = tuple(penalties(db, event_id))
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
