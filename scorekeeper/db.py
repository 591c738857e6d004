"""The SQLite database: a connection kept per server thread, schema as numbered migrations.

Only inputs are stored (games, coups as entered, the change log); every
standing is derived by replaying.
"""

from __future__ import annotations

import os
import sqlite3
import threading
from collections.abc import Generator, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import quote

import click
import sqlite_utils
from flask import Flask, current_app, g
from sqlite_utils.migrations import Migrations

migrations = Migrations("scorekeeper")


@migrations()
def m001_games_coups_changes(db: sqlite_utils.Database) -> None:
    db.table("games").create(
        {
            "id": int,
            "game": str,  # "hombre"
            "players": str,  # JSON list, seat order
            "first_dealer": int,
            "rules": str,  # JSON object, every setting
            "created_at": str,
            "updated_at": str,
            "version": int,  # +1 on every change
        },
        pk="id",
        not_null={"game", "players", "first_dealer", "rules", "created_at", "version"},
    )
    db.table("coups").create(
        {"id": int, "game_id": int, "position": int, "data": str},
        pk="id",
        foreign_keys=[("game_id", "games", "id")],
        not_null={"game_id", "position", "data"},
    )
    db.table("coups").create_index(["game_id", "position"], unique=True)
    db.table("changes").create(
        {
            "id": int,
            "game_id": int,
            "at": str,
            "action": str,  # create, import, add, edit, delete, undo, rules
            "position": int,
            "before": str,  # JSON of the coup (or rules) before, if any
            "after": str,
            "summary": str,
        },
        pk="id",
        foreign_keys=[("game_id", "games", "id")],
        not_null={"game_id", "at", "action"},
    )
    db.table("changes").create_index(["game_id"])


@migrations()
def m002_money(db: sqlite_utils.Database) -> None:
    """What a chip is worth, for the settlement in money (display only)."""
    db.table("games").add_column("chip_value", str)  # a decimal, e.g. "0.05"
    db.table("games").add_column("currency", str)  # e.g. "EUR"


@migrations()
def m003_links(db: sqlite_utils.Database) -> None:
    """The manager link (its hash only) and the read-only table link of each game."""
    import secrets

    db.table("games").add_column("manager_hash", str)
    db.table("games").add_column("table_token", str)
    for row in list(db.query("select id from games")):
        db.execute(
            "update games set table_token = ? where id = ?",
            [secrets.token_urlsafe(18), row["id"]],
        )


@migrations()
def m004_grants(db: sqlite_utils.Database) -> None:
    """Rights kept on the server, so that they can be taken back.

    A browser's cookie carries only a random device token; a ``grants`` row
    (its hash) says that device may change a game, an ``admin_sessions`` row
    that it is logged in as the admin. Revoking the row ends the right at once,
    for every copy of the cookie.
    """
    db.table("grants").create(
        {
            "id": int,
            "game_id": int,
            "device": str,  # SHA-256 of the device token
            "label": str,  # what the browser said it was, for the links page
            "created_at": str,
            "last_change_at": str,
            "revoked_at": str,
        },
        pk="id",
        foreign_keys=[("game_id", "games", "id")],
        not_null={"game_id", "device", "created_at"},
    )
    db.table("grants").create_index(["device", "game_id"])
    db.table("grants").create_index(["game_id"])
    db.table("admin_sessions").create(
        {
            "id": int,
            "token": str,  # SHA-256 of the session's token
            "password_tag": str,  # which admin password it was opened with
            "label": str,
            "created_at": str,
            "revoked_at": str,
        },
        pk="id",
        not_null={"token", "password_tag", "created_at"},
    )
    db.table("admin_sessions").create_index(["token"], unique=True)


@migrations()
def m005_handover_and_who(db: sqlite_utils.Database) -> None:
    """The handover code (its hash only) and which phone made each change.

    ``games.handover_hash``: SHA-256 of the short code that lets a phone that
    follows the game take the fiche over when the manager's phone is gone.
    ``changes.grant_id``: the grant (the device) that made the change, shown in
    the change log; None for changes made without one (the admin, old rows).
    """
    db.table("games").add_column("handover_hash", str)
    db.table("changes").add_column("grant_id", int)


