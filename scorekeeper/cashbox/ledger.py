"""The club's ledger rows: inserted by one function, read as entries, never updated or deleted.

``insert_entry`` is the only writer of the ``ledger`` table: each row is
the next link of its club's hash chain (``db/chain.py``: ``prev_hash``
and ``hash``, scope: the club; the database refuses a row without them).
It writes inside the caller's transaction: a change of the cash box
(scorekeeper/clubs/accounts.py, closing.py) is one transaction.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Collection, Iterator, Mapping
from typing import Any

import sqlite_utils

from ..clock import now
from ..db.chain import LEDGER, append
from ..db.rows import Damaged, Row, reading, text, text_or_none, whole, whole_or_none
from .entries import BOX_SIDE, FEES, MEMBER_SIDE, Entry, EntryKind, as_of, payments

COLUMNS = (
    "club_id",
    "member_id",
    "kind",
    "amount",
    "on_date",
    "evening_id",
    "reverses",
    "method",
    "received_by",
    "paid_by",
    "note",
    "game_id",
    "other_side",
    "games_lost",
)


def insert_entry(db: sqlite_utils.Database, row: dict[str, Any]) -> int:
    """One ledger row (the columns of ``COLUMNS``; ``created_at`` is now); its id."""
    values = {column: row.get(column) for column in COLUMNS}
    if values["games_lost"] is None:  # a fee per lost game's alone (m036): a row written
        del values["games_lost"]  # as before it stays writable on a database before it
    values["amount"] = int(row["amount"])
    values["created_at"] = now()
    return append(db, LEDGER, values)


def entries(
    db: sqlite_utils.Database,
    club_id: int,
    kept: Mapping[int, int],
    members: Collection[int] | None = None,
    ids: Collection[int] | None = None,
) -> list[Entry]:
    """The club's entries in the order entered, each for its member (a merged one: the one
    kept), a payment's sides said as they are now (``_sides``). ``kept``: each member of the
    club → the member they now are (``clubs.merging.kept_members``, the one home of merges,
    above this layer).

    ``members`` (member numbers as stored) or ``ids`` (entry numbers): only those rows, each
    the same entry as the whole ledger's (the row a payment names as its other side, the
    row that names it, the fee a reversal undoes are read for them): what a page shows, not
    the club's every row (docs/performance.md, cash20)."""
    names = dict(
        _member(row)
        for row in db.query("select id, name from members where club_id = ?", [club_id])
    )
    rows = []
    for where, part in _parts(members, ids):
        rows += [
            _row(row)
            for row in db.query(
                f"select {READ}, s.paid_by as before_paid_by, s.received_by as before_received_by"
                " from ledger left join payment_sides s on s.entry_id = ledger.id"
                f" where club_id = ?{where} order by id",
                [club_id, *part],
            )
        ]
    if members is not None or ids is not None:
        rows.sort(key=lambda row: int(row["id"]))
    member_of = {int(row["id"]): int(row["member_id"]) for row in rows}
    fees = {int(row["id"]) for row in rows if row["kind"] in FEES}
    paid_to = {int(r["other_side"]): int(r["member_id"]) for r in rows if r["other_side"]}
    if members is not None or ids is not None:
        _read_around(db, club_id, rows, member_of, fees, paid_to)
    found = []
    for row in rows:
        if row["member_id"] not in kept:  # none of the club's: changed behind the app
            raise _strayed(db, row)
        other = member_of.get(row["other_side"]) if row["other_side"] else paid_to.get(row["id"])
        sides = _sides(row, other)
        said = [_said(side, words, names, kept) for side, words in zip(sides, _stored(row))]
        paid_by, received_by = said
        found.append(_entry(row, kept[row["member_id"]], paid_by, received_by, _of_fee(row, fees)))
    return found


BOUND = 500
"""Numbers asked in one statement at most (within SQLite's bound on ? parameters)."""


def _parts(
    members: Collection[int] | None, ids: Collection[int] | None
) -> Iterator[tuple[str, list[int]]]:
    """The ``where`` of each statement reading the rows asked, and its parameters."""
    if members is None and ids is None:
        yield "", []
        return
    column, asked = ("member_id", members) if members is not None else ("id", ids)
    listed = sorted(set(asked or ()))
    for at in range(0, len(listed), BOUND):
        part = listed[at : at + BOUND]
        yield f" and ledger.{column} in ({','.join('?' * len(part))})", part


