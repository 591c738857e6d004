"""An event's rounds as stored: the draw, its tables (games), closing, locking (its
corrections: ``corrections``).

A draw is one transaction: the round's row and every table's game are
written together or not at all. Each table is an ordinary game of the
event's kind, its players in the drawn seat order; a club's event also
opens an evening of the club for the round, so the tables are that
club's evening tables and join its season (``round_evenings``: by the club's
rule of labels). What the log's lines say of a draw and a lock: ``summaries``.

The draw itself is given (``Drawer``): the pages pass ``events.drawing.draw``,
the draw of ``scorekeeper/draw`` in plain shapes.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import sqlite_utils

from ..clock import now
from ..clubs.evening_tables import add_table
from ..clubs.one_seat import SameMember, refuse_twice
from ..clubs.seats import MAX_MEMBERS, ClubFull, table_seats
from ..db import rows
from ..rules.errors import N_, GameError
from ..rules.kinds import build
from ..rules.kinds import replay as replay_any
from ..store.changelog import Action
from ..store.changing import changing
from ..store.game_setup import insert_game
from ..store.stops import with_round
from .drawing import Drawer, Drawn, DrawRequest, Entry, asked, kept_pairs, met_again
from .records import EventOwner, players, rounds_drawn
from .round_evenings import open_round_evening
from .summaries import DrawSummary, LockSummary, draw_summary, lock_summary


@dataclass(frozen=True)
class EventTable:
    round: int
    table_no: int
    game_id: int
    locked: tuple[int, ...] | None
    """The tally as locked by the director (the ranking reads it), or None."""
    locked_version: int | None


@dataclass(frozen=True)
class EventRound:
    number: int
    seed: int
    sitting_out: tuple[str, ...]
    evening_id: int | None
    started_at: str
    closed_at: str | None
    tables: tuple[EventTable, ...]
    asked: str | None = None
    """What its draw was asked (``drawing.asked``, m027; None: drawn before), as stored: read
    by results.json alone (``drawing.read_asked``), not by every page of the event."""


def rounds(db: sqlite_utils.Database, event_id: int) -> list[EventRound]:
    tables: dict[int, list[EventTable]] = {}
    for r in db.query(
        "select event_tables.rowid as id, event_tables.*, games.id as found from event_tables"
        " left join games on games.id = event_tables.game_id"
        " where event_id = ? order by round, table_no",
        [event_id],
    ):
        with rows.reading("event_tables", r):
            if r["found"] is None:  # its game is not there: changed behind the app
                raise rows.Damaged("game_id", "junk")
            kept = rows.text_or_none(r, "locked")
            locked = None if kept is None else rows.json_wholes(kept, "locked")
            number = rows.whole(r, "round")
            table = EventTable(
                number,
                rows.whole(r, "table_no"),
                rows.whole(r, "game_id"),
                locked,
                rows.whole_or_none(r, "locked_version"),
            )
        tables.setdefault(number, []).append(table)
    return [
        _round(r, tables)
        for r in db.query(
            "select rowid as id, * from event_rounds where event_id = ? order by number",
            [event_id],
        )
    ]


def _round(r: rows.Row, tables: dict[int, list[EventTable]]) -> EventRound:
    """A round as stored (``rows.Damaged`` naming it: a column retyped behind the app)."""
    with rows.reading("event_rounds", r):
        return EventRound(
            rows.whole(r, "number"),
            rows.whole(r, "seed"),
            rows.json_texts(rows.text(r, "sitting_out"), "sitting_out"),
            rows.whole_or_none(r, "evening_id"),
            rows.time(r, "started_at"),  # the round clock counts from it
            rows.text_or_none(r, "closed_at"),
            tuple(tables.get(rows.whole(r, "number"), ())),
            rows.text_or_none(r, "asked"),
        )


def _history(db: sqlite_utils.Database, event_id: int) -> tuple[Drawn, ...]:
    out = []
    for past in rounds(db, event_id):
        seated = []
        for table in past.tables:
            (players,) = db.execute(
                "select players from games where id = ?", [table.game_id]
            ).fetchone()
            seated.append(rows.json_texts(str(players), "players"))
        out.append(Drawn(tuple(seated), past.sitting_out))
    return tuple(out)


def first_partners(first: Drawn, present: set[str]) -> tuple[tuple[str, str], ...]:
    """Partners kept from the first round (manillen, partners not drawn anew): seats 1 & 3
    and 2 & 4 of each table of four, while both are still playing."""
    pairs = []
    for seats in first.tables:
        if len(seats) == 4:
            pairs += [(seats[0], seats[2]), (seats[1], seats[3])]
    return tuple(pair for pair in pairs if set(pair) <= present)


def draw_round(
    db: sqlite_utils.Database,
    event_id: int,
    version: int | None,
    drawer: Drawer,
    manager_hash: Callable[[int], str],
    standing: tuple[str, ...] | None = None,
) -> int:
    """Draw the next round and create its tables; the round before must be closed.

    The seed given to the draw is the event's seed plus the round's number,
    so anyone holding the players and the seed can re-run it; a known design (a Kirkman
    system, a whist tournament…) is relabelled by the first round's seed, the event's plus
    one, so that every round follows the design the first began.
    ``manager_hash(game_id)`` is the hash of the table's manager link; ``standing``,
    the players best first, read before the transaction (a Swiss round's seeding):
    nothing computed inside it is kept, since a refused draw rolls it back.
    """
    with changing(db, EventOwner(event_id), version, "draw") as change:
        found = change.stored
        past = rounds(db, event_id)
        if past and past[-1].closed_at is None:
            raise GameError("round", N_("close the round before drawing the next"))
        number = rounds_drawn(db, event_id) + 1
        if number > found.settings.rounds:
            raise GameError("round", N_("every round has been drawn"))
        playing = tuple(p for p in players(db, event_id) if p.plays(number))
        if len(playing) < found.settings.seats():
            raise GameError("round", N_("not enough players for a table"))
        pairs = tuple((p.name, p.partner) for p in playing if p.partner and p.name < p.partner)
        history = _history(db, event_id)
        turn: tuple[str, ...] = ()
        if not pairs and not found.settings.new_partners and history:
            names = tuple(p.name for p in playing)
            kept = first_partners(history[0], set(names))
            pairs, turn = kept_pairs(names, kept, history, found.seed + number)
        request = DrawRequest(
            tuple(Entry(p.name, p.team, p.together) for p in playing),
            found.settings.format,
            found.settings.seating,
            history,
            found.seed + number,
            pairs,
            standing if found.settings.swiss and past else None,
            found.seed + 1,
            found.settings.rounds,
            turn,
        )
        drawn = drawer(request)
        evening = open_round_evening(db, found.club_id, found.name, number)
        db.table("event_rounds").insert(
            {
                "event_id": event_id,
                "number": number,
                "seed": request.seed,
                "asked": json.dumps(asked(request), ensure_ascii=False),
                "sitting_out": json.dumps(list(drawn.sitting_out), ensure_ascii=False),
                "evening_id": None if evening is None else evening.id,
                "started_at": now(),
                "closed_at": None,
            }
        )
        kind = found.settings.table_kind
        members_drawn: list[tuple[str, int]] = []  # (name, member) of the tables drawn so far
        for table_no, seated in enumerate(drawn.tables, 1):
            game = build(kind.game, seated, found.settings.table_rules(len(seated)), 0, [])
            replay_any(game)
            game_id = insert_game(db, game, Action.CREATE, manager_hash=manager_hash)
            db.table("event_tables").insert(
                {"event_id": event_id, "round": number, "table_no": table_no, "game_id": game_id}
            )
            if evening is not None:
                try:
                    add_table(db, evening, game_id, seated)
                except ClubFull as full:  # a player who is no member yet: one past the bound
                    raise GameError(
                        "round",
                        N_("the club has {top} members: no more can be added"),
                        top=MAX_MEMBERS,
                    ) from full
                except SameMember as same:  # "Anne" and Anne Martin (short "Anne") drawn together
                    raise drawn_twice(
                        same,
                        N_(
                            "{name} is the member {member}, drawn at the same table:"
                            " one person cannot sit at two seats"
                        ),
                        N_(
                            "{name} is already drawn at this table as {other}:"
                            " one person cannot sit at two seats"
                        ),
                        N_(
                            "{name} is already drawn at this table:"
                            " one person cannot sit at two seats"
                        ),
                    ) from same
                members_drawn += _one_seat_a_round(db, seated, game_id, members_drawn)
        again = met_again(history, drawn, found.settings.seating, pairs)
        change.summary = draw_summary(DrawSummary(number, len(drawn.tables), request.seed, again))
    return number


def _one_seat_a_round(
    db: sqlite_utils.Database, seated: Sequence[str], game_id: int, before: list[tuple[str, int]]
) -> list[tuple[str, int]]:
    """The (name, member) of a club round's table just drawn; a round that seats one member
    at two of its tables under two names ("Anne Martin" and "Anne", her short name, both
    registered) is refused whole, as one table seating them twice is: one member, one seat."""
    seats = list(zip(seated, table_seats(db, game_id, len(seated)), strict=True))
    try:
        refuse_twice(db, seats, before)
    except SameMember as same:
        raise drawn_twice(
            same,
            N_(
                "{name} is the member {member}, drawn at another table of this round:"
                " one person cannot sit at two seats"
            ),
            N_(
                "{name} is already drawn at another table of this round as {other}:"
                " one person cannot sit at two seats"
            ),
            N_(
                "{name} is already drawn at another table of this round:"
                " one person cannot sit at two seats"
            ),
        ) from same
    return seats


def drawn_twice(same: SameMember, as_member: str, as_beside: str, already: str) -> GameError:
    """A draw refused for seating one member twice, said as a seat refused is
    (``SameMember.by_his_name``): their own name drawn says by which name they are drawn already
    (``as_beside``: "Anne Martin is already drawn at this table as Anne"), another name says
    whose it is (``as_member``: "Anne is the member Anne Martin"); never their name twice: drawn
    by the name they are drawn by already (``SameMember.as_typed``), they are said drawn there
    (``already``), no "as" (label21)."""
    if same.as_typed:
        return GameError("round", already, name=same.name)
    if same.by_his_name:
        return GameError("round", as_beside, name=same.name, other=same.beside)
    return GameError("round", as_member, name=same.name, member=same.member)


def close_round(db: sqlite_utils.Database, event_id: int, version: int | None) -> None:
    with changing(db, EventOwner(event_id), version, "close") as change:
        number = rounds_drawn(db, event_id)
        cursor = db.execute(
            "update event_rounds set closed_at = ? where event_id = ? and number = ?"
            " and closed_at is null",
            [now(), event_id, number],
        )
        if cursor.rowcount != 1:
            raise GameError("round", N_("no round is being played"))
        _tables_end(db, event_id, number, closed=True)
        change.summary = str(number)


def reopen_round(db: sqlite_utils.Database, event_id: int, version: int | None) -> None:
    """Reopen the last round, closed by mistake: its tables take coups again and are no
    longer locked by it (a table the director locked on its own stays locked). Logged.

    Only the last round: a round after it was drawn from the standing it closed with.
    """
    with changing(db, EventOwner(event_id), version, "reopen") as change:
        number = rounds_drawn(db, event_id)
        cursor = db.execute(
            "update event_rounds set closed_at = null where event_id = ? and number = ?"
            " and closed_at is not null",
            [event_id, number],
        )
        if cursor.rowcount != 1:
            raise GameError("round", N_("no closed round to reopen"))
        _tables_end(db, event_id, number, closed=False)
        change.summary = str(number)


def _tables_end(db: sqlite_utils.Database, event_id: int, number: int, closed: bool) -> None:
    """The round's tables stop with it (``closed``), or play on once it is reopened (but a
    table the director locked, which stays ended): each game ends as its round does, for
    every reader of it (store/stops.py ``with_round``) — the club's money once kept a 1709
    table's open bêtes its ranking shared."""
    tables = db.execute(
        "select game_id, table_no, locked from event_tables where event_id = ? and round = ?"
        " order by table_no",
        [event_id, number],
    ).fetchall()
    for game_id, table_no, locked in tables:
        if closed or locked is None:
            with_round(db, int(game_id), closed, int(table_no))


