"""An event's change log as its director's page reads it: each line, and the correction a
``penalty`` line carries whole (m021). The log is written by ``records.changing``'s lines
(``records.log``); reading it is here, so that ``records.py`` holds the event and its
players.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

import sqlite_utils

from ..db.rows import Damaged, Row, reading, text, text_or_none, whole
from .ranking import Penalty


@dataclass(frozen=True)
class LogLine:
    """One line of an event's change log, as its director's page shows it."""

    at: str
    action: str
    summary: str
    state: str | None
    """A correction's line: the row it carries (its round, ``corrections.logged_penalty``);
    the others: None."""

    @classmethod
    def of(cls, row: Row) -> LogLine:
        """The line as stored (``rows.Damaged`` naming it: a column retyped behind the app,
        or a correction's row that is not one)."""
        with reading("event_changes", row):
            line = cls(
                text(row, "at"),
                text(row, "action"),
                text_or_none(row, "summary") or "",
                text_or_none(row, "state"),
            )
            if line.state:
                carried_penalty(line.state)
            return line


def carried_penalty(state: str) -> Penalty | None:
    """The correction a ``penalty`` line carries whole (its ``state``, m021: the row of
    ``event_penalties`` it added), None if it carries none. What is not such a row — JSON
    of another shape, a column missing or of another type: written behind the app, the
    line's hash says so too — is ``Damaged`` (its column ``state``), never a KeyError."""
    try:
        found: object = json.loads(state)
    except (ValueError, RecursionError):
        raise Damaged("state", "junk") from None
    carried = found.get("event_penalties") if isinstance(found, dict) else None
    if not isinstance(found, dict) or not isinstance(carried or {}, dict):
        raise Damaged("state", "junk")
    for row in (carried or {}).values():
        if not row:
            continue
        if not isinstance(row, dict):
            raise Damaged("state", "junk")
        try:
            return Penalty(
                text(row, "player"), whole(row, "points"), text(row, "reason"), whole(row, "round")
            )
        except (KeyError, Damaged):
            raise Damaged("state", "junk") from None
    return None


def changes(db: sqlite_utils.Database, event_id: int, limit: int = 200) -> list[LogLine]:
    """The event's change log, newest first."""
    return [
        LogLine.of(row)
        for row in db.query(
            "select id, action, summary, at,"
            " case when action = 'penalty' then state end as state"
            " from event_changes where event_id = ? order by id desc limit ?",
            [event_id, limit],
        )
    ]
