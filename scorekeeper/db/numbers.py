"""Game and club numbers, and the versions of games, clubs and events, never handed out
twice, a restore included (the versions: ``versions_given``, ``next_version``, m032).

A phone's cookie names the games it follows and the clubs it reads by their numbers
alone (``rights.access``). SQLite numbers a new row one above the highest row there
is: after a restore, the number of a game made since the backup (gone) would be given
to the next game, and the phone that followed the gone one would read a stranger's
game and list it as its own. ``backup.restore`` keeps the replaced database's highest
numbers in the restored one (``keep_given``: the ``generation`` row, m031), and a new
game or club is numbered above them (``unused``).

What a restore keeps it writes on a hash chain too (``numbers_given``, m033: the
``generation`` row's, whose length and head that row records): a floor lowered or deleted
behind the app is then a fault ``scorekeeper verify`` names (``floor_faults``), and the
next restore takes the log's floors back (``logged``). The log is the server's, not the
backup's: a restore keeps the replaced database's (``carry``), so that a backup older than
the last restore does not take that restore's line away; and a floor at SQLite's highest
number, which stops the numbering, is one the app never keeps (``floors_at_the_highest``).
"""

from __future__ import annotations

import json
import sqlite3
from typing import TypeVar

import sqlite_utils

from ..clock import now
from .chain import CHAINS, GENESIS, NUMBERS_GIVEN, Fault, append, link

_K = TypeVar("_K")

GIVEN = {"games": "games_given", "clubs": "clubs_given"}
"""Each numbered table a cookie names, and its column of the ``generation`` row."""


def unused(db: sqlite_utils.Database, table: str) -> dict[str, int]:
    """``{"id": n}`` for a new row of ``table`` when a restore left numbers above its
    highest row that were handed out before; ``{}`` when SQLite's own next number is new.
    Read inside the transaction that inserts the row (its write lock is taken). A schema
    before m031 (the migrations' own tests write rows there) has none kept."""
    try:
        row = db.execute(f"select {GIVEN[table]} from generation where id = 1").fetchone()
    except sqlite3.OperationalError:
        return {}
    given = row[0] if row is not None else None
    (highest,) = db.execute(f"select coalesce(max(id), 0) from [{table}]").fetchone()
    return {"id": given + 1} if isinstance(given, int) and given > highest else {}


def highest_given(conn: sqlite3.Connection) -> dict[str, int]:
    """Of a database about to be replaced: each table's highest number handed out, its
    rows' or one an earlier restore kept. A table or a column it lacks (a database older
    than m031, or damaged) counts what can be read."""
    found: dict[str, int] = {}
    for table, column in GIVEN.items():
        numbers = [0]
        for sql in (
            f"select max(id) from [{table}]",
            f"select {column} from generation where id = 1",
        ):
            try:
                row = conn.execute(sql).fetchone()
            except sqlite3.Error:
                continue
            if row is not None and _number(row[0]):  # not at SQLite's highest: no floor
                numbers.append(row[0])
        found[table] = max(numbers)
    return found


def keep_given(conn: sqlite3.Connection, given: dict[str, int]) -> None:
    """The restored database ``conn`` numbers its new games and clubs above ``given``
    (the replaced database's ``highest_given``), and above what it handed out itself (its
    own number, as far as it reads as one; its rows ``unused`` reads). A column retyped
    behind the app kept its text (SQLite's ``max`` ranks any text above any number), which
    ``unused`` reads as none: the replaced database's numbers were handed out again. A
    floor at SQLite's highest number, in either, is none (``floors_at_the_highest``: written
    behind the app, it stopped the numbering, and a restore kept it, on its log too)."""
    for table, column in GIVEN.items():
        own = f"case when typeof({column}) = 'integer' and {column} < ? then {column} else 0 end"
        conn.execute(
            f"update generation set {column} = max({own}, ?) where id = 1",
            [HIGHEST, given.get(table, 0)],
        )
    # a version kept at SQLite's highest (``floors_at_the_highest``) is none: what is given
    # is kept again below (``keep_versions``)
    conn.execute("delete from versions_given where version >= ?", [HIGHEST])


VERSIONED = tuple(sorted({chain.owner for chain in CHAINS if chain != NUMBERS_GIVEN}))
"""The tables whose rows change by version: the owners of the logs (``chain.CHAINS``) but
the ``generation`` row, which owns the log of the numbers given."""