@migrations()
def m006_clubs(db: sqlite_utils.Database) -> None:
    """A club's members, its evenings of several tables, and who sat where.

    A default club is made, and every player name of the games already stored
    becomes one of its members, each seat linked to its member: the games
    themselves (their rows, coups and files) are not changed.
    """
    import json
    import secrets
    from datetime import UTC, datetime

    db.table("clubs").create(
        {
            "id": int,
            "name": str,
            "chip_value": str,  # a decimal, e.g. "0.05"
            "currency": str,
            "manager_hash": str,  # SHA-256 of the club's manager link secret
            "read_token": str,  # the club link's secret (read only)
            "version": int,  # +1 on every change of members or evenings
            "created_at": str,
        },
        pk="id",
        not_null={"name", "read_token", "version", "created_at"},
    )
    db.table("members").create(
        {"id": int, "club_id": int, "name": str, "short_name": str, "merged_into": int},
        pk="id",
        foreign_keys=[("club_id", "clubs", "id"), ("merged_into", "members", "id")],
        not_null={"club_id", "name"},
    )
    db.table("members").create_index(["club_id", "name"])
    db.table("seats").create(
        {"game_id": int, "seat": int, "member_id": int},
        pk=("game_id", "seat"),
        foreign_keys=[("game_id", "games", "id"), ("member_id", "members", "id")],
        not_null={"member_id"},
    )
    db.table("seats").create_index(["member_id"])
    db.table("evenings").create(
        {"id": int, "club_id": int, "date": str, "title": str, "created_at": str},
        pk="id",
        foreign_keys=[("club_id", "clubs", "id")],
        not_null={"club_id", "date", "created_at"},
    )
    db.table("evenings").create_index(["club_id", "date"])
    db.table("evening_games").create(
        {"evening_id": int, "game_id": int, "table_no": int},
        pk=("evening_id", "game_id"),
        foreign_keys=[("evening_id", "evenings", "id"), ("game_id", "games", "id")],
        not_null={"table_no"},
    )
    db.table("evening_games").create_index(["game_id"], unique=True)
    db.table("club_grants").create(
        {"id": int, "club_id": int, "device": str, "created_at": str, "revoked_at": str},
        pk="id",
        foreign_keys=[("club_id", "clubs", "id")],
        not_null={"club_id", "device", "created_at"},
    )
    db.table("club_grants").create_index(["device", "club_id"])
    stamp = datetime.now(UTC).isoformat(timespec="seconds")
    club = {"name": "Club", "read_token": secrets.token_urlsafe(18), "version": 1}
    club_id = int(db.table("clubs").insert({**club, "created_at": stamp}).last_pk or 0)
    members: dict[str, int] = {}
    for row in list(db.query("select id, players from games order by id")):
        for seat, name in enumerate(json.loads(row["players"])):
            if name not in members:
                member = {"club_id": club_id, "name": name, "short_name": None}
                members[name] = int(db.table("members").insert(member).last_pk or 0)
            db.table("seats").insert(
                {"game_id": row["id"], "seat": seat, "member_id": members[name]}
            )


class Database(sqlite_utils.Database):
    """sqlite-utils' database, its reads without a savepoint around each.

    sqlite-utils 4 runs every ``query`` inside SAVEPOINT … RELEASE so that a
    row-returning write can be rolled back; a plain SELECT in autocommit mode
    is one atomic statement already, and the two extra statements made up
    half of the SQL of a request that reads one row.
    """

    def query(
        self, sql: str, params: Sequence[Any] | dict[str, Any] | None = None
    ) -> Generator[dict[str, Any], None, None]:
        if sql.lstrip()[:6].lower() != "select":
            return super().query(sql, params)
        cursor = self.conn.execute(sql, () if params is None else params)
        names = [column[0] for column in cursor.description]
        return (dict(zip(names, row, strict=True)) for row in cursor)

    @contextmanager
    def atomic(self) -> Iterator[Database]:
        """sqlite-utils' transaction, but one that takes the write lock first.

        sqlite-utils begins with a deferred BEGIN and reads the table's shape
        before it writes. In WAL mode a transaction that has read cannot take
        the write lock once another connection has written since: SQLite
        answers "database is locked" at once, without waiting. Fifty phones
        creating games together got 500s from it (the load test). BEGIN
        IMMEDIATE waits for the lock (the connection's timeout) and then
        reads the current state.
        """
        if self.conn.in_transaction:
            with super().atomic():  # a savepoint inside the open transaction
                yield self
            return
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            with super().atomic():
                yield self
        except BaseException:
            if self.conn.in_transaction:
                self.conn.execute("ROLLBACK")
            raise
        try:
            self.conn.execute("COMMIT")
        except BaseException:
            if self.conn.in_transaction:
                self.conn.execute("ROLLBACK")
            raise


def connect(path: str | Path, migrate: bool = False) -> sqlite_utils.Database:
    """Open the database in autocommit mode with WAL and foreign keys on."""
    conn = sqlite3.connect(str(path), timeout=10, isolation_level=None)
    db = Database(conn)
    db.execute("PRAGMA foreign_keys = ON")
    db.enable_wal()
    if migrate:
        migrations.apply(db)
    return db


