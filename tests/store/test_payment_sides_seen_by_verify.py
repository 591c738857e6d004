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

from test_payment_sides_migration import at_m028, paid, tampered

from scorekeeper import clubs
from scorekeeper.clock import now
from scorekeeper.db import chain, facts
from scorekeeper.db.connection import connect
from scorekeeper.store import verify

M030 = "m030_payment_sides_on_the_logs"


def _migrated_with_payments(tmp_path) -> tuple[object, int, dict[str, int], list[int]]:
    path, db, club, member = at_m028(tmp_path, "Anne", "Bruno", "Chloé")
    written = paid(
        db,
        club,
        [
            {"member_id": member["Anne"], "amount": 360, "paid_by": "Anne", "received_by": "Chloé"},
            {
                "member_id": member["Bruno"],
                "amount": 45,
                "paid_by": "Bruno",
                "received_by": "la caisse",
            },
        ],
    )
    db.close()
    connect(path, migrate=True).close()
    assert verify.run(path, None)[1] == []
    return path, club, member, written


def test_a_side_turned_is_found_though_m030s_record_is_deleted(tmp_path):
    """The logs say the rows are on them (m030's line carries ``payment_sides``): deleting the
    migration's record is no way to make ``verify`` take the rows for unlogged."""
    path, club, member, (first, _to_box) = _migrated_with_payments(tmp_path)
    turned = tampered(
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
        found = clubs.club(db, club)
        assert found is not None
        line = {"club_id": club, "version": found.version, "action": facts.FOLLOW}
        state = facts.text({"payment_sides": {"[]": {"paid_by": 1}}})
        chain.append(db, chain.CLUB_CHANGES, {**line, "summary": "x", "at": now(), "state": state})
    db.close()
    faults = [str(f) for f in verify.run(path, None)[1]]
    assert faults == [f"payment_sides: club {club}: the row [] of its log is not stored (removed?)"]
