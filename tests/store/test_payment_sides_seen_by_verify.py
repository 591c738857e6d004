"""m030 (``payment_sides`` on its clubs' logs): what ``verify`` must still see.

A database migrated from m028 with two payments written before m029 (Anne paid Chloé 3.60 as
a suggestion; Bruno paid the box 0.45): the sides are on the club's log (m030's line). A
tamperer who drops the triggers, turns a side and also deletes m030's record from
``_sqlite_migrations`` must not make ``verify`` misread: the club's log carries the rows, so
they are checked whatever that table says (without the fix, both stored rows were said
"removed" and the side turned was not named). And a line appended to the log with a key that is
no row's (``[]``) is a fault named, not a crash of ``verify``.
"""

from __future__ import annotations

import shutil
import sqlite3
from decimal import Decimal

import sqlite_utils

from scorekeeper import clubs
from scorekeeper.cashbox.entries import EntryKind
from scorekeeper.cashbox.ledger import insert_entry
from scorekeeper.clock import now
from scorekeeper.db import chain, facts
from scorekeeper.db.connection import connect
from scorekeeper.db.migrations import migrations
from scorekeeper.rules.money import Money
from scorekeeper.store import verify
from scorekeeper.store.changing import changing
from scorekeeper.store.club_log import ClubOwner

M030 = "m030_payment_sides_on_the_logs"


def _version(db, club_id: int) -> int:
    found = clubs.club(db, club_id)
    assert found is not None
    return found.version


def _migrated_with_payments(tmp_path) -> tuple[object, int, dict[str, int], list[int]]:
    path = tmp_path / "m028.sqlite"
    old = sqlite_utils.Database(sqlite3.connect(path))
    migrations.apply(old, stop_before="m029_payment_sides")
    old.conn.close()
    db = connect(path)
    club = clubs.create(db, "Le Cercle", Money(Decimal("0.05"), "EUR"), None)
    member = {
        name: clubs.add_member(db, club, name, "", _version(db, club))
        for name in ("Anne", "Bruno", "Chloé")
    }
    rows = [
        {"member_id": member["Anne"], "amount": 360, "paid_by": "Anne", "received_by": "Chloé"},
        {
            "member_id": member["Bruno"],
            "amount": 45,
            "paid_by": "Bruno",
            "received_by": "la caisse",
        },
    ]
    written = []
    with changing(db, ClubOwner(club), _version(db, club), "payment"):
        for row in rows:
            base = {"club_id": club, "kind": str(EntryKind.PAYMENT), "on_date": "2026-11-20"}
            written.append(insert_entry(db, base | {"method": "cash"} | row))
    db.close()
    connect(path, migrate=True).close()
    assert verify.run(path, None)[1] == []
    return path, club, member, written


def _tampered(path, target, *statements: str):
    shutil.copy(path, target)
    conn = sqlite3.connect(target)
    for (name,) in conn.execute("select name from sqlite_master where type = 'trigger'").fetchall():
        conn.execute(f"drop trigger [{name}]")
    for sql in statements:
        assert conn.execute(sql).rowcount == 1, sql
    conn.commit()
    conn.close()
    return target


def test_a_side_turned_is_found_though_m030s_record_is_deleted(tmp_path):
    """The logs say the rows are on them (m030's line carries ``payment_sides``): deleting the
    migration's record is no way to make ``verify`` take the rows for unlogged."""
    path, club, member, (first, _to_box) = _migrated_with_payments(tmp_path)
    turned = _tampered(
        path,
        tmp_path / "turned.sqlite",
        f"update payment_sides set paid_by = {member['Bruno']} where entry_id = {first}",
        f"delete from _sqlite_migrations where name = '{M030}'",
    )
    faults = [str(f) for f in verify.run(turned, None)[1]]
    # Anne paid 3.60 (her amount above zero: she is the payer, m029); the row now says Bruno
    assert faults == [
        f"payment_sides row {first}: club {club}: paid_by is {member['Bruno']},"
        f" its log says {member['Anne']}"
    ]


def test_a_line_whose_key_is_no_rows_is_a_fault_not_a_crash(tmp_path):
    """A line appended to the club's log (as anyone holding the file and the code can) whose
    ``payment_sides`` key is ``[]``: ``verify`` names it as a row of its log not stored."""
    path, club, _member, _rows = _migrated_with_payments(tmp_path)
    db = connect(path)
    with db.atomic():
        line = {"club_id": club, "version": _version(db, club), "action": facts.FOLLOW}
        state = facts.text({"payment_sides": {"[]": {"paid_by": 1}}})
        chain.append(db, chain.CLUB_CHANGES, {**line, "summary": "x", "at": now(), "state": state})
    db.close()
    faults = [str(f) for f in verify.run(path, None)[1]]
    assert faults == [f"payment_sides: club {club}: the row [] of its log is not stored (removed?)"]
