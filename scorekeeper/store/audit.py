"""Checks that the stored games, clubs and events are what their logs say (``verify``).

First every hash chain is recomputed (``chain.py``); then each game's log is
replayed from its start — the creation (or import), whose line holds the
game's row and coups, or, for a game stored before the chains, the ``chain``
line of the migration that holds them as they were then — applying each
later line: the columns of the game's row it wrote (``state``), the coup
it added, corrected, deleted, undid or redid (``before``, ``after``,
``position``), the seat changes it moved (a deletion: its ``state``'s
``seat_changes``, all of them) and the seat someone took (``seat``: its
``after``; an import's are in its first line). The game's row, its coups, its
seat changes and its transfers ticked as paid (its ``paid`` and ``unpaid``
lines) as stored must be what that yields. Then each club's and event's log
is replayed the same way: each line carries the rows of its owner's facts it
wrote (``db/facts.py``), and every stored row of those tables must be what
the last line that wrote it says (``check_facts``). The answer is data: the
heads, and every ``Fault`` found, in the order checked.

A chain's last rows removed show too: each owner row (a game, a club, an
event) records its chains' length and head (``chain.recorded_faults``). Last, the
numbers and versions a restore kept from being handed out again must be at least what
their log says (``db.numbers.floor_faults``), and none at SQLite's highest number, where
the numbering stops (``floors_at_the_highest``).
What it cannot see: a whole chain rewritten with its hashes recomputed and
its owner's record with it (only a head kept elsewhere shows it:
``kept_heads_faults``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field

import sqlite_utils

from ..db import facts, numbers
from ..db.chain import (
    CHAINS,
    RECORDED,
    Chain,
    Fault,
    Head,
    check,
    contains,
    present,
    recorded_faults,
)
from ..db.chain import rows as chain_rows
from ..db.rows import Row, mistimed, retyped
from . import audit_ticks
from .audit_ticks import PAID
from .changelog import Action

STARTS = (Action.CREATE, Action.IMPORT, Action.CHAIN)
"""The lines that hold a whole game: where its check begins (the last of them)."""
HELD_WORDS = {
    "blob": "a blob",
    "text": "text",
    "real": "a real number",
    "integer": "a whole number",
}
"""What a retyped column holds, as ``verify`` says it."""
NEVER = " which the app never writes there (changed behind it)"
_BAD = object()
"""What ``_load`` answers for text that is not JSON."""


@dataclass(frozen=True)
class Outcome:
    heads: tuple[Head, ...]
    faults: tuple[Fault, ...]
    """Every fault found, in the order checked (chains, their records, games, clubs, events,
    the numbers given)."""
    started: dict[int, str]
    """Games whose chain starts at the migration: game id → the migration's time."""
    facts_since: dict[tuple[str, int], str] = field(default_factory=dict)
    """Clubs and events whose facts are checked from m021's ``chain`` line on:
    (their log, their id) → the migration's time."""

    @property
    def fault(self) -> Fault | None:
        """The first fault found (None: everything checked)."""
        return self.faults[0] if self.faults else None


