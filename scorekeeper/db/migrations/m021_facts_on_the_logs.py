"""Every fact that moves money or a ranking on its owner's chained log (issue 43).

Until now a club's log (``club_changes``) and an event's (``event_changes``)
kept a one-line summary of each change: a member renamed or merged, a chip
value, a preset, an evening's tables and closings, an event's players,
rounds, tables, penalties, settings and seed could be changed in the file
without any log saying otherwise. From now each line carries the rows its
change wrote (``state``, ``db/facts.py``), so ``verify`` replays a club and
an event from their logs as it replays a game. Each club and each event
stored before gets one line ``chain`` holding every fact of it as it is at
this migration, from which its later lines are checked — as m011 and m020
did for the games.

A game's settlement transfers ticked as paid (``transfers_paid``) follow from
its ``paid`` and ``unpaid`` lines; a game whose ticks are not what those lines
say (ticks stored before the lines said them) gets a line ``chain`` holding
its row, coups, seat changes and ticks as they are.
"""

from __future__ import annotations

import json

import sqlite_utils

from ...clock import now

NAME = "m021_facts_on_the_logs"


def migrate(db: sqlite_utils.Database) -> None:
    # Written out here rather than through the store (a migration is frozen as it ran).
    from ..chain import CHANGES, CLUB_CHANGES, EVENT_CHANGES, RECORDED, append
    from ..facts import START, snapshot, text

    for table in ("club_changes", "event_changes"):
        if "state" not in db.table(table).columns_dict:
            db.execute(f"alter table [{table}] add column state text")
    for chain, owner in ((CLUB_CHANGES, "clubs"), (EVENT_CHANGES, "events")):
        owners: list[tuple[int, int]] = db.execute(
            f"select id, version from [{owner}] order by id"
        ).fetchall()
        for owner_id, version in owners:
            line = {chain.scope: owner_id, "version": version, "action": START, "summary": NAME}
            facts = text(snapshot(db, chain.table, owner_id))
            append(db, chain, {**line, "at": now(), "state": facts})
    games: list[tuple[int]] = db.execute("select id from games order by id").fetchall()
    for (game_id,) in games:
        ticks = _ticks(db, game_id)
        if ticks == _logged_ticks(db, game_id):
            continue
        game: dict[str, object] = next(
            iter(db.query("select * from games where id = ?", [game_id]))
        )
        coups: list[tuple[str]] = db.execute(
            "select data from coups where game_id = ? order by position", [game_id]
        ).fetchall()
        seats: list[tuple[int, int, str, str]] = db.execute(
            "select coup, seat, player, way from seat_changes where game_id = ? order by position",
            [game_id],
        ).fetchall()
        played: list[object] = [json.loads(data) for (data,) in coups]
        state: dict[str, object] = {
            **{k: v for k, v in game.items() if k not in RECORDED},
            "coups": played,
            "paid": [list(tick) for tick in sorted(ticks)],
            **(
                {"seat_changes": [dict(zip(("coup", "seat", "player", "way"), s)) for s in seats]}
                if seats
                else {}
            ),
        }
        line = {"game_id": game_id, "at": now(), "action": START, "summary": NAME}
        append(db, CHANGES, {**line, "state": text(state)})


def _ticks(db: sqlite_utils.Database, game_id: int) -> set[tuple[int, int, int]]:
    rows: list[tuple[int, int, int]] = db.execute(
        "select payer, payee, amount from transfers_paid where game_id = ?", [game_id]
    ).fetchall()
    return {(int(a), int(b), int(c)) for a, b, c in rows}


def _logged_ticks(db: sqlite_utils.Database, game_id: int) -> set[tuple[int, int, int]]:
    """The ticks the game's ``paid`` and ``unpaid`` lines leave (as ``store/audit.py``)."""
    found: set[tuple[int, int, int]] = set()
    rows: list[tuple[str, str | None, str | None]] = db.execute(
        "select action, before, after from changes where game_id = ?"
        " and action in ('paid', 'unpaid') order by id",
        [game_id],
    ).fetchall()
    for action, before, after in rows:
        said: dict[str, int] = json.loads((after if action == "paid" else before) or "null") or {}
        if not isinstance(said, dict) or not all(k in said for k in ("payer", "payee", "amount")):
            continue
        tick = (int(said["payer"]), int(said["payee"]), int(said["amount"]))
        if action == "paid":
            found.add(tick)
        else:
            found.discard(tick)
    return found
