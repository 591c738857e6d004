"""Every change log on a hash chain, each chain's length and head kept on its owner's row.

Issue 34: an event's change log becomes a chain as a game's is
(``event_changes``: its rows so far chained as they are, in id order), and
a club's changes get their own chained log (``club_changes``: members,
presets, the ledger's entries, evenings). Issue 36: a chain's last rows
removed left every link whole; now each owner row records its chains'
length and last hash (``games``/``events``/``clubs``: ``log_length``,
``log_head``; ``clubs``: ``ledger_length``, ``ledger_head`` too), filled
here with what each chain holds now, then kept by a trigger on each
insert into the chain, in the inserting transaction (``db/chain.py``,
``recorded_fault``). The new logs are append-only as the others (m011).
"""

from __future__ import annotations

import sqlite_utils

from ..chain import GENESIS, link


def migrate(db: sqlite_utils.Database) -> None:
    if "hash" not in db.table("event_changes").columns_dict:
        db.table("event_changes").add_column("prev_hash", str)
        db.table("event_changes").add_column("hash", str)
    scope, prev = object(), GENESIS
    for row in list(db.query("select * from event_changes order by event_id, id")):
        if row["event_id"] != scope:
            scope, prev = row["event_id"], GENESIS
        row["prev_hash"] = prev
        prev = link(prev, row)
        db.execute(
            "update event_changes set prev_hash = ?, hash = ? where id = ?",
            [row["prev_hash"], prev, row["id"]],
        )
    db.table("club_changes").create(
        {
            "id": int,
            "club_id": int,
            "version": int,
            "action": str,
            "summary": str,
            "at": str,
            "prev_hash": str,
            "hash": str,
        },
        pk="id",
        foreign_keys=[("club_id", "clubs", "id")],
        not_null={"club_id", "version", "action", "at"},
    )
    db.table("club_changes").create_index(["club_id", "id"])
    for name in ("event_changes", "club_changes"):
        refusal = f"{name} is append-only: record a change as a new row"
        for event in ("update", "delete"):  # one statement each: executescript would commit
            db.execute(
                f"create trigger if not exists [{name}_no_{event}] before {event} on [{name}]"
                f" begin select raise(abort, '{refusal}'); end"
            )
        db.execute(
            f"create trigger if not exists [{name}_chained] before insert on [{name}]"
            " when new.hash is null begin"
            f" select raise(abort, '{name}: a row is written by db/chain.py append'); end"
        )
    # (chain table, its scope column, owner table, length column, head column)
    recorded = (
        ("changes", "game_id", "games", "log_length", "log_head"),
        ("ledger", "club_id", "clubs", "ledger_length", "ledger_head"),
        ("event_changes", "event_id", "events", "log_length", "log_head"),
        ("club_changes", "club_id", "clubs", "log_length", "log_head"),
    )
    for table, scope_column, owner, length, head in recorded:
        if length not in db.table(owner).columns_dict:
            db.table(owner).add_column(length, int, not_null_default=0)
            db.table(owner).add_column(head, str)
        db.execute(
            f"update [{owner}] set [{length}] = (select count(*) from [{table}]"
            f" where [{scope_column}] = [{owner}].id), [{head}] = (select hash from [{table}]"
            f" where [{scope_column}] = [{owner}].id order by id desc limit 1)"
        )
        db.execute(
            f"create trigger if not exists [{table}_recorded] after insert on [{table}] begin"
            f" update [{owner}] set [{length}] = [{length}] + 1, [{head}] = new.hash"
            f" where id = new.[{scope_column}]; end"
        )