@contextmanager
def change(db: sqlite_utils.Database) -> Iterator[sqlite_utils.Database]:
    """One change as one write transaction, taken before reading (BEGIN IMMEDIATE).

    Taking the write lock first means the state read inside is the state the
    change is written on: two phones saving at once are serialised, never
    interleaved. sqlite-utils writes inside become savepoints.
    """
    db.conn.execute("BEGIN IMMEDIATE")
    try:
        yield db
    except BaseException:
        if db.conn.in_transaction:
            db.conn.execute("ROLLBACK")
        raise
    db.conn.execute("COMMIT")


def default_database() -> Path:
    """The server's database, found the way the app finds it (for the command line)."""
    import os

    if os.environ.get("SCOREKEEPER_DATABASE"):
        return Path(os.environ["SCOREKEEPER_DATABASE"])
    app = Flask("scorekeeper.app", instance_relative_config=True)
    app.config["DATABASE"] = str(Path(app.instance_path) / "scorekeeper.sqlite")
    app.config.from_pyfile("config.py", silent=True)
    return Path(app.config["DATABASE"])


def _uri(path: Path, mode: str = "ro") -> str:
    """A ``file:`` URI for SQLite: a path holding ``#``, ``?`` or ``%`` stays that path."""
    return f"file:{quote(str(path.resolve()))}?mode={mode}"


def backup(source: Path, target: Path) -> None:
    """A consistent copy of a live database (SQLite's online backup), written atomically."""
    partial = target.with_name(target.name + ".partial")
    partial.unlink(missing_ok=True)
    src = sqlite3.connect(_uri(source), uri=True, timeout=30)
    try:
        dst = sqlite3.connect(partial)
        try:
            src.backup(dst)
        finally:
            dst.close()
    finally:
        src.close()
    partial.replace(target)


def check_backup(path: Path) -> int:
    """Refuse a file that is not a sound Scorekeeper database; returns its number of games."""
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


def restore(source: Path, target: Path) -> None:
    """Put a backup in place of the live database, then bring its schema up to date.

    A sound live database is overwritten through SQLite's backup API (a running
    server sees the restored games on its next request). A damaged one cannot
    be: the backup is then copied into a new file beside it, which replaces it
    whole, its journal files removed (stop the server first).
    """
    check_backup(source)
    try:
        check_backup(target)
    except ValueError:
        sound = False
    else:
        sound = True
    if not target.exists() or sound:
        src = sqlite3.connect(_uri(source), uri=True)
        try:
            dst = sqlite3.connect(target, timeout=30)
            try:
                src.backup(dst)
            finally:
                dst.close()
        finally:
            src.close()
        connect(target, migrate=True).close()
        return
    fresh = target.with_name(target.name + ".restoring")
    fresh.unlink(missing_ok=True)
    backup(source, fresh)
    connect(fresh, migrate=True).close()
    check_backup(fresh)
    for suffix in ("-wal", "-shm", "-journal"):
        target.with_name(target.name + suffix).unlink(missing_ok=True)
    fresh.replace(target)


class _Kept(threading.local):
    """This thread's connection, the file it was opened on and that file's identity."""

    path: str | None = None
    identity: tuple[int, int] | None = None
    db: sqlite_utils.Database | None = None


_kept = _Kept()


def _identity(path: str) -> tuple[int, int] | None:
    try:
        stat = os.stat(path)
    except OSError:
        return None
    return stat.st_dev, stat.st_ino


def get_db() -> sqlite_utils.Database:
    """The request's connection: the one this thread keeps, opened again only when needed.

    Opening a connection (and its pragmas) then closing it cost a third of a
    request that answers "nothing changed" from one row: the server's threads
    keep theirs. It is opened again when the app points at another file or the
    file was replaced (a restore of a damaged database puts a new file in place).
    Each statement commits by itself (autocommit); a request that ends inside a
    transaction has it rolled back (``close_db``), so a kept connection never
    carries one over.
    """
    if "db" not in g:
        path = str(current_app.config["DATABASE"])
        identity = _identity(path)
        if _kept.db is None or _kept.path != path or identity is None or _kept.identity != identity:
            if _kept.db is not None:
                _kept.db.close()
                _kept.db = None
            _kept.db = connect(path)
            _kept.path, _kept.identity = path, _identity(path)
        g.db = _kept.db
    db: sqlite_utils.Database = g.db
    return db


def close_db(_: Any = None) -> None:
    """End of the request: the connection stays open for the thread's next one."""
    db = g.pop("db", None)
    if db is not None and db.conn.in_transaction:
        db.conn.execute("ROLLBACK")


@click.command("init-db")
def init_db_command() -> None:
    """Create the database, or bring its schema up to date."""
    connect(current_app.config["DATABASE"], migrate=True).close()
    click.echo(f"database ready: {current_app.config['DATABASE']}")


def init_app(app: Flask) -> None:
    app.teardown_appcontext(close_db)
    app.cli.add_command(init_db_command)
