"""Games as stored: the inputs and their change log, read back as rules-engine values.

Every change runs in one write transaction (``db.change``), is validated by
replaying the game as it will be before anything is written (from the kept
report of the coups the change leaves as they were: ``checkpoints.py``),
and leaves a line in the game's change log.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from decimal import Decimal
from enum import StrEnum
from typing import Any

import sqlite_utils

from . import cache, grants
from .checkpoints import Checkpoints, length
from .db import change
from .rules import kinds as games
from .rules.errors import N_, GameError
from .rules.kind import GameKind
from .rules.kinds import build, kind_of, stored_kind
from .rules.kinds import replay as replay_any
from .rules.money import Money

AnyGame = Any
"""A game of any kind: each kind has its own game type."""
AnyReport = Any
"""A report of any game: each game's engine has its own report type."""


class Action(StrEnum):
    """What a line of a game's change log records (the ``changes.action`` column)."""

    CREATE = "create"
    IMPORT = "import"
    RULES = "rules"
    MONEY = "money"
    MANAGER_LINK = "manager_link"
    PHONE_REMOVED = "phone_removed"
    ADD = "add"
    EDIT = "edit"
    DELETE = "delete"
    UNDO = "undo"
    REDO = "redo"
    HANDOVER_CODE = "handover_code"
    TAKEOVER = "takeover"


class NotFound(LookupError):
    """No game (or coup) with that number."""


class Conflict(Exception):
    """The game changed since the page that sent this change was shown."""


@dataclass(frozen=True)
class StoredGame:
    id: int
    game: AnyGame
    created_at: str
    updated_at: str
    version: int
    money: Money | None = None
    manager_hash: str | None = None
    """SHA-256 of the manager link's secret; None until one is issued."""
    table_token: str | None = None
    """The secret of the read-only table link."""
    basis: AnyReport = field(default=None, compare=False, repr=False)
    """The report of a prefix of the coups, to continue rather than replay (cache.py)."""
    memo: list[AnyReport] = field(default_factory=list, compare=False, repr=False)
    """The replay once made: a kept game is replayed once per version, not per request."""
    derived: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)
    """Texts made from this version (the game file, the report), made once."""
    checkpoints: Checkpoints = field(default_factory=Checkpoints, compare=False, repr=False)
    """Reports of prefixes of the coups, kept so a correction need not replay from coup 1."""

    def replay(self) -> AnyReport:
        if not self.memo:
            game = self.game
            start = self.basis
            kept = self.checkpoints.nearest(len(game.coups))
            if kept is not None and (start is None or length(start) < length(kept)):
                start = kept
            self.memo.append(self.checkpoints.fold(self.kind, start, game))
        return self.memo[0]

    def check(self, coups: list[Any], first: int) -> AnyReport:
        """This game with ``coups``, changed (corrected or deleted) at coup ``first``: checked.

        What the check and delete pages show and the write validates: valid
        or the GameError a whole replay gives, the final nets, and the results
        of the coups up to the changed one; a kind may stop folding where the
        changed game is back in this one's state (``GameKind.check``).
        """
        return self.checkpoints.check(self.kind, self.replay(), coups, first)

    def known_report(self) -> AnyReport:
        """The replay if made, else the prefix it would continue (one step back at most)."""
        return self.memo[0] if self.memo else self.basis

    @property
    def kind(self) -> GameKind:
        """What every layer asks about this game."""
        return kind_of(self.game)


def replayed(game: AnyGame) -> AnyReport:
    """The report of a game (a stored game keeps its own: ``StoredGame.replay``)."""
    return replay_any(game)


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _row_game(db: sqlite_utils.Database, row: dict[str, Any]) -> StoredGame:
    """The game of a row: the kept one if the row is the same, else read (cache.py)."""
    key = cache.key_of(db, row["id"])
    stamp = cache.stamp_of(row)
    kept = None if key is None else cache.CACHE.get(key)
    if kept is not None and kept.stamp == stamp:
        stored: StoredGame = kept.stored
        return stored
    data = tuple(
        c["data"]
        for c in db.query("select data from coups where game_id = ? order by position", [row["id"]])
    )
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
        added = [kind.load_coup(json.loads(item), before) for item in data[len(kept.data) :]]
        game = before.with_coups([*before.coups, *added]) if added else before
        basis = kept.stored.known_report()
        checkpoints = kept.stored.checkpoints.until(len(kept.data))
    else:
        game = build(
            head[0],
            tuple(json.loads(row["players"])),
            json.loads(row["rules"]),
            row["first_dealer"],
            [json.loads(item) for item in data],
        )
        if kept is not None and kept.head == head:  # a correction: the coups before it stay
            checkpoints = kept.stored.checkpoints.until(_common(kept.data, data))
    stored = _stored(row, game, basis, checkpoints)
    if key is not None:
        cache.CACHE.put(key, cache.Entry(stamp, head, data, stored))
    return stored


