"""The settlement's transfers ticked as paid at a single table, by its manager.

A tick (and an untick) is a change of the game like any other: one
transaction through ``changing``, checked against the version the page
showed, its own line in the change log (``Action.PAID`` / ``UNPAID``, the
transfer in ``after`` / ``before``); ``transfers_paid`` keeps a row per
payment ticked.

A payment ticked counts, whatever the coups do after it: what is left to pay
is the nets with the payments made (``left``), settled by the fewest transfers
(``rules.ledger.settle_up``, ``lines``). A correction that moves the nets
after a payment leaves the payment shown as paid and asks only the
difference — Bruno paid Chloé 50 chips, a corrected coup makes Bruno's net −45:
Chloé owes Bruno 5 back (or whoever now owes Bruno does). (A tick that no longer
matched a transfer of the new nets was hidden, and the page asked the whole
sum again.) Only a transfer of what is left can be ticked, only a payment
made unticked. The same transfer can be paid twice (Bruno paid Chloé 9, a
forgotten coup makes Bruno owe Chloé 9 more): each tick is its own row, and an
untick takes back the latest of equal ones (m024).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from decimal import Decimal
from typing import NamedTuple

import sqlite_utils

from ..clock import now
from ..db import rows
from ..rules.ledger import Transfer, moves_in_cents, settle_up, to_cents
from .changelog import Action
from .changing import changing
from .errors import Conflict
from .game_owner import GameOwner


class Paid(NamedTuple):
    """A transfer of the settlement, by seats, in chips."""

    payer: int
    payee: int
    amount: int


class Tick(NamedTuple):
    """A payment made: its transfer, and its money in whole cents as the settlement said it
    when it was ticked (None: the table had no chip value, or a tick made before m025)."""

    paid: Paid
    cents: int | None


def ticks(db: sqlite_utils.Database, game_id: int) -> list[Tick]:
    """The payments ticked at the table, in the order made, with their money."""
    return [
        _tick(row)
        for row in db.query(
            "select id, payer, payee, amount, cents from transfers_paid where game_id = ?"
            " order by id",
            [game_id],
        )
    ]


def _tick(row: rows.Row) -> Tick:
    """A tick as stored (``rows.Damaged`` naming it: a column retyped behind the app)."""
    with rows.reading("transfers_paid", row):
        paid = Paid(rows.whole(row, "payer"), rows.whole(row, "payee"), rows.whole(row, "amount"))
        return Tick(paid, rows.whole_or_none(row, "cents"))


def ticked(db: sqlite_utils.Database, game_id: int) -> list[Paid]:
    """The payments ticked at the table, in the order made."""
    return [tick.paid for tick in ticks(db, game_id)]


def left(nets: Sequence[int], paid: Iterable[Paid]) -> list[int]:
    """Each person's net with the payments made counted: what they still owe (below zero)
    or are owed. A payer who paid more than they now owe is owed the difference.

    >>> left([-5, -45, 50], [Paid(1, 2, 50)])
    [-5, 5, 0]
    """
    found = list(nets)
    for payment in paid:
        if max(payment.payer, payment.payee) < len(found):
            found[payment.payer] += payment.amount
            found[payment.payee] -= payment.amount
    return found


def lines(nets: Sequence[int], paid: Sequence[Paid]) -> list[tuple[Paid, bool]]:
    """Who pays whom as the settlement lists it: each payment made (ticked), then the fewest
    transfers of what is left (to tick). A payment naming a person the table no longer has
    (their seat change taken back) is left out, as ``left`` leaves it.

    >>> lines([-5, -45, 50], [Paid(1, 2, 50), Paid(3, 0, 7)])
    [(Paid(payer=1, payee=2, amount=50), True), (Paid(payer=0, payee=1, amount=5), False)]
    """
    made = [p for p in paid if max(p.payer, p.payee) < len(nets)]
    rest = [Paid(t.payer, t.payee, t.amount) for t in settle_up(left(nets, made))]
    return [(p, True) for p in made] + [(t, False) for t in rest]


def lines_cents(nets: Sequence[int], made: Sequence[Tick], chip_value: Decimal) -> list[int] | None:
    """The money of each line of ``lines(nets, …)`` in whole cents (``moves_in_cents``): a
    payment made keeps the money it was handed over with (171 chips at 0,025 € paid as
    4,27 € read 4,28 € once a correction left its line settling nobody, and the rest was
    asked a cent short); the others take what is left of each person's money."""
    kept = [t for t in made if max(t.paid.payer, t.paid.payee) < len(nets)]
    listed = lines(nets, [t.paid for t in kept])
    moves = [Transfer(p.payer, p.payee, p.amount, "settlement") for p, _ in listed]
    cents = to_cents(nets, chip_value)
    given = moves_in_cents(moves, nets, cents, chip_value, [t.cents for t in kept])
    # a payment's cents that a correction's rounding leaves unsettled (a cent owed back by
    # someone at 0 chips) cannot be a line in chips: priced from the table's cents then
    return given if given is not None else moves_in_cents(moves, nets, cents, chip_value)


def tick(
    db: sqlite_utils.Database,
    game_id: int,
    transfer: Paid,
    paid: bool,
    version: int | None = None,
    by: int | None = None,
) -> None:
    """Tick (``paid``) a transfer of what is left to pay, or untick a payment made.

    ``Conflict`` for a transfer that is neither: the page that sent it was not the
    settlement as it stands (a second tap of the same tick is one: the version moved on).
    """
    with changing(
        db, GameOwner(game_id), version, Action.PAID if paid else Action.UNPAID, by
    ) as change:
        stored = change.stored
        made = ticks(db, game_id)
        nets = stored.people()[1] if stored.kind.chips else ()
        listed = lines(nets, [t.paid for t in made])
        allowed = [t.paid for t in made] if not paid else [t for t, done in listed if not done]
        if transfer not in allowed:
            raise Conflict(game_id)
        if paid:
            money = stored.money
            priced = None if money is None else lines_cents(nets, made, money.chip_value)
            cents = None if priced is None else priced[listed.index((transfer, False))]
            db.execute(
                "insert into transfers_paid (game_id, payer, payee, amount, at, cents)"
                " values (?, ?, ?, ?, ?, ?)",
                [game_id, *transfer, now(), cents],
            )
        else:  # the latest of equal ones
            cents = next(t.cents for t in reversed(made) if t.paid == transfer)
            db.execute(
                "delete from transfers_paid where id = (select max(id) from transfers_paid"
                " where game_id = ? and payer = ? and payee = ? and amount = ?)",
                [game_id, *transfer],
            )
        people = stored.people()[0]  # a transfer names persons: a newcomer too

        def said(person: int) -> str:
            return people[person] if person < len(people) else f"#{person}"

        shown: dict[str, int] = transfer._asdict() | ({} if cents is None else {"cents": cents})
        change.before, change.after = (None, shown) if paid else (shown, None)
        change.summary = f"{said(transfer.payer)} → {said(transfer.payee)} {transfer.amount}"
