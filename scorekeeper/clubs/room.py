"""The room's settlement of an evening: every table replayed, each member's chips added, settled.

A chip table (its kind moves chips: ``kind.chips``) counts each seat's net
for the member of that seat (the ``seats`` rows, a merged member followed to
the one kept); the members' sums are settled by the cash box's pairing
(``cashbox.settle.between_members``), the members by number (``ties.pay_order``); in
money, what is paid and left comes from the cash box (purse.py).
A points table (its kind moves no chip) moves no money: each member's points
there are their person's (``StoredGame.by_person``: what their side scored in the
coups they sat, ``seating.person_tally``), added per game family (its kind) over
the evening's tables, so a night of points tables has its standing too. A game won by
games (Brou's parties, the classique's manches: ``rules.placing.GamesWon``) places its
members by the games they won first (``table_points``, ``placed_by``), as its tables are
placed: a partie left at 200–170 places nobody above a team that won 2 parties to 0.
Nothing is stored: the room is computed from the games each time it is asked for.

The ``seats`` rows name the members who sit at a table now: a set-up change
before the first coup (players renamed, reordered, added or removed) moves
them in its own transaction (``seats.relink_seats``), and migration m007
repaired the databases written before that.
Plain Python over the database: no request, no page (web/clubs draws them).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import sqlite_utils

from .. import store
from ..cashbox.rounding import evening_cents, table_cents
from ..cashbox.settle import between_members
from ..rules.kind import GameKind
from ..rules.placing import person_won
from ..rules.seating import sittings
from ..store.paid import left as paid_left
from ..store.paid import ticked
from .evening_tables import tables
from .records import Club, Evening, Member
from .seats import (
    club_member,
    members,
    names,
    person_members,
    seat_members,
    table_seats,
)
from .ties import pay_order, seated_numbers, tie_order


@dataclass(frozen=True)
class Table:
    """One table of the evening, replayed."""

    no: int
    """Its number in the evening (1, 2, …)."""
    stored: store.StoredGame
    seats: tuple[int, ...]
    """The member of each seat — or, once someone took a seat, of each person who sat
    there or whose seat was played for them (``StoredGame.people``)."""
    nets: tuple[int, ...] | None
    """Each one's chips won (+) or lost (−); None for a points table, which moves none."""
    points: dict[int, int] | None = None
    """A points table: each member's points (``table_points``); None for a chip table."""
    numbers: Mapping[int, int] = field(default_factory=dict)
    """Each member → the member number they sat under here (``ties.seated_numbers``): what
    breaks the ties of its money (``order``), which a merge since does not move."""
    games: dict[int, int] | None = None
    """A points table won by games: each member's games won (``table_points``); None for a
    chip table or a game placed by its points (the manillen)."""

    def members_nets(self, nets: Sequence[int] | None = None) -> list[tuple[int, int]]:
        """(member, net) of each seat (or of ``nets``, one a seat), in seat order; none for a
        points table."""
        found = self.nets if nets is None else nets
        return [] if found is None else list(zip(self.seats, found))

    def present(self) -> set[int]:
        """The members who sat at this table: every seat's, or once someone took a seat,
        each one who played a coup there or sits down for the next — not an absent member
        whose seat was played for them from its first coup (their money, not their evening
        there: the evening's fee is who came)."""
        people = self.stored.people()[0]
        if not self.stored.seat_changes or len(people) != len(self.seats):
            return set(self.seats)  # no seat taken (or a person with no member: the seats)
        players, changes = self.stored.game.players, self.stored.seat_changes
        sat = {s.player for s in sittings(players, changes)} | set(self.stored.seated())
        return {m for m, name in zip(self.seats, people, strict=True) if name in sat}

    def names_now(self, members: Mapping[int, Member]) -> dict[str, str]:
        """Each name played at this table → its member's name now: a member renamed since
        reads under their new name on the club's pages (the game keeps the name played with).
        The names are ``seats``' own: the seats' players, or once someone took a seat and
        each person has their member, every person who sat."""
        people = self.stored.people()[0]
        played = people if self.stored.seat_changes and len(people) == len(self.seats) else None
        names = self.stored.game.players if played is None else played
        pairs = zip(names, self.seats, strict=False)
        return {name: members[m].name for name, m in pairs if m in members}

    @property
    def played(self) -> bool:
        """Whether it counts for anyone (``played``: a coup was played at it)."""
        return played(self.stored)

    def order(self) -> list[int]:
        """Its members in the order that breaks the ties of the largest remainder
        (cashbox/rounding.py): by the member number each sat under (``ties.tie_order``)."""
        return tie_order(self.seats, self.numbers)

    def chips(self) -> dict[int, int]:
        """Each member's chips at this table (a member who sat twice, once)."""
        out: dict[int, int] = {}
        for member, net in self.members_nets():
            out[member] = out.get(member, 0) + net
        return out


