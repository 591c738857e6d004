"""A chain's next link reads its scope's last row through an index, whatever the scope holds
(hostile17).

``chain.append`` reads the hash of the scope's last row inside the write transaction, for each
row it writes. A club's ledger had no index that lists a club's rows in their order: SQLite
read every row of the club and sorted them, for each entry. At 40,000 entries (a club made
by anyone, its members charged 200 a form: 200 forms, within the cash box's limits) that was
28 ms an entry, and a fee to 200 members held the server's one write lock 5.7 s: every
table's coup waited. With m034's index it is 0.07 ms.
"""

from __future__ import annotations

from scorekeeper.db import chain


def test_every_chains_last_row_is_found_without_a_sort(db):
    for link in chain.CHAINS:
        query = f"select hash from [{link.table}] where [{link.scope}] = ? order by id desc limit 1"
        plan = " ".join(str(row[3]) for row in db.execute(f"explain query plan {query}", [1]))
        assert "TEMP B-TREE" not in plan, (link.table, plan)


def test_a_long_ledger_costs_its_next_link_no_more_than_a_short_one(db):
    """The steps of SQLite's machine reading a club's last link, at 300 entries and at 600
    of that club: the same (before: in step with the entries, read and sorted)."""
    db.execute(
        "insert into clubs (id, name, read_token, version, created_at) values (7, 'C', 't', 1, '')"
    )
    db.execute("insert into members (id, club_id, name) values (70, 7, 'Anne')")

    def entries(count: int) -> None:
        for _ in range(count):
            row = {"club_id": 7, "member_id": 70, "kind": "charge", "amount": -1}
            chain.append(db, chain.LEDGER, row | {"on_date": "2026-11-03", "created_at": ""})

    def steps() -> int:
        counted = [0]

        def count() -> int:
            counted[0] += 1
            return 0

        db.conn.set_progress_handler(count, 1)
        try:
            chain._next(db, chain.LEDGER, 7)
        finally:
            db.conn.set_progress_handler(None, 1)
        return counted[0]

    entries(300)
    short = steps()
    entries(300)
    assert steps() <= short + 5, (short, steps())
