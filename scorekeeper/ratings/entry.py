"""A club event's players with their club rating at entry: before the event's first round.

What the event's results page may show beside its ranking (which it never
changes): each player's member — their registration's, else the club's member
of their name, as a table seats them — and that member's rating in the event's
game family after their last table before the first round's evening.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

import sqlite_utils

from ..clubs.evening_tables import evening
from ..clubs.merging import kept
from ..clubs.seats import members
from ..events.records import Event, Player
from ..events.rounds import EventRound
from ..names import clash
from .club import club_ratings, stamp
from .model import Point


@dataclass(frozen=True)
class Entry:
    """One player's club rating at entry (None: no table of the game at the club before)."""

    player: str
    rating: Point | None
    games: int
    """Their tables of the game at the club before the event."""


def entry_key(db: sqlite_utils.Database, event: Event) -> Hashable:
    """What the entry ratings are made of (the club's tables at their versions), or None
    for an event of no club."""
    if event.club_id is None:
        return None
    return stamp(db, event.club_id)[0]


def at_entry(
    db: sqlite_utils.Database,
    event: Event,
    players: Sequence[Player],
    rounds: Sequence[EventRound],
) -> list[Entry]:
    """Each player's club rating at entry, in the order given; empty for an event of no
    club or a game no one at the club has played."""
    if event.club_id is None:
        return []
    ratings = club_ratings(db, event.club_id)
    family = event.settings.table_kind.game
    first = next((r.evening_id for r in rounds if r.evening_id is not None), None)
    found = None if first is None else evening(db, first)
    before = None if found is None else (found.date, found.id)
    club_members = members(db, event.club_id)
    out = []
    for player in players:
        member = None if player.member_id is None else kept(db, player.member_id)
        if member is None:
            member = next((m.id for m in club_members if clash(player.name, m.name)), None)
        if member is None:
            out.append(Entry(player.name, None, 0))
            continue
        point = ratings.before(member, family, before)
        path = ratings.of(member).get(family, [])
        out.append(Entry(player.name, point, path.index(point) + 1 if point else 0))
    return out if any(e.rating for e in out) else []
