"""Checks that the stored games are what their change logs say (``scorekeeper verify``).

First every hash chain is recomputed (``chain.py``); then each game's log is
replayed from its start — the creation (or import), whose line holds the
game's row and coups, or, for a game stored before the chains, the ``chain``
line of the migration that holds them as they were then — applying each
later line: the columns of the game's row it wrote (``state``), the coup
it added, corrected, deleted, undid or redid (``before``, ``after``,
``position``), the seat changes it moved (a deletion: its ``state``'s
``seat_changes``, all of them) and the seat someone took (``seat``: its
``after``; an import's are in its first line). The game's row, its coups and its seat changes as
stored must be what that yields. The answer is data: the heads, or the first
``Fault``.

A chain's last rows removed show too: each owner row (a game, a club, an
event) records its chains' length and head (``chain.recorded_fault``).
What it cannot see: a whole chain rewritten with its hashes recomputed and
its owner's record with it (only a head kept elsewhere shows it:
``kept_heads_fault``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass

import sqlite_utils

from ..db.chain import (
    CHAINS,
    RECORDED,
    Chain,
    Fault,
    Head,
    check,
    contains,
    present,
    recorded_fault,
)
from ..db.rows import Row
from .changelog import Action

STARTS = (Action.CREATE, Action.IMPORT, Action.CHAIN)
"""The lines that hold a whole game: where its check begins (the last of them)."""
_BAD = object()
"""What ``_load`` answers for text that is not JSON."""


@dataclass(frozen=True)
class Outcome:
    heads: tuple[Head, ...]
    fault: Fault | None
    started: dict[int, str]
    """Games whose chain starts at the migration: game id → the migration's time."""


def verify(db: sqlite_utils.Database) -> Outcome:
    """Every chain recomputed, every game replayed from its log: the heads, or the first fault."""
    heads: list[Head] = []
    for chain in present(db):
        found, fault = check(db, chain)
        heads.extend(found)
        if fault is not None:
            return Outcome(tuple(heads), fault, {})
    for chain in present(db):
        fault = recorded_fault(db, chain, heads)
        if fault is not None:
            return Outcome(tuple(heads), fault, {})
    started = dict(
        db.execute(
            "select game_id, max(at) from changes where action = ? group by game_id",
            [str(Action.CHAIN)],
        ).fetchall()
    )
    ids = db.execute(
        "select id from games union select game_id from changes"
        " union select game_id from coups union select game_id from seat_changes order by 1"
    ).fetchall()
    for (game_id,) in ids:
        fault = check_game(db, int(game_id))
        if fault is not None:
            return Outcome(tuple(heads), fault, started)
    return Outcome(tuple(heads), None, started)


def check_game(db: sqlite_utils.Database, game_id: int) -> Fault | None:
    """The first place where game ``game_id`` as stored is not what its log says."""
    rows: list[Row] = list(db.query("select * from games where id = ?", [game_id]))
    log: list[Row] = list(
        db.query("select * from changes where game_id = ? order by id", [game_id])
    )
    coups: list[Row] = list(
        db.query("select * from coups where game_id = ? order by position", [game_id])
    )
    seats: list[Row] = list(
        db.query("select * from seat_changes where game_id = ? order by position", [game_id])
    )
    if not rows:
        where = (
            ("changes", _id(log[0]))
            if log
            else ("coups", _id(coups[0]))
            if coups
            else ("seat_changes", None)
        )
        return Fault(*where, f"game {game_id} is not stored, yet it has log lines or coups")
    if not log:
        return Fault("games", game_id, "the game has no change log")
    begins = [i for i, line in enumerate(log) if line["action"] in STARTS]
    start = begins[-1] if begins else 0
    first = log[start]
    state = _load(first["state"])
    if first["action"] not in STARTS or not isinstance(state, dict) or "coups" not in state:
        return Fault("changes", _id(first), f"game {game_id}'s log does not start with the game")
    expected_coups: list[object] = list(state.pop("coups"))
    expected_seats = state.pop("seat_changes", [])
    if not isinstance(expected_seats, list):
        return Fault("changes", _id(first), f"game {game_id}'s first line's seat changes")
    expected: dict[str, object] = dict(state)
    for line in log[start + 1 :]:
        fault = _apply(line, expected, expected_coups, expected_seats)
        if fault is None and line["action"] == Action.SEAT:
            fault = _seat_taken(line, expected, expected_seats)
        if fault is not None:
            return fault
    for column, value in expected.items():
        if column not in RECORDED and rows[0].get(column) != value:
            said = f"{column} is {_short(rows[0].get(column))}, its log says {_short(value)}"
            return Fault("games", game_id, said)
    return _compare_coups(game_id, coups, expected_coups) or _compare_seats(
        game_id, seats, expected_seats
    )


