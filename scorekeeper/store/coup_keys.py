"""The keys under which a manager's phone sent its coups: a coup sent twice is stored once.

The phone makes a random key for each coup it saves and sends it with the
coup, again on every retry (its outbox, issue 26). When the first request
reached the server but its answer was lost, the retry finds its key here
and is answered as if the coup had just been stored: nothing is stored
twice, and the version check does not refuse the phone's own coup as
"another phone's change". A key is tied to its game: a key of one game says
nothing about another.

A key says what it means (issue 36): it keeps a digest of its coup, so the
same key sent with *another* coup is refused naming the stored one; a key
whose coup was undone or deleted is marked ``gone`` and answered as such
(never "stored", never stored again), and keeps how it went (``went``: written by the undo
or deletion itself, never read back from the change log, where a like coup typed at the
same place later and deleted would take the key's place). A key whose coup another phone
corrected since keeps that too (``corrected``, written by the correction itself): the game holds
that coup, not the one sent. Rows stay bounded: a key lives as long
as its coup, and only the last ``GONE_KEPT`` gone keys of a game are kept.
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any

import sqlite_utils

KEY = re.compile(r"[A-Za-z0-9_-]{16,64}")
"""What a phone may send as a key: 16 to 64 URL-safe characters (a stranger's junk is
refused before anything is read, and a row stays small)."""

WENT = frozenset({"undo", "delete"})
"""How a key's coup can leave the game (``coup_keys.went``: the change log's action of the
change that took it out)."""

GONE_KEPT = 16
"""Keys of undone or deleted coups kept per game: an outbox retries within minutes, so the
last few removals are what a late retry can meet; older ones are dropped (150 add + undo
leave 16 rows, not 150)."""


class AlreadyStored(Exception):  # not an error: the answer of a retry
    """The coup sent under this key was stored: at ``position``, which made ``version``.

    ``digest``: the stored coup's (None for a key kept before digests were);
    ``gone``: the version of the undo or deletion that took the coup out of the game,
    None while it is in the game; ``went``: how, ``undo`` or ``delete`` (``WENT``), None
    while it is in the game or for a key gone before the column was (m037: not known);
    ``corrected``: the version of the correction that left the coup other than the one sent
    under the key, None while the game holds it as sent (m038).
    """

    def __init__(
        self,
        position: int,
        version: int,
        digest: str | None = None,
        gone: int | None = None,
        went: str | None = None,
        corrected: int | None = None,
    ) -> None:
        super().__init__(position, version)
        self.position = position
        self.version = version
        self.digest = digest
        self.gone = gone
        self.went = went
        self.corrected = corrected

    def same_coup(self, digest: str | None) -> bool:
        """Whether ``digest`` (the coup sent again) is the stored coup's; a key kept before
        digests were compares as the same (it was answered so)."""
        return self.digest is None or self.digest == digest


def digest_of(coup: Any) -> str:
    """A coup's digest, from its game-file shape (the same coup typed twice: one digest)."""
    text = json.dumps(coup, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def stored_under(db: sqlite_utils.Database, game_id: int, key: str) -> AlreadyStored | None:
    """The coup this game stored under ``key``, if any."""
    row = db.execute(
        "select position, version, digest, gone, went, corrected from coup_keys"
        " where game_id = ? and key = ?",
        [game_id, key],
    ).fetchone()
    if row is None:
        return None
    gone = None if row[3] is None else int(row[3])
    went = row[4] if gone is not None and row[4] in WENT else None
    corrected = None if row[5] is None else int(row[5])
    return AlreadyStored(int(row[0]), int(row[1]), row[2], gone, went, corrected)


def remember(
    db: sqlite_utils.Database,
    game_id: int,
    key: str,
    position: int,
    version: int,
    digest: str | None,
) -> None:
    """Keep the key of a coup just stored (inside the change's transaction)."""
    db.execute(
        "insert into coup_keys (game_id, key, position, version, digest) values (?, ?, ?, ?, ?)",
        [game_id, key, position, version, digest],
    )


def coup_removed(
    db: sqlite_utils.Database, game_id: int, position: int, version: int, went: str
) -> None:
    """The coup at ``position`` was undone or deleted (``went``, of ``WENT``) by the change
    making ``version``: its key is marked gone and keeps how, the later coups' keys follow
    their coups down one place, and the oldest gone keys past ``GONE_KEPT`` are dropped
    (inside the change's transaction)."""
    assert went in WENT, went
    db.execute(
        "update coup_keys set gone = ?, went = ?"
        " where game_id = ? and position = ? and gone is null",
        [version, went, game_id, position],
    )
    db.execute(
        "update coup_keys set position = position - 1"
        " where game_id = ? and position > ? and gone is null",
        [game_id, position],
    )
    prune(db, game_id)


def coup_corrected(
    db: sqlite_utils.Database, game_id: int, position: int, version: int, digest: str
) -> None:
    """The coup at ``position`` was corrected by the change making ``version``, to the coup of
    ``digest``: its key keeps that the game holds another coup than the one sent under it, or
    forgets it when the correction puts back the coup sent (inside the change's transaction)."""
    db.execute(
        "update coup_keys set corrected = case when digest = ? then null else ? end"
        " where game_id = ? and position = ? and gone is null",
        [digest, version, game_id, position],
    )


def coup_put_back(
    db: sqlite_utils.Database, game_id: int, position: int, undone: int | None
) -> None:
    """A redo put back at ``position`` the coup the undo making version ``undone`` took out:
    the key that undo marked gone names it again (what a correction before wrote on it stays:
    the coup put back is the one undone). Only a key gone by an undo is put back: a coup
    deleted at that place, or undone there before another coup took its place, is not the one
    redone. Without the undo's version (a log line older than the versions it records), the
    key undone last at that place; a key gone before m037 kept how (``went`` null) may be
    that one: such an old line's keys all are (review30)."""
    if undone is not None:
        db.execute(
            "update coup_keys set gone = null, went = null where game_id = ? and position = ?"
            " and gone = ? and (went = 'undo' or went is null)",
            [game_id, position, undone],
        )
        return
    db.execute(
        """update coup_keys set gone = null, went = null
           where game_id = ? and position = ? and (went = 'undo' or went is null) and gone = (
               select max(gone) from coup_keys
               where game_id = ? and position = ? and (went = 'undo' or went is null))""",
        [game_id, position, game_id, position],
    )


def prune(db: sqlite_utils.Database, game_id: int) -> None:
    """Drop the game's gone keys but the ``GONE_KEPT`` last."""
    db.execute(
        """delete from coup_keys where game_id = ? and gone is not null and rowid not in (
               select rowid from coup_keys where game_id = ? and gone is not null
               order by gone desc, rowid desc limit ?)""",
        [game_id, game_id, GONE_KEPT],
    )