def lock_table(
    db: sqlite_utils.Database,
    event_id: int,
    version: int | None,
    round_no: int,
    table_no: int,
    tally: Sequence[int] | None,
    game_version: int | None = None,
) -> None:
    """Lock a table's result as it stands (``tally``), or unlock it (None).

    A table of a closed round is locked by its round: locking it again is refused, and so
    is unlocking it (the table would stay locked by its round while its page and the log
    said "unlocked").
    """
    with changing(
        db, EventOwner(event_id), version, "lock" if tally is not None else "unlock"
    ) as change:
        if db.execute(
            "select 1 from event_rounds where event_id = ? and number = ?"
            " and closed_at is not null",
            [event_id, round_no],
        ).fetchone():
            raise GameError("round", N_("this round is closed: its tables are locked already"))
        cursor = db.execute(
            "update event_tables set locked = ?, locked_version = ? where event_id = ?"
            " and round = ? and table_no = ?",
            [
                None if tally is None else json.dumps(list(tally)),
                game_version,
                event_id,
                round_no,
                table_no,
            ],
        )
        if cursor.rowcount != 1:
            raise GameError("table", N_("no such table"))
        (game_id,) = db.execute(
            "select game_id from event_tables where event_id = ? and round = ? and table_no = ?",
            [event_id, round_no, table_no],
        ).fetchone()
        # its game ends, or plays on: by the director's lock, no round closed or reopened
        with_round(db, int(game_id), tally is not None, table_no, lock=True)
        change.summary = lock_summary(LockSummary(round_no, table_no, tally))