def verify(db: sqlite_utils.Database) -> Outcome:
    """Every chain recomputed, every game, club and event replayed from its log: the heads,
    and every fault found.

    First every stored value is asked its type (``db.rows.retyped``): a value of another type
    than its column's was written behind the app, and the checks after it read the values
    as the app writes them, so each such value is named and the checks wait until it is
    mended (a BLOB has not even a hash). A time that is text but no time
    (``db.rows.mistimed``) is named either way: its scan reads only text."""
    damaged = [
        Fault(
            d.table,
            d.row,
            f"its column {d.column} holds {HELD_WORDS.get(d.held, d.held)},{NEVER}",
        )
        for d in retyped(db)
    ]
    junk_times = [  # a time of no hash chain (an event's last change, a tick's) is found here
        Fault(d.table, d.row, f"its column {d.column} holds text that is no time,{NEVER}")
        for d in mistimed(db)
    ]
    if damaged:
        what = "the other checks were not run: they read values of the types the app writes"
        return Outcome((), (*damaged, *junk_times, Fault("database", None, what)), {})
    heads: list[Head] = []
    faults: list[Fault] = []
    for chain in present(db):
        found, wrong = check(db, chain)
        heads.extend(found)
        faults.extend(wrong)
    for chain in present(db):
        faults.extend(recorded_faults(db, chain, heads))
    started = dict(
        db.execute(
            "select game_id, max(at) from changes where action = ? group by game_id",
            [str(Action.CHAIN)],
        ).fetchall()
    )
    paid = db.table("transfers_paid").exists()
    ids = db.execute(
        "select id from games union select game_id from changes"
        " union select game_id from coups union select game_id from seat_changes"
        + (" union select game_id from transfers_paid" if paid else "")
        + " order by 1"
    ).fetchall()
    for (game_id,) in ids:
        faults.extend(check_game(db, int(game_id)))
    faults.extend(check_facts(db))
    faults.extend(numbers.floor_faults(db))  # a floor a restore kept, lowered behind the app
    faults.extend(numbers.floors_at_the_highest(db))  # one that stops the numbering
    faults.extend(junk_times)
    since: dict[tuple[str, int], str] = {}
    if facts.ready(db):
        for chain in (c for c in CHAINS if c.table in facts.CHAINS):
            rows_ = db.execute(
                f"select [{chain.scope}], max(at) from [{chain.table}] where action = ?"
                f" group by [{chain.scope}]",
                [facts.START],
            ).fetchall()
            since.update({(chain.table, int(owner)): str(at) for owner, at in rows_})
    return Outcome(tuple(heads), tuple(faults), started, since)


def check_game(db: sqlite_utils.Database, game_id: int) -> list[Fault]:
    """Where game ``game_id`` as stored is not what its log says (empty: nowhere)."""
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
            if seats
            else ("transfers_paid", None)
        )
        return [Fault(*where, f"game {game_id} is not stored, yet it has log lines or coups")]
    if not log:
        return [Fault("games", game_id, "the game has no change log")]
    paid = [
        Fault("transfers_paid", None, said) for said in audit_ticks.compare(db, game_id, log, _load)
    ]
    begins = [i for i, line in enumerate(log) if line["action"] in STARTS]
    start = begins[-1] if begins else 0
    first = log[start]
    state = _load(first["state"])
    if first["action"] not in STARTS or not isinstance(state, dict) or "coups" not in state:
        said = f"game {game_id}'s log does not start with the game"
        return [Fault("changes", _id(first), said), *paid]
    expected_coups: list[object] = list(state.pop("coups"))
    expected_seats = state.pop("seat_changes", [])
    state.pop(PAID, None)
    if not isinstance(expected_seats, list):
        return [Fault("changes", _id(first), f"game {game_id}'s first line's seat changes")]
    expected: dict[str, object] = dict(state)
    for line in log[start + 1 :]:
        fault = _apply(line, expected, expected_coups, expected_seats)
        if fault is None and line["action"] == Action.SEAT:
            fault = _seat_taken(line, expected, expected_seats)
        if fault is not None:
            return [fault, *paid]
    faults = []
    for column, value in expected.items():
        if column not in RECORDED and rows[0].get(column) != value:
            said = f"{column} is {_short(rows[0].get(column))}, its log says {_short(value)}"
            faults.append(Fault("games", game_id, said))
    for fault in (
        _compare_coups(game_id, coups, expected_coups),
        _compare_seats(game_id, seats, expected_seats),
    ):
        if fault is not None:
            faults.append(fault)
    return faults + paid


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


def kept_heads_faults(db: sqlite_utils.Database, text: str) -> list[Fault]:
    """Every head kept in ``text`` that its stored chain no longer contains."""
    chains = {chain.table: chain for chain in CHAINS}
    faults = []
    for number, line in enumerate(text.splitlines(), 1):
        parts = line.split()
        if not parts:
            continue
        chain: Chain | None = chains.get(parts[0])
        if len(parts) != 3 or chain is None or not parts[1].isdigit():
            faults.append(Fault("heads file", number, f"not a line of heads: {line[:80]!r}"))
            continue
        if not db.table(chain.table).exists() or not contains(db, chain, int(parts[1]), parts[2]):
            what = (
                f"{chain.scope_name} {parts[1]}: the head {parts[2][:12]} kept is not in its chain"
            )
            faults.append(Fault(chain.table, None, what))
    return faults


