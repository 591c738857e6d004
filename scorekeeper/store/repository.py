"""Reading stored games: one game (its head, or whole and replayed) and the lists of games.

A game is read from its one row and kept per process (``cache.py``): the
row as read tells whether the kept game is still this version, so a game is
rebuilt and replayed once per version, and an appended coup only continues
the kept replay. The lists read rows, never coups.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from decimal import Decimal
from functools import lru_cache
from typing import ClassVar

import sqlite_utils

from ..db import rows
from ..rules.errors import GameError
from ..rules.kind import GameKind, Rules
from ..rules.kinds import build, kind_of, stored_kind
from ..rules.money import Money
from ..rules.seat_names import sitting_now
from ..rules.seating import WAYS, SeatChange
from . import cache
from .checkpoints import Checkpoints
from .errors import NotFound
from .game_rows import GamesRow
from .stored import AnyGame, AnyReport, StoredGame
from .table_club import CLUB_COLUMNS, CLUB_NAMES
from .table_locks import LOCK_COLUMNS, STATE_COLUMNS, TableState, state_of

GAME_COLUMNS = "games.*, (select token from generation where id = 1) as generation"
GAME_ROWS = f"select {GAME_COLUMNS} from games"
"""A game's row with the database's generation, read in the same statement (one snapshot):
a backup restored in place brings back versions and times of change, never a generation
(``cache.stamp_of``)."""


def row_game(db: sqlite_utils.Database, row: GamesRow) -> StoredGame:
    """The game of a row: the kept one if the row is the same, else read (cache.py)."""
    key = cache.key_of(db, row.id)
    stamp = cache.stamp_of(row)
    kept = None if key is None else cache.CACHE.get(key)
    if kept is not None and kept.stamp == stamp:
        return kept.stored
    values = [
        value
        for (value,) in db.execute(
            "select data from coups where game_id = ? order by position", [row.id]
        )
    ]
    data = tuple(value for value in values if isinstance(value, str))
    if len(data) != len(values):
        at = next(n for n, value in enumerate(values) if not isinstance(value, str))
        raise rows.Damaged("data", rows.held(values[at]), _coup_id(db, row.id, at), "coups")
    head = cache.head_of(row)
    basis = None
    checkpoints = Checkpoints()
    if (
        kept is not None
        and kept.head == head
        and len(kept.data) <= len(data)
        and data[: len(kept.data)] == kept.data
    ):  # coups appended since: read the new ones, continue the replay
        before = kept.stored.game
        kind = kind_of(before)
        with _coups_read(db, row):
            added = [
                _loaded(kind, text, n, before)
                for n, text in enumerate(data[len(kept.data) :], start=len(kept.data) + 1)
            ]
        game = before.with_coups([*before.coups, *added]) if added else before
        basis = kept.stored.known_report()
        checkpoints = kept.stored.checkpoints.until(len(kept.data))
    else:
        with _coups_read(db, row):
            game = build(
                row.game,
                row.player_names(),
                row.rules_object(),
                row.first_dealer,
                [_coup_file(text, n) for n, text in enumerate(data, start=1)],
            )
        if kept is not None and kept.head == head:  # a correction: the coups before it stay
            checkpoints = kept.stored.checkpoints.until(_common(kept.data, data))
    seats = seat_changes_of(db, row.id, len(game.players))
    stored = _stored(row, game, basis, checkpoints, seats)
    if key is not None:
        cache.CACHE.put(key, cache.Entry(stamp, head, data, stored))
    return stored


def _common(old: tuple[str, ...], new: tuple[str, ...]) -> int:
    """How many first coups two reads of a game share, as stored text."""
    for n, (a, b) in enumerate(zip(old, new)):
        if a != b:
            return n
    return min(len(old), len(new))


def _coup_file(text: str, number: int) -> object:
    """Coup ``number``'s row: the coup in the game file's shape (its kind reads and checks
    it; text that is not JSON is refused as the rules refuse a coup)."""
    try:
        coup: object = json.loads(text)
    except (ValueError, RecursionError):
        raise GameError("data", "not JSON", coup=number) from None
    return coup


def _loaded(kind: GameKind, text: str, number: int, game: AnyGame) -> object:
    """Coup ``number`` read after ``game``'s coups (a refusal placed at it)."""
    try:
        return kind.load_coup(_coup_file(text, number), game)
    except GameError as error:
        raise error if error.coup is not None else error.at(number) from None


