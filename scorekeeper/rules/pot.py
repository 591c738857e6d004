"""A pot whose chips stay with the players who owe them until someone wins it.

Like the marks of the 1709 poule, what each player has put in is a
commitment, not a payment: when the pot is won, every other player pays the
winner what he put in, and the winner's own share simply returns to him. So
no chip is ever held by the table and the three nets always sum to zero.
"""

from __future__ import annotations

from dataclasses import dataclass

from .ledger import Transfer


class Pot:
    def __init__(self) -> None:
        self.shares = [0, 0, 0]

    @property
    def total(self) -> int:
        return sum(self.shares)

    def add(self, seat: int, chips: int) -> None:
        self.shares[seat] += chips

    def take(self, winner: int, reason: str) -> list[Transfer]:
        """The winner takes the pot: each other player pays him his share."""
        moves = [
            Transfer(seat, winner, share, reason)
            for seat, share in enumerate(self.shares)
            if seat != winner and share
        ]
        self.shares = [0, 0, 0]
        return moves


@dataclass(frozen=True)
class PotDeal:
    """Before a deal: who deals, what each player adds to the pot, what it then holds."""

    n: int
    dealer: int
    premier: int
    added: tuple[int, int, int]
    """Chips each seat puts in before the deal (stakes on an empty poule, the ante)."""
    pot: int
    """The pot once they are in."""


@dataclass(frozen=True)
class PotResult:
    deal: PotDeal
    coup: object
    """The coup as entered (a JetonsCoup or a DanishCoup)."""
    outcome: str
    taker: int | None
    """Who took the pot in this coup, if anyone."""
    transfers: tuple[Transfer, ...]
    net: tuple[int, int, int]
    caves: tuple[int, int, int]
    pot: int
    """The pot after the coup."""
    finished: bool


@dataclass(frozen=True)
class PotReport:
    game: object
    coups: tuple[PotResult, ...]
    net: tuple[int, int, int]
    caves: tuple[int, int, int]
    shares: tuple[int, int, int]
    """What each seat has in the pot now (returned to him if the game ends)."""
    finished: bool
    next: PotDeal | None
