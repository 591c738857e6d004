"""The numbers and versions a restore keeps from being handed out again, on a hash chain.

m031 (``generation.games_given``, ``clubs_given``) and m032 (``versions_given``) keep
them, but on no log: lowered or deleted behind the app, they went unseen by ``verify``,
and with them the protection (a gone game's number handed out again, a version
repeated). From now each restore appends to ``numbers_given`` (one chain, the
``generation`` row's, which records its length and head as every owner does, m015) a
line holding every floor it keeps, and ``verify`` checks the stored ones are at least
that (``db/numbers.py``, ``floor_faults``). A database with floors kept by a restore
before this migration gets one line ``chain`` holding them as they are now, as m021 did
for the facts; one without (never restored since m031) gets none: nothing to check.
"""

from __future__ import annotations

import json

import sqlite_utils

from ...clock import now

NAME = "m033_numbers_given_on_a_chain"


def migrate(db: sqlite_utils.Database) -> None:
    # Written out here rather than through db/numbers.py (a migration is frozen as it ran).
    from ..chain import NUMBERS_GIVEN, append

    db.table("numbers_given").create(
        {
            "id": int,
            "generation_id": int,
            "at": str,
            "action": str,
            "summary": str,
            "state": str,
            "prev_hash": str,
            "hash": str,
        },
        pk="id",
        not_null={"generation_id", "at", "action", "state"},
    )
    db.table("generation").add_column("log_length", int, not_null_default=0)
    db.table("generation").add_column("log_head", str)
    refusal = "numbers_given is append-only: record a change as a new row"
    for event in ("update", "delete"):  # one statement each: executescript would commit
        db.execute(
            f"create trigger if not exists [numbers_given_no_{event}] before {event}"
            f" on [numbers_given] begin select raise(abort, '{refusal}'); end"
        )
    db.execute(
        "create trigger if not exists [numbers_given_chained] before insert on [numbers_given]"
        " when new.hash is null begin"
        " select raise(abort, 'numbers_given: a row is written by db/chain.py append'); end"
    )
    db.execute(
        "create trigger if not exists [numbers_given_recorded] after insert on [numbers_given]"
        " begin update [generation] set [log_length] = [log_length] + 1,"
        " [log_head] = new.hash where id = new.[generation_id]; end"
    )
    given: dict[str, int] = {}
    row = db.execute("select games_given, clubs_given from generation where id = 1").fetchone()
    for table, value in zip(("games", "clubs"), row or (), strict=False):
        if type(value) is int and value > 0:
            given[table] = value
    versions = [
        [owner, number, version]
        for owner, number, version in db.execute(
            "select owner, id, version from versions_given order by owner, id"
        ).fetchall()
        if isinstance(owner, str) and type(number) is int and type(version) is int
    ]
    if row is None or not (given or versions):
        return
    state = {"given": given, "versions": versions}
    text = json.dumps(state, sort_keys=True, separators=(",", ":"))
    line = {"generation_id": 1, "at": now(), "action": "chain", "summary": NAME}
    append(db, NUMBERS_GIVEN, {**line, "state": text})