def versions_given(conn: sqlite3.Connection) -> dict[tuple[str, int], int]:
    """Of a database: each owner's version, or a higher one an earlier restore kept
    (``versions_given``, m032), by (table, id). What cannot be read (a table or a column
    it lacks, a value retyped behind the app) counts as nothing given."""
    found: dict[tuple[str, int], int] = {}
    for table in VERSIONED:
        try:
            rows = conn.execute(f"select id, version from [{table}]").fetchall()
        except sqlite3.Error:
            continue
        for number, version in rows:
            if isinstance(number, int) and _number(version):
                found[(table, number)] = version
    try:
        kept = conn.execute("select owner, id, version from versions_given").fetchall()
    except sqlite3.Error:
        kept = []
    for owner, number, version in kept:
        if owner in VERSIONED and isinstance(number, int) and _number(version):
            found[(owner, number)] = max(found.get((owner, number), 0), version)
    return found


def keep_versions(
    conn: sqlite3.Connection, given: dict[tuple[str, int], int], every: bool = False
) -> None:
    """The restored database ``conn`` numbers each owner's next change above the version
    the replaced database had given it (``given``: its ``versions_given``), where that is
    above its own: a page drawn before the restore shows such a version, and must never
    find it again (``next_version``). An owner the restored database does not hold (made
    after the backup) is left out, unless ``every``: the floors a log of the numbers given
    says, which the restored database keeps whole, so that what its log says is stored
    (``floor_faults``; a gone club's or game's number is never given again, an event's
    may be, and its next change is then numbered above the gone one's pages)."""
    own = versions_given(conn)
    for (table, number), version in sorted(given.items()):
        if ((table, number) in own or every) and version > own.get((table, number), 0):
            conn.execute(
                "insert into versions_given (owner, id, version) values (?, ?, ?)"
                " on conflict (owner, id) do update set version = excluded.version",
                [table, number, version],
            )


def next_version(db: sqlite_utils.Database, table: str, number: int, current: int) -> int:
    """The version a change of the row ``number`` of ``table`` makes: one above its
    ``current`` version, or above the version a restore kept for it (``keep_versions``),
    whichever is higher. Read inside the change's transaction. A schema before m032 (the
    migrations' own tests write rows there) has none kept."""
    try:
        row = db.execute(
            "select version from versions_given where owner = ? and id = ?", [table, number]
        ).fetchone()
    except sqlite3.OperationalError:
        row = None
    floor = row[0] if row is not None and isinstance(row[0], int) else 0
    return max(current, floor) + 1


Floors = tuple[dict[str, int], dict[tuple[str, int], int]]
"""The numbers a restore keeps from being handed out again: the highest game and club
numbers given (by table), and the versions given (by owner's table and id)."""


def higher(one: dict[_K, int], other: dict[_K, int]) -> dict[_K, int]:
    """Each key's higher number of the two."""
    return {key: max(one.get(key, 0), other.get(key, 0)) for key in one.keys() | other.keys()}


def stored(conn: sqlite3.Connection) -> Floors:
    """The floors as stored (``generation``'s row, ``versions_given``): what can be read as
    whole numbers (0: none kept), nothing for a row or a table missing."""
    given: dict[str, int] = {}
    try:
        row = conn.execute(
            "select games_given, clubs_given from generation where id = 1"
        ).fetchone()
    except sqlite3.Error:
        row = None
    for table, value in zip(GIVEN, row or (), strict=False):
        if type(value) is int:
            given[table] = value
    versions: dict[tuple[str, int], int] = {}
    try:
        kept = conn.execute("select owner, id, version from versions_given").fetchall()
    except sqlite3.Error:
        kept = []
    for owner, number, version in kept:
        if owner in VERSIONED and type(number) is int and type(version) is int:
            versions[(owner, number)] = version
    return given, versions


def _state(floors: Floors) -> str:
    """A line's ``state``: ``{"given": {"games": 12}, "versions": [["games", 4, 9]]}``."""
    given, versions = floors
    listed = [[owner, number, version] for (owner, number), version in sorted(versions.items())]
    return json.dumps(
        {"given": dict(sorted(given.items())), "versions": listed}, separators=(",", ":")
    )


HIGHEST = 2**63 - 1
"""SQLite's highest whole number: a floor at it or above was never kept by the app (the next
number, one above it, is not one SQLite holds: ``floors_at_the_highest``)."""


def _number(value: object) -> bool:
    """Whether ``value`` is a floor the app could keep: a whole number (not a bool) below
    SQLite's highest, so that the number after it is one SQLite holds."""
    return type(value) is int and 0 <= value < HIGHEST