def _apply(
    line: Row, game: dict[str, object], coups: list[object], seats: list[object]
) -> Fault | None:
    """Line ``line`` applied to the game's row, coups and seat changes as the log has them
    so far (a line whose change moved the seat changes holds them all: ``seat_changes``)."""
    state = _load(line["state"])
    if line["action"] in STARTS or not isinstance(state, dict):
        return Fault("changes", _id(line), "a line within the chain that records no change")
    moved = state.pop("seat_changes", None)
    if moved is not None:
        if not isinstance(moved, list):
            return Fault("changes", _id(line), "its seat changes are not a list")
        seats[:] = moved
    game.update(state)
    action, position = line["action"], line["position"]
    if action in (Action.ADD, Action.REDO):
        if position != len(coups) + 1 or _load(line["after"]) is _BAD:
            return Fault("changes", _id(line), f"adds coup {position} after {len(coups)} coups")
        coups.append(_load(line["after"]))
    elif action in (Action.EDIT, Action.DELETE, Action.UNDO):
        if not (isinstance(position, int) and 1 <= position <= len(coups)):
            return Fault("changes", _id(line), f"changes coup {position} of {len(coups)}")
        if coups[position - 1] != _load(line["before"]):
            return Fault("changes", _id(line), f"its coup {position} before is not the log's")
        if action == Action.EDIT:
            coups[position - 1] = _load(line["after"])
        else:
            del coups[position - 1]
    return None


def _seat_taken(line: Row, game: dict[str, object], seats: list[object]) -> Fault | None:
    """A ``seat`` line: its seat change appended as the table stores it (the seat by its
    number in the game's players, which the line names)."""
    after, players = _load(line["after"]), _load(game.get("players"))
    if not (isinstance(after, dict) and isinstance(players, list) and after.get("seat") in players):
        return Fault("changes", _id(line), "a seat change whose seat is not the game's")
    seat = players.index(after["seat"])
    seats.append({k: after.get(k) for k in ("coup", "player", "way")} | {"seat": seat})
    return None


def _compare_seats(game_id: int, stored: list[Row], logged: list[object]) -> Fault | None:
    for n, row in enumerate(stored, 1):
        shown = {k: row[k] for k in ("coup", "seat", "player", "way")}
        if row["position"] != n or n > len(logged) or logged[n - 1] != shown:
            said = f"game {game_id}: seat change {row['position']} is not what its log says"
            return Fault("seat_changes", None, said)
    if len(stored) < len(logged):
        said = f"{len(stored)} seat changes stored, its log has {len(logged)}"
        return Fault("games", game_id, said)
    return None


def _compare_coups(game_id: int, stored: list[Row], logged: list[object]) -> Fault | None:
    for n, row in enumerate(stored, 1):
        if row["position"] != n:
            return Fault("coups", _id(row), f"game {game_id}: position {row['position']}, not {n}")
        if n > len(logged):
            return Fault("coups", _id(row), f"game {game_id}: coup {n} is not in its log")
        if _load(row["data"]) != logged[n - 1]:
            return Fault("coups", _id(row), f"game {game_id}: coup {n} is not what its log says")
    if len(stored) < len(logged):
        return Fault("games", game_id, f"{len(stored)} coups stored, its log has {len(logged)}")
    return None


def _short(value: object) -> str:
    """A value quoted in a fault, cut to a line."""
    text = repr(value)
    return text if len(text) <= 70 else text[:69] + "…"


def _load(text: object) -> object:
    """A JSON column as the log wrote it; ``_BAD`` when it holds no JSON text."""
    if text is None:
        return None
    if not isinstance(text, str | bytes | bytearray):
        return _BAD  # json.loads raises TypeError
    try:
        value: object = json.loads(text)
    except ValueError:
        return _BAD
    return value


def _id(row: Row) -> int | None:
    """A row's id, as a fault names it."""
    value = row.get("id")
    return value if isinstance(value, int) else None


def heads_text(heads: Iterable[Head]) -> str:
    """The heads file a club keeps: one ``table scope hash`` line per chain."""
    return "".join(f"{h.table} {h.scope} {h.hash}\n" for h in heads)


def kept_heads_fault(db: sqlite_utils.Database, text: str) -> Fault | None:
    """The first head kept in ``text`` that its stored chain no longer contains."""
    chains = {chain.table: chain for chain in CHAINS}
    for number, line in enumerate(text.splitlines(), 1):
        parts = line.split()
        if not parts:
            continue
        chain: Chain | None = chains.get(parts[0])
        if len(parts) != 3 or chain is None or not parts[1].isdigit():
            return Fault("heads file", number, f"not a line of heads: {line[:80]!r}")
        if not db.table(chain.table).exists() or not contains(db, chain, int(parts[1]), parts[2]):
            what = (
                f"{chain.scope_name} {parts[1]}: the head {parts[2][:12]} kept is not in its chain"
            )
            return Fault(chain.table, None, what)
    return None