@dataclass(frozen=True)
class Points:
    """One game family's points tables of the evening (or the season), per member."""

    kind: GameKind
    """The family: the tables' kind (its ``kind_title`` names it)."""
    points: dict[int, int]
    """Each member's points over its tables, by member, in the order first seated."""
    tables: dict[int, int]
    """How many of its tables each member sat at."""
    games: dict[int, int] | None = None
    """A game won by games (``GamesWon``): each member's games won over its tables
    (``table_points``), which place them before their points; None: placed by the points."""

    @property
    def title(self) -> str:
        """Its name (a catalog message): the kind's, told apart from its sister kinds'."""
        return self.kind.kind_title

    def placed(self, member: int) -> tuple[int, int]:
        """What places ``member`` in this standing (``placed_by``)."""
        games = None if self.games is None else self.games.get(member, 0)
        return placed_by(self.points[member], games)


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
    """Each member's chips over the chip tables played (``played``), by member, in the order
    first seated: its members' list (page and PDF). One seated only at a table never played
    is none of them, as the cash box's view of the evening and the close have it."""
    pays: list[Pay]
    """The transfers (in chips) that settle the whole room, paired as the cash box pairs."""
    points: list[Points] = field(default_factory=list)
    """The points tables' standing per member, one family (kind) each, in table order."""

    def players(self) -> set[int]:
        """Every member who sat at one of its tables played (``Table.present``, ``played``):
        whom the cash box's fee form checks for the evening's fee. One who played for an
        absent member sat there (their money is 0: the absent member's); an absent member whose
        seat was played for them from its first coup did not (docs/cashbox.md, "A fee to
        several members"). One seated only at a table never played did not play that
        evening: a treasurer charges the evening's fee to those who played, and the cash
        box, the close and the room's list count nobody at such a table (fix19a)."""
        return {m for t in self.played for m in t.present()}

    @property
    def played(self) -> list[Table]:
        """The tables that count (``played``: a coup was played at each): what the room's
        pages count as its tables. A table opened and never played is still listed, said
        not played, and counts for nobody, as in the season and on the member's page."""
        return [table for table in self.tables if table.played]

    @property
    def chips(self) -> bool:
        """Whether a table of the evening moves chips (else nobody owes anyone anything)."""
        return any(table.nets is not None for table in self.tables)

    def ranked(
        self, results: dict[int, int], name_key: Callable[[str], Any]
    ) -> list[tuple[int, int]]:
        """``results`` (member: chips) as the room lists them: the most first, equal ones by
        name in ``name_key`` (the reader's collation, as the season lists them: a page's
        list, not the order of money's ties). They were listed in the order first seated:
        Bruno before Anne at −9 each. A points standing is listed by ``standing``."""
        name = self._name
        return sorted(results.items(), key=lambda item: (-item[1], name_key(name(item[0]))))

    def standing(self, family: Points, name_key: Callable[[str], Any]) -> list[int]:
        """The members of a points ``family`` as the room lists them: as they are placed
        (``Points.placed``: the games won of a game won by games, then the points), equal ones
        by name in ``name_key``, as ``ranked``."""
        return sorted(family.points, key=lambda m: (family.placed(m), name_key(self._name(m))))

    def _name(self, member: int) -> str:
        """A member's name now, for the order of equal ones (none: a member not listed)."""
        found = self.members.get(member)
        return found.name if found is not None else ""

    def cents(self, table: Table) -> dict[int, int]:
        """A chip table's money per member (``rounding.table_cents``; none without a chip
        value or for a points table), computed now: what its settlement shows while its
        evening is open, and through the evening's sum what a close posts. Closed, its
        settlement shows what was posted (``posted_tables.as_posted``, which starts here)."""
        if self.club.money is None or table.nets is None:
            return {}
        return table_cents(table.chips(), self.club.money.chip_value, table.order())

    def money(self) -> dict[int, int]:
        """Each member's money for the evening: the sum of their tables' (``evening_cents``)."""
        if self.club.money is None:
            return {}
        chips = [(t.chips(), t.order()) for t in self.played if t.nets is not None]
        return evening_cents(chips, self.club.money.chip_value)


