"""A seat's record over one game or many: what a club's season adds up per member.

A kind that keeps such records answers ``Kind.seat_records`` with one per
seat (l'Hombre's come from ``hombre.stats.player_stats``); the season adds
them by member with ``+`` and never asks which game they come from.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field


@dataclass(frozen=True)
class SeatRecord:
    """One seat's coups and chips; records add up (``a + b``) over games.

    >>> a = SeatRecord(coups=3, taken=1, outcomes=Counter(gagne=1), won=9, lost=2, net=7)
    >>> b = SeatRecord(coups=2, taken=1, outcomes=Counter(codille=1), won=0, lost=5, net=-5)
    >>> total = a + b
    >>> (total.coups, total.taken, total.won, total.lost, total.net)
    (5, 2, 9, 7, 2)
    >>> sorted(total.outcomes.items())
    [('codille', 1), ('gagne', 1)]
    """

    coups: int = 0
    """The coups dealt while they sat at the table."""
    taken: int = 0
    """The coups they played as the one who takes (l'Hombre's hombre)."""
    outcomes: Counter[str] = field(default_factory=Counter)
    """Their taken coups by outcome, in the game's own words (gagne, remise, codille…)."""
    won: int = 0
    """Chips won: every gain of theirs, counted coup by coup."""
    lost: int = 0
    """Chips lost, coup by coup (a positive number)."""
    net: int = 0
    """What they end with: won − lost."""
    contracts: Counter[str] = field(default_factory=Counter)
    """Their taken coups by contract, in the game's own words (demande, sans_prendre…)."""
    contracts_won: Counter[str] = field(default_factory=Counter)
    """Those of them that won the player chips, by contract (a member's page: success by
    contract)."""
    voles: int = 0
    """Voles they made as the one who took (all the tricks)."""
    codilles_won: int = 0
    """Coups they won by codille against the one who took."""

    def __add__(self, other: SeatRecord) -> SeatRecord:
        return SeatRecord(
            self.coups + other.coups,
            self.taken + other.taken,
            self.outcomes + other.outcomes,
            self.won + other.won,
            self.lost + other.lost,
            self.net + other.net,
            self.contracts + other.contracts,
            self.contracts_won + other.contracts_won,
            self.voles + other.voles,
            self.codilles_won + other.codilles_won,
        )
