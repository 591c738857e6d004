"""The room's settlement of an evening: every table replayed, each member's chips added, settled.

A chip table (its kind moves chips: ``kind.chips``) counts each seat's net
for the member of that seat (the ``seats`` rows, a merged member followed to
the one kept); the members' sums are settled by the cash box's pairing
(``cashbox.settle.between_members``), the members in the club's order; in
money, what is paid and left comes from the cash box (purse.py).
A points table is listed and moves no chip. Nothing is stored: the room is
computed from the games each time it is asked for.

The ``seats`` rows name the members who sit at a table now: a set-up change
before the first coup (players renamed, reordered, added or removed) moves
them in its own transaction (``seats.relink_seats``), and migration m007
repaired the databases written before that.
Plain Python over the database: no request, no page (web/clubs draws them).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

import sqlite_utils

from .. import store
from ..cashbox.rounding import evening_cents, table_cents
from ..cashbox.settle import between_members
from .evening_tables import tables
from .records import Club, Evening, Member
from .seats import members, person_members, seat_members


@dataclass(frozen=True)
class Table:
    """One table of the evening, replayed."""

    no: int
    """Its number in the evening (1, 2, …)."""
    stored: store.StoredGame
    seats: tuple[int, ...]
    """The member of each seat — or, once someone took a seat, of each person who sat
    there or whose seat was played for him (``StoredGame.people``)."""
    nets: tuple[int, ...] | None
    """Each one's chips won (+) or lost (−); None for a points table, which moves none."""

    def members_nets(self) -> list[tuple[int, int]]:
        """(member, net) of each seat, in seat order; none for a points table."""
        return [] if self.nets is None else list(zip(self.seats, self.nets))

    def chips(self) -> dict[int, int]:
        """Each member's chips at this table (a member who sat twice, once)."""
        out: dict[int, int] = {}
        for member, net in self.members_nets():
            out[member] = out.get(member, 0) + net
        return out


class Pay(NamedTuple):
    """One transfer of the room's settlement, between members."""

    payer: int
    payee: int
    amount: int
    """In chips."""


@dataclass(frozen=True)
class Room:
    evening: Evening
    club: Club
    tables: list[Table]
    members: dict[int, Member]
    """The club's members (merged ones apart), by id."""
    nets: dict[int, int]
    """Each member's chips over the chip tables, by member, in the order first seated."""
    pays: list[Pay]
    """The transfers (in chips) that settle the whole room, paired as the cash box pairs."""

    def order(self) -> list[int]:
        """Every member seated, in the club's order for rounding: by name (case-folded), then
        number — what breaks the ties of the largest remainder (cashbox/rounding.py)."""
        seated = {m for table in self.tables for m in table.seats}
        return sorted(seated, key=lambda m: (self.members[m].name.casefold(), m))

    def cents(self, table: Table) -> dict[int, int]:
        """A chip table's money per member (``rounding.table_cents``; none without a chip
        value or for a points table): the one figure its settlement, and through the
        evening's sum the room, the cash box and the season, show."""
        if self.club.money is None or table.nets is None:
            return {}
        return table_cents(table.chips(), self.club.money.chip_value, self.order())

    def money(self) -> dict[int, int]:
        """Each member's money for the evening: the sum of his tables' (``evening_cents``)."""
        if self.club.money is None:
            return {}
        chips = [t.chips() for t in self.tables if t.nets is not None]
        return evening_cents(chips, self.club.money.chip_value, self.order())


def room_of(db: sqlite_utils.Database, evening: Evening, club: Club) -> Room:
    """Every table of the evening, replayed, and the room's settlement per member."""
    by_id = {m.id: m for m in members(db, club.id)}
    seated = [_table(db, no, game_id) for no, game_id in tables(db, evening.id)]
    nets: dict[int, int] = {}
    for table in seated:
        for member, net in table.members_nets():
            nets[member] = nets.get(member, 0) + net
    return Room(evening, club, seated, by_id, nets, settle(nets, by_id))


def settle(nets: dict[int, int], by_id: dict[int, Member]) -> list[Pay]:
    """Who pays whom in chips: the cash box's pairing (``between_members``), the club's order.

    The same function as the cash box's suggestions and the room's in money
    (clubs/purse.py), so every page of a club pairs its members alike.
    """
    rank = {m: i for i, m in enumerate(by_id)}
    order = sorted(nets, key=lambda m: (rank.get(m, len(rank)), m))
    return [Pay(*s) for s in between_members(nets, order)]


def _table(db: sqlite_utils.Database, no: int, game_id: int) -> Table:
    stored = store.load(db, game_id)
    seat_of = seat_members(db, game_id)
    players: Sequence[str] = stored.game.players
    seats = tuple(seat_of[s] for s in range(len(players)))
    nets: tuple[int, ...] | None = None
    if stored.kind.chips:
        net: Sequence[int] = stored.replay().tally
        nets = tuple(net)
        if stored.seat_changes:  # each person's net, billed to his member (issue 35)
            people, person_nets = stored.people()
            found = person_members(db, game_id, people, players)
            if found is not None:
                seats, nets = found, person_nets
    return Table(no, stored, seats, nets)
