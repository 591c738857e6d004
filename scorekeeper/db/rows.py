"""A row as SQLite gives it, read into typed values at the boundary.

sqlite-utils hands rows out as ``dict[str, Any]``: every value read from one
is untyped, and a column that holds something unexpected shows only far
away. These read one column as the type the schema gives it, and raise
``TypeError`` naming the column when it holds anything else, so the code
above the store sees ``int`` and ``str``, never ``Any``.

SQLite keeps any value in any column: a database changed behind the app can hold a BLOB
in a TEXT column, text in an INTEGER one, text that is not JSON. A reader of a whole row
(``changelog.LogRow.of``, ``game_rows.GamesRow.of``) reads it inside ``reading(table)``,
so that what it finds is a ``Damaged`` naming the table, the row and the column: the
pages say it (``web/ops/errors.py``, 409) and ``verify`` names it, never a 500.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from datetime import datetime

import sqlite_utils

Row = Mapping[str, object]
"""One row: column name → value (``int``, ``str``, ``float``, ``bytes`` or None)."""


HELD = {bytes: "blob", float: "real", int: "integer", str: "text"}
"""SQLite's names of what a column holds, by the Python type it is read as."""


class Damaged(TypeError):
    """A stored value that is not what its column holds when the app wrote it: a row
    changed behind the app. ``table`` is empty until ``reading`` names it.

    ``held``: what the column holds instead (``blob``, ``real``, ``integer``, ``text``, or
    ``junk``: text that does not read as what the column keeps); ``row``: the row's ``id``
    (None: the row has none, or it was not read)."""

    def __init__(self, column: str, held: str, row: int | None = None, table: str = "") -> None:
        super().__init__(column, held, row, table)
        self.column, self.held, self.row, self.table = column, held, row, table

    def __str__(self) -> str:
        where = f"{self.table} row {self.row}" if self.row is not None else self.table or "a row"
        return f"{where}: column {self.column} holds {self.held}"


def held(value: object) -> str:
    """What ``value`` is, as SQLite names it."""
    return HELD.get(type(value), "junk")


@contextmanager
def reading(table: str, row: Row) -> Iterator[None]:
    """Read ``row`` of ``table``: a ``Damaged`` found is said with the table and row's id —
    unless a reader of another row inside it named its own already (a seat's member: the
    member's row, not the seat's)."""
    try:
        yield
    except Damaged as damaged:
        if damaged.table:
            raise
        found = row.get("id")
        number = found if type(found) is int else damaged.row
        raise Damaged(damaged.column, damaged.held, number, table) from None


def affinity(declared: str) -> str:
    """The type affinity of a column declared ``declared`` (SQLite's rules, section 3.1 of
    its datatypes page): ``integer``, ``text``, ``blob`` (untyped), ``real``, ``numeric``."""
    declared = declared.upper()
    if "INT" in declared:
        return "integer"
    if any(word in declared for word in ("CHAR", "CLOB", "TEXT")):
        return "text"
    if declared == "" or "BLOB" in declared:
        return "blob"
    if any(word in declared for word in ("REAL", "FLOA", "DOUB")):
        return "real"
    return "numeric"


KEEPS = {
    "integer": ("integer", "null"),
    "text": ("text", "null"),
    "real": ("real", "integer", "null"),
    "numeric": ("integer", "real", "null"),
}
"""What a column of each affinity holds when the app wrote it (an untyped column: anything).
SQLite turns a number given to a text column into text and a whole number's text given to
an integer column into a whole number: only a value written behind the app is left as
another type (a BLOB anywhere, text that is no number in an integer column, a REAL)."""


def _tables(db: sqlite_utils.Database) -> Iterator[tuple[str, list[tuple[str, str]]]]:
    """Every table of the app (none of SQLite's own), by name, with each column's name and
    declared type: what ``retyped`` and ``mistimed`` scan."""
    tables = db.execute(
        "select name from sqlite_master where type = 'table' and name not like 'sqlite_%'"
        " order by name"
    ).fetchall()
    for (table,) in tables:
        info = db.execute(f"pragma table_info([{table}])").fetchall()
        yield str(table), [(str(name), str(declared or "")) for _, name, declared, *_ in info]


def retyped(db: sqlite_utils.Database) -> list[Damaged]:
    """Every stored value of every table that is not of its column's type, in table, row
    and column order: what ``scorekeeper verify`` names before it reads any row."""
    found: list[Damaged] = []
    for table, declared in _tables(db):
        columns = [(name, KEEPS[kind]) for name, d in declared if (kind := affinity(d)) in KEEPS]
        if not columns:
            continue
        wrong = " or ".join(
            f"typeof([{name}]) not in ({', '.join(repr(k) for k in kept)})"
            for name, kept in columns
        )
        picked = ", ".join(f"typeof([{name}])" for name, _ in columns)
        for rowid, *held_as in db.execute(
            f"select rowid, {picked} from [{table}] where {wrong} order by rowid"
        ).fetchall():
            found.extend(
                Damaged(name, held_as[i], int(rowid), table)
                for i, (name, kept) in enumerate(columns)
                if held_as[i] not in kept
            )
    return found