def _read_around(
    db: sqlite_utils.Database,
    club_id: int,
    rows: list[dict[str, Any]],
    member_of: dict[int, int],
    fees: set[int],
    paid_to: dict[int, int],
) -> None:
    """Some of the club's rows read: what the whole ledger would have told about them — the
    member of the row a payment names as its other side, the member of the row that names
    one of them, whether the row a reversal undoes is a fee — read for them alone."""
    named = {int(r["other_side"]) for r in rows if r["other_side"]}
    named |= {int(r["reverses"]) for r in rows if r["reverses"] is not None}
    for where, part in _parts(None, named - member_of.keys()):
        for row_id, member, kind in db.execute(
            f"select id, member_id, kind from ledger where club_id = ?{where}", [club_id, *part]
        ):
            if type(member) is int:
                member_of[int(row_id)] = member
            if kind in FEES:
                fees.add(int(row_id))
    payments = [int(r["id"]) for r in rows if r["kind"] == EntryKind.PAYMENT]
    for at in range(0, len(payments), BOUND):
        part = payments[at : at + BOUND]
        for named_by, member in db.execute(
            "select other_side, member_id from ledger where club_id = ?"
            f" and other_side in ({','.join('?' * len(part))})",
            [club_id, *part],
        ):
            if type(member) is int and type(named_by) is int:
                paid_to.setdefault(named_by, member)


def as_of_sql(alias: str = "ledger") -> str:
    """``entries.as_of`` said in SQL for the row ``alias``, the day the parameter ``:on``: the
    rows dated on or before it, a reversal once the entry it undoes is too."""
    return (
        f"({alias}.on_date <= :on and ({alias}.reverses is null or coalesce((select r.on_date"
        f" from ledger r where r.id = {alias}.reverses and r.club_id = {alias}.club_id),"
        f" {alias}.on_date) <= :on))"
    )


def sums(
    db: sqlite_utils.Database, club_id: int, kept: Mapping[int, int], on: str | None = None
) -> tuple[dict[int, int], int]:
    """Each member's ledger rows summed by SQLite (as of ``on``: ``entries.as_of``), by the
    member they now are (``kept``, as ``entries`` has it), zero ones kept; and the payments
    among them with their reversals (``entries.payments``, what the box holds). The same
    cents as ``entries.balances`` and ``entries.payments`` over ``entries``'s rows, without
    turning 40,000 rows into Python (docs/performance.md, cash20). A row ``entries`` would
    refuse (retyped behind the app, a member none of the club's): ``entries`` is read, and
    says which (``Damaged``)."""
    try:
        found = _summed(db, club_id, on)
    except sqlite3.OperationalError as error:  # a sum past 2**63: rows retyped behind the app
        if "overflow" not in str(error):
            raise
        every = entries(db, club_id, kept)
        return _in_python(every, on)
    if any(bad or member not in kept for member, _, _, bad in found):
        entries(db, club_id, kept)  # names the row (Damaged)
    out: dict[int, int] = {}
    held = 0
    for member, total, paid, _bad in found:
        if member in kept and type(total) is int and type(paid) is int:
            out[kept[member]] = out.get(kept[member], 0) + total
            held += paid
    return out, held


def _in_python(every: list[Entry], on: str | None) -> tuple[dict[int, int], int]:
    """``sums`` the long way, over the entries read (its sums past SQLite's integers)."""
    out: dict[int, int] = {}
    for entry in as_of(every, on):
        out[entry.member] = out.get(entry.member, 0) + entry.amount
    return out, sum(payments(as_of(every, on), every).values())


def _summed(db: sqlite_utils.Database, club_id: int, on: str | None) -> list[Any]:
    """Each stored member's rows (as of ``on``) summed, their payments summed, their rows
    ``entries`` would refuse counted."""
    dated = f" and {as_of_sql()}" if on is not None else ""
    return db.execute(
        f"""select member_id, sum(amount), sum(case when kind = :payment or (kind = :reversal
        and (select r.kind from ledger r where r.id = ledger.reverses
        and r.club_id = ledger.club_id) = :payment) then amount else 0 end), sum({_BAD})
        from ledger where club_id = :club{dated} group by member_id""",
        {"club": club_id, "on": on, "payment": "payment", "reversal": "reversal"},
    ).fetchall()


Place = tuple[str, int]
"""A row's place in the cash box's list: its date, then its number."""


def _where(on: str | None) -> str:
    return "club_id = :club" + (f" and {as_of_sql()}" if on is not None else "")


