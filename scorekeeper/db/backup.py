"""Backups of the live database and their restore, for the command line.

A backup is SQLite's online copy (consistent while the server writes),
written under a temporary name and renamed, so a file named as a backup is
always whole. It is one file: its journal mode is set back to DELETE, so that
no ``-wal`` or ``-shm`` is left beside it (each backup used to leave a 32 KB
``-shm`` and an empty ``-wal`` that the pruning never removed). It carries
everything a restore on a new machine needs: the games and the server's secret
key (``secret_key.py``), so the phones keep their rights. A restore checks the
backup first, refuses one of a newer version, and brings its schema up to date
(``migrations``). ``prune`` removes the dated copies older than some days.
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from urllib.parse import quote

from flask import Config

from . import Database, connect, folder, new_generation, numbers, private_file
from .chain import Fault
from .migrations import migrate


def default_database() -> Path:
    """The server's database, found the way the app finds it (for the command line):
    ``SCOREKEEPER_DATABASE``, else the data folder's ``config.py``, else the data folder's
    (``folder.py``)."""
    if os.environ.get("SCOREKEEPER_DATABASE"):
        return Path(os.environ["SCOREKEEPER_DATABASE"])
    data = folder.data_folder()
    config = Config(str(data))
    config.from_pyfile("config.py", silent=True)
    return Path(config.get("DATABASE") or folder.default_database(data))


def _uri(path: Path, mode: str = "ro") -> str:
    """A ``file:`` URI for SQLite: a path holding ``#``, ``?`` or ``%`` stays that path."""
    return f"file:{quote(str(path.resolve()))}?mode={mode}"


def backup(source: Path, target: Path) -> None:
    """A consistent copy of a live database (SQLite's online backup), written atomically."""
    partial = target.with_name(target.name + ".partial")
    partial.unlink(missing_ok=True)
    private_file(partial)  # a backup holds what the database holds: its owner's only
    src = sqlite3.connect(_uri(source), uri=True, timeout=30)
    try:
        dst = sqlite3.connect(partial)
        try:
            src.backup(dst)
            dst.execute("PRAGMA journal_mode = DELETE")  # one file: no -wal, no -shm beside it
        finally:
            dst.close()
    finally:
        src.close()
    partial.replace(target)


def same_file(one: Path, other: Path) -> bool:
    """Whether two names are one file: the same path once resolved (links followed), or
    the same inode (a hard link, a mount seen twice)."""
    if one.resolve() == other.resolve():
        return True
    try:
        return os.path.samefile(one, other)
    except OSError:
        return False


_WAL = 2
"""The file format versions of a database in WAL mode (bytes 18 and 19 of its header)."""


def not_replaceable(source: Path, target: Path) -> str | None:
    """Why ``backup`` must not write over ``target`` (None: it may), one line.

    A backup is written under a temporary name, then renamed over ``target``: whatever
    file was there is gone. Only an earlier backup of the same database is replaced (a
    nightly ``latest.sqlite``): a Scorekeeper database in rollback mode (``backup`` writes
    its copies so; a served database is in WAL mode) holding the source's secret key (the
    same for every copy of a database, restores included; none in either when
    ``SCOREKEEPER_SECRET_KEY`` keeps it out). Never the source itself, by any of its
    names; never another file (a text, another program's database, another server's
    database or backup: restored by mistake, it would lose that server's games)."""
    if not target.exists():
        return None
    if same_file(source, target):
        return f"{target} is the database itself ({source}): name another file"
    move = "move it away, or name another file"
    if not target.is_file():
        return f"{target} is not a file: {move}"
    try:
        with target.open("rb") as handle:
            header = handle.read(20)
    except OSError as error:
        return f"cannot read {target}: {error.strerror or error}"
    if header[:16] != b"SQLite format 3\x00":
        return f"{target} is not a Scorekeeper backup: {move}"
    if _WAL in header[18:20]:
        # a served database; or a copy written before backups were one file (2026-11-28)
        return f"{target} is a database in WAL mode (as a served one), not a backup: {move}"
    try:
        check_backup(target)
    except ValueError:
        return f"{target} is not a Scorekeeper backup: {move}"
    if key_of(target) != key_of(source):
        # another server's; or of before the key was kept in the database (none in it)
        return f"{target} is not a backup of this database (not its secret key): {move}"
    return None