def _common(old: tuple[str, ...], new: tuple[str, ...]) -> int:
    """How many first coups two reads of a game share, as stored text."""
    for n, (a, b) in enumerate(zip(old, new)):
        if a != b:
            return n
    return min(len(old), len(new))


def _stored(
    row: dict[str, Any],
    game: AnyGame,
    basis: AnyReport = None,
    checkpoints: Checkpoints | None = None,
) -> StoredGame:
    money = None
    if row.get("chip_value"):
        money = Money(Decimal(row["chip_value"]), row["currency"] or "")
    return StoredGame(
        row["id"],
        game,
        row["created_at"],
        row["updated_at"],
        row["version"],
        money,
        row.get("manager_hash"),
        row.get("table_token"),
        basis,
        checkpoints=Checkpoints() if checkpoints is None else checkpoints,
    )


def _appended(
    db: sqlite_utils.Database, stored: StoredGame, report: AnyReport
) -> tuple[cache.Key, cache.Entry] | None:
    """Inside the write transaction, after a coup is appended: the entry to keep once committed.

    The row and the new coup are read back in the same transaction, so the entry
    is the version just written; it is kept only after the commit succeeds.
    """
    key = cache.key_of(db, stored.id)
    kept = None if key is None else cache.CACHE.get(key)
    if key is None or kept is None or kept.stored is not stored:
        return None
    row = next(iter(db.query("select * from games where id = ?", [stored.id])))
    (last,) = db.execute(
        "select data from coups where game_id = ? and position = ?",
        [stored.id, len(report.game.coups)],
    ).fetchone()
    checkpoints = stored.checkpoints.until(len(kept.data))
    checkpoints.keep(report)
    game = _stored(row, report.game, checkpoints=checkpoints)
    game.memo.append(report)
    entry = cache.Entry(cache.stamp_of(row), cache.head_of(row), (*kept.data, str(last)), game)
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


def head(db: sqlite_utils.Database, game_id: int) -> GameHead:
    rows = list(
        db.query(
            "select id, version, manager_hash, table_token, game, rules, updated_at"
            " from games where id = ?",
            [game_id],
        )
    )
    if not rows:
        raise NotFound(game_id)
    row = rows[0]
    kind = stored_kind(row["game"] or "hombre", json.loads(row["rules"]))
    return GameHead(
        row["id"],
        row["version"],
        row["manager_hash"],
        row["table_token"],
        kind,
        row["updated_at"] or "",
    )


def load(db: sqlite_utils.Database, game_id: int) -> StoredGame:
    rows = list(db.query("select * from games where id = ?", [game_id]))
    if not rows:
        raise NotFound(game_id)
    return _row_game(db, rows[0])


@dataclass(frozen=True)
class GameRow:
    """A game as its row tells it, without replaying it (the list of games)."""

    id: int
    kind: GameKind
    players: tuple[str, ...]
    rules: Any
    """The rule set's value (built from the row; no coup is read)."""
    created_at: str
    updated_at: str
    coups: int


def list_rows(
    db: sqlite_utils.Database, ids: set[int] | None, limit: int, offset: int = 0
) -> tuple[list[GameRow], int]:
    """A page of games, newest first, of ``ids`` (None: all), and how many there are in all.

    Reads the games' rows and counts their coups in SQL: the cost of the list
    does not grow with the length of the games.
    """
    where, params = "", []
    if ids is not None:
        chosen = sorted(ids)[-1000:]
        where = f"where id in ({', '.join('?' * len(chosen))})" if chosen else "where 0"
        params = list(chosen)
    total = db.execute(f"select count(*) from games {where}", params).fetchone()[0]
    rows = db.query(
        f"""select games.*, (select count(*) from coups where coups.game_id = games.id) as n
        from games {where} order by created_at desc, id desc limit ? offset ?""",
        [*params, limit, offset],
    )
    out = []
    for row in rows:
        kind = row.get("game") or "hombre"
        players = tuple(json.loads(row["players"]))
        game = build(kind, players, json.loads(row["rules"]), row["first_dealer"], [])
        out.append(
            GameRow(
                row["id"],
                kind_of(game),
                players,
                game.rules,
                row["created_at"],
                row["updated_at"] or row["created_at"],
                row["n"],
            )
        )
    return out, int(total)


