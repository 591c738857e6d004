"""Game and club numbers never handed out twice, a restore included.

A phone's cookie names the games it follows and the clubs it reads by their numbers
alone (``rights.access``). SQLite numbers a new row one above the highest row there
is: after a restore, the number of a game made since the backup (gone) would be given
to the next game, and the phone that followed the gone one would read a stranger's
game and list it as its own. ``backup.restore`` keeps the replaced database's highest
numbers in the restored one (``keep_given``: the ``generation`` row, m031), and a new
game or club is numbered above them (``unused``).
"""

from __future__ import annotations

import sqlite3
from typing import Any

GIVEN = {"games": "games_given", "clubs": "clubs_given"}
"""Each numbered table a cookie names, and its column of the ``generation`` row."""


def unused(db: Any, table: str) -> dict[str, int]:
    """``{"id": n}`` for a new row of ``table`` when a restore left numbers above its
    highest row that were handed out before; ``{}`` when SQLite's own next number is new.
    Read inside the transaction that inserts the row (its write lock is taken). A schema
    before m031 (the migrations' own tests write rows there) has none kept."""
    try:
        row = db.execute(f"select {GIVEN[table]} from generation where id = 1").fetchone()
    except sqlite3.OperationalError:
        return {}
    given = row[0] if row is not None else None
    (highest,) = db.execute(f"select coalesce(max(id), 0) from [{table}]").fetchone()
    return {"id": given + 1} if isinstance(given, int) and given > highest else {}


def highest_given(conn: sqlite3.Connection) -> dict[str, int]:
    """Of a database about to be replaced: each table's highest number handed out, its
    rows' or one an earlier restore kept. A table or a column it lacks (a database older
    than m031, or damaged) counts what can be read."""
    found: dict[str, int] = {}
    for table, column in GIVEN.items():
        numbers = [0]
        for sql in (
            f"select max(id) from [{table}]",
            f"select {column} from generation where id = 1",
        ):
            try:
                row = conn.execute(sql).fetchone()
            except sqlite3.Error:
                continue
            if row is not None and isinstance(row[0], int):
                numbers.append(row[0])
        found[table] = max(numbers)
    return found


def keep_given(conn: sqlite3.Connection, given: dict[str, int]) -> None:
    """The restored database ``conn`` numbers its new games and clubs above ``given``
    (the replaced database's ``highest_given``), and above what it handed out itself (its
    own number, as far as it reads as one; its rows ``unused`` reads). A column retyped
    behind the app kept its text (SQLite's ``max`` ranks any text above any number), which
    ``unused`` reads as none: the replaced database's numbers were handed out again."""
    for table, column in GIVEN.items():
        own = f"case when typeof({column}) = 'integer' then {column} else 0 end"
        conn.execute(
            f"update generation set {column} = max({own}, ?) where id = 1",
            [given.get(table, 0)],
        )