DATED = "scorekeeper-%Y%m%d-%H%M%S.sqlite"
"""The name of a dated copy (``scorekeeper backup FOLDER``)."""
_DATED = re.compile(r"scorekeeper-\d{8}-\d{6}\.sqlite")


def dated(folder: Path, when: datetime) -> Path:
    return folder / when.strftime(DATED)


def prune(folder: Path, days: int, now: datetime) -> list[Path]:
    """Remove the dated copies in ``folder`` taken more than ``days`` days before ``now``
    (by the date in their name), with any ``-wal``/``-shm`` an older version left beside
    them; other files are never touched. Returns what was removed."""
    removed = []
    for path in sorted(folder.iterdir()):
        name = path.name
        base = name.removesuffix("-wal").removesuffix("-shm")
        if not _DATED.fullmatch(base):
            continue
        taken = datetime.strptime(base, DATED)
        if now - taken > timedelta(days=days):
            path.unlink(missing_ok=True)
            removed.append(path)
    return removed


def check_backup(path: Path) -> int:
    """Refuse a file that is not a sound Scorekeeper database; returns its number of games.
    A file this user may not read is said so: SQLite calls it "unable to open database
    file", which read as a damaged file (a backup written by root, restored by the service's
    user)."""
    try:
        with path.open("rb"):
            pass
    except OSError as error:
        raise ValueError(f"cannot read {path}: {error.strerror or error}") from None
    try:
        conn = sqlite3.connect(_uri(path), uri=True)
        try:
            if conn.execute("pragma integrity_check").fetchone()[0] != "ok":
                raise ValueError(f"{path}: the database is damaged")
            return int(conn.execute("select count(*) from games").fetchone()[0])
        finally:
            conn.close()
    except sqlite3.DatabaseError as error:
        raise ValueError(f"{path}: not a Scorekeeper database ({error})") from None


def _games_of(path: Path) -> dict[int, tuple[str, int | None, int]]:
    """Each game of the database at ``path``: its players' names, version and coup count.
    A version retyped behind the app (text, a blob: ``verify`` names it) is None, never a
    Python error: ``restore --force`` is how a damaged database is replaced whole, and a
    version read with ``int`` refused it ("invalid literal for int() with base 10")."""
    conn = sqlite3.connect(_uri(path), uri=True)
    try:
        rows = conn.execute(
            "select g.id, g.players, g.version, (select count(*) from coups c"
            " where c.game_id = g.id) from games g"
        ).fetchall()
    finally:
        conn.close()
    games = {}
    for number, players, version, coups in rows:
        try:
            names = " · ".join(str(name) for name in json.loads(players))
        except (TypeError, ValueError):
            names = str(players)
        games[int(number)] = (names, version if type(version) is int else None, int(coups))
    return games


OWNERS = (("club", "clubs"), ("event", "events"))
"""The rows whose every change adds to their version as a game's does: a club (its members,
evenings, cash box) and a competition (its players, rounds, results)."""


def _owners_of(path: Path, table: str) -> dict[int, tuple[str, int | None]]:
    """Each club or event (``table``) of the database at ``path``: its name and version
    (None if retyped behind the app, as a game's)."""
    conn = sqlite3.connect(_uri(path), uri=True)
    try:
        rows = conn.execute(f"select id, name, version from {table}").fetchall()
    finally:
        conn.close()
    return {
        int(number): (str(name), version if type(version) is int else None)
        for number, name, version in rows
    }


def _owners_taken(source: Path, target: Path) -> list[str]:
    """The clubs and events a restore takes back: made since the backup, or changed since
    (a treasurer's cash box entries, a round's results), a line each."""
    said = []
    for kind, table in OWNERS:
        try:
            kept, live = _owners_of(source, table), _owners_of(target, table)
        except sqlite3.Error:  # a backup of before clubs or events: nothing to compare
            continue
        for number, (name, version) in sorted(live.items()):
            if number not in kept:
                said.append(f"{kind} {number} ({name}) was made after the backup: gone")
            elif None not in (version, kept[number][1]) and version != kept[number][1]:
                said.append(
                    f"{kind} {number} ({name}): the changes made since the backup are undone"
                )
    return said


