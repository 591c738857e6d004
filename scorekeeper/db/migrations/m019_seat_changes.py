"""Someone else takes a seat between coups (issue 35, point 6).

One row per change, in the order made (``position``, 1-based): from coup
``coup`` (the first they play) ``player`` sits at seat ``seat`` (0-based, the
game's ``players``), ``way`` ``plays_for`` (the seat's money stays the absent
player's) or ``takes_over`` (a house rule: each keeps the net of the coups they
played). The game file writes them as its optional ``seat_changes``; the rows
go with their game (``on delete cascade``).
"""

from __future__ import annotations

import sqlite_utils


def migrate(db: sqlite_utils.Database) -> None:
    db.execute(
        """create table seat_changes (
            game_id integer not null references games(id) on delete cascade,
            position integer not null,
            coup integer not null,
            seat integer not null,
            player text not null,
            way text not null,
            primary key (game_id, position)
        )"""
    )