def _read(text: object) -> Floors:
    """A line's ``state`` read back; what is not of its shape (a number SQLite cannot
    hold among it) counts as nothing kept."""
    try:
        state = json.loads(text) if isinstance(text, str) else None
    except ValueError:
        state = None
    if not isinstance(state, dict):
        return {}, {}
    given = state.get("given")
    versions = state.get("versions")
    found = {
        table: value
        for table, value in (given.items() if isinstance(given, dict) else ())
        if table in GIVEN and _number(value)
    }
    kept: dict[tuple[str, int], int] = {}
    for item in versions if isinstance(versions, list) else ():
        if isinstance(item, list) and len(item) == 3:
            owner, number, version = item
            if owner in VERSIONED and _number(number) and _number(version):
                kept[(owner, number)] = max(kept.get((owner, number), 0), version)
    return found, kept


def logged(conn: sqlite3.Connection) -> Floors:
    """The floors the log of the numbers given keeps: each one's highest over its lines
    (each line holds every floor a restore kept; none is ever lowered by the app). Nothing
    for a database before m033, or one whose log cannot be read (a damaged file). A line
    whose content is not what its hash says was retyped behind the app (``verify`` names
    it): what it says is not what a restore kept, and a number retyped there would be
    handed out as a floor (one past SQLite's highest: no new game could be numbered)."""
    given: dict[str, int] = {}
    versions: dict[tuple[str, int], int] = {}
    for line, sound in _lines(conn):
        if not sound:
            continue
        more, more_versions = _read(line.get("state"))
        given, versions = higher(given, more), higher(versions, more_versions)
    return given, versions


def _lines(conn: sqlite3.Connection) -> list[tuple[dict[str, object], bool]]:
    """Each line of the log of the numbers given, and whether its content is what its hash
    says (none where the log cannot be read)."""
    table = NUMBERS_GIVEN.table
    try:
        cursor = conn.execute(f"select * from [{table}] order by id")
        names = [column[0] for column in cursor.description]
        lines = [dict(zip(names, line, strict=True)) for line in cursor.fetchall()]
    except sqlite3.Error:
        lines = []
    found = []
    for line in lines:
        try:  # a line removed before it leaves it sound: only its own content counts
            sound = line.get("hash") == link(str(line.get("prev_hash")), line)
        except (TypeError, ValueError):  # a blob retyped in: no JSON, as verify names it
            sound = False
        found.append((line, sound))
    return found


def sound_log(conn: sqlite3.Connection) -> list[dict[str, object]] | None:
    """The lines of the log of the numbers given, in order, when the whole log is sound:
    each line's content what its hash says, each following the one before (the first
    ``GENESIS``), all on the one ``generation`` row, which records their number and last
    hash. None where it cannot be read, has no line, or any of that fails (``verify`` names
    it): such a log is not carried by a restore (``carry``)."""
    try:
        recorded = conn.execute(
            "select log_length, log_head from generation where id = 1"
        ).fetchone()
    except sqlite3.Error:
        return None
    found = _lines(conn)
    lines = [line for line, _sound in found]
    if not lines or recorded is None or tuple(recorded) != (len(lines), lines[-1].get("hash")):
        return None
    previous: object = GENESIS
    for line, sound in found:
        if not sound or line.get("prev_hash") != previous or line.get("generation_id") != 1:
            return None
        previous = line.get("hash")
    return lines


def carry(conn: sqlite3.Connection, lines: list[dict[str, object]] | None) -> None:
    """The log of the numbers given of the image ``conn`` of a backup being restored, made
    the replaced database's (``lines``: its ``sound_log``), whose floors it never lowers:
    the log is the server's, not the backup's. A backup older than the last restore lacks
    that restore's line (its record, and the head a treasurer kept of it, ``verify
    --heads``): the lines after the backup's own are appended as they are (the same ids
    and hashes). A backup whose log holds the replaced one's and more keeps its own; one
    whose log went another way (a backup of another server, or taken between a backup and
    its restore) has it replaced by the replaced database's, the floors of its own lines
    kept all the same (``keep_given``, ``keep_versions``, then ``record``). Called on the
    image in memory, before ``record``."""
    if not lines:
        return
    mine = [line for line, _sound in _lines(conn)]
    if mine == lines[: len(mine)]:
        extra = lines[len(mine) :]
    elif lines == mine[: len(lines)]:
        return
    else:
        table = NUMBERS_GIVEN.table
        refusal = conn.execute(
            "select sql from sqlite_master where type = 'trigger' and name = ?",
            [f"{table}_no_delete"],
        ).fetchone()
        # in the image only, its own lines; the trigger as it was (dropped behind the app: none)
        conn.execute(f"drop trigger if exists [{table}_no_delete]")
        conn.execute(f"delete from [{table}]")
        if refusal is not None:
            conn.execute(str(refusal[0]))
        conn.execute("update generation set log_length = 0, log_head = null where id = 1")
        extra = lines
    for line in extra:  # the generation row counts each (m033's trigger), as appended
        columns = ", ".join(f"[{column}]" for column in line)
        marks = ", ".join("?" for _ in line)
        conn.execute(
            f"insert into [{NUMBERS_GIVEN.table}] ({columns}) values ({marks})",
            list(line.values()),
        )


