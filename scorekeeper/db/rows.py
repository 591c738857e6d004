"""A row as SQLite gives it, read into typed values at the boundary.

sqlite-utils hands rows out as ``dict[str, Any]``: every value read from one
is untyped, and a column that holds something unexpected shows only far
away. These read one column as the type the schema gives it, and raise
``TypeError`` naming the column when it holds anything else, so the code
above the store sees ``int`` and ``str``, never ``Any``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

Row = Mapping[str, object]
"""One row: column name → value (``int``, ``str``, ``float``, ``bytes`` or None)."""


def _wrong(row: Row, key: str, wanted: str) -> TypeError:
    return TypeError(f"column {key} holds {type(row.get(key)).__name__}, not {wanted}")


def whole(row: Row, key: str) -> int:
    """An INTEGER column that is never NULL."""
    value = row[key]
    if not isinstance(value, int):
        raise _wrong(row, key, "int")
    return value


def whole_or_none(row: Row, key: str) -> int | None:
    """An INTEGER column that may be NULL (or missing from the select)."""
    value = row.get(key)
    if value is not None and not isinstance(value, int):
        raise _wrong(row, key, "int")
    return value


def text(row: Row, key: str) -> str:
    """A TEXT column that is never NULL."""
    value = row[key]
    if not isinstance(value, str):
        raise _wrong(row, key, "str")
    return value


def text_or_none(row: Row, key: str) -> str | None:
    """A TEXT column that may be NULL (or missing from the select)."""
    value = row.get(key)
    if value is not None and not isinstance(value, str):
        raise _wrong(row, key, "str")
    return value


def json_texts(value: str) -> tuple[str, ...]:
    """A TEXT column that holds a JSON list of strings (names)."""
    found: object = json.loads(value)
    if not isinstance(found, list) or not all(isinstance(item, str) for item in found):
        raise TypeError(f"not a JSON list of texts: {value[:40]!r}")
    return tuple(str(item) for item in found)


def json_wholes(value: str) -> tuple[int, ...]:
    """A TEXT column that holds a JSON list of whole numbers."""
    found: object = json.loads(value)
    if not isinstance(found, list):
        raise TypeError(f"not a JSON list of whole numbers: {value[:40]!r}")
    wholes = tuple(item for item in found if isinstance(item, int))
    if len(wholes) != len(found):
        raise TypeError(f"not a JSON list of whole numbers: {value[:40]!r}")
    return wholes