@contextmanager
def _coups_read(db: sqlite_utils.Database, row: GamesRow) -> Iterator[None]:
    """The game's stored parts read as a game: what its rules refuse was changed behind the
    app (the app stores only what they took), said as the row at fault (``rows.Damaged``):
    a coup's (``GameError.coup``), else the game's."""
    try:
        yield
    except rows.Damaged:
        raise
    except (GameError, KeyError, TypeError, ValueError, IndexError, RecursionError) as error:
        number = error.coup if isinstance(error, GameError) else None
        found = None if number is None else _coup_id(db, row.id, number - 1)
        if found is not None:
            raise rows.Damaged("data", "junk", found, "coups") from None
        field = error.field.split(".")[0] if isinstance(error, GameError) else ""
        column = field if field in ("game", "players", "first_dealer", "rules") else "rules"
        raise rows.Damaged(column, "junk", row.id, "games") from None


def _coup_id(db: sqlite_utils.Database, game_id: int, index: int) -> int | None:
    """The id of the game's coup row at ``index`` (0: its first), to name it."""
    found = db.execute(
        "select id from coups where game_id = ? order by position limit 1 offset ?",
        [game_id, index],
    ).fetchone()
    return None if found is None else int(found[0])


def _stored(
    row: GamesRow,
    game: AnyGame,
    basis: AnyReport | None = None,
    checkpoints: Checkpoints | None = None,
    seats: tuple[SeatChange, ...] = (),
) -> StoredGame:
    money = None
    if row.chip_value:
        money = Money(Decimal(row.chip_value), row.currency or "")
    return StoredGame(
        row.id,
        game,
        row.created_at,
        row.updated_at,
        row.version,
        money,
        row.manager_hash,
        row.table_token,
        basis,
        checkpoints=Checkpoints() if checkpoints is None else checkpoints,
        seat_changes=seats,
        stopped=row.stopped,
    )


def seat_changes_of(
    db: sqlite_utils.Database, game_id: int, seats: int | None = None
) -> tuple[SeatChange, ...]:
    """Who took a seat from which coup (m019), in the order made; ``seats``: the table's,
    each change's seat one of them (the rules' ``seat_file.load`` takes no other).

    A database not yet brought to m019 (a migration's own test drives the store at an
    older schema) has none."""
    try:
        found = list(
            db.query(
                "select rowid as id, coup, seat, player, way from seat_changes where game_id = ?"
                " order by position",
                [game_id],
            )
        )
    except sqlite3.OperationalError:
        return ()
    return tuple(_seat_change(row, seats) for row in found)


def _seat_change(row: rows.Row, seats: int | None = None) -> SeatChange:
    """A seat change as stored (``rows.Damaged`` naming it: a column retyped behind the app,
    a way no seat is taken by, a seat the table has not or a coup before the first: every
    page of the game counted the persons by them, a KeyError)."""
    with rows.reading("seat_changes", row):
        change = SeatChange(
            rows.whole(row, "coup"),
            rows.whole(row, "seat"),
            rows.text(row, "player"),
            rows.text(row, "way"),
        )
        if change.way not in WAYS:
            raise rows.Damaged("way", "junk")
        if seats is not None and not 0 <= change.seat < seats:
            raise rows.Damaged("seat", "junk")
        if change.coup < 1:
            raise rows.Damaged("coup", "junk")
        return change