def placed(
    db: sqlite_utils.Database,
    club_id: int,
    on: str | None,
    limit: int,
    older_than: Place | None = None,
    newer_than: Place | None = None,
) -> list[Place]:
    """The places of the club's rows (as of ``on``), newest first, at most ``limit``: all,
    or those older than ``older_than``, or the ``limit`` just newer than ``newer_than``
    (still newest first). Read by the index on (club, date): a page of the cash box's
    list reads its lines, not the ledger."""
    args: dict[str, Any] = {"club": club_id, "on": on, "limit": limit}
    where, order = _where(on), "desc"
    if older_than is not None:
        where += " and (on_date < :day or (on_date = :day and id < :id))"
        args |= {"day": older_than[0], "id": older_than[1]}
    elif newer_than is not None:
        where += " and (on_date > :day or (on_date = :day and id > :id))"
        args |= {"day": newer_than[0], "id": newer_than[1]}
        order = "asc"
    found = [
        (str(day), int(number))
        for number, day in db.execute(
            f"select id, on_date from ledger where {where}"
            f" order by on_date {order}, id {order} limit :limit",
            args,
        )
        if type(day) is str and type(number) is int
    ]
    return found if order == "desc" else found[::-1]


def counted(
    db: sqlite_utils.Database, club_id: int, on: str | None, newer_than: Place | None = None
) -> int:
    """How many of the club's rows (as of ``on``) there are, or newer than ``newer_than``."""
    args: dict[str, Any] = {"club": club_id, "on": on}
    where = _where(on)
    if newer_than is not None:
        where += " and (on_date > :day or (on_date = :day and id > :id))"
        args |= {"day": newer_than[0], "id": newer_than[1]}
    return int(db.execute(f"select count(*) from ledger where {where}", args).fetchone()[0])


def listed_at(db: sqlite_utils.Database, club_id: int, on: str | None, place: Place) -> bool:
    """Whether the row at ``place`` is one of the club's rows as of ``on``."""
    args = {"club": club_id, "on": on, "day": place[0], "id": place[1]}
    found = db.execute(
        f"select 1 from ledger where {_where(on)} and id = :id and on_date = :day", args
    ).fetchone()
    return found is not None


def reversed_among(
    db: sqlite_utils.Database, club_id: int, on: str | None, ids: Collection[int]
) -> set[int]:
    """Which of the entries ``ids`` a reversal (as of ``on``) undoes: ``entries.reversed_ids``
    over the rows as of ``on``, asked for a page's lines."""
    out: set[int] = set()
    listed = sorted(set(ids))
    for at in range(0, len(listed), BOUND):
        part = {f"p{n}": v for n, v in enumerate(listed[at : at + BOUND])}
        found = db.execute(
            f"select reverses from ledger where {_where(on)}"
            f" and reverses in ({', '.join(':' + name for name in part)})",
            {"club": club_id, "on": on} | part,
        )
        out |= {int(r) for (r,) in found if type(r) is int}
    return out


def _strayed(db: sqlite_utils.Database, row: dict[str, Any]) -> Damaged:
    """An entry whose member is none of the club's: the member's row when they are there (their
    ``club_id`` changed: their seats say the same), else the entry's (its ``member_id``)."""
    there = db.execute("select 1 from members where id = ?", [row["member_id"]]).fetchone()
    if there is not None:
        return Damaged("club_id", "junk", int(row["member_id"]), "members")
    return Damaged("member_id", "junk", int(row["id"]), "ledger")


def _member(row: Row) -> tuple[int, str]:
    """A member's id and name (``Damaged``: retyped)."""
    with reading("members", row):
        return whole(row, "id"), text(row, "name")


LEDGER_TYPES = {
    "id": whole,
    "member_id": whole,
    "amount": whole,
    "on_date": text,
    "evening_id": whole_or_none,
    "reverses": whole_or_none,
    "game_id": whole_or_none,
    "other_side": whole_or_none,
    "games_lost": whole_or_none,
    "method": text_or_none,
    "received_by": text_or_none,
    "paid_by": text_or_none,
    "note": text_or_none,
    "before_paid_by": whole_or_none,
    "before_received_by": whole_or_none,
}
"""The ledger's columns the entries read, by their reader (``db/rows.py``)."""
READ = ", ".join(f"ledger.{c}" for c in ("kind", *LEDGER_TYPES) if not c.startswith("before_"))
"""The ledger's columns ``entries`` selects: those it reads, not the chain's (its hash,
the time written), a fifth of the rows' bytes turned into Python at 40,000 entries."""


KINDS = frozenset(kind.value for kind in EntryKind)
"""The kinds a row may say (the set was once built again for each row: a tenth of the cash
box's CPU at 10,000 entries, docs/performance.md)."""


