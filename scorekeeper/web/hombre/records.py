"""L'Hombre's ``/players``: each game's records kept per version (a change replays one game).

``/players`` adds up every player's record over the finished chip games a
browser may see. Reading and replaying every game on each request cost about
6 s for a browser following 75 long games (more than the game cache holds,
issue 24). Here each game's part (finished or not, and each seat's
``PlayerStats``) is kept in this process by the game's row: its number,
version, time of change and table token (another database's game of the same
number never matches). A request reads the rows of the games it may see and
replays only those whose row changed since; the parts are added up as before
(``club_stats``). Bounded: ``KEPT`` games' parts, least recently used out.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

import sqlite_utils

from ... import store
from ...rules.hombre.family import hombre_report
from ...rules.hombre.stats import PlayerStats, player_stats
from ..formats.collation import by_name

KEPT = 4096
"""Games' parts kept per process (a part is a few hundred bytes per seat)."""
LISTED = 1000
"""The games of a browser counted (as ``store.list_games``: the newest 1,000 numbers)."""

Part = tuple[tuple[str, PlayerStats], ...] | None
"""A game's records by seat when finished; None for a game not (yet) counted."""

_parts: OrderedDict[tuple[object, ...], Part] = OrderedDict()
_lock = threading.Lock()


def _rows(db: sqlite_utils.Database, visible: set[int] | None) -> list[tuple[object, ...]]:
    columns = "select id, version, updated_at, table_token from games"
    if visible is None:
        return [tuple(r) for r in db.execute(f"{columns} order by id")]
    chosen = sorted(visible)[-LISTED:]
    marks = ", ".join("?" * len(chosen))
    return [tuple(r) for r in db.execute(f"{columns} where id in ({marks}) order by id", chosen)]


def _part(db: sqlite_utils.Database, game_id: int) -> Part:
    """One game's records, replayed (None: not a chip game, not finished, or gone)."""
    try:
        stored = store.load(db, game_id)
    except store.NotFound:
        return None
    if not stored.kind.chips:
        return None
    report = hombre_report(stored.replay())
    if not report.finished:
        return None
    return tuple(zip(report.game.players, player_stats(report), strict=True))


def player_records(
    db: sqlite_utils.Database, visible: set[int] | None
) -> tuple[list[tuple[str, PlayerStats]], int]:
    """Every player's record over the finished games of ``visible`` (None: all), by name,
    and how many games they are."""
    total: dict[str, PlayerStats] = {}
    games = 0
    for row in _rows(db, visible):
        with _lock:
            found = row in _parts
            part = _parts.get(row)
            if found:
                _parts.move_to_end(row)
        if not found:
            game_id = row[0]
            assert isinstance(game_id, int)
            part = _part(db, game_id)
            with _lock:
                _parts[row] = part
                while len(_parts) > KEPT:
                    _parts.popitem(last=False)
        if part is None:
            continue
        games += 1
        for name, stats in part:
            total.setdefault(name, PlayerStats(games=0))
            total[name] += stats
    return by_name(total.items(), lambda item: item[0]), games