def kept_after_append(
    db: sqlite_utils.Database,
    row: GamesRow,
    stored: StoredGame,
    report: AnyReport,
    written: tuple[int, str, str],
) -> tuple[cache.Key, cache.Entry] | None:
    """Inside the write transaction, after a coup is appended: the entry to keep once committed.

    ``row``: the game's row as the change read it; ``written``: the version and time the
    change wrote on it and the new coup's row as stored text. Nothing is read again: the
    entry is the version just written, kept only after the commit succeeds.
    """
    key = cache.key_of(db, stored.id)
    kept = None if key is None else cache.CACHE.get(key)
    if key is None or kept is None or kept.stored is not stored:
        return None
    version, at, last = written
    row = replace(row, version=version, updated_at=at)
    checkpoints = stored.checkpoints.until(len(kept.data))
    checkpoints.keep(report)
    game = _stored(row, report.game, checkpoints=checkpoints, seats=stored.seat_changes)
    game.memo.append(report)
    entry = cache.Entry(cache.stamp_of(row), cache.head_of(row), (*kept.data, last), game)
    return key, entry


@dataclass(frozen=True)
class GameHead:
    """A game's row without its coups: enough to check a link and poll the version."""

    id: int
    version: int
    manager_hash: str | None
    table_token: str | None
    kind: GameKind
    updated_at: str = ""
    """When the last change was stored: with the version, what a kept page is the page of
    (a backup restored in place can bring a version number back with other coups)."""
    generation: str = ""
    """The database's generation, read with the row (one snapshot): a restore in place
    replaces it, so a page kept before the restore never matches a version after it."""


def head(db: sqlite_utils.Database, game_id: int) -> GameHead:
    found = list(
        db.query(
            "select id, version, manager_hash, table_token, game, rules, updated_at,"
            " (select token from generation where id = 1) as generation from games where id = ?",
            [game_id],
        )
    )
    if not found:
        raise NotFound(game_id)
    row = found[0]
    with rows.reading("games", row):
        return GameHead(
            rows.whole(row, "id"),
            rows.whole(row, "version"),
            rows.text_or_none(row, "manager_hash"),
            rows.text_or_none(row, "table_token"),
            kind_of_row(rows.text(row, "game"), rows.text(row, "rules")),
            rows.text_or_none(row, "updated_at") or "",
            rows.text_or_none(row, "generation") or "",
        )


@lru_cache(maxsize=256)
def kind_of_row(game: str, rules: str) -> GameKind:
    """The kind of a game's row, from its ``game`` and its rules' text: read once per text
    (a phone's poll reads the head of the same game every few seconds)."""
    try:
        return stored_kind(game, json.loads(rules))
    except (ValueError, RecursionError):
        raise rows.Damaged("rules", "junk") from None
    except KeyError:
        raise rows.Damaged("game", "junk") from None


def head_of_row(row: GamesRow) -> GameHead:
    """The head of a game's row read whole (a ``game`` or rules no kind reads: its row)."""
    with rows.reading("games", {"id": row.id}):
        kind = kind_of_row(row.game, row.rules)
    return GameHead(
        row.id,
        row.version,
        row.manager_hash,
        row.table_token,
        kind,
        row.updated_at or "",
        row.generation or "",
    )


def row_and_grant(
    db: sqlite_utils.Database, game_id: int, device: str | None
) -> tuple[GamesRow, int | None, TableState, tuple[object, object, object] | None]:
    """The game's row, the standing grant of ``device`` on it (``grants.active``'s id), the
    table's locks and the club of its evening with the club's version and the table's seats
    as stored (None: the table is in no evening; ``table_club.club_of`` reads the first
    two), one statement: what a
    request checks its rights against, reads the game from and shows the table's state by
    (a page's tag and the page itself)."""
    found = list(
        db.query(
            f"""select {GAME_COLUMNS}, (select g.id from grants g where g.device = :device
            and g.game_id = games.id and g.revoked_at is null order by g.id desc limit 1)
            as _grant, {STATE_COLUMNS}, {CLUB_COLUMNS} from games where id = :game""",
            {"device": device, "game": game_id},
        )
    )
    if not found:
        raise NotFound(game_id)
    columns = found[0]
    grant = columns.pop("_grant")
    closing, coups, event = (columns.pop(name) for name in LOCK_COLUMNS)
    club_id, club_version, seats = (columns.pop(name) for name in CLUB_NAMES)
    club = None if club_id is None else (club_id, club_version, seats)
    row = GamesRow.of(columns)
    state = state_of(closing, coups, event, row.stopped)
    return row, None if grant is None else int(grant), state, club


