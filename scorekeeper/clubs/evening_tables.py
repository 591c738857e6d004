"""A club's evenings and their tables: a date, and the games played at it, numbered.

A new table is a game created from the evening (its creation and its
place here are one transaction); its seats name the club's members.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

import sqlite_utils

from ..clock import now
from ..db import rows
from ..store.changing import changing
from ..store.club_log import ClubOwner
from ..store.repository import GameRow
from .merging import merges_of, now_is
from .part_names import ask_new, asker
from .records import DamagedEvening, Evening
from .seats import link_seats, newcomers_seated, taken_seat

MAX_TITLE = 60
"""An evening's title, at most (the club page's form; an event's round titles its own within)."""


class SameLabel(Exception):
    """A new evening refused: the club has one of that day and title already, and its
    label (day, then title) would name two evenings alike on every page (smoke21)."""

    def __init__(self, evening_id: int) -> None:
        super().__init__(evening_id)
        self.evening_id = evening_id
        """The club's evening of that day and title."""


def label_taken(db: sqlite_utils.Database, club_id: int, date: str, title: str) -> int | None:
    """The club's evening that an evening of ``date`` and ``title`` would be named alike
    with (same day, titles alike but for case and spaces), if any."""
    wanted = " ".join(title.split()).casefold()
    same = db.execute(
        "select id, title from evenings where club_id = ? and date = ?", [club_id, date]
    )
    for evening_id, other in same.fetchall():
        if " ".join(str(other or "").split()).casefold() == wanted:
            return int(evening_id)
    return None


def insert_evening(db: sqlite_utils.Database, club_id: int, date: str, title: str) -> Evening:
    """Inside a change: the club's new evening, by the one rule of its label (``SameLabel``
    when taken). Every evening is opened here: the club page's (``create_evening``) and an
    event's round (``events/round_evenings.py``), which once let one in beside a typed
    evening of its label, or a typed one beside it (events22)."""
    taken = label_taken(db, club_id, date, title)
    if taken is not None:
        raise SameLabel(taken)
    row = {"club_id": club_id, "date": date, "title": title, "created_at": now()}
    evening_id = db.table("evenings").insert(row).last_pk
    assert isinstance(evening_id, int)
    return Evening(evening_id, club_id, date, title)


def create_evening(
    db: sqlite_utils.Database, club_id: int, date: str, title: str, version: int
) -> int:
    with changing(db, ClubOwner(club_id), version, "evening") as change:
        change.summary = f"{date} {title}".strip()
        return insert_evening(db, club_id, date, title).id


def evening(db: sqlite_utils.Database, evening_id: int) -> Evening | None:
    found = list(db.query("select * from evenings where id = ?", [evening_id]))
    if not found:
        return None
    return _evening_of(found[0])


def _evening_of(row: dict[str, Any]) -> Evening:
    """The evening as stored (``rows.Damaged`` naming it: a column retyped behind the app)."""
    with rows.reading("evenings", row):
        return Evening(
            rows.whole(row, "id"),
            rows.whole(row, "club_id"),
            rows.text(row, "date"),
            rows.text_or_none(row, "title") or "",
        )


def played_on(db: sqlite_utils.Database, game_id: int, created_at: str) -> str:
    """The day a table was played: its evening's date for a club table (entered from the
    paper the next morning, it is still the evening's game), else the day it was entered.

    A club table's settlement once said the day it was typed in, and its room the
    evening's: two dates for one evening on the papers a treasurer files together.
    """
    return days_played(db, {game_id: created_at})[game_id]


def days_played(db: sqlite_utils.Database, made: Mapping[int, str]) -> dict[int, str]:
    """``played_on`` of each game of ``made`` (game id: its creation time), in one query:
    the list of games says each game's day as its settlement does (it once said the day
    each was made, so a table of an evening that went on past midnight was listed on the
    next day and settled on the evening's)."""
    chosen = sorted(made)
    found: dict[int, str] = {}
    for start in range(0, len(chosen), 500):  # within SQLite's bound on ? parameters
        part = chosen[start : start + 500]
        found |= {
            int(game_id): str(day)
            for game_id, day in db.execute(
                f"""select evening_games.game_id, evenings.date from evening_games
                join evenings on evenings.id = evening_games.evening_id
                where evening_games.game_id in ({", ".join("?" * len(part))})""",
                part,
            )
        }
    return {game_id: found.get(game_id, created) for game_id, created in made.items()}


def seat_names_now(
    db: sqlite_utils.Database, listed: Sequence[GameRow]
) -> dict[int, tuple[str, ...]]:
    """Who sits at each seat now of each club table of ``listed`` (``GameRow.seated``, as
    the table's page names them) by their member's name now (``merging.now_is``: the one kept,
    if merged): the list of games names a member renamed after they played as their table's
    pages do (play17: it read "Anne · Bruno · Chloé" after Anne became Anne-Marie), and a
    seat taken by who sits there (it read the seat's first player where the table's page
    said Denis). A seat's player is their seat's member, a newcomer the member kept with the
    first change that seated them (``seats.taken_seat``), as ``seats.person_members`` bills
    them. A game of no club's evening is left out (its names are only names, as
    ``room.names_now`` has it), and a seat whose member cannot be read keeps the name typed;
    the game's row and file keep what was typed."""
    chosen = sorted(row.id for row in listed)
    seated: list[tuple[int, int, int]] = []
    for start in range(0, len(chosen), 500):  # within SQLite's bound on ? parameters
        part = chosen[start : start + 500]
        seated += [
            (game_id, seat, member_id)
            for game_id, seat, member_id in db.execute(
                f"""select seats.game_id, seats.seat, seats.member_id from seats
                join evening_games on evening_games.game_id = seats.game_id
                where seats.game_id in ({", ".join("?" * len(part))})""",
                part,
            )
            if isinstance(game_id, int) and isinstance(seat, int) and isinstance(member_id, int)
        ]
    merged = merges_of(db, {member_id for _g, _s, member_id in seated})
    now: dict[tuple[int, int], int] = {}
    for game_id, seat, member_id in seated:
        if member_id not in merged:
            continue  # a seat naming no member (behind the app): the name typed
        try:
            now[game_id, seat] = now_is(merged, member_id)
        except rows.Damaged:  # a merge that cannot be followed: the name typed
            continue
    called = _names(db, set(now.values()))
    found: dict[int, dict[int, str]] = {}
    for (game_id, seat), member_id in now.items():
        if member_id in called:
            found.setdefault(game_id, {})[seat] = called[member_id]
    return {row.id: _sitters_named(row, found[row.id]) for row in listed if row.id in found}


