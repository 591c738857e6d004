"""Someone else takes a seat between coups: one versioned change of the game.

The change is an input of the game, as a coup is (``rules/seating.py``): from
the next coup, ``player`` sits at a seat, either playing for the absent
player (the seat's money stays theirs) or, where the rules allow it, taking it
over (each keeps the net of the coups they played). The engines count per seat
as before; the stored game splits the nets per person (``StoredGame.by_person``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import asdict
from typing import Any

import sqlite_utils

from ..rules.errors import N_, GameError
from ..rules.seating import TAKES_OVER, SeatChange, check, payers, pending, seated
from .changelog import Action
from .changing import Change, changing
from .game_owner import GameOwner
from .table_locks import table_state


def take_seat(
    db: sqlite_utils.Database,
    game_id: int,
    seat: int,
    player: str,
    way: str,
    version: int | None = None,
    by: int | None = None,
    then: Callable[[sqlite_utils.Database, int, str], object] | None = None,
) -> SeatChange:
    """From the next coup ``player`` sits at ``seat`` (``way``: plays_for / takes_over).

    ``then(db, game_id, player)`` runs in the same transaction: the seat form passes
    ``clubs.part_names.seat_asked`` (``clubs.seats.newcomer_seated``, its name asked about
    first), so the newcomer is a member the club bills (the store knows no club)."""
    with changing(db, GameOwner(game_id), version, Action.SEAT, by=by) as change:
        stored = change.stored
        game = stored.game
        if stored.replay().finished:
            raise GameError("player", N_("the game is over: nobody takes a seat"))
        if not 0 <= seat < len(game.players):
            raise GameError("seat", N_("seat must name one of the players"))
        if way == TAKES_OVER and table_state(db, game_id).event is not None:
            raise GameError(
                "way",
                N_("at a competition's table the newcomer plays for the registered player"),
            )
        taken = SeatChange(len(game.coups) + 1, seat, player.strip(), way)
        earlier = pending(stored.seat_changes, len(game.coups))  # after coups undone
        check(stored.kind, game, [*earlier, taken])
        move(db, change, stored.seat_changes, earlier)
        position = len(stored.seat_changes) + 1
        db.execute(
            "insert into seat_changes (game_id, position, coup, seat, player, way)"
            " values (?, ?, ?, ?, ?, ?)",
            [game_id, position, taken.coup, taken.seat, taken.player, taken.way],
        )
        leaving = seated(game.players, earlier, taken.coup)[seat]
        change.before = leaving
        change.after = {
            "coup": taken.coup,
            "seat": game.players[seat],
            "player": taken.player,
            "way": taken.way,
            "leaving": leaving,
            "for": payers(game.players, earlier, taken.coup)[seat],
        }
        if then is not None:
            then(db, game_id, taken.player)
        change.summary = f"{taken.player} ← {leaving} ({taken.way}) from coup {taken.coup}"
    return taken


def move(
    db: sqlite_utils.Database,
    change: Change[Any],
    before: Sequence[SeatChange],
    after: Sequence[SeatChange],
) -> None:
    """The game's seat changes ``before`` now begin at the coups of ``after`` (the coups
    they belong to moved up, ``seating.after_removal``); the change's line records them
    all (``seat_changes`` in its ``state``: what ``audit.py`` checks the rows against)."""
    if tuple(before) == tuple(after):
        return
    for position, (old, new) in enumerate(zip(before, after, strict=True), 1):
        if old != new:
            db.execute(
                "update seat_changes set coup = ? where game_id = ? and position = ?",
                [new.coup, change.stored.id, position],
            )
    change.wrote["seat_changes"] = [asdict(c) for c in after]