def load(db: sqlite_utils.Database, game_id: int) -> StoredGame:
    found = list(db.query(GAME_ROWS + " where id = ?", [game_id]))
    if not found:
        raise NotFound(game_id)
    return row_game(db, GamesRow.of(found[0]))


@dataclass(frozen=True)
class GameRow:
    """A game as its row tells it, without replaying it (the list of games)."""

    id: int
    kind: GameKind
    players: tuple[str, ...]
    rules: Rules
    """The rule set's value (built from the row; no coup is read)."""
    created_at: str
    updated_at: str
    coups: int
    seat_changes: tuple[SeatChange, ...] = ()  # read for the whole page (``list_rows``)
    damaged: ClassVar[None] = None

    def seated(self) -> tuple[str, ...]:
        """Who sits at each seat now, as the table's page says (``sitting_now``)."""
        return sitting_now(self.players, self.seat_changes, self.coups)


@dataclass(frozen=True)
class DamagedGameRow:
    """A game of the list whose row was changed behind the app: its id and what is wrong.
    One such row made the whole list a 409, for every reader it listed."""

    id: int
    damaged: rows.Damaged


def list_rows(
    db: sqlite_utils.Database, ids: set[int] | None, limit: int, offset: int = 0
) -> tuple[list[GameRow | DamagedGameRow], int]:
    """A page of games, newest first, of ``ids`` (None: all), and how many there are in all.

    Reads the games' rows and counts their coups in SQL: the cost of the list
    does not grow with the length of the games. A row that cannot be read is listed as
    such (its page says the same, 409), not a refusal of the whole list.
    """
    where, params = "", []
    if ids is not None:
        chosen = sorted(ids)[-1000:]
        where = f"where id in ({', '.join('?' * len(chosen))})" if chosen else "where 0"
        params = list(chosen)
    (total,) = db.execute(f"select count(*) from games {where}", params).fetchone()
    found = db.query(
        f"""select games.*, (select count(*) from coups where coups.game_id = games.id) as n
        from games {where} order by created_at desc, id desc limit ? offset ?""",
        [*params, limit, offset],
    )
    page = list(found)
    changes = _listed_changes(db, [int(listed["id"]) for listed in page])
    out: list[GameRow | DamagedGameRow] = []
    for listed in page:
        try:
            out.append(_listed(db, listed, changes.get(int(listed["id"]), [])))
        except rows.Damaged as damaged:
            out.append(DamagedGameRow(int(listed["id"]), damaged))  # INTEGER PRIMARY KEY
    return out, int(total)


def _listed_changes(db: sqlite_utils.Database, ids: list[int]) -> dict[int, list[rows.Row]]:
    """The seat-change rows of the games ``ids`` (a page of the list) by game, in the order
    made: one SELECT a page."""
    out: dict[int, list[rows.Row]] = {}
    for row in db.query(
        "select rowid as id, game_id, coup, seat, player, way from seat_changes"
        f" where game_id in ({', '.join('?' * len(ids))}) order by game_id, position",
        ids,
    ):
        out.setdefault(int(row["game_id"]), []).append(row)
    return out


def _listed(db: sqlite_utils.Database, listed: rows.Row, changes: list[rows.Row]) -> GameRow:
    row = GamesRow.of(listed)
    players = row.player_names()
    with _coups_read(db, row):  # a game or rule set no kind reads: its row is said
        game = build(row.game, players, row.rules_object(), row.first_dealer, [])
    return GameRow(
        row.id,
        kind_of(game),
        players,
        game.rules,
        row.created_at,
        row.updated_at or row.created_at,
        rows.whole(listed, "n"),
        tuple(_seat_change(change, len(players)) for change in changes),
    )


def list_games(db: sqlite_utils.Database, ids: set[int] | None = None) -> list[StoredGame]:
    """Every game of ``ids`` (None: all), newest first; only those are read."""
    if ids is None:
        found = db.query(GAME_ROWS + " order by created_at desc, id desc")
    else:
        chosen = sorted(ids)[-1000:]
        found = db.query(
            GAME_ROWS + f" where id in ({', '.join('?' * len(chosen))})"
            " order by created_at desc, id desc",
            chosen,
        )
    return [row_game(db, GamesRow.of(row)) for row in found]
