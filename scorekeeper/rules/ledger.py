"""Chip movements and what is derived from them: nets, caves, stacks.

Shared by every chip game: money only ever moves as a Transfer, so a net is
a sum of transfers and the nets of a table always sum to zero.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Transfer:
    """Chips paid by one seat to another."""

    payer: int
    """Seat index of the player who pays."""
    payee: int
    """Seat index of the player who receives."""
    amount: int
    """Whole chips, always > 0."""
    reason: str
    """Why: ``poule``, ``bete``, ``matadors``… (see the rules documentation)."""


@dataclass(frozen=True)
class Stack:
    """What a player has in front of him, in fiches and loose chips."""

    total: int
    fiches: int
    chips: int


def halves(amount: int) -> tuple[int, int]:
    """Split an amount in two; the larger half comes first (it goes to primauté).

    >>> halves(9)
    (5, 4)
    >>> halves(8)
    (4, 4)
    """
    small = amount // 2
    return amount - small, small


def apply(net: list[int], transfers: Iterable[Transfer]) -> None:
    """Add transfers to a list of nets, in place."""
    for t in transfers:
        net[t.payer] -= t.amount
        net[t.payee] += t.amount


def recave(caves: list[int], net: Sequence[int], cave: int) -> None:
    """Give a new cave to every player whose stack went below zero."""
    for seat, result in enumerate(net):
        while caves[seat] * cave + result < 0:
            caves[seat] += 1


def stack(caves: int, net: int, cave: int, fiche: int) -> Stack:
    """A player's chips: his caves plus his net, counted in fiches and chips.

    >>> stack(1, -7, 200, 20)
    Stack(total=193, fiches=9, chips=13)
    """
    total = caves * cave + net
    fiches, chips = divmod(total, fiche)
    return Stack(total, fiches, chips)
