"""A pot whose chips stay with the players who owe them until someone wins it.

Like the marks of the 1709 poule, what each player has put in is a
commitment, not a payment: when the pot is won, every other player pays the
winner what they put in, and the winner's own share simply returns to them. So
no chip is ever held by the table and the nets always sum to zero. With four
at the table the dealer sits out each deal (docs/rules/jetons.md and
docs/rules/danois.md, "Four at the table").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import Field, dataclass, replace
from enum import StrEnum
from typing import Any, ClassVar, Protocol, Self

from ..errors import N_, GameError
from ..ledger import Stack, Transfer, apply, recave, stack
from ..settings import Nn_, Setting
from .engine import DealSeats
from .ruleset import CAVE, FICHE

POT_TABLE: tuple[Setting, ...] = (
    Setting(
        "coups_to_play",
        0,
        "the game ends after that many coups; 0: the table stops when it likes",
        N_("Coups to play"),
        N_("0: the table decides when to stop."),
        most=10_000,
        group="table",
        said=((0, ""),),
        counted=Nn_("%(num)s coup", "%(num)s coups"),
    ),
    replace(CAVE, default=100),
    replace(FICHE, default=10),
)
"""The table's settings every pot system shares (the jetons' and the Danish contracts'), one
row each, declared here once: the game's length, a cave, a fiche (docs/rules/jetons.md §2)."""


class PotCoup(Protocol):
    """What the pot keeps of a coup of any pot system (the jetons', the Danish one…)."""

    @property
    def hombre(self) -> int | None:
        """The seat that played, or None when all passed."""
        ...

    @property
    def contract(self) -> str | None: ...

    @property
    def tricks(self) -> tuple[int, ...]: ...

    @property
    def note(self) -> str: ...

    @property
    def out(self) -> int | None:
        """Four at the table: the seat the tricks leave out."""
        ...

    @property
    def vole(self) -> bool:
        """Its contract asks every trick (the jetons' vole); a won one is a vole made."""
        ...


class PotRules(Protocol):
    """What the pot and its report read of a pot system's rule set (a frozen dataclass)."""

    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]

    @property
    def accounting(self) -> str:
        """The game file's ``rules.accounting`` (a constant of the system's class)."""
        ...

    @property
    def cave(self) -> int: ...

    @property
    def fiche(self) -> int: ...

    @property
    def coups_to_play(self) -> int: ...

    def to_mapping(self) -> dict[str, Any]: ...

    def describe(self) -> str: ...


class PotGame(Protocol):
    """A game of a pot system: its table and its coups (``kind.Game``, with a pot's rules).

    The pot depends on this, not on the systems that use it (no import loop)."""

    @property
    def players(self) -> tuple[str, ...]: ...

    @property
    def rules(self) -> PotRules: ...

    @property
    def first_dealer(self) -> int: ...

    @property
    def coups(self) -> Sequence[PotCoup]: ...

    def with_coups(self, coups: Sequence[Any]) -> Self: ...


class PotOutcome(StrEnum):
    """How a coup of a pot game ended (jetons: pass, gagne, perd; danois: the rest)."""

    PASS = "pass"
    GAGNE = "gagne"
    PERD = "perd"
    BETE = "bete"
    PUESTA = "puesta"
    CODILLE = "codille"


class PotReason(StrEnum):
    """Why chips moved in a pot game, beyond a Danish contract's rate or a bonus hand's name."""

    POULE = "poule"
    CAGNOTTE = "cagnotte"
    PRIME = "prime"
    JETON_BONUS = "jeton_bonus"


class Pot:
    def __init__(self, seats: int = 3) -> None:
        self.shares = [0] * seats

    @property
    def total(self) -> int:
        return sum(self.shares)

    def add(self, seat: int, chips: int) -> None:
        self.shares[seat] += chips

    def take(self, winner: int, reason: str) -> list[Transfer]:
        """The winner takes the pot: each other player pays them their share."""
        moves = [
            Transfer(seat, winner, share, reason)
            for seat, share in enumerate(self.shares)
            if seat != winner and share
        ]
        self.shares = [0] * len(self.shares)
        return moves


@dataclass(frozen=True)
class PotDeal(DealSeats):
    """Before a deal: who deals, what each player adds to the pot, what it then holds."""

    n: int
    dealer: int
    premier: int
    added: tuple[int, ...]
    """Chips each seat puts in before the deal (stakes on an empty poule, the ante)."""
    pot: int
    """The pot once they are in."""
    players: int = 3
    """Players at the table (with four, the dealer sits out)."""

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
    coup: PotCoup
    """The coup as entered, of its system's coup type."""
    outcome: PotOutcome
    taker: int | None
    """Who took the pot in this coup, if anyone."""
    transfers: tuple[Transfer, ...]
    net: tuple[int, ...]
    caves: tuple[int, ...]
    pot: int
    """The pot after the coup."""
    finished: bool

    @property
    def bete_made(self) -> None:
        return None

    @property
    def codille(self) -> int | None:
        return self.taker if self.outcome is PotOutcome.CODILLE else None

    @property
    def vole_made(self) -> bool:
        """The hombre won a contract that asks every trick: recorded as a win (``gagne``)
        of the vole contract (docs/rules/jetons.md §4), not as an outcome of its own."""
        return self.outcome is PotOutcome.GAGNE and self.coup.vole

    bete_taken_back: ClassVar[None] = None
    """The pot systems make no bête (the 1709 results say which one was won back)."""


