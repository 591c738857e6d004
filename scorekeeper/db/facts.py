"""The stored facts that move money or a ranking, each derived from its owner's chained log.

A club's members (names, merges), its chip value, presets, evenings, their
tables and closings, the seats that bill a game's players to members; an
event's row (settings, seed), players, rounds, tables and penalties: these
are rows that change in place, so they cannot be a chain themselves. Each
belongs to one *owner* — a club or an event (``FACTS``: the owner's chain,
and the SQL that finds the owner of a row) — and every write of one is
carried, the row whole as written, by a line of that owner's chain
(``club_changes`` or ``event_changes``, their ``state`` column, migration
m021): ``store/audit.py`` replays a club and an event from their logs as
it replays a game, and compares what that yields with the rows stored.

How no writer can forget: every connection of the app keeps, for itself
only, a journal of the fact rows it wrote (``facts_pending``, a TEMP table
filled by TEMP triggers, ``watch``) — a row's key and its owner. The line a
change appends on its owner's chain takes the rows of that owner written
so far (``chain.append`` → ``take``); rows of another owner written in the
same transaction (a member made when a table is created, an evening opened
by an event's draw, a set-up change re-linking a table's seats) go onto
that owner's chain as a line ``facts`` before the transaction commits
(``chain.flush``, from ``db.transaction``), at that owner's version (it moves
no version). A write made outside the app (``sqlite3`` on the file) has
no such journal: its row is in no log, which ``verify`` reports.

A line's ``state`` is ``{table: {key: row or null}}``: ``key`` the JSON of
the row's key values, ``row`` its columns as stored (``null``: the row is no
longer the owner's — removed, or moved to another owner). A line ``chain``
(m021) holds every fact of its owner as it was then: the check starts there.

A table may become a fact after m021 (``Fact.since``: the migration that put its rows
on their owners' logs). ``payment_sides`` (m029) is written once, by its migration, and
refused to any other writer by triggers; m030 wrote each club's rows onto its log as a
line ``facts``, so a side changed with the triggers dropped shows as any fact does.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import sqlite_utils


@dataclass(frozen=True)
class Fact:
    """A table of facts: its key, its owner's chain and how a row finds its owner.

    ``owner``: an SQL expression of the owner's id over the row, ``{r}`` standing
    for the row (``NEW``, ``OLD``, or the table's alias). ``columns``: the
    columns that are facts (None: all of them); an owner's own row keeps its
    version and its chains' records out (they move with every change).
    """

    table: str
    key: tuple[str, ...]
    chain: str
    owner: str
    columns: tuple[str, ...] | None = None
    since: str | None = None
    """The migration that put the table's rows on their owners' logs (None: m021's, with
    the logs' facts): before it ran, a database's rows of it are on no line yet."""

    def owner_of(self, row: str) -> str:
        return self.owner.format(r=row)


_CLUB = "club_changes"
_EVENT = "event_changes"
_BY_EVENING = "(select club_id from evenings where id = {r}.evening_id)"

FACTS: tuple[Fact, ...] = (
    Fact(
        "clubs",
        ("id",),
        _CLUB,
        "{r}.id",
        ("id", "name", "chip_value", "currency", "manager_hash", "read_token", "created_at"),
    ),
    Fact("members", ("id",), _CLUB, "{r}.club_id"),
    Fact("club_presets", ("id",), _CLUB, "{r}.club_id"),
    Fact("evenings", ("id",), _CLUB, "{r}.club_id"),
    Fact("evening_games", ("evening_id", "game_id"), _CLUB, _BY_EVENING),
    Fact("evening_closings", ("id",), _CLUB, _BY_EVENING),
    Fact(
        "seats",
        ("game_id", "seat"),
        _CLUB,
        "(select club_id from members where id = {r}.member_id)",
    ),
    Fact(
        "payment_sides",
        ("entry_id",),
        _CLUB,
        "(select club_id from ledger where id = {r}.entry_id)",
        since="m030_payment_sides_on_the_logs",
    ),
    Fact(
        "events",
        ("id",),
        _EVENT,
        "{r}.id",
        ("id", "club_id", "name", "settings", "seed", "manager_hash", "read_token", "created_at"),
    ),
    Fact("event_players", ("id",), _EVENT, "{r}.event_id"),
    Fact("event_rounds", ("event_id", "number"), _EVENT, "{r}.event_id"),
    Fact("event_tables", ("event_id", "round", "table_no"), _EVENT, "{r}.event_id"),
    Fact("event_penalties", ("id",), _EVENT, "{r}.event_id"),
)
"""Every table of facts, by owner: a club's, then an event's."""
CHAINS = (_CLUB, _EVENT)
"""The chains whose lines carry facts (``state``)."""
START = "chain"
"""The action of a line holding every fact of its owner (m021): the check starts there."""
FOLLOW = "facts"
"""The action of a line carrying the facts another owner's change wrote."""
JOURNAL = "facts_pending"


def of_chain(chain: str) -> tuple[Fact, ...]:
    return tuple(fact for fact in FACTS if fact.chain == chain)


def key_text(values: Iterable[object]) -> str:
    """A row's key as a line holds it: ``[12]``, ``[3,0]``."""
    return json.dumps(list(values), separators=(",", ":"))


def ready(db: sqlite_utils.Database) -> bool:
    """Whether the schema carries facts on its logs (m021 ran)."""
    return any(row[1] == "state" for row in db.execute("pragma table_info([club_changes])"))


def watch(db: sqlite_utils.Database) -> bool:
    """This connection's journal of the facts it writes, made once (if the schema has m021).

    Called at the start of each write transaction (``db.transaction``); cheap
    once made. Whether the connection now keeps the journal. While the schema lacks a
    table of facts (a database being migrated: ``payment_sides`` comes with m029) the
    tables there are are watched, and the next transaction looks again.
    """
    if getattr(db, "_facts_whole", False):
        return True
    if not ready(db):
        return False
    db.execute(
        f"create temp table if not exists [{JOURNAL}] (seq integer primary key,"
        " chain text not null, tbl text not null, key text not null, owner integer)"
    )
    db.execute(f"create index if not exists temp.[{JOURNAL}_owner] on [{JOURNAL}] (chain, owner)")
    listed = db.execute("select name from main.sqlite_master where type = 'table'")
    tables = {str(row[0]) for row in listed}
    for fact in FACTS:
        if fact.table not in tables:
            continue
        key = ", ".join(f"{{r}}.[{column}]" for column in fact.key)
        cases = [("insert", ["NEW"]), ("update", ["OLD", "NEW"]), ("delete", ["OLD"])]
        for event, rows in cases:
            values = ", ".join(
                f"('{fact.chain}', '{fact.table}', json_array({key.format(r=r)}),"
                f" {fact.owner_of(r)})"
                for r in rows
            )
            on = event
            if event == "update" and fact.columns is not None:
                on = "update of " + ", ".join(f"[{c}]" for c in fact.columns)
            db.execute(
                f"create temp trigger if not exists [facts_{fact.table}_{event}] after {on}"
                f" on main.[{fact.table}] begin insert into [{JOURNAL}] (chain, tbl, key, owner)"
                f" values {values}; end"
            )
    db._facts_watched = True  # type: ignore[attr-defined]
    db._facts_whole = all(fact.table in tables for fact in FACTS)  # type: ignore[attr-defined]
    return True


def _row(
    db: sqlite_utils.Database, fact: Fact, key: str
) -> tuple[object, dict[str, object]] | None:
    """The row of that key as stored now, with its owner (None: there is none)."""
    values: list[object] = json.loads(key)
    where = " and ".join(f"[{column}] = ?" for column in fact.key)
    found: list[dict[str, object]] = list(
        db.query(
            f"select {fact.owner_of('r')} as [_owner], {_columns(fact)} from [{fact.table}] as r"
            f" where {where}",
            values,
        )
    )
    if not found:
        return None
    row = found[0]
    return row.pop("_owner"), row


def _columns(fact: Fact) -> str:
    return "r.*" if fact.columns is None else ", ".join(f"r.[{c}]" for c in fact.columns)


Pending = tuple[str, str, str, int | None, int]
"""A journal's entry: the owner's chain, the table, the row's key, the owner, its order."""


def _pending(
    db: sqlite_utils.Database, where: str = "1", args: Iterable[object] = ()
) -> list[Pending]:
    """The journal's entries (``where``), each key once, in the order first written."""
    if not getattr(db, "_facts_watched", False):
        return []
    # most changes write no fact (a coup, a ledger entry): one indexed probe answers them
    probe = f"select 1 from [{JOURNAL}] where {where} limit 1"
    if db.conn.execute(probe, list(args)).fetchone() is None:
        return []
    found: list[Pending] = db.execute(
        f"select chain, tbl, key, owner, min(seq) from [{JOURNAL}] where {where}"
        " group by chain, tbl, key, owner order by min(seq)",
        list(args),
    ).fetchall()
    return found


def _state(db: sqlite_utils.Database, found: list[Pending]) -> dict[str, dict[str, object]]:
    tables = {fact.table: fact for fact in FACTS}
    state: dict[str, dict[str, object]] = {}
    for _chain, table, key, owner, _seq in found:
        now_ = _row(db, tables[table], key)
        kept = now_[1] if now_ is not None and now_[0] == owner else None
        state.setdefault(table, {})[key] = kept
    return state


def text(state: Mapping[str, object]) -> str:
    """A line's ``state`` as stored: sorted, compact JSON."""
    return json.dumps(state, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def take(db: sqlite_utils.Database, chain: str, owner: int) -> str | None:
    """The facts of ``owner`` written so far on this connection, for its line; journal emptied
    of them. None when there are none (the line's ``state`` stays NULL)."""
    found = _pending(db, "chain = ? and owner = ?", [chain, owner])
    if not found:
        return None
    state = _state(db, found)
    db.execute(f"delete from [{JOURNAL}] where chain = ? and owner = ?", [chain, owner])
    return text(state)


def pending_owners(db: sqlite_utils.Database) -> list[tuple[str, int]]:
    """The owners (their chain, their id) with facts still pending, in the order written.

    A row whose owner is unknown (NULL: an evening table of no evening) is left out:
    it belongs to no log, and ``verify`` says so.
    """
    found = _pending(db, "owner is not null")
    return list(
        dict.fromkeys((chain, owner) for chain, _t, _k, owner, _s in found if owner is not None)
    )


def forget(db: sqlite_utils.Database) -> None:
    """The journal emptied (every owner's facts on its line)."""
    if getattr(db, "_facts_watched", False):
        db.execute(f"delete from [{JOURNAL}]")


def writer(db: sqlite_utils.Database, said: str) -> None:
    """Who is writing now (``game 12: rules``): the summary of the ``facts`` lines it causes."""
    db._facts_writer = said  # type: ignore[attr-defined]


def writing(db: sqlite_utils.Database) -> str:
    """Who is writing now, as ``writer`` said ("" once the transaction ended)."""
    return str(getattr(db, "_facts_writer", "") or "")


def on_logs(db: sqlite_utils.Database, fact: Fact) -> bool:
    """Whether the table's rows are on their owners' logs: its ``since`` migration ran, or a
    line of its chain carries the table (the logs say so themselves: a record deleted from
    ``_sqlite_migrations`` does not make ``verify`` look away from the rows)."""
    if fact.since is None:
        return ready(db)
    if db.table("_sqlite_migrations").exists():
        found = db.execute("select 1 from _sqlite_migrations where name = ?", [fact.since])
        if found.fetchone() is not None:
            return True
    if not ready(db):
        return False
    carried = db.execute(  # CASE: json_type is asked only of a valid JSON state
        f"select 1 from [{fact.chain}] where case when json_valid(state)"
        " then json_type(state, '$.' || json_quote(?)) end is not null limit 1",
        [fact.table],
    )
    return carried.fetchone() is not None


def stored(db: sqlite_utils.Database, fact: Fact) -> list[tuple[object, str, dict[str, Any]]]:
    """Every row of a table of facts: (its owner, its key, its columns); none before its
    rows are on the logs (``on_logs``: a database not yet migrated)."""
    if not db.table(fact.table).exists() or not on_logs(db, fact):
        return []
    rows = db.query(
        f"select {fact.owner_of('r')} as [_owner], {_columns(fact)} from [{fact.table}] as r"
    )
    found = []
    for row in rows:
        owner = row.pop("_owner")
        found.append((owner, key_text(row[c] for c in fact.key), row))
    return found


def snapshot(db: sqlite_utils.Database, chain: str, owner: int) -> dict[str, dict[str, object]]:
    """Every fact of one owner as stored now (a ``chain`` line's state)."""
    state: dict[str, dict[str, object]] = {}
    for fact in of_chain(chain):
        if not db.table(fact.table).exists():
            continue
        rows = db.query(
            f"select {_columns(fact)} from [{fact.table}] as r where {fact.owner_of('r')} = ?",
            [owner],
        )
        for row in rows:
            state.setdefault(fact.table, {})[key_text(row[c] for c in fact.key)] = row
    return state
