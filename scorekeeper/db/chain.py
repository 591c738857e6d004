"""Hash chains over the logs: each row stores the hash of its content and of the row before.

A row's *canonical content* is the JSON of its stored columns but the two
hash columns (``prev_hash``, ``hash``) and those that are NULL, keys sorted,
no spaces, non-ASCII characters as themselves, UTF-8 encoded. Its hash is
``sha256(prev_hash + canonical)`` in hex, where ``prev_hash`` is the hash of
the row before it in the same chain — the rows of the same scope (a game's
changes, a club's ledger) ordered by id — or ``GENESIS`` for the first one.
docs/security.md writes this down so that anyone can recompute it.

A chained row is written once (``append``, in the caller's transaction) and
never changed: the database's triggers refuse an UPDATE or DELETE of it
(``migrations.m011_hash_chains``). Whoever kept a head (the settlement
prints it; ``scorekeeper verify --heads``) can tell later that nothing before
it was rewritten; ``verify`` recomputes every chain.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass

import sqlite_utils

from ..clock import now
from . import facts
from .rows import affinity, text_or_none, whole

GENESIS = "0" * 64
"""The ``prev_hash`` of the first row of a chain."""
HASH_COLUMNS = ("prev_hash", "hash")
SHORT = 12
"""Hex digits of a head as printed on the pages: 48 bits, plenty to notice a rewrite."""


@dataclass(frozen=True)
class Chain:
    """A chained log: its table and the column whose value names one chain (its scope).

    ``owner``: the table whose row each chain belongs to (a game's log, a
    club's ledger), where the chain's ``length`` and last ``head`` hash are
    recorded as each row is appended (the triggers of
    ``db/migrations/m015_chain_lengths.py``): a chain whose last rows were cut
    no longer has the length its owner records (``recorded_faults``).
    """

    table: str
    scope: str
    owner: str = ""
    length: str = "log_length"
    head: str = "log_head"

    @property
    def scope_name(self) -> str:
        """What one chain is the log of, in words: ``game``, ``club``."""
        return self.scope.removesuffix("_id")


CHAINS = (
    Chain("changes", scope="game_id", owner="games"),
    Chain("ledger", scope="club_id", owner="clubs", length="ledger_length", head="ledger_head"),
    Chain("event_changes", scope="event_id", owner="events"),
    Chain("club_changes", scope="club_id", owner="clubs"),
    Chain("numbers_given", scope="generation_id", owner="generation"),
)
"""Every chained log; a table missing from the database (an older schema) is skipped.
``numbers_given``: the numbers and versions a restore keeps from being handed out again,
one chain on the one ``generation`` row (``db/numbers.py``, m033)."""
CHANGES, LEDGER, EVENT_CHANGES, CLUB_CHANGES, NUMBERS_GIVEN = CHAINS
RECORDED = frozenset(column for chain in CHAINS for column in (chain.length, chain.head))
"""The owners' columns that record their chains: kept by the database, not by a change."""


@dataclass(frozen=True)
class Fault:
    """A place where a chain or a stored row is not what its log says."""

    table: str
    row: int | None
    what: str

    def __str__(self) -> str:
        where = self.table if self.row is None else f"{self.table} row {self.row}"
        return f"{where}: {self.what}"


@dataclass(frozen=True)
class Head:
    """The last row of one chain: what a club keeps to check later."""

    table: str
    scope: int
    row: int
    hash: str
    length: int

    @property
    def short(self) -> str:
        return self.hash[:SHORT]

    def __str__(self) -> str:
        """``changes game 12: 3f9c0a1b2d4e (41 rows)``."""
        scope = next(c.scope_name for c in CHAINS if c.table == self.table)
        rows = "row" if self.length == 1 else "rows"
        return f"{self.table} {scope} {self.scope}: {self.short} ({self.length} {rows})"


def canonical(row: Mapping[str, object]) -> bytes:
    """The row's content as hashed: its non-NULL columns but the hash ones, as sorted JSON.

    >>> canonical({"id": 2, "game_id": 1, "summary": "é", "before": None, "hash": "x"})
    b'{"game_id":1,"id":2,"summary":"\\xc3\\xa9"}'
    """
    content = {k: v for k, v in row.items() if k not in HASH_COLUMNS and v is not None}
    return json.dumps(content, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def link(prev_hash: str, row: Mapping[str, object]) -> str:
    """The hash of ``row`` following ``prev_hash``: sha256(prev_hash + canonical), in hex.

    >>> link(GENESIS, {"id": 1})[:12]
    '752a364a25d0'
    """
    return hashlib.sha256(prev_hash.encode() + canonical(row)).hexdigest()


def present(db: sqlite_utils.Database) -> tuple[Chain, ...]:
    """The chains whose table exists in this database, chained (an event log before m015 is not)."""
    return tuple(chain for chain in CHAINS if _has(db, chain.table, "hash"))


def _has(db: sqlite_utils.Database, table: str, column: str) -> bool:
    return any(row[1] == column for row in db.execute(f"pragma table_info([{table}])"))


def _next(db: sqlite_utils.Database, chain: Chain, scope: int) -> tuple[int, str]:
    """The id of the table's next row and the hash of the scope's last one, one read."""
    top, last = db.execute(
        f"""select (select coalesce(max(id), 0) from [{chain.table}]),
        (select hash from [{chain.table}] where [{chain.scope}] = ? order by id desc limit 1)""",
        [scope],
    ).fetchone()
    return int(top) + 1, GENESIS if last is None else str(last)


def _affinities(db: sqlite_utils.Database, table: str, columns: Iterable[str]) -> dict[str, str]:
    """The type affinity of each column of ``table`` (SQLite's rules, section 3.1 of its
    datatypes page), asked once per connection and again when a column is not known."""
    known: dict[str, dict[str, str]] = db.__dict__.setdefault("_chain_affinities", {})
    found = known.get(table, {})
    if not set(columns) <= found.keys():
        found = known[table] = {
            str(row[1]): affinity(str(row[2] or ""))
            for row in db.execute(f"pragma table_info([{table}])")
        }
    return found


def _stored_as_given(db: sqlite_utils.Database, table: str, content: Mapping[str, object]) -> bool:
    """Whether SQLite keeps every value of ``content`` as given, so the row read back would
    hash the same: NULL anywhere, text in a text (or untyped) column, a whole number (not a
    bool) in an integer, numeric or untyped one. Anything else is read back and checked."""
    affinity = _affinities(db, table, content)
    for column, value in content.items():
        held = affinity.get(column)
        if value is None:
            continue
        if isinstance(value, str) and held in ("text", "blob"):
            continue
        if type(value) is int and held in ("integer", "numeric", "blob"):
            continue
        return False
    return True


def append(db: sqlite_utils.Database, chain: Chain, row: Mapping[str, object]) -> int:
    """Insert ``row`` as the next link of its scope's chain; returns its id.

    Call it inside the write transaction of the change the row records: the
    row before is read there, so two writers never link to the same row. The
    id is chosen here (one above the table's highest) because the hash covers
    it. A line of a club's or an event's log takes the facts of its owner written so
    far (``facts.take``) unless it brings its own ``state``. A value SQLite would
    store otherwise than given (a ``True`` kept as 1, a number as text in a text column)
    would leave a link no one could check: such a row is read back and hashed again
    (``_stored_as_given``; a line of text and whole numbers in their own columns, as a
    coup's, needs no second read).
    """
    scope = whole(row, chain.scope)
    new_id, prev_hash = _next(db, chain, scope)
    content: dict[str, object] = {**row, "id": new_id}
    if chain.table in facts.CHAINS and "state" not in row:
        # the facts of this owner written in this transaction ride on its line (facts.py)
        state = facts.take(db, chain.table, scope)
        if state is not None:
            content["state"] = state
    content["prev_hash"] = prev_hash
    hash_ = content["hash"] = link(prev_hash, content)
    # a plain INSERT: sqlite-utils' ``insert`` reads the table's schema first, each time
    columns = ", ".join(f"[{column}]" for column in content)
    marks = ", ".join("?" for _ in content)
    db.execute(f"insert into [{chain.table}] ({columns}) values ({marks})", list(content.values()))
    if _stored_as_given(db, chain.table, content):
        return new_id
    stored = next(iter(db.query(f"select * from [{chain.table}] where id = ?", [new_id])))
    if link(prev_hash, stored) != hash_:
        raise ValueError(f"{chain.table}: a value is stored otherwise than given: {row!r}")
    return new_id


def flush(db: sqlite_utils.Database) -> None:
    """Before a commit: the facts still pending (``facts.py``), each owner's on a line
    ``facts`` of its chain, at its version (a line of a change of another owner wrote them:
    its summary says which, ``facts.writing``)."""
    by_table = {chain.table: chain for chain in CHAINS}
    for table, owner in facts.pending_owners(db):
        chain = by_table[table]
        version: tuple[int] | None = db.execute(
            f"select version from [{chain.owner}] where id = ?", [owner]
        ).fetchone()
        if version is None:
            continue
        line = {chain.scope: owner, "version": version[0], "action": facts.FOLLOW}
        append(db, chain, {**line, "summary": facts.writing(db)[:200], "at": now()})
    facts.forget(db)


def rows(db: sqlite_utils.Database, chain: Chain) -> Iterator[Mapping[str, object]]:
    """Every row of the chained table, by scope, then in chain order."""
    return db.query(f"select * from [{chain.table}] order by [{chain.scope}], id")


def check(db: sqlite_utils.Database, chain: Chain) -> tuple[list[Head], list[Fault]]:
    """Recompute every chain of ``chain``'s table: its heads, and every row at fault.

    After a row at fault the chain goes on from that row's stored hash, so each
    row changed or removed is named once, and the rows after it are checked too.
    """
    heads: list[Head] = []
    faults: list[Fault] = []
    scope: int | None = None
    prev, count, last = GENESIS, 0, 0
    for row in rows(db, chain):
        this, row_id = whole(row, chain.scope), whole(row, "id")
        if this != scope:
            if count and scope is not None:
                heads.append(Head(chain.table, scope, last, prev, count))
            scope, prev, count = this, GENESIS, 0
        of = f"{chain.scope_name} {this}"
        if row["prev_hash"] != prev:
            what = f"{of}: its prev_hash is not the hash of the row before it (a row removed?)"
            faults.append(Fault(chain.table, row_id, what))
        elif row["hash"] != link(prev, row):
            what = f"{of}: its content is not what its hash says (changed after it was written)"
            faults.append(Fault(chain.table, row_id, what))
        prev, count, last = str(row["hash"]), count + 1, row_id
    if count and scope is not None:
        heads.append(Head(chain.table, scope, last, prev, count))
    return heads, faults


def head(db: sqlite_utils.Database, chain: Chain, scope: int) -> Head | None:
    """The head of one chain (None: it has no row yet, or its table is missing)."""
    if not db.table(chain.table).exists():
        return None
    found = list(
        db.query(
            f"select id, hash, (select count(*) from [{chain.table}] where [{chain.scope}] = ?)"
            f" as n from [{chain.table}] where [{chain.scope}] = ? order by id desc limit 1",
            [scope, scope],
        )
    )
    if not found:
        return None
    last = found[0]
    hash_ = text_or_none(last, "hash")
    if hash_ is None:
        return None
    return Head(chain.table, scope, whole(last, "id"), hash_, whole(last, "n"))


def contains(db: sqlite_utils.Database, chain: Chain, scope: int, hash_: str) -> bool:
    """Whether a head once kept is still a link of the chain (nothing before it rewritten)."""
    found = db.execute(
        f"select 1 from [{chain.table}] where [{chain.scope}] = ? and hash = ?", [scope, hash_]
    ).fetchone()
    return found is not None


def recorded_faults(db: sqlite_utils.Database, chain: Chain, heads: list[Head]) -> list[Fault]:
    """Every owner whose recorded length or head is not its chain's (its last rows cut).

    ``heads``: the chain's heads as ``check`` recomputed them. An owner with no
    row in its chain must record a length of 0. A database before the lengths
    (``m015``) is not checked here: only a kept head shows its cut tail.
    """
    if not chain.owner or not _has(db, chain.owner, chain.length):
        return []
    found = {h.scope: h for h in heads if h.table == chain.table}
    owners = db.execute(
        f"select id, [{chain.length}], [{chain.head}] from [{chain.owner}] order by id"
    ).fetchall()
    stored = {owner for owner, _, _ in owners}
    faults = []
    for scope, orphan in found.items():
        if scope not in stored:
            what = f"{chain.scope_name} {scope} is not stored, yet its chain has rows"
            faults.append(Fault(chain.table, orphan.row, what))
    for owner, length, head_hash in owners:
        now = found.get(owner)
        if (now.length if now else 0, now.hash if now else None) == (length, head_hash):
            continue
        rows = "no row" if now is None else f"{now.length} row{'s' if now.length > 1 else ''}"
        what = (
            f"{chain.scope_name} {owner}: its {chain.table} chain has {rows}, its row records"
            f" {length} ending {str(head_hash)[:SHORT]} (its last rows removed?)"
        )
        faults.append(Fault(chain.owner, owner, what))
    return faults
