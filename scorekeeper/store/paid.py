"""The settlement's transfers ticked as paid at a single table, by its manager.

A tick (and an untick) is a change of the game like any other: one
transaction through ``changing``, checked against the version the page
showed, its own line in the change log (``Action.PAID`` / ``UNPAID``, the
transfer in ``after`` / ``before``). Only a transfer of the settlement as it
stands can be ticked: the fewest transfers of the nets (``rules.ledger.
settle_up``); ``transfers_paid`` keeps a row per ticked transfer, and a tick
whose transfer a later coup changed no longer matches and is not shown.
"""

from __future__ import annotations

from typing import NamedTuple

import sqlite_utils

from ..clock import now
from ..rules.ledger import settle_up
from .changelog import Action
from .changing import changing
from .errors import Conflict
from .game_owner import GameOwner


class Paid(NamedTuple):
    """A transfer of the settlement, by seats, in chips."""

    payer: int
    payee: int
    amount: int


def ticked(db: sqlite_utils.Database, game_id: int) -> set[Paid]:
    rows = db.execute(
        "select payer, payee, amount from transfers_paid where game_id = ?", [game_id]
    ).fetchall()
    return {Paid(int(a), int(b), int(c)) for a, b, c in rows}


def tick(
    db: sqlite_utils.Database,
    game_id: int,
    transfer: Paid,
    paid: bool,
    version: int | None = None,
    by: int | None = None,
) -> None:
    """Tick (``paid``) or untick a transfer of the game's settlement as it stands.

    ``Conflict`` for a transfer that is not one of the settlement, or a tick already
    in that state: the page that sent it was not the settlement as it stands.
    """
    with changing(
        db, GameOwner(game_id), version, Action.PAID if paid else Action.UNPAID, by
    ) as change:
        stored = change.stored
        settlement = (
            {Paid(t.payer, t.payee, t.amount) for t in settle_up(stored.people()[1])}
            if stored.kind.chips
            else set()
        )
        if transfer not in settlement or (transfer in ticked(db, game_id)) == paid:
            raise Conflict(game_id)
        if paid:
            db.execute(
                "insert into transfers_paid (game_id, payer, payee, amount, at)"
                " values (?, ?, ?, ?, ?)",
                [game_id, *transfer, now()],
            )
        else:
            db.execute(
                "delete from transfers_paid where game_id = ? and payer = ? and payee = ?"
                " and amount = ?",
                [game_id, *transfer],
            )
        players = stored.game.players
        shown = {"payer": transfer.payer, "payee": transfer.payee, "amount": transfer.amount}
        change.before, change.after = (None, shown) if paid else (shown, None)
        change.summary = f"{players[transfer.payer]} → {players[transfer.payee]} {transfer.amount}"
