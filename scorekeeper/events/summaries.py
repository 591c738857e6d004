"""What an event's log lines say of a draw and of a lock, written as a short summary by
``rounds.py`` and read back by the director's page (who met again) and the log's words.

Kept apart from ``rounds.py``, which draws, closes and locks: a summary's format is the
log's, read long after the round by pages that draw nothing.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import NamedTuple

import sqlite_utils


class DrawSummary(NamedTuple):
    """What a draw's line of the change log says: the round, its tables, the seed, and the
    pairs it seats together again (issue 45: the director is told who meets again)."""

    round: int
    tables: int
    seed: int
    met_again: list[tuple[str, str]]


_DRAWN = re.compile(r"([0-9]+): ([0-9]+) tables, seed ([0-9]+)(?:; met again: (\[.*\]))?")


def draw_summary(drawn: DrawSummary) -> str:
    """The log line's summary: ``3: 4 tables, seed 45``, then the pairs met again as JSON
    (a name may hold any sign), ``; met again: [["Hugo", "Karine"]]``."""
    text = f"{drawn.round}: {drawn.tables} tables, seed {drawn.seed}"
    if drawn.met_again:
        text += f"; met again: {json.dumps(drawn.met_again, ensure_ascii=False)}"
    return text


def read_draw_summary(summary: str) -> DrawSummary | None:
    """A draw's summary read back (None: not one)."""
    found = _DRAWN.fullmatch(summary)
    if found is None:
        return None
    number, tables, seed, pairs = found.groups()
    again = [(str(a), str(b)) for a, b in json.loads(pairs)] if pairs else []
    return DrawSummary(int(number), int(tables), int(seed), again)


def drawn_again(db: sqlite_utils.Database, event_id: int, number: int) -> list[tuple[str, str]]:
    """The pairs round ``number`` seated together again, as its draw's log line says."""
    for row in db.execute(
        "select summary from event_changes where event_id = ? and action = 'draw'"
        " and summary like ? order by id desc limit 1",
        [event_id, f"{number}: %"],
    ):
        read = read_draw_summary(row[0])
        return read.met_again if read is not None else []
    return []


class LockSummary(NamedTuple):
    """What a lock's (or an unlocking's) line of the event's log says: the round, the table,
    and the result kept, a figure per seat (None: unlocked)."""

    round: int
    table: int
    tally: Sequence[int] | None


_LOCKED = re.compile(r"([0-9]+)\.([0-9]+)(?: \[(-?[0-9]+(?:, -?[0-9]+)*)\])?")


def lock_summary(lock: LockSummary) -> str:
    """The log line's summary: ``1.2 [-18, 9, 9]`` (round 1, table 2, its result), or
    ``1.2`` for an unlocking."""
    kept = "" if lock.tally is None else f" {list(lock.tally)}"
    return f"{lock.round}.{lock.table}{kept}"


def read_lock_summary(summary: str) -> LockSummary | None:
    """A lock's summary read back (None: not one)."""
    found = _LOCKED.fullmatch(summary)
    if found is None:
        return None
    number, table, tally = found.groups()
    kept = None if tally is None else tuple(int(v) for v in tally.split(", "))
    return LockSummary(int(number), int(table), kept)