def what_a_restore_takes(source: Path, target: Path) -> list[str]:
    """What restoring the backup ``source`` over the database ``target`` takes away, one line
    a game: the coups entered since the backup, the other changes made since, the games made
    since; then the clubs and events changed or made since (``_owners_taken``: a cash box's
    entries went as silently as a game's coups). A restore in place is silent on the phones
    (they show the older game), so the operator has to be able to tell the tables. A live
    database that cannot be read (damaged: ``restore --force`` replaces it whole) says
    nothing."""
    try:
        kept, live = _games_of(source), _games_of(target)
    except sqlite3.Error:
        return []
    said = []
    for number, (names, version, coups) in sorted(live.items()):
        if number not in kept:
            said.append(f"game {number} ({names}) was made after the backup: gone")
            continue
        _names, kept_version, kept_coups = kept[number]
        if coups > kept_coups:
            gone = coups - kept_coups
            said.append(
                f"game {number} ({names}): {gone} coup{'s' if gone > 1 else ''} entered since"
                f" the backup {'are' if gone > 1 else 'is'} gone ({coups} stored,"
                f" {kept_coups} in the backup)"
            )
        elif version != kept_version and None not in (version, kept_version):
            said.append(f"game {number} ({names}): the changes made since the backup are undone")
    return said + _owners_taken(source, target)


def key_of(path: Path) -> str | None:
    """The secret key kept in the database at ``path`` (``secret_key.py``), or None."""
    try:
        conn = sqlite3.connect(_uri(path), uri=True)
        try:
            row = conn.execute("select key from secret_key where id = 1").fetchone()
        finally:
            conn.close()
    except sqlite3.Error:
        return None
    return str(row[0]) if row else None


@dataclass(frozen=True)
class Replaced:
    """What a restore keeps of the database it replaces (``_given``): the highest game and
    club numbers it handed out and each owner's version (its rows, and the floors an
    earlier restore kept there), the floors its log of the numbers given says, and that
    log's lines when it is sound (``numbers.sound_log``)."""

    given: dict[str, int] = field(default_factory=dict)
    versions: dict[tuple[str, int], int] = field(default_factory=dict)
    logged: numbers.Floors = ({}, {})
    log: list[dict[str, object]] | None = None


def _restored(
    source: Path, key: str | None = None, replaced: Replaced | None = None
) -> sqlite3.Connection:
    """The backup in memory, its schema brought up to date and given a new generation;
    ``key``: the secret key to keep when the backup has none (made before keys were kept);
    ``replaced``: what the restored database keeps of the one it replaces: the highest game
    and club numbers it handed out, which the restored one never hands out again
    (``numbers``: a phone may still name them); the versions it gave each game, club and
    event, which the restored one never gives again (a page drawn before the restore shows
    one); and its log of the numbers given, which stays the log (``numbers.carry``: the
    server's, not the backup's). What both logs say counts as well (a floor lowered behind
    the app comes back), every owner's (a log's floors are all stored, so that the
    restored database verifies clean), and what is kept is written on the log
    (``numbers.record``), which ``verify`` reads.

    A backup holds the generation of the database it was taken of: restored as
    it is, the followers' pages kept since the backup (same games, versions and
    tokens) could be handed out for the other coups entered after the restore.
    """
    replaced = replaced or Replaced()
    memory = sqlite3.connect(":memory:", isolation_level=None)
    src = sqlite3.connect(_uri(source), uri=True)
    try:
        src.backup(memory)
    finally:
        src.close()
    image = Database(memory)
    migrate(image, source)
    new_generation(image)
    # both logs of the numbers given: floors lowered behind the app come back
    own_given, own_versions = numbers.logged(memory)
    numbers.carry(memory, replaced.log)
    logged_given, logged_versions = replaced.logged
    given = numbers.higher(replaced.given, numbers.higher(own_given, logged_given))
    numbers.keep_given(memory, given)
    numbers.keep_versions(memory, replaced.versions)
    numbers.keep_versions(memory, numbers.higher(own_versions, logged_versions), every=True)
    numbers.record(image, "restore")
    if key:
        memory.execute("insert or ignore into secret_key (id, key) values (1, ?)", [key])
    return memory