def room_of(db: sqlite_utils.Database, evening: Evening, club: Club) -> Room:
    """Every table of the evening, replayed, and the room's settlement per member: who pays
    whom of what is left once the payments ticked at its tables count (``left``)."""
    by_id = {m.id: m for m in members(db, club.id)}
    seated = [_table(db, no, game_id) for no, game_id in tables(db, evening.id)]
    for table in seated:  # every member seated is the club's (else rows.Damaged names them)
        for member in (*table.seats, *(table.points or {})):
            club_member(by_id, member)
    nets: dict[int, int] = {}
    owed: dict[int, int] = {}
    for table in seated:
        if not table.played:  # nobody's table (``played``): no member of the room's list
            continue
        for member, net in table.members_nets():
            nets[member] = nets.get(member, 0) + net
        for member, net in table.members_nets(left(db, table)):
            owed[member] = owed.get(member, 0) + net
    return Room(evening, club, seated, by_id, nets, settle(owed), families(seated))


def left(db: sqlite_utils.Database, table: Table) -> tuple[int, ...] | None:
    """A chip table's nets with the payments ticked at it counted (``store.paid.left``): a
    club without a chip value ticks them at the table, as a single table does (with one, they
    are the cash box's entries). The room once asked a ticked payment again: Anne paid Chloé
    her 72 at the table, and the room still asked Anne → Bruno 72."""
    if table.nets is None:
        return None
    made = ticked(db, table.stored.id)
    # a tick names persons (store/paid.py): counted where the room bills the table's persons,
    # not a seat's net (someone took a seat whom the club has no member for: seats billed)
    if not made or table.nets != tuple(table.stored.people()[1]):
        return table.nets
    return tuple(paid_left(table.nets, made))


def families(seated: Sequence[Table]) -> list[Points]:
    """The points tables' members' points (and games won: ``table_points``), added per kind,
    the kinds in table order. A table never played is nobody's table (``played``): it once
    added a table, and a line of 0 points, to each member seated there, where the season
    counts none."""
    out: dict[str, Points] = {}
    for table in seated:
        if table.points is None or not table.played:
            continue
        kind = table.stored.kind
        games: dict[int, int] | None = None if table.games is None else {}
        family = out.setdefault(kind.key, Points(kind, {}, {}, games))
        for member, points in table.points.items():
            family.points[member] = family.points.get(member, 0) + points
            family.tables[member] = family.tables.get(member, 0) + 1
        if family.games is not None and table.games is not None:
            for member in table.points:
                won = table.games.get(member, 0)
                family.games[member] = family.games.get(member, 0) + won
    return list(out.values())


def placed_by(points: int, games: int | None) -> tuple[int, int]:
    """What places a member in a points standing, the best the least (a sort key): their
    games won (``table_points``) where the game is won by games — a club reads its standing
    as a league table, the most parties (manches) won first, as each table is placed by
    them (``rules.placing``) —, then their points; ``games`` None (the manillen, placed by
    their points): the points alone. The room's points (``Room.standing``) and the season's
    (``season.points_rows``) are ordered by it."""
    return (-(games or 0), -points)


def settle(nets: dict[int, int]) -> list[Pay]:
    """Who pays whom in chips: the cash box's pairing (``between_members``), by number
    (``ties.pay_order``).

    The same function as the cash box's suggestions and the room's in money
    (clubs/purse.py), so every page of a club pairs its members alike.
    """
    return [Pay(*s) for s in between_members(nets, pay_order(nets))]


def _table(db: sqlite_utils.Database, no: int, game_id: int) -> Table:
    stored = store.load(db, game_id)
    seats, found = _seats(db, stored)
    if not stored.kind.chips:  # their points: only those whose points it moved
        figures = table_points(db, game_id, stored)
        return Table(no, stored, seats, None, figures.points, games=figures.games)
    nets = tuple(stored.people()[1]) if found else tuple(stored.replay().tally)
    return Table(no, stored, seats, nets, numbers=seated_numbers(db, game_id))


def _seats(db: sqlite_utils.Database, stored: store.StoredGame) -> tuple[tuple[int, ...], bool]:
    """The member of each seat, or once someone took a seat of each person who sat (True:
    the persons'), as ``Table.seats``."""
    players: Sequence[str] = stored.game.players
    seats = table_seats(db, stored.id, len(players))
    taken = [c.player for c in stored.seat_changes]
    found = person_members(db, stored.id, stored.people()[0], players, taken) if taken else None
    # everyone who sat, each billed to their member (issue 35)
    return (seats, False) if found is None else (found, True)