def list_games(db: sqlite_utils.Database, ids: set[int] | None = None) -> list[StoredGame]:
    """Every game of ``ids`` (None: all), newest first; only those are read."""
    if ids is None:
        rows = db.query("select * from games order by created_at desc, id desc")
    else:
        chosen = sorted(ids)[-1000:]
        rows = db.query(
            f"select * from games where id in ({', '.join('?' * len(chosen))})"
            " order by created_at desc, id desc",
            chosen,
        )
    return [_row_game(db, row) for row in rows]


def history(db: sqlite_utils.Database, game_id: int) -> list[dict[str, Any]]:
    """The change log of a game, newest first, with the label of the phone that made each."""
    return list(
        db.query(
            "select changes.*, grants.label as phone from changes"
            " left join grants on grants.id = changes.grant_id"
            " where changes.game_id = ? order by changes.id desc",
            [game_id],
        )
    )


def redoable(db: sqlite_utils.Database, game_id: int) -> int | None:
    """The position of the coup a redo would put back, if the last changes were undos.

    Undos stack: after undoing coups 7 and 6, redo puts 6 back, then 7. Any
    other change since (a coup added, corrected, deleted, a new link…) ends it.
    """
    skip = 0
    for row in db.query(
        "select action, position from changes where game_id = ? order by id desc", [game_id]
    ):
        if row["action"] == Action.REDO:
            skip += 1
        elif row["action"] == Action.UNDO and skip:
            skip -= 1
        elif row["action"] == Action.UNDO:
            return int(row["position"])
        else:
            return None
    return None


def _undone_coup(db: sqlite_utils.Database, game_id: int) -> Any:
    """The file shape of the coup a redo puts back (the undo's ``before``)."""
    skip = 0
    for row in db.query(
        "select action, before from changes where game_id = ? order by id desc", [game_id]
    ):
        if row["action"] == Action.REDO:
            skip += 1
        elif row["action"] == Action.UNDO and skip:
            skip -= 1
        else:
            return json.loads(row["before"])
    raise NotFound(game_id)  # pragma: no cover - redoable() said there was one


def _log(
    db: sqlite_utils.Database,
    game_id: int,
    action: Action,
    position: int | None = None,
    before: Any = None,
    after: Any = None,
    summary: str = "",
    by: int | None = None,
) -> None:
    """One line of the change log; the grant that made the change gets its time too.

    In the change's own transaction: a second write after the answer (access.note_change)
    would cost every coup another commit.
    """
    at = now()
    if by is not None:
        grants.changed(db, by, at)
    db.table("changes").insert(
        {
            "game_id": game_id,
            "at": at,
            "action": str(action),
            "position": position,
            "before": None if before is None else json.dumps(before, ensure_ascii=False),
            "after": None if after is None else json.dumps(after, ensure_ascii=False),
            "summary": summary,
            "grant_id": by,
        }
    )


def _current(db: sqlite_utils.Database, game_id: int, version: int | None) -> StoredGame:
    stored = load(db, game_id)
    if version is not None and version != stored.version:
        raise Conflict(game_id)
    return stored


def _bump(db: sqlite_utils.Database, stored: StoredGame) -> None:
    db.execute(
        "update games set version = ?, updated_at = ? where id = ?",
        [stored.version + 1, now(), stored.id],
    )


def create(
    db: sqlite_utils.Database,
    game: AnyGame,
    action: Action = Action.CREATE,
    money: Money | None = None,
    manager_hash: str | None = None,
    handover_hash: str | None = None,
    then: Callable[[sqlite_utils.Database, int], object] | None = None,
) -> int:
    """Store a new game (with its coups, for an import); replays it first.

    ``then(db, game_id)`` runs in the same transaction (an evening's new table).
    """
    replay_any(game)
    with change(db):
        stamp = now()
        game_id = (
            db.table("games")
            .insert(
                {
                    "game": kind_of(game).game,
                    "chip_value": None if money is None else str(money.chip_value),
                    "currency": None if money is None else money.currency,
                    "manager_hash": manager_hash,
                    "handover_hash": handover_hash,
                    "table_token": secrets.token_urlsafe(18),
                    "players": json.dumps(list(game.players), ensure_ascii=False),
                    "first_dealer": game.first_dealer,
                    "rules": json.dumps(game.rules.to_mapping()),
                    "created_at": stamp,
                    "updated_at": stamp,
                    "version": 1,
                }
            )
            .last_pk
        )
        assert isinstance(game_id, int)
        db.table("coups").insert_all(
            {
                "game_id": game_id,
                "position": n,
                "data": json.dumps(games.dump_coup(game, c), ensure_ascii=False),
            }
            for n, c in enumerate(game.coups, 1)
        )
        _log(db, game_id, action, summary=f"{len(game.coups)} coups")
        if then is not None:
            then(db, game_id)
    return game_id