def retyped(conn: sqlite3.Connection) -> list[Fault]:
    """The lines of the log of the numbers given whose content is not what their hash says
    (``verify`` names them): what they kept counts for nothing (``logged``), so a restore
    over this database cannot keep it, and says so."""
    faults = []
    for line, sound in _lines(conn):
        if sound:
            continue
        row = line.get("id")
        said = (
            f"generation {line.get('generation_id')}: its content is not what its hash says"
            " (retyped behind the app): the numbers and versions it kept are not known"
        )
        faults.append(Fault(NUMBERS_GIVEN.table, row if isinstance(row, int) else None, said))
    return faults


def record(db: sqlite_utils.Database, summary: str) -> None:
    """A restore's line on the log of the numbers given: every floor now stored, when they
    are not what the log already says (a restore that keeps nothing new writes nothing)."""
    given, versions = stored(db.conn)
    now_kept = ({table: n for table, n in given.items() if n > 0}, versions)  # 0: none kept
    if now_kept == logged(db.conn):
        return
    line = {"generation_id": 1, "at": now(), "action": "restore", "summary": summary}
    append(db, NUMBERS_GIVEN, {**line, "state": _state(now_kept)})


def floor_faults(db: sqlite_utils.Database) -> list[Fault]:
    """Every floor stored below what the log of the numbers given keeps (lowered, or its
    row deleted, behind the app): the numbers or versions a restore kept would be handed
    out again. Nothing for a database before m033 or with no floor kept."""
    given, versions = logged(db.conn)
    if not (given or versions):
        return []
    have, have_versions = stored(db.conn)
    faults = []
    for table, floor in sorted(given.items()):
        now_given = have.get(table)
        if now_given is None or now_given < floor:
            was = "is not stored" if now_given is None else f"is {now_given}"
            said = (
                f"{GIVEN[table]} {was}, its log says {floor} (lowered behind the app: a new"
                f" {table.removesuffix('s')} would take a number handed out before a restore)"
            )
            faults.append(Fault("generation", 1, said))
    for (owner, number), floor in sorted(versions.items()):
        now_version = have_versions.get((owner, number))
        if now_version is None or now_version < floor:
            was = "is not stored" if now_version is None else f"is {now_version}"
            said = (
                f"{owner.removesuffix('s')} {number}: the version kept {was}, its log says"
                f" {floor} (lowered behind the app: a version handed out before a restore"
                " would come again)"
            )
            faults.append(Fault("versions_given", None, said))
    return faults


def floors_at_the_highest(db: sqlite_utils.Database) -> list[Fault]:
    """Every floor stored at SQLite's highest whole number: the next game or club would be
    numbered one above it (``unused``), the next change one above it (``next_version``),
    which SQLite cannot hold, so the numbering stops. The app never keeps such a floor (a
    restore keeps numbers it gave, and SQLite never numbers a row there itself: at the
    highest it picks a free number at random), so it was written behind the app; a floor
    raised below it costs only numbers skipped. Checked with or without a log of the
    numbers given (a database never restored has none)."""
    given, versions = stored(db.conn)
    faults = []
    for table, floor in sorted(given.items()):
        if floor >= HIGHEST:
            said = (
                f"{GIVEN[table]} is {floor}, SQLite's highest number: no new"
                f" {table.removesuffix('s')} can be numbered above it (a floor the app never"
                " keeps: written behind the app)"
            )
            faults.append(Fault("generation", 1, said))
    for (owner, number), floor in sorted(versions.items()):
        if floor >= HIGHEST:
            said = (
                f"{owner.removesuffix('s')} {number}: the version kept is {floor}, SQLite's"
                " highest number: no change of it can be numbered above it (a floor the app"
                " never keeps: written behind the app)"
            )
            faults.append(Fault("versions_given", None, said))
    return faults
