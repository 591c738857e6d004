"""Evenings closed and reopened: the rows that say so, and whether a table is locked.

Each close and each reopen is a row of ``evening_closings`` (the record the
issue asks for); the last row of an evening says whether it is closed. A
table of a closed evening is locked: ``changing`` refuses its coups inside
the coup's own transaction, and the coup pages say why before that
(web/table/coups.py, ``managing``).
"""

from __future__ import annotations

import sqlite_utils

from ..clock import now

CLOSE, REOPEN = "close", "reopen"


def record(db: sqlite_utils.Database, evening_id: int, action: str) -> None:
    """Inside the closing's (or reopening's) transaction: its row."""
    db.execute(
        "insert into evening_closings (evening_id, action, at) values (?, ?, ?)",
        [evening_id, action, now()],
    )


def history(db: sqlite_utils.Database, evening_id: int) -> list[tuple[str, str]]:
    """(action, at) of every close and reopen of the evening, oldest first."""
    rows: list[tuple[str, str]] = db.execute(
        "select action, at from evening_closings where evening_id = ? order by id", [evening_id]
    ).fetchall()
    return [(str(a), str(at)) for a, at in rows]


def closed(db: sqlite_utils.Database, evening_id: int) -> bool:
    row = db.execute(
        "select action from evening_closings where evening_id = ? order by id desc limit 1",
        [evening_id],
    ).fetchone()
    return row is not None and row[0] == CLOSE


def open_evenings(db: sqlite_utils.Database, club_id: int) -> set[int]:
    """The club's evenings not closed now (never closed, or reopened): one query, where
    ``closed`` asked per evening (``cashbox.open_items.settled_by_account`` needs them all)."""
    rows = db.execute(
        """select evenings.id from evenings where evenings.club_id = ? and coalesce(
        (select action from evening_closings where evening_id = evenings.id
        order by id desc limit 1), '') != ?""",
        [club_id, CLOSE],
    ).fetchall()
    return {int(row[0]) for row in rows}


def table_closed(db: sqlite_utils.Database, game_id: int) -> bool:
    """The game is a table of a closed evening (its coups are refused)."""
    row = db.execute(
        """select action from evening_closings where evening_id =
        (select evening_id from evening_games where game_id = ?) order by id desc limit 1""",
        [game_id],
    ).fetchone()
    return row is not None and row[0] == CLOSE
