"""The seat changes of a game imported before now, on its hash chain (``scorekeeper verify``).

Until now an import stored the file's ``seat_changes`` (m019) but its log's first line held
only the game's row and coups, so ``verify`` could not tell such a row removed or altered.
An import's first line now holds them too; each game that has more seat changes than its
log's ``seat`` lines (an import made before) gets one more line, ``chain``, as m011 gave
the games stored before the chains: the game as it is at this migration, its row, its
coups and its seat changes, from which its later lines are checked (``store/audit.py``).
"""

from __future__ import annotations

import json

import sqlite_utils

from ...clock import now


def migrate(db: sqlite_utils.Database) -> None:
    # Written out here rather than through store/changelog.log, as m011 (a migration is
    # frozen as it ran; the database layer never imports the store).
    from ..chain import CHANGES, RECORDED, append

    unlogged = db.execute(
        "select game_id from seat_changes group by game_id having count(*) >"
        " (select count(*) from changes where changes.game_id = seat_changes.game_id"
        " and action = 'seat') order by game_id"
    ).fetchall()
    for (game_id,) in unlogged:
        game = next(iter(db.query("select * from games where id = ?", [game_id])))
        coups = db.execute(
            "select data from coups where game_id = ? order by position", [game_id]
        ).fetchall()
        seats = db.execute(
            "select coup, seat, player, way from seat_changes where game_id = ? order by position",
            [game_id],
        ).fetchall()
        state = {
            **{k: v for k, v in game.items() if k not in RECORDED},
            "coups": [json.loads(data) for (data,) in coups],
            "seat_changes": [{"coup": c, "seat": s, "player": p, "way": w} for c, s, p, w in seats],
        }
        append(
            db,
            CHANGES,
            {
                "game_id": game_id,
                "at": now(),
                "action": "chain",
                "position": None,
                "before": None,
                "after": None,
                "summary": "m020_imported_seat_changes_in_the_log",
                "grant_id": None,
                "state": json.dumps(
                    state, ensure_ascii=False, sort_keys=True, separators=(",", ":")
                ),
            },
        )