@dataclass(frozen=True)
class PotReport:
    game: PotGame
    coups: tuple[PotResult, ...]
    net: tuple[int, ...]
    caves: tuple[int, ...]
    shares: tuple[int, ...]
    """What each seat has in the pot now: all 0 once the game has ended."""
    finished: bool
    next: PotDeal | None
    returned: tuple[int, ...] = (0, 0, 0)
    """What each seat had in the pot when the game ended, returned to them (no chip moves)."""

    betes: tuple[()] = ()

    @property
    def poules_tirees(self) -> int:
        """Pots won by the hombre (the counterpart of the 1709 poules tirées)."""
        return sum(1 for r in self.coups if r.outcome is PotOutcome.GAGNE)

    @property
    def tally(self) -> tuple[int, ...]:
        """The nets (``kind.Standing``)."""
        return self.net

    @property
    def next_dealer(self) -> int | None:
        return None if self.next is None else self.next.dealer

    @property
    def stacks(self) -> tuple[Stack, ...]:
        rules = self.game.rules
        return tuple(stack(c, n, rules.cave, rules.fiche) for c, n in zip(self.caves, self.net))


class PotBook:
    """The running book of a pot game: the pot, nets and caves, one closed coup after another."""

    def __init__(
        self, game: Any, cave: int, coups_to_play: int, start: PotReport | None = None
    ) -> None:
        """A new book, or (``start``) the book of a prefix of the coups, to go on from."""
        self.game = game
        self.cave = cave
        self.coups_to_play = coups_to_play
        self.seats = len(game.players)
        self.pot = Pot(self.seats)
        self.net = [0] * self.seats
        self.caves = [1] * self.seats
        self.results: list[PotResult] = []
        self.finished = False
        self.returned: tuple[int, ...] = (0,) * self.seats
        if start is not None:  # everything the fold carries is in the report
            self.pot.shares = list(start.shares)
            self.net, self.caves = list(start.net), list(start.caves)
            self.results = list(start.coups)
            self.finished, self.returned = start.finished, start.returned

    @property
    def first(self) -> int:
        """How many coups the book already holds (the next one is ``first + 1``)."""
        return len(self.results)

    def open(self, n: int) -> None:
        """Refuse a coup after the end of the game."""
        if self.finished:
            raise GameError(
                "coup", N_("the game ended with coup {last}; no coup can follow"), n, last=n - 1
            )

    def close(
        self,
        deal: PotDeal,
        coup: PotCoup,
        outcome: PotOutcome,
        taker: int | None,
        moves: list[Transfer],
    ) -> None:
        """Apply a coup's transfers, give caves, and see whether the game is over."""
        self.finished = bool(self.coups_to_play) and deal.n >= self.coups_to_play
        apply(self.net, moves)
        recave(self.caves, self.net, self.cave)
        if self.finished:
            # The pot returns to whoever put it in: a share is a commitment, not a payment,
            # so nothing moves and the nets stand; the pot is empty from now on.
            self.returned = tuple(self.pot.shares)
            self.pot.shares = [0] * self.seats
        self.results.append(
            PotResult(
                deal,
                coup,
                outcome,
                taker,
                tuple(moves),
                tuple(self.net),
                tuple(self.caves),
                self.pot.total,
                self.finished,
            )
        )

    def report(self, next_deal: PotDeal) -> PotReport:
        return PotReport(
            self.game,
            tuple(self.results),
            tuple(self.net),
            tuple(self.caves),
            tuple(self.pot.shares),
            self.finished,
            None if self.finished else next_deal,
            self.returned,
        )


def stop(report: PotReport) -> PotReport:
    """The game ended as it stands after its last coup: the table stopped there (its game
    file's ``stopped``). As after ``coups_to_play``: what lies in the pot returns to whoever
    put it in — a share is a commitment, not a payment — so nothing moves, the nets stand,
    and the pot is empty from then on (docs/rules/jetons.md §3, docs/rules/danois.md §3).
    A game already over, or without a coup, is left as it is.
    """
    if report.finished or not report.coups:
        return report
    last = replace(report.coups[-1], pot=0, finished=True)
    return replace(
        report,
        coups=(*report.coups[:-1], last),
        shares=(0,) * len(report.shares),
        finished=True,
        next=None,
        returned=report.shares,
    )
