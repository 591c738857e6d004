"""A pot whose chips stay with the players who owe them until someone wins it.

Like the marks of the 1709 poule, what each player has put in is a
commitment, not a payment: when the pot is won, every other player pays the
winner what he put in, and the winner's own share simply returns to him. So
no chip is ever held by the table and the three nets always sum to zero.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .ledger import Stack, Transfer, stack


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

    # The names the 1709 deal uses, so that pages and reports read both alike.
    @property
    def enjeu(self) -> int:
        return self.pot

    @property
    def poule(self) -> int:
        return self.pot

    @property
    def bete_in_play(self) -> None:
        return None


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

    @property
    def bete_made(self) -> None:
        return None

    @property
    def codille(self) -> int | None:
        return self.taker if self.outcome == "codille" else None


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

    betes: tuple[()] = ()

    @property
    def poules_tirees(self) -> int:
        """Pots won by the hombre (the counterpart of the 1709 poules tirées)."""
        return sum(1 for r in self.coups if r.outcome == "gagne")

    @property
    def stacks(self) -> tuple[Stack, ...]:
        rules: Any = getattr(self.game, "rules")  # noqa: B009 - game is a JetonsGame or DanishGame
        return tuple(stack(c, n, rules.cave, rules.fiche) for c, n in zip(self.caves, self.net))
