"""Game and club numbers, and the versions of games, clubs and events, never handed out
twice, a restore included (the versions: ``versions_given``, ``next_version``, m032).

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

import sqlite_utils

from .chain import CHAINS

GIVEN = {"games": "games_given", "clubs": "clubs_given"}
"""Each numbered table a cookie names, and its column of the ``generation`` row."""


def unused(db: sqlite_utils.Database, table: str) -> dict[str, int]:
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


VERSIONED = tuple(sorted({chain.owner for chain in CHAINS}))
"""The tables whose rows change by version: the owners of the logs (``chain.CHAINS``)."""


def versions_given(conn: sqlite3.Connection) -> dict[tuple[str, int], int]:
    """Of a database: each owner's version, or a higher one an earlier restore kept
    (``versions_given``, m032), by (table, id). What cannot be read (a table or a column
    it lacks, a value retyped behind the app) counts as nothing given."""
    found: dict[tuple[str, int], int] = {}
    for table in VERSIONED:
        try:
            rows = conn.execute(f"select id, version from [{table}]").fetchall()
        except sqlite3.Error:
            continue
        for number, version in rows:
            if isinstance(number, int) and isinstance(version, int):
                found[(table, number)] = version
    try:
        kept = conn.execute("select owner, id, version from versions_given").fetchall()
    except sqlite3.Error:
        kept = []
    for owner, number, version in kept:
        if owner in VERSIONED and isinstance(number, int) and isinstance(version, int):
            found[(owner, number)] = max(found.get((owner, number), 0), version)
    return found


def keep_versions(conn: sqlite3.Connection, given: dict[tuple[str, int], int]) -> None:
    """The restored database ``conn`` numbers each owner's next change above the version
    the replaced database had given it (``given``: its ``versions_given``), where that is
    above its own: a page drawn before the restore shows such a version, and must never
    find it again (``next_version``)."""
    own = versions_given(conn)
    for (table, number), version in sorted(given.items()):
        if (table, number) in own and version > own[(table, number)]:
            conn.execute(
                "insert into versions_given (owner, id, version) values (?, ?, ?)"
                " on conflict (owner, id) do update set version = excluded.version",
                [table, number, version],
            )


def next_version(db: sqlite_utils.Database, table: str, number: int, current: int) -> int:
    """The version a change of the row ``number`` of ``table`` makes: one above its
    ``current`` version, or above the version a restore kept for it (``keep_versions``),
    whichever is higher. Read inside the change's transaction. A schema before m032 (the
    migrations' own tests write rows there) has none kept."""
    try:
        row = db.execute(
            "select version from versions_given where owner = ? and id = ?", [table, number]
        ).fetchone()
    except sqlite3.OperationalError:
        row = None
    floor = row[0] if row is not None and isinstance(row[0], int) else 0
    return max(current, floor) + 1