TIME_TEXT = "[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9][T ][0-9][0-9]:[0-9][0-9]*"
"""A stored time as the app writes one (``clock.now``: ``2026-11-25T12:34:56+00:00``;
SQLite's own ``datetime`` in the oldest defaults: a space for the T)."""


def mistimed(db: sqlite_utils.Database) -> list[Damaged]:
    """Every time (a TEXT column ``at`` or ``…_at``) that is text but no time, in table,
    row and column order: text of the right type, so ``retyped`` passes it, written behind
    the app. Its shape is asked with a pattern, its date and hour with SQLite's own
    ``datetime`` (NULL for a 13th month or a 99th minute) and a modifier of it (``_NO_DAY``:
    a 30th of February, a 24th hour); one scan a column."""
    found: list[Damaged] = []
    for table, declared in _tables(db):
        for name, d in declared:
            if affinity(d) != "text" or not _is_time(name):
                continue
            found.extend(
                Damaged(name, "junk", int(rowid), table)
                for (rowid,) in db.execute(
                    f"select rowid from [{table}] where typeof([{name}]) = 'text'"
                    f" and ([{name}] not glob ? or datetime([{name}]) is null"
                    f" or {_NO_DAY.format(c=f'[{name}]')}) order by rowid",
                    [TIME_TEXT],
                ).fetchall()
            )
    return sorted(found, key=lambda d: (d.table, d.row or 0, d.column))


_NO_DAY = (
    "substr({c}, 12, 2) > '23' or substr({c}, 9, 2) > '28'"
    " and date(substr({c}, 1, 10), '+0 days') is not substr({c}, 1, 10)"
)
"""A day no calendar has, or a 24th hour: SQLite's ``datetime`` reads "2026-02-30" and
"T24:00" as they stand (a modifier moves them on, to the 2nd of March, to midnight), where
Python's ``fromisoformat``, which the pages read a time with, refuses them."""


def _is_time(column: str) -> bool:
    return column == "at" or column.endswith("_at")


def _wrong(row: Row, key: str) -> Damaged:
    return Damaged(key, held(row.get(key)))


def whole(row: Row, key: str) -> int:
    """An INTEGER column that is never NULL."""
    value = row[key]
    if not isinstance(value, int):
        raise _wrong(row, key)
    return value


def whole_or_none(row: Row, key: str) -> int | None:
    """An INTEGER column that may be NULL (or missing from the select)."""
    value = row.get(key)
    if value is not None and not isinstance(value, int):
        raise _wrong(row, key)
    return value


def text(row: Row, key: str) -> str:
    """A TEXT column that is never NULL."""
    value = row[key]
    if not isinstance(value, str):
        raise _wrong(row, key)
    return value


def time(row: Row, key: str) -> str:
    """A TEXT column that is never NULL and holds a time (``clock.now``), as a page reads
    one to count from it (``datetime.fromisoformat``): anything else, a 30th of February
    too, is junk here, not a ValueError far above (a round's clock, a 500)."""
    value = text(row, key)
    try:
        datetime.fromisoformat(value)
    except ValueError:
        raise Damaged(key, "junk") from None
    return value


def text_or_none(row: Row, key: str) -> str | None:
    """A TEXT column that may be NULL (or missing from the select)."""
    value = row.get(key)
    if value is not None and not isinstance(value, str):
        raise _wrong(row, key)
    return value


def _json(value: str, column: str) -> object:
    try:
        found: object = json.loads(value)
    except (ValueError, RecursionError):
        raise Damaged(column, "junk") from None
    return found


def json_texts(value: str, column: str = "") -> tuple[str, ...]:
    """A TEXT column that holds a JSON list of strings (names); ``Damaged``: it does not."""
    found = _json(value, column)
    if not isinstance(found, list) or not all(isinstance(item, str) for item in found):
        raise Damaged(column, "junk")
    return tuple(str(item) for item in found)


def json_wholes(value: str, column: str = "") -> tuple[int, ...]:
    """A TEXT column that holds a JSON list of whole numbers; ``Damaged``: it does not."""
    found = _json(value, column)
    if not isinstance(found, list):
        raise Damaged(column, "junk")
    wholes = tuple(item for item in found if type(item) is int)
    if len(wholes) != len(found):
        raise Damaged(column, "junk")
    return wholes
