"""A coup key keeps whether its coup was corrected since it was stored (fix30c).

``coup_keys.corrected``: the version of the correction that left the key's coup other than the
coup sent under it, written by that correction itself (``store.coup_keys.coup_corrected``);
NULL while the game holds the coup as sent (a correction back to it clears it). A lost
phone's notice said "it is in the game" of a key whose coup another phone had corrected since:
what the phone typed was not what the game held.

A key of a coup in the game kept before this column is set by its digest (m016: the coup
sent, in the game file's shape) against the coup stored at its place now: another coup
there was corrected, at a version not kept (the game's now, as m016 marked a gone key). A
key without a digest (kept before m016) stays NULL: not known.
"""

from __future__ import annotations

import hashlib
import json

import sqlite_utils


def _digest(data: str) -> str:
    """``store.coup_keys.digest_of`` as it was at this migration, of a stored coup's text."""
    text = json.dumps(json.loads(data), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def migrate(db: sqlite_utils.Database) -> None:
    db.execute("alter table coup_keys add column corrected integer")
    live = db.execute(
        """select coup_keys.rowid, coup_keys.digest, coups.data, games.version
           from coup_keys
           join coups on coups.game_id = coup_keys.game_id and coups.position = coup_keys.position
           join games on games.id = coup_keys.game_id
           where coup_keys.gone is null and coup_keys.digest is not null"""
    ).fetchall()
    for rowid, digest, data, version in live:
        if _digest(data) != digest:
            db.execute("update coup_keys set corrected = ? where rowid = ?", [version, rowid])