def names_now(
    db: sqlite_utils.Database, stored: store.StoredGame, club_id: int | None
) -> dict[str, str]:
    """A club table's names that are not its members' names now: each name typed at the
    table (a seat's player, a newcomer's) → the name of the member they are now (renamed on
    the member form, or merged into another: the one kept). ``club_id``: the club of the
    table's evening (``access.table_club``), whose version its kept pages follow; None (a
    table outside any evening, a migrated game's seats in the default club too): empty, as
    where every member still bears the name they were seated under. The pages of the table
    name each by this (one name per person, as the club's pages); the game file and
    ``scorekeeper replay`` keep what was typed (docs/guide-organisers.md)."""
    if club_id is None:
        return {}
    table = Table(0, stored, _seats(db, stored)[0], None)
    return {
        typed: now for typed, now in table.names_now(names(db, club_id)).items() if typed != now
    }


def played(stored: store.StoredGame) -> bool:
    """Whether a club table counts for its members' record at all: once a coup was played
    at it. A table opened and left unplayed moved no chip nor point; the season
    (``season.season_rows``: its tables and evenings) and the member's page (the ratings'
    matches, ``ratings.club``) both skip it by this one rule, where the season had counted
    it a table (and an evening) that the member's page did not; the room counts its tables
    by it too (``Room.played``: its page's and PDF's header, the evening's page, its points
    standing), where its header said "3 tables" for two played."""
    return bool(stored.game.coups)


class TablePoints(NamedTuple):
    """A points table's figures per member (``table_points``)."""

    points: dict[int, int]
    """Their points (``member_results``)."""
    games: dict[int, int] | None
    """A game won by games (``rules.placing.GamesWon``): their games won; None: the kind is
    placed by its points (the manillen)."""


def table_points(db: sqlite_utils.Database, game_id: int, stored: store.StoredGame) -> TablePoints:
    """A points table's points per member (``member_results``) and, for a game won by games,
    their games won (``rules.placing.person_won``: their side's in the coups that were theirs;
    a stand-in's are the absent member's), billed to the same members (the persons' members
    found once, ``members_results``): the one count of a member's games that the room's and
    the season's standings (and the season's file) add over their tables; none at a table no
    club counts. Only those whose points the table moved: one who only played a
    deal for an absent member has no table of their own there (the room, the season), as in
    the ratings."""
    won = person_won(stored.kind, stored.game, stored.seat_changes, stored.replay())
    tallies = [stored.by_person()] if won is None else [stored.by_person(), won]
    found = members_results(db, game_id, stored, tallies, staked=True)
    if found is None:
        return TablePoints({}, None if won is None else {})
    return TablePoints(found[0], None if won is None else found[1])


def member_results(
    db: sqlite_utils.Database,
    game_id: int,
    stored: store.StoredGame,
    staked: bool = False,
    tally: Mapping[str, int] | None = None,
) -> dict[int, int] | None:
    """Each member's result at a table — their net chips, or their side's points: each person's
    (``StoredGame.by_person``, ``seating.person_tally``: the coups they sat, their seat's when
    someone played for them), billed to their member as the room bills the chips; a member who
    sat twice, their two added. None when a person has no member (a table no club counts).
    The room's points and the club's ratings (ratings/club.py) read a table through it;
    ``tally``: another count per person, billed to the members alike (their games lost:
    ``lost_games``), else their result."""
    tally = stored.by_person() if tally is None else tally
    found = members_results(db, game_id, stored, [tally], staked)
    return None if found is None else found[0]


def members_results(
    db: sqlite_utils.Database,
    game_id: int,
    stored: store.StoredGame,
    tallies: Sequence[Mapping[str, int]],
    staked: bool = False,
) -> list[dict[int, int]] | None:
    """Each of ``tallies`` (a count per person) billed to the members as ``member_results``
    bills one, each person's member found once for them all."""
    people = tuple(dict.fromkeys(name for tally in tallies for name in tally))
    players = stored.game.players
    found: tuple[int, ...] | None
    if stored.seat_changes:
        taken = [c.player for c in stored.seat_changes]
        found = person_members(db, game_id, people, players, taken)
    else:
        seat_of = seat_members(db, game_id)
        if any(seat not in seat_of for seat in range(len(players))):
            return None
        by_name = {name: seat_of[seat] for seat, name in enumerate(players)}
        found = tuple(by_name[name] for name in people)
    if found is None:
        return None
    # ``staked``: only those whose money or points the table moved — not who only played
    # for an absent player (their seat's result is the absent player's): the ratings rank them
    owners = {s.payer for s in sittings(players, stored.seat_changes)}
    billed = [
        (member, name)
        for member, name in zip(found, people, strict=True)
        if not staked or name in owners
    ]
    out: list[dict[int, int]] = []
    for tally in tallies:
        sums: dict[int, int] = {}
        for member, name in billed:
            if name in tally:
                sums[member] = sums.get(member, 0) + tally[name]
        out.append(sums)
    return out