# Clubs and events: their facts replayed from their logs (db/facts.py)


def check_facts(db: sqlite_utils.Database) -> list[Fault]:
    """Every club and event replayed from its log (the facts each line carries, from its
    last ``chain`` line on) and compared with the rows stored; and each owner's version
    with its log's last line. Nothing for a database before m021."""
    if not facts.ready(db):
        return []
    faults: list[Fault] = []
    for name in facts.CHAINS:
        chain = next(c for c in CHAINS if c.table == name)
        logged: dict[int, dict[tuple[str, str], object]] = {}
        versions: dict[int, object] = {}
        for line in chain_rows(db, chain):
            scope = int(str(line[chain.scope]))
            versions[scope] = line["version"]
            state = _load(line.get("state"))
            if line["action"] == facts.START:
                logged[scope] = {}
            if state is None:
                continue
            if not isinstance(state, dict):
                faults.append(Fault(chain.table, _id(line), "its facts are not a log's"))
                continue
            mine = logged.setdefault(scope, {})
            for table, written in state.items():
                for key, row in (written if isinstance(written, dict) else {}).items():
                    mine[(str(table), str(key))] = row
        faults.extend(_compare_facts(db, chain, logged))
        for owner, version in db.execute(f"select id, version from [{chain.owner}] order by id"):
            if owner in versions and versions[owner] != version:
                said = f"{chain.scope_name} {owner}: version is {version}, its log says"
                faults.append(Fault(chain.owner, owner, f"{said} {versions[owner]}"))
    return faults


def _compare_facts(
    db: sqlite_utils.Database, chain: Chain, logged: dict[int, dict[tuple[str, str], object]]
) -> list[Fault]:
    faults: list[Fault] = []
    seen: set[tuple[int, str, str]] = set()
    for fact in facts.of_chain(chain.table):
        for owner, key, row in facts.stored(db, fact):
            where = _fact_row(fact, key)
            if owner is None:
                said = f"{_key_words(fact, key)}: its {chain.scope_name} is not stored"
                faults.append(Fault(fact.table, where, said))
                continue
            of = f"{chain.scope_name} {owner}"
            said_row = logged.get(int(str(owner)), {}).get((fact.table, key))
            seen.add((int(str(owner)), fact.table, key))
            if said_row is None:
                said = f"{of}: {_key_words(fact, key)} is in no line of its log"
                said += " (added outside the app?)"
                faults.append(Fault(fact.table, where, said))
            elif said_row != row:
                faults.append(Fault(fact.table, where, f"{of}: {_differ(row, said_row)}"))
    for owner, found in logged.items():
        for (table, key), said_row in found.items():
            if said_row is not None and (owner, table, key) not in seen:
                known = next((f for f in facts.FACTS if f.table == table), None)
                words = key if known is None else _key_words(known, key)
                said = f"{chain.scope_name} {owner}: {words} of its log is not stored (removed?)"
                faults.append(Fault(table, None if known is None else _fact_row(known, key), said))
    return faults


def _fact_row(fact: facts.Fact, key: str) -> int | None:
    """The row's id, where its key is one whole number (a payment's side: its entry's)."""
    values = _load(key)
    if len(fact.key) == 1 and isinstance(values, list) and len(values) == 1:
        return values[0] if type(values[0]) is int else None  # not true, not 1.5
    return None


def _key_words(fact: facts.Fact, key: str) -> str:
    """``the row`` named by its key: ``evening_id 3, game_id 12``."""
    values = _load(key)
    if not isinstance(values, list) or len(values) != len(fact.key):
        return f"the row {key}"
    return "the row " + ", ".join(f"{c} {v}" for c, v in zip(fact.key, values, strict=True))


def _differ(row: Row, said: object) -> str:
    """What a stored row says otherwise than its log: ``name is 'Bo', its log says 'Bob'``."""
    if not isinstance(said, dict):
        return f"the row is {_short(dict(row))}, its log says {_short(said)}"
    parts = [
        f"{column} is {_short(row.get(column))}, its log says {_short(said.get(column))}"
        for column in sorted(set(row) | set(said))
        if row.get(column) != said.get(column)
    ]
    return "; ".join(parts)
