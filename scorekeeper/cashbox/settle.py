"""Who pays whom to bring every account to zero: suggestions that stay put when one is paid.

The parties are the members with a balance and the cash box itself
(``BOX``), whose balance is minus the members' sum: what the members owe
the club, the box is owed. Two ways:

- ``between_members``: the debtors, in the order given (a club's: by member
  number, ``clubs.ties.pay_order``), pay the creditors, in that order, each
  as much as both allow (the "north-west corner" of the two lists: the
  debts laid end to end on one line, the credits on another, a transfer
  wherever a debt and a credit overlap). At most one
  transfer fewer than the parties with a balance. The order is fixed, not
  by amount, so a suggestion that is paid is cut out of both lines and
  every other overlap stays as it was: the others are unchanged.
  (The very fewest transfers is a hard problem whose answer jumps when
  one is paid; a treasurer needs suggestions that stay.)
- ``with_treasurer``: every member settles with the box alone.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

BOX = 0
"""The cash box as a party (members are numbered from 1)."""


class Suggestion(NamedTuple):
    payer: int
    payee: int
    amount: int
    """Whole cents, > 0."""


def parties(balances: Mapping[int, int], order: Sequence[int]) -> list[tuple[int, int]]:
    """(party, balance) in the club's order, the box last; parties at zero left out.

    A member's balance is what the club owes them; the box's, what it owes
    no one: minus the members' sum.
    """
    listed = [(m, balances[m]) for m in order if balances.get(m)]
    box = -sum(balances.values())
    return listed + ([(BOX, box)] if box else [])


def between_members(balances: Mapping[int, int], order: Sequence[int]) -> list[Suggestion]:
    """The debtors pay the creditors, both in the club's order (module docstring).

    >>> between_members({1: -500, 2: -300, 3: 800}, [1, 2, 3])
    [Suggestion(payer=1, payee=3, amount=500), Suggestion(payer=2, payee=3, amount=300)]
    >>> between_members({1: -500, 2: 200}, [1, 2])  # the box is owed 300
    [Suggestion(payer=1, payee=2, amount=200), Suggestion(payer=1, payee=0, amount=300)]
    """
    listed = parties(balances, order)
    debts = [[p, -b] for p, b in listed if b < 0]
    credits = [[p, b] for p, b in listed if b > 0]
    out: list[Suggestion] = []
    d = c = 0
    while d < len(debts) and c < len(credits):
        amount = min(debts[d][1], credits[c][1])
        out.append(Suggestion(debts[d][0], credits[c][0], amount))
        debts[d][1] -= amount
        credits[c][1] -= amount
        d += debts[d][1] == 0
        c += credits[c][1] == 0
    return out


def with_treasurer(balances: Mapping[int, int], order: Sequence[int]) -> list[Suggestion]:
    """Every member with a balance settles with the box.

    >>> with_treasurer({1: -500, 2: 200}, [1, 2])
    [Suggestion(payer=1, payee=0, amount=500), Suggestion(payer=0, payee=2, amount=200)]
    """
    return [
        Suggestion(m, BOX, -b) if b < 0 else Suggestion(BOX, m, b)
        for m, b in parties(balances, order)
        if m != BOX
    ]


def paid(balances: Mapping[int, int], suggestion: Suggestion) -> dict[int, int]:
    """The members' balances once ``suggestion`` is paid (the box's follows by itself)."""
    out = dict(balances)
    for member, move in (
        (suggestion.payer, suggestion.amount),
        (suggestion.payee, -suggestion.amount),
    ):
        if member != BOX:
            out[member] = out.get(member, 0) + move
    return {m: b for m, b in out.items() if b}
