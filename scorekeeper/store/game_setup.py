"""A game's creation and its settings: the table (players, dealer, rule set) and the money.

Creation is the one write that is not a ``changing``: there is no game yet
to be stale against. The rule set is frozen once the first coup is entered;
what a chip is worth never changes a chip count, so it may change any time.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable, Sequence
from dataclasses import asdict
from typing import Any

import sqlite_utils

from ..clock import now
from ..db import facts, numbers, transaction
from ..rules.errors import N_, GameError
from ..rules.kinds import build, dump_coup, kind_of
from ..rules.kinds import replay as replay_any
from ..rules.money import Money
from ..rules.seating import SeatChange
from . import changelog
from .changelog import Action
from .changing import changing
from .game_owner import GameOwner, game_row
from .stored import AnyGame
from .table_locks import table_state


def setup_refused(db: sqlite_utils.Database, game_id: int, coups: int) -> GameError | None:
    """Why a table's players and rules can no longer change, if they cannot
    (``TableState.setup_refusal``): the set-up page asks it before it offers its form,
    ``set_table`` before it stores one."""
    return table_state(db, game_id).setup_refusal(coups)


def create(
    db: sqlite_utils.Database,
    game: AnyGame,
    action: Action = Action.CREATE,
    money: Money | None = None,
    manager_hash: str | None = None,
    handover_hash: str | None = None,
    then: Callable[[sqlite_utils.Database, int], object] | None = None,
    seat_changes: Sequence[SeatChange] = (),
    stopped: bool = False,
) -> int:
    """Store a new game (with its coups and seat changes, for an import; ``stopped``: an
    imported game whose table stopped after its last coup); replays it first.

    ``then(db, game_id)`` runs in the same transaction (an evening's new table).
    """
    replay_any(game)
    with transaction(db):
        game_id = insert_game(
            db,
            game,
            action,
            money,
            manager_hash,
            handover_hash,
            seat_changes=seat_changes,
            stopped=stopped,
        )
        if then is not None:
            then(db, game_id)
    return game_id


def insert_game(
    db: sqlite_utils.Database,
    game: AnyGame,
    action: Action = Action.CREATE,
    money: Money | None = None,
    manager_hash: str | Callable[[int], str] | None = None,
    handover_hash: str | None = None,
    *,
    seat_changes: Sequence[SeatChange] = (),
    stopped: bool = False,
) -> int:
    """``create``'s writes, inside a transaction the caller holds (an event's draw: its tables).

    The game must have been replayed (checked) by the caller. ``manager_hash``
    may be made from the new game's id (an event's table link is derived from
    it): it is written before the log's first line, which holds the row whole.
    """
    stamp = now()
    game_id = (
        db.table("games")
        .insert(
            {
                # above a number a restore took back: a phone may still follow it (db/numbers.py)
                **numbers.unused(db, "games"),
                "game": kind_of(game).game,
                "chip_value": None if money is None else str(money.chip_value),
                "currency": None if money is None else money.currency,
                "manager_hash": None if callable(manager_hash) else manager_hash,
                "handover_hash": handover_hash,
                "table_token": secrets.token_urlsafe(18),
                "players": json.dumps(list(game.players), ensure_ascii=False),
                "first_dealer": game.first_dealer,
                "rules": json.dumps(game.rules.to_mapping()),
                "created_at": stamp,
                "updated_at": stamp,
                "version": 1,
            }
        )
        .last_pk
    )
    assert isinstance(game_id, int)
    if not facts.writing(db):  # an evening's table: its seats' ``facts`` line
        facts.writer(db, f"game {game_id}: {action}")
    if callable(manager_hash):
        db.execute(
            "update games set manager_hash = ? where id = ?", [manager_hash(game_id), game_id]
        )
    if stopped:  # written before the log's first line, which holds the row whole
        db.execute("update games set stopped = 1 where id = ?", [game_id])
    coups = [dump_coup(game, c) for c in game.coups]
    db.table("coups").insert_all(
        {"game_id": game_id, "position": n, "data": json.dumps(c, ensure_ascii=False)}
        for n, c in enumerate(coups, 1)
    )
    seats = [asdict(change) for change in seat_changes]  # an import's: who took a seat
    if seats:
        db.table("seat_changes").insert_all(
            {"game_id": game_id, "position": n, **seat} for n, seat in enumerate(seats, 1)
        )
    # the log's first line holds the game as created: the start of its check (audit.py)
    state = {**game_row(db, game_id), "coups": coups, **({"seat_changes": seats} if seats else {})}
    changelog.log(db, game_id, action, summary=f"{len(coups)} coups", state=state)
    return game_id


SeatsFollow = Callable[[sqlite_utils.Database, int, Sequence[str], Sequence[str]], None]
"""What a set-up change calls with the players before and after (a club's seats follow)."""


def set_table(
    db: sqlite_utils.Database,
    game_id: int,
    players: tuple[str, ...],
    first_dealer: int,
    rules: Any,
    version: int | None = None,
    *,
    seats: SeatsFollow | None,
) -> None:
    """Change players, first dealer or rule set: only before the first coup, never at a
    table of an event (its draw set the players, its settings the rules).

    ``seats`` runs in the same transaction with the players before and after:
    a club's table passes ``clubs.seats.relink_seats`` so that its seats name
    the members who sit there now. The store knows no club (clubs sit above
    it), so every caller says, by a required keyword, whether seats follow.
    """
    with changing(db, GameOwner(game_id), version, Action.RULES) as change:
        refused = setup_refused(db, game_id, len(change.stored.game.coups))
        if refused is not None:
            raise refused
        build(change.stored.kind.game, players, rules.to_mapping(), first_dealer, [])
        db.execute(
            "update games set players = ?, first_dealer = ?, rules = ? where id = ?",
            [
                json.dumps(list(players), ensure_ascii=False),
                first_dealer,
                json.dumps(rules.to_mapping()),
                game_id,
            ],
        )
        if seats is not None:
            seats(db, game_id, change.stored.game.players, players)
        change.after = rules.to_mapping()
        change.summary = rules.describe()


def set_money(
    db: sqlite_utils.Database, game_id: int, money: Money | None, version: int | None = None
) -> None:
    """Set (or clear) what a chip is worth; it never changes a chip count.

    Refused while payments are ticked at the table (store/paid.py): a tick keeps its chips,
    and the money handed over would be priced again at the new value (9 chips paid as
    0,22 € read 0,45 € at 0,05 €, and nothing more was asked)."""
    with changing(db, GameOwner(game_id), version, Action.MONEY) as change:
        if (
            money != change.stored.money
            and db.execute(
                "select 1 from transfers_paid where game_id = ? limit 1", [game_id]
            ).fetchone()
        ):
            raise GameError(
                "chip_value",
                N_(
                    "Payments are ticked as paid at this table: untick them before changing"
                    " what a chip is worth."
                ),
            )
        db.execute(
            "update games set chip_value = ?, currency = ? where id = ?",
            [
                None if money is None else str(money.chip_value),
                None if money is None else money.currency,
                game_id,
            ],
        )
        change.summary = "" if money is None else f"{money.chip_value} {money.currency}"
