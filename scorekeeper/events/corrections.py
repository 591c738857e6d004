"""A director's corrections of an event, as stored: points off (a penalty) or added (a
credit) for a player, filed under a round played or closed, never an edit of a table's game.

Each is an entry of the event's log (its row carried whole by the log's line, m021); the
ranking sums them (``standing``) and the pages say them (``web/events``). Stored under the
name ``penalty`` (the table, the log's action, the files' key: points off).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import sqlite_utils

from ..clock import now
from ..db import rows
from ..rules.errors import N_, GameError
from ..store.changing import changing
from .event_log import carried_penalty
from .ranking import Penalty
from .records import EventOwner, players

MAX_REASON = 120
MAX_PENALTY = 10**6
"""The most points one correction takes off or adds."""


def played_rounds(db: sqlite_utils.Database, event_id: int) -> list[int]:
    """The rounds a correction may be filed under, in order: each round closed, or with a
    deal entered at one of its tables (a round drawn with no deal yet is not played)."""
    return [
        int(row[0])
        for row in db.execute(
            """select number from event_rounds as r where event_id = ? and (
            closed_at is not null or exists (select 1 from event_tables as t
            join coups on coups.game_id = t.game_id
            where t.event_id = r.event_id and t.round = r.number)) order by number""",
            [event_id],
        )
    ]


def filed_under(played: Sequence[int]) -> int:
    """The round a correction is filed under when none is chosen: the latest of ``played``
    (``played_rounds``); 0 while none is, as a correction entered before any round."""
    return played[-1] if played else 0


def _check_round(round_no: int, played: Sequence[int], rounds_of_event: int) -> None:
    """A correction's round is one of ``played`` (0 while there is none)."""
    if round_no in (played or [0]):
        return
    if 1 <= round_no <= rounds_of_event:
        raise GameError(
            "round",
            N_("round {round} is not played yet: a correction belongs to a round played or closed"),
            round=round_no,
        )
    raise GameError("round", N_("this event has no round {round}"), round=round_no)


def add_penalty(
    db: sqlite_utils.Database, event_id: int, version: int | None, penalty: Penalty
) -> None:
    """A correction: an entry of the event's log, never an edit of a table's game; points
    off (a penalty, ``points`` > 0) or added (a credit, ``points`` < 0), filed under
    ``penalty.round``, a round played or closed (``played_rounds``; 0 while none is).

    Rows entered before the round could be chosen hold the round being played when they
    were entered (0: before the first draw): they are shown as they always were."""
    with changing(db, EventOwner(event_id), version, "penalty") as change:
        if penalty.player not in {p.name for p in players(db, event_id)}:
            raise GameError("player", N_("{name} is not registered"), name=penalty.player)
        if not 0 < abs(penalty.points) <= MAX_PENALTY:
            raise GameError(
                "points", N_("a correction is 1 to {most} points, off or added"), most=MAX_PENALTY
            )
        _check_round(penalty.round, played_rounds(db, event_id), change.stored.settings.rounds)
        reason = " ".join(penalty.reason.split())[:MAX_REASON]
        db.table("event_penalties").insert(
            {
                "event_id": event_id,
                "player": penalty.player,
                "points": penalty.points,
                "reason": reason,
                "round": penalty.round,
                "created_at": now(),
            }
        )
        signed = f"−{penalty.points}" if penalty.points > 0 else f"+{-penalty.points}"
        change.summary = f"{penalty.player} {signed}: {reason}"


_CORRECTED = re.compile(r"(.+?) ([−+])([0-9]+): (.*)", re.S)


def logged_penalty(summary: str, state: str | None) -> Penalty | None:
    """The correction a ``penalty`` line of the event's log records: the row its line
    carries whole (``state``, m021), or else its summary read back (``Anne −3: reason``,
    no round: 0). None: neither says one."""
    carried = carried_penalty(state) if state else None
    if carried is not None:
        return carried
    found = _CORRECTED.fullmatch(summary)
    if found is None:
        return None
    player, sign, points, reason = found.groups()
    return Penalty(player, int(points) if sign == "−" else -int(points), reason, 0)


def penalties(db: sqlite_utils.Database, event_id: int) -> list[Penalty]:
    return [
        _penalty(row)
        for row in db.query(
            "select * from event_penalties where event_id = ? order by id", [event_id]
        )
    ]


def _penalty(row: rows.Row) -> Penalty:
    """A penalty as stored (``rows.Damaged`` naming it: a column retyped behind the app)."""
    with rows.reading("event_penalties", row):
        return Penalty(
            rows.text(row, "player"),
            rows.whole(row, "points"),
            rows.text_or_none(row, "reason") or "",
            rows.whole(row, "round"),
        )
