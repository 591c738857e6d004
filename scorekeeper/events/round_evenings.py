"""A club event's round evenings: each round of a club's event is an evening of the club,
so its tables join the club's season and closing it posts their money in the cash box.

The round's evening is opened by the club's one rule of labels (``clubs.insert_evening``:
never two evenings of one day and title, smoke21); it once bypassed it, and an evening
typed on the club's page of that day and title was let in beside it (events22). Its title
names the event and the round ("Coupe de Noël — 2"); when the club has an evening of that
label already (typed on its page, or another event's of the same name), the round's takes
the first free "(2)", "(3)"… rather than refusing the draw: the director draws while the
players wait at the tables, and no page can rename or remove an evening, nor rename the
event, so a refusal would leave them no way on (docs/competitions.md). An evening typed
after the round is refused as any second evening of a label, its message naming the
round's.

Once the event's final standing is declared its round evenings may still be open: their
money is posted by closing each (clubs/closing.py), which the club's managers do on the
evening's close page, after its question. The event's pages name them (``still_open``);
nothing here closes one.

Which round an evening is lives in one place, the round's row (``event_rounds.evening_id``):
the evening's own pages ask it (``round_of``) to say whose round it is, so that beside a
typed evening of its label a reader can tell the event's (fix22b).
"""

from __future__ import annotations

from dataclasses import dataclass

import sqlite_utils

from ..clock import today
from ..clubs.evening_tables import MAX_TITLE, SameLabel, evening, insert_evening
from ..clubs.records import DamagedEvening, Evening
from ..db import rows
from ..store.closings import closed


def round_title(name: str, number: int, copy: int = 1) -> str:
    """The round's evening title: "Coupe — 2", the ``copy``-th "Coupe — 2 (2)" when that
    label is taken. A name too long for an evening's title is cut, never the round's number
    (cut as a whole, the rounds of a long name once read alike: "…Coupe —" each)."""
    suffix = f" — {number}" + (f" ({copy})" if copy > 1 else "")
    room = MAX_TITLE - len(suffix)
    head = name if len(name) <= room else name[: room - 1].rstrip() + "…"
    return head + suffix


def open_round_evening(
    db: sqlite_utils.Database, club_id: int | None, name: str, number: int
) -> Evening | None:
    """Inside the draw: the round's evening of a club's event (None: no club), dated the
    club's day as an evening opened on its page (not UTC's)."""
    if club_id is None:
        return None
    date = today()
    copy = 1
    while True:  # each copy is another title: the day's evenings are finitely many
        try:
            return insert_evening(db, club_id, date, round_title(name, number, copy))
        except SameLabel:
            copy += 1


@dataclass(frozen=True)
class OpenEvening:
    """A round's evening not closed now (never closed, or reopened)."""

    round: int
    evening: Evening | DamagedEvening
    """The evening, or its id and what is wrong with its row (changed behind the app): named
    as the club's list names it, not a 409 of the director's whole page."""


def still_open(db: sqlite_utils.Database, event_id: int) -> list[OpenEvening]:
    """The event's round evenings not closed now, in round order (none for no club)."""
    found = []
    for number, evening_id in db.execute(
        "select number, evening_id from event_rounds where event_id = ?"
        " and evening_id is not null order by number",
        [event_id],
    ).fetchall():
        try:
            kept: Evening | DamagedEvening | None = evening(db, int(evening_id))
        except rows.Damaged as damaged:
            kept = DamagedEvening(int(evening_id), damaged)
        if kept is not None and not closed(db, kept.id):
            found.append(OpenEvening(int(number), kept))
    return found


@dataclass(frozen=True)
class RoundOf:
    """The event round whose evening it is, as its round's row names it."""

    event_id: int
    number: int


def round_of(db: sqlite_utils.Database, evening_id: int) -> RoundOf | None:
    """The round whose evening ``evening_id`` is (None: an evening typed on the club's page).

    The round's row is the one home of the link (``event_rounds.evening_id``, which has no
    index); it is reached through the evening's tables, each of the round's found by its
    game (every read through an index: a round's draw seats its tables at its evening, so
    a round's evening has tables), and the round's row decides."""
    row = db.execute(
        "select r.event_id, r.number from evening_games g"
        " join event_tables t on t.game_id = g.game_id"
        " join event_rounds r on r.event_id = t.event_id and r.number = t.round"
        " where g.evening_id = :evening and r.evening_id = :evening limit 1",
        {"evening": evening_id},
    ).fetchone()
    if row is None or not all(isinstance(value, int) for value in row):
        return None
    return RoundOf(int(row[0]), int(row[1]))