def _given(target: Path) -> Replaced:
    """What a restore keeps of the database ``target`` (``Replaced``), as far as it can be
    read (nothing where it is missing or unreadable: a damaged file replaced whole)."""
    if not target.exists():
        return Replaced()
    try:
        conn = sqlite3.connect(_uri(target), uri=True)
    except sqlite3.Error:
        return Replaced()
    try:
        # what its log of the numbers given keeps counts too: a floor lowered behind the app
        return Replaced(
            numbers.highest_given(conn),
            numbers.versions_given(conn),
            numbers.logged(conn),
            numbers.sound_log(conn),
        )
    finally:
        conn.close()


def floors_lowered(path: Path) -> list[str]:
    """The floors of the database at ``path`` stored below what its log of the numbers
    given says (``numbers.floor_faults``: what ``verify`` names), which a restore takes back
    from the log; none where it cannot be read."""
    return _floor_faults(path, numbers.floor_faults)


def floors_at_the_highest(path: Path) -> list[str]:
    """The floors of the database at ``path`` stored at SQLite's highest number
    (``numbers.floors_at_the_highest``: what ``verify`` names), which a restore does not
    keep; none where it cannot be read."""
    return _floor_faults(path, numbers.floors_at_the_highest)


def _floor_faults(path: Path, faults: Callable[[Database], list[Fault]]) -> list[str]:
    try:
        conn = sqlite3.connect(_uri(path), uri=True)
    except sqlite3.Error:
        return []
    try:
        return [str(fault) for fault in faults(Database(conn))]
    except sqlite3.Error:
        return []
    finally:
        conn.close()


def log_retyped(path: Path) -> list[str]:
    """The lines of the log of the numbers given of the database at ``path`` retyped behind
    the app (``numbers.retyped``), whose floors a restore cannot take back; none where it
    cannot be read."""
    try:
        conn = sqlite3.connect(_uri(path), uri=True)
    except sqlite3.Error:
        return []
    try:
        return [str(fault) for fault in numbers.retyped(conn)]
    except sqlite3.Error:
        return []
    finally:
        conn.close()


def restore(source: Path, target: Path) -> None:
    """Put a backup in place of the live database, with its schema up to date.

    A sound live database is overwritten through SQLite's backup API, in one
    step (a running server sees the restored games on its next request). A
    damaged one cannot be: the backup is then copied into a new file beside it,
    which replaces it whole, its journal files removed (stop the server first).
    Either way the restored database has a new generation (``_restored``), and the
    backup's secret key; a backup made before keys were kept in the database keeps the
    replaced database's key (the phones of this server keep their rights).
    """
    check_backup(source)
    try:
        check_backup(target)
    except ValueError:
        sound = False
    else:
        sound = True
    image = _restored(source, key_of(target) if sound else None, _given(target))
    try:
        if not target.exists() or sound:
            private_file(target)
            dst = sqlite3.connect(target, timeout=30)
            try:
                image.backup(dst)
            finally:
                dst.close()
            connect(target, migrate=True).close()
            return
        fresh = target.with_name(target.name + ".restoring")
        fresh.unlink(missing_ok=True)
        private_file(fresh)
        dst = sqlite3.connect(fresh)
        try:
            image.backup(dst)
        finally:
            dst.close()
    finally:
        image.close()
    connect(fresh, migrate=True).close()
    check_backup(fresh)
    for suffix in ("-wal", "-shm", "-journal"):
        target.with_name(target.name + suffix).unlink(missing_ok=True)
    fresh.replace(target)
    # what opening the new file left beside it under its name: the read-only check's empty
    # log and its index (the migration's close wrote the log into the file), the lock file
    for suffix in ("-wal", "-shm", "-writer"):
        left = fresh.with_name(fresh.name + suffix)
        if left.exists() and not (suffix == "-wal" and left.stat().st_size):
            left.unlink()
