"""Each game's change log (and each club's ledger) becomes a hash chain, append-only.

Every row gets ``prev_hash`` and ``hash`` (``db/chain.py``); the rows
already stored are chained as they are, in id order. A change now records
the columns of the game's row it wrote (``changes.state``); the old lines
did not, so each game stored before gets one more line, ``chain``: the
game as it is at this migration (its row and its coups), from which its
later lines are checked (``store/audit.py``) and which its pages name as
where its chain starts. Then triggers refuse an UPDATE or DELETE of a
chained row and an insert without its hash: a change is a new row. No
route deletes a game or a log row (a coup deleted is a new line), so no
exception is needed; docs/security.md says how one would be recorded.
"""

from __future__ import annotations

import json

import sqlite_utils

from ...clock import now


def migrate(db: sqlite_utils.Database) -> None:
    # Written out here rather than through store/changelog.log: a migration is frozen as
    # it ran, and the database layer never imports the store (its lines are the same).
    from ..chain import CHAINS, CHANGES, GENESIS, append, link

    for chain in CHAINS:
        table = db.table(chain.table)
        if not table.exists():
            continue
        for column in ("prev_hash", "hash", *(("state",) if chain.table == "changes" else ())):
            if column not in table.columns_dict:
                table.add_column(column, str)
        scope, prev = object(), GENESIS
        for row in list(db.query(f"select * from [{chain.table}] order by [{chain.scope}], id")):
            if row[chain.scope] != scope:
                scope, prev = row[chain.scope], GENESIS
            row["prev_hash"] = prev
            prev = link(prev, row)
            db.execute(
                f"update [{chain.table}] set prev_hash = ?, hash = ? where id = ?",
                [row["prev_hash"], prev, row["id"]],
            )
    for game in list(db.query("select * from games order by id")):
        coups = db.execute(
            "select data from coups where game_id = ? order by position", [game["id"]]
        ).fetchall()
        state = {**game, "coups": [json.loads(data) for (data,) in coups]}
        append(
            db,
            CHANGES,
            {
                "game_id": game["id"],
                "at": now(),
                "action": "chain",
                "position": None,
                "before": None,
                "after": None,
                "summary": "m011_hash_chains",
                "grant_id": None,
                "state": json.dumps(
                    state, ensure_ascii=False, sort_keys=True, separators=(",", ":")
                ),
            },
        )
    for chain in CHAINS:
        if not db.table(chain.table).exists():
            continue
        name = chain.table
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
