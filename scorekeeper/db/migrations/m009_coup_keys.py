"""The keys the manager's phone made for the coups it sent (issue 26).

A coup sent again because its answer was lost (the Wi-Fi dropped, the
phone's outbox retried) carries the key it was stored under: the server
answers as if it had just stored it and stores nothing. One key per game
(primary key), tied to the coup's position and the version its save made;
the keys go with their game (``on delete cascade``).
"""

from __future__ import annotations

import sqlite_utils


def migrate(db: sqlite_utils.Database) -> None:
    db.execute(
        """create table coup_keys (
            game_id integer not null references games(id) on delete cascade,
            key text not null,
            position integer not null,
            version integer not null,
            primary key (game_id, key)
        )"""
    )