HELD: dict[object, tuple[type, bool]] = {whole: (int, False), whole_or_none: (int, True)}
HELD |= {text: (str, False), text_or_none: (str, True)}
"""What each reader of ``LEDGER_TYPES`` takes: the type, and whether NULL is one."""
CHECKS = tuple((column, *HELD[read]) for column, read in LEDGER_TYPES.items())
SQL_TYPES = {int: "'integer'", str: "'text'"}
SUMMED = frozenset({"id", "member_id", "amount", "on_date", "evening_id", "reverses"})
"""The columns ``sums`` reads (and ``kind``): a row retyped there is refused as ``entries``
refuses it; a retyped note or name is found by the page that shows its row."""
_BAD = (
    " or ".join(
        f"typeof({column}) not in ({SQL_TYPES[kind]}{', ' + repr('null') if nullable else ''})"
        for column, kind, nullable in CHECKS
        if column in SUMMED
    )
    + " or coalesce(kind, '') not in ("
    + ", ".join(f"'{kind.value}'" for kind in EntryKind)
    + ")"
)
"""A row ``_as_written`` would not pass, said in SQL (``sums``: the rows it never reads)."""


def _as_written(row: dict[str, Any]) -> bool:
    """Whether every column holds what the app writes and the kind is one: the check of
    ``_row`` at a glance, for the rows that pass it (all but a row changed behind the app).
    The readers and their ``reading`` context cost a third of the cash box's CPU at 40,000
    entries (docs/performance.md); a row this refuses goes through them, which name why."""
    for column, kind, nullable in CHECKS:
        value = row.get(column)
        if not (isinstance(value, kind) or (nullable and value is None)):
            return False
    return row["kind"] in KINDS


def _row(row: dict[str, Any]) -> dict[str, Any]:
    """A ledger row whose columns hold what the app writes (``Damaged`` naming it: a value
    retyped behind the app, or a kind of entry there is none of)."""
    if _as_written(row):
        return row
    with reading("ledger", row):
        for column, read in LEDGER_TYPES.items():
            read(row, column)
        if text(row, "kind") not in KINDS:
            raise Damaged("kind", "junk")
    return row


def _stored(row: dict[str, Any]) -> tuple[str, str]:
    return row["paid_by"] or "", row["received_by"] or ""


def _said(side: int | None, stored: str, names: dict[int, str], kept: Mapping[int, int]) -> str:
    """A side in the entry's words: a member's name as it is now (a merged one's: the one
    kept), the box's mark, or the words as stored (``side`` None)."""
    if side is None:
        return stored
    return BOX_SIDE if side == 0 else names.get(kept.get(side, side), stored)


MARKS = (BOX_SIDE, MEMBER_SIDE)


def _sides(row: dict[str, Any], other: int | None) -> tuple[int | None, int | None]:
    """Who a payment row's ``paid_by`` and ``received_by`` are: a member's id (its name is
    said as it is now), 0 the cash box, None the words as stored (typed by hand).

    A row written before m029 names anyone as the migration read its words
    (``payment_sides``); one written since by ``clubs.accounts.pay`` holds marks: the box
    (``BOX_SIDE``), or a member (``MEMBER_SIDE``): the row's own, or the member of its other
    side (``other``: the row it names, or the row that names it). The payer's balance rises:
    a row above zero is its member's payment, one below zero their receipt.
    """
    if row["before_paid_by"] is not None or row["before_received_by"] is not None:
        return row["before_paid_by"], row["before_received_by"]
    marks = (row["paid_by"], row["received_by"])
    if marks[0] not in MARKS or marks[1] not in MARKS:
        return None, None
    own = int(row["member_id"])
    payer, payee = (own, other) if int(row["amount"]) > 0 else (other, own)
    return (
        0 if marks[0] == BOX_SIDE else payer,
        0 if marks[1] == BOX_SIDE else payee,
    )


def _of_fee(row: dict[str, Any], fees: set[int]) -> bool:
    """A fee's row, or a reversal of one: its ``evening_id`` is the evening it was charged
    from (``Entry.charged_at``), not an evening's item."""
    return int(row["id"]) in fees or (row["kind"] == EntryKind.REVERSAL and row["reverses"] in fees)


def _entry(
    row: dict[str, Any], member: int, paid_by: str, received_by: str, fee: bool = False
) -> Entry:
    return Entry(
        int(row["id"]),
        member,
        EntryKind(row["kind"]),
        int(row["amount"]),
        row["on_date"],
        row["note"] or "",
        None if fee else row["evening_id"],
        row["reverses"],
        row["method"] or "",
        received_by,
        row.get("game_id"),
        paid_by=paid_by,
        other_side=row.get("other_side"),
        charged_at=row["evening_id"] if fee else None,
        games_lost=row.get("games_lost"),
    )