def _sitters_named(row: GameRow, members: Mapping[int, str]) -> tuple[str, ...]:
    """Who sits at each seat now of ``row``, each by their member's name (``members``: the
    ``seats`` rows' names, a newcomer's at ``taken_seat`` of their first change)."""
    taken = [change.player for change in row.seat_changes]
    out = []
    for sitter in row.seated():
        if sitter in row.players:
            seat = row.players.index(sitter)
        elif sitter in taken:
            seat = taken_seat(taken.index(sitter) + 1)
        else:  # not reached: who sits is a player or a newcomer
            seat = None
        out.append(sitter if seat is None else members.get(seat, sitter))
    return tuple(out)


def _names(db: sqlite_utils.Database, ids: set[int]) -> dict[int, str]:
    """The names of the members ``ids`` (a name retyped behind the app left out)."""
    chosen, out = sorted(ids), {}
    for start in range(0, len(chosen), 500):  # within SQLite's bound on ? parameters
        part = chosen[start : start + 500]
        marks = ", ".join("?" * len(part))
        for member_id, name in db.execute(
            f"select id, name from members where id in ({marks})", part
        ):
            if isinstance(name, str):
                out[int(member_id)] = name
    return out


def evening_version(db: sqlite_utils.Database, evening_id: int) -> str:
    """What the evening's page polls: its tables and the sum of their versions.

    Any coup entered, corrected or undone at any table, and any new table,
    changes it (a game's version only grows).
    """
    row: tuple[int, int] = db.execute(
        """select count(*), coalesce(sum(games.version), 0) from evening_games
        join games on games.id = evening_games.game_id where evening_games.evening_id = ?""",
        [evening_id],
    ).fetchone()
    return f"{row[0]}.{row[1]}"


def evenings(
    db: sqlite_utils.Database, club_id: int, start: str = "", end: str = "9999"
) -> list[Evening]:
    """The club's evenings from ``start`` to ``end`` (ISO dates, both included), newest first."""
    found = db.query(
        "select * from evenings where club_id = ? and date >= ? and date <= ?"
        " order by date desc, id desc",
        [club_id, start, end],
    )
    return [_evening_of(r) for r in found]


def evening_lines(db: sqlite_utils.Database, club_id: int) -> list[Evening | DamagedEvening]:
    """The club's evenings, newest first, as its page lists them: a row that cannot be read
    is listed as such (its page says the same, 409), not a refusal of the club's page. What
    counts the evenings (the season, the cash box) reads them whole (``evenings``)."""
    found = db.query(
        "select * from evenings where club_id = ? order by date desc, id desc", [club_id]
    )
    return [_evening_line(r) for r in found]


def _evening_line(row: dict[str, Any]) -> Evening | DamagedEvening:
    try:
        return _evening_of(row)
    except rows.Damaged as damaged:
        return DamagedEvening(int(row["id"]), damaged)  # INTEGER PRIMARY KEY


def add_table(
    db: sqlite_utils.Database,
    evening: Evening,
    game_id: int,
    players: Sequence[str],
    new: Collection[str] | None = None,
) -> int:
    """Inside the game's creation: the game is the evening's next table; its seats, members.
    ``new``: the players were typed in a form or come from a file, which asks
    (``part_names.PartOfNames``) about a name that is only a part of members' names unless
    among them (told new members): a player, or a newcomer of the file's seat changes."""
    ask = None if new is None else asker(db, new)
    if new is not None:
        ask_new(db, evening.club_id, players, new)
    row: tuple[int] = db.execute(
        "select coalesce(max(table_no), 0) + 1 from evening_games where evening_id = ?",
        [evening.id],
    ).fetchone()
    table_no = int(row[0])
    db.table("evening_games").insert(
        {"evening_id": evening.id, "game_id": game_id, "table_no": table_no}
    )
    link_seats(db, evening.club_id, game_id, players)
    newcomers_seated(db, evening.club_id, game_id, ask)  # an imported file's seat changes
    return table_no


def tables(db: sqlite_utils.Database, evening_id: int) -> list[tuple[int, int]]:
    """(table number, game id) of the evening, in table order. A table whose game is not
    there (its ``game_id``, or the game's ``id``, changed behind the app) is ``rows.Damaged``
    naming the table's row: the room, the season and the close read every table's game."""
    return [
        _table(row)
        for row in db.query(
            "select evening_games.rowid as id, table_no, game_id, games.id as found"
            " from evening_games left join games on games.id = evening_games.game_id"
            " where evening_id = ? order by table_no",
            [evening_id],
        )
    ]


def _table(row: rows.Row) -> tuple[int, int]:
    with rows.reading("evening_games", row):
        found = rows.whole(row, "table_no"), rows.whole(row, "game_id")
        if row.get("found") is None:
            raise rows.Damaged("game_id", "junk")
        return found