def set_table(
    db: sqlite_utils.Database,
    game_id: int,
    players: tuple[str, ...],
    first_dealer: int,
    rules: Any,
    version: int | None = None,
) -> None:
    """Change players, first dealer or rule set: only before the first coup."""
    with change(db):
        stored = _current(db, game_id, version)
        if stored.game.coups:
            raise GameError("rules", N_("the rule set is frozen once the first coup is entered"))
        build(stored.kind.game, players, rules.to_mapping(), first_dealer, [])
        db.execute(
            "update games set players = ?, first_dealer = ?, rules = ? where id = ?",
            [
                json.dumps(list(players), ensure_ascii=False),
                first_dealer,
                json.dumps(rules.to_mapping()),
                game_id,
            ],
        )
        _bump(db, stored)
        _log(db, game_id, Action.RULES, after=rules.to_mapping(), summary=rules.describe())


def set_money(
    db: sqlite_utils.Database, game_id: int, money: Money | None, version: int | None = None
) -> None:
    """Set (or clear) what a chip is worth; it never changes a chip count."""
    with change(db):
        stored = _current(db, game_id, version)
        db.execute(
            "update games set chip_value = ?, currency = ? where id = ?",
            [
                None if money is None else str(money.chip_value),
                None if money is None else money.currency,
                game_id,
            ],
        )
        _bump(db, stored)
        summary = "" if money is None else f"{money.chip_value} {money.currency}"
        _log(db, game_id, Action.MONEY, summary=summary)


def set_manager_hash(
    db: sqlite_utils.Database,
    game_id: int,
    manager_hash: str,
    version: int | None = None,
    keep_device: str | None = None,
    by: int | None = None,
) -> None:
    """Issue a new manager link: the previous link stops working, and every device that
    holds the right loses it but ``keep_device`` (the phone that issued the link)."""
    with change(db):
        stored = _current(db, game_id, version)
        db.execute("update games set manager_hash = ? where id = ?", [manager_hash, game_id])
        grants.revoke_others(db, game_id, keep_device)
        _bump(db, stored)
        _log(db, game_id, Action.MANAGER_LINK, by=by)


def handover_hash(db: sqlite_utils.Database, game_id: int) -> str | None:
    """The hash of the game's handover code (None: no code issued yet)."""
    rows = list(db.query("select handover_hash from games where id = ?", [game_id]))
    if not rows:
        raise NotFound(game_id)
    value = rows[0]["handover_hash"]
    return None if value is None else str(value)


def set_handover_hash(
    db: sqlite_utils.Database,
    game_id: int,
    code_hash: str,
    version: int | None = None,
    by: int | None = None,
) -> None:
    """Issue a new handover code (the manager shows it again): the previous one stops working."""
    with change(db):
        stored = _current(db, game_id, version)
        db.execute("update games set handover_hash = ? where id = ?", [code_hash, game_id])
        _bump(db, stored)
        _log(db, game_id, Action.HANDOVER_CODE, by=by)


def take_over(
    db: sqlite_utils.Database,
    game_id: int,
    code_hash: str,
    new_code_hash: str,
    new_manager_hash: str,
    device: str,
    label: str,
    version: int | None = None,
) -> grants.Grant:
    """The phone that gave the handover code becomes the only one that may change the game.

    Checked again inside the write transaction, so two phones racing with the
    same code cannot both win: the code, the manager link and every other
    phone's right are replaced in the same step. Raises ``Conflict`` if the
    code changed meanwhile (or the version moved).
    """
    with change(db):
        stored = _current(db, game_id, version)
        cursor = db.execute(
            "update games set handover_hash = ?, manager_hash = ?"
            " where id = ? and handover_hash = ?",
            [new_code_hash, new_manager_hash, game_id, code_hash],
        )
        if cursor.rowcount != 1:
            raise Conflict(game_id)
        grant = grants.give(db, game_id, device, label)
        ended = grants.revoke_others(db, game_id, device)
        _bump(db, stored)
        _log(db, game_id, Action.TAKEOVER, summary=str(ended), by=grant.id)
    return grant


def remove_device(
    db: sqlite_utils.Database, game_id: int, grant_id: int, version: int, by: int | None = None
) -> None:
    """Take one device's right to change the game back (*remove this phone*)."""
    with change(db):
        stored = _current(db, game_id, version)
        if not grants.revoke(db, game_id, grant_id):
            raise NotFound(grant_id)
        _bump(db, stored)
        _log(db, game_id, Action.PHONE_REMOVED, summary=str(grant_id), by=by)


def _rewrite(
    db: sqlite_utils.Database,
    stored: StoredGame,
    coups: list[Any],
    action: Action,
    position: int,
    before: Any,
    after: Any,
    by: int | None = None,
) -> AnyReport:
    """Validate the new list of coups by replaying it, then store the difference."""
    game = stored.game.with_coups(coups)
    # raises GameError: nothing written yet; an appended coup continues the kept replay, a
    # correction or deletion is checked from the kept prefix before it, and as far as it
    # differs from the game (the stored game, read in this transaction): what a whole replay
    # refuses, the check refuses
    appended = action in (Action.ADD, Action.REDO)
    if appended:
        report = stored.kind.extend(stored.replay(), game)
    else:
        report = stored.check(coups, position)
    if appended:
        assert after is not None
        db.table("coups").insert(
            {
                "game_id": stored.id,
                "position": position,
                "data": json.dumps(games.dump_coup(game, after), ensure_ascii=False),
            }
        )
    elif action is Action.EDIT:
        assert after is not None
        db.execute(
            "update coups set data = ? where game_id = ? and position = ?",
            [json.dumps(games.dump_coup(game, after), ensure_ascii=False), stored.id, position],
        )
    else:  # delete or undo: remove, then close the gap
        db.execute("delete from coups where game_id = ? and position = ?", [stored.id, position])
        # two steps so the unique (game_id, position) index never sees a duplicate
        db.execute(
            "update coups set position = -position where game_id = ? and position > ?",
            [stored.id, position],
        )
        db.execute(
            "update coups set position = -position - 1 where game_id = ? and position < 0",
            [stored.id],
        )
    _bump(db, stored)
    _log(
        db,
        stored.id,
        action,
        position,
        None if before is None else games.dump_coup(game, before),
        None if after is None else games.dump_coup(game, after),
        by=by,
    )
    return report


def add_coup(
    db: sqlite_utils.Database,
    game_id: int,
    coup: Any,
    version: int | None = None,
    by: int | None = None,
) -> AnyReport:
    with change(db):
        stored = _current(db, game_id, version)
        coups = [*stored.game.coups, coup]
        report = _rewrite(db, stored, coups, Action.ADD, len(coups), None, coup, by)
        keep = _appended(db, stored, report)
    if keep is not None:  # committed: the next page of this game needs no read of its coups
        cache.CACHE.put(*keep)
    return report


def redo_coup(
    db: sqlite_utils.Database, game_id: int, version: int | None = None, by: int | None = None
) -> AnyReport:
    """Put back the last undone coup, if nothing but undos (and redos) happened since."""
    with change(db):
        stored = _current(db, game_id, version)
        position = redoable(db, game_id)
        if position is None or position != len(stored.game.coups) + 1:
            raise Conflict(game_id)
        coup = stored.kind.load_coup(_undone_coup(db, game_id), stored.game)
        coups = [*stored.game.coups, coup]
        return _rewrite(db, stored, coups, Action.REDO, position, None, coup, by)


def edit_coup(
    db: sqlite_utils.Database,
    game_id: int,
    position: int,
    coup: Any,
    version: int | None = None,
    by: int | None = None,
) -> AnyReport:
    with change(db):
        stored = _current(db, game_id, version)
        coups = list(stored.game.coups)
        if not 1 <= position <= len(coups):
            raise NotFound(position)
        before, coups[position - 1] = coups[position - 1], coup
        return _rewrite(db, stored, coups, Action.EDIT, position, before, coup, by)


def delete_coup(
    db: sqlite_utils.Database,
    game_id: int,
    position: int | None = None,
    version: int | None = None,
    by: int | None = None,
) -> AnyReport:
    """Delete a coup; without a position, undo the last one (the log keeps it for a redo)."""
    with change(db):
        stored = _current(db, game_id, version)
        coups = list(stored.game.coups)
        action = Action.UNDO if position is None else Action.DELETE
        position = len(coups) if position is None else position
        if not 1 <= position <= len(coups):
            raise NotFound(position)
        before = coups.pop(position - 1)
        return _rewrite(db, stored, coups, action, position, before, None, by)
