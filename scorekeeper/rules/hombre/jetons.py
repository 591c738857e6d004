"""L'Hombre with the "jetons" money of seeds/003 (docs/rules/jetons.md).

Each player stakes 3 chips on an empty poule, each player who passes pays 2
into it, a successful hombre takes it and is paid 1 / 6 / 12 by each
opponent, a failing one doubles it and pays the same; bonus hands are worth
10 from each other player.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from enum import StrEnum
from typing import Any, ClassVar

from ..errors import N_, GameError, SeatName
from ..ledger import Transfer
from ..seating import dealer_of
from ..settings import Setting, check_all
from ..settings import from_mapping as settings_from_mapping
from .bonus_hands import check_together
from .engine import check_played, check_seating
from .pot import POT_TABLE, PotBook, PotDeal, PotOutcome, PotReason, PotReport

BONUS_HANDS = (
    "charivari",
    "discorde",
    "fanatique",
    "chicoree",
    "guinguette",
    "mirlire",
    "partie_carree",
    "yeux_de_grand_mere",
    "triomphante",
)
"""Four queens, four kings, four jacks, the four trumps after the matadors, no black
ace, both black aces and no trump face card, three kings and a queen, both red aces,
and the hombre leading spadille (theirs alone)."""


class JetonsContract(StrEnum):
    SIMPLE = "simple"
    """Plays with the talon: must take more tricks than each opponent."""
    SANS_PRENDRE = "sans_prendre"
    """Without the talon: must take at least five tricks."""
    VOLE = "vole"
    """Must take all nine tricks."""


SETTINGS = (
    Setting(
        "stake",
        3,
        "chips each player puts in an empty poule",
        N_("Stake on an empty poule"),
        least=1,
    ),
    Setting(
        "pass_fee",
        2,
        "chips a player pays into the poule on saying je passe",
        N_("Paid by a player who passes"),
    ),
    Setting(
        "simple",
        1,
        "what each opponent pays a winning hombre (or a losing one pays each) for a simple",
        N_("Prime: simple"),
        least=1,
    ),
    Setting(
        "sans_prendre",
        6,
        "the same for a sans prendre",
        N_("Prime: sans prendre"),
        least=1,
    ),
    Setting("vole", 12, "the same for a vole", N_("Prime: vole"), least=1),
    Setting("bonus", 10, "a bonus hand, paid by each other player", N_("Bonus hand")),
    *POT_TABLE,
)
"""The jetons' settings, one row each (docs/rules/jetons.md §2): its file key, default,
bounds and words. They drive the check, ``scorekeeper rules`` and the new-game fields
(``table``: the fields every money system shares on the form)."""


@dataclass(frozen=True)
class JetonsRules:
    """Settings of the jetons system; the game file's ``rules`` with ``accounting: jetons``."""

    accounting: ClassVar[str] = "jetons"
    """The money system: a constant of the class, never a setting."""
    stake: int = 3
    pass_fee: int = 2
    simple: int = 1
    sans_prendre: int = 6
    vole: int = 12
    bonus: int = 10
    coups_to_play: int = 0
    """0: the table decides when to stop; else the game ends after that many coups."""
    cave: int = 100
    fiche: int = 10

    def __post_init__(self) -> None:
        check_all(SETTINGS, self)

    @classmethod
    def from_mapping(cls, data: dict[str, Any]) -> JetonsRules:
        return settings_from_mapping(cls, {k: v for k, v in data.items() if k != "accounting"})

    def to_mapping(self) -> dict[str, Any]:
        return {"accounting": self.accounting, **asdict(self)}

    def describe(self) -> str:
        """One line in words, for the change log and listings.

        >>> JetonsRules().describe()
        'jetons, stake 3, pass fee 2, simple 1, sans prendre 6, vole 12, bonus 10'
        """
        parts = [
            self.accounting,
            f"stake {self.stake}",
            f"pass fee {self.pass_fee}",
            f"simple {self.simple}",
            f"sans prendre {self.sans_prendre}",
            f"vole {self.vole}",
            f"bonus {self.bonus}",
        ]
        if self.coups_to_play:
            parts.append(f"{self.coups_to_play} coups")
        return ", ".join(parts)

    def rate(self, contract: JetonsContract) -> int:
        return {"simple": self.simple, "sans_prendre": self.sans_prendre, "vole": self.vole}[
            contract
        ]


@dataclass(frozen=True)
class JetonsCoup:
    hombre: int | None = None
    contract: JetonsContract | None = None
    tricks: tuple[int, ...] = (0, 0, 0)
    bonuses: tuple[tuple[int, str], ...] = ()
    """(seat, hand) for every bonus hand shown in this coup."""
    note: str = ""
    out: int | None = None
    """Four at the table: the seat the tricks leave out (it must be the dealer's)."""

    @property
    def vole(self) -> bool:
        """The vole contract: all nine tricks."""
        return self.contract is JetonsContract.VOLE


@dataclass(frozen=True)
class JetonsGame:
    players: tuple[str, ...]
    rules: JetonsRules = field(default_factory=JetonsRules)
    first_dealer: int = 0
    coups: tuple[JetonsCoup, ...] = ()

    def with_coups(self, coups: Sequence[JetonsCoup]) -> JetonsGame:
        return JetonsGame(self.players, self.rules, self.first_dealer, tuple(coups))


def won(coup: JetonsCoup) -> bool:
    """Did the hombre make their contract? (docs/rules/jetons.md, "The outcome")."""
    assert coup.hombre is not None
    h = coup.tricks[coup.hombre]
    if coup.contract is JetonsContract.VOLE:
        return h == 9
    if coup.contract is JetonsContract.SANS_PRENDRE:
        return h >= 5
    return all(h > t for seat, t in enumerate(coup.tricks) if seat != coup.hombre)


def check(coup: JetonsCoup) -> None:
    if coup.hombre is not None:
        check_played(coup.hombre, coup.contract, coup.tricks)
    elif coup.bonuses:
        raise GameError("bonuses", N_("bonus hands are shown in play: not when all passed"))
    seen = set()
    for seat, hand in coup.bonuses:
        if hand not in BONUS_HANDS:
            raise GameError("bonuses", N_("unknown bonus hand {hand!r}"), hand=hand)
        if hand == "triomphante" and seat != coup.hombre:
            raise GameError("bonuses", N_("only the hombre can lead spadille for la triomphante"))
        if (seat, hand) in seen:
            raise GameError("bonuses", N_("bonus hand {hand} given twice"), hand=hand)
        seen.add((seat, hand))
    check_together(coup.bonuses)  # what one pack of 40 can deal (docs/rules/jetons.md §6)


def replay(game: JetonsGame, start: PotReport | None = None) -> PotReport:
    """Fold the coups into the report, or (``start``) go on from the report of a prefix."""
    rules = game.rules
    book = PotBook(game, rules.cave, rules.coups_to_play, start)
    pot = book.pot

    seats = len(game.players)

    def deal(n: int) -> PotDeal:
        dealer = dealer_of(game.first_dealer, n, seats)
        # every player stakes on an empty poule, also the one who sits out (jetons.md §8)
        added = (rules.stake if pot.total == 0 else 0,) * seats
        return PotDeal(n, dealer, (dealer + 1) % seats, added, pot.total + sum(added), seats)

    for n, coup in enumerate(game.coups[book.first :], book.first + 1):
        book.open(n)
        try:
            check(coup)
        except GameError as error:
            raise error.at(n) from None
        d = deal(n)
        try:
            check_seating(coup.hombre, coup.out, d.dealer, game.players)
            if d.out is not None and any(seat == d.out for seat, _hand in coup.bonuses):
                raise GameError(
                    "bonuses",
                    N_("{name} deals and sits out this coup, so shows no bonus hand"),
                    name=SeatName(game.players[d.out]),
                )
        except GameError as error:
            raise error.at(n) from None
        for seat in range(seats):
            pot.add(seat, d.added[seat])
        moves: list[Transfer] = []
        taker = None
        if coup.hombre is None:
            outcome = PotOutcome.PASS
            for seat in d.order:  # the one who sits out says nothing: they pay no fee
                pot.add(seat, rules.pass_fee)
        else:
            assert coup.contract is not None
            hombre = coup.hombre
            others = [s for s in d.order if s != hombre]
            for seat in others:
                pot.add(seat, rules.pass_fee)
            rate = rules.rate(coup.contract)
            if won(coup):
                outcome, taker = PotOutcome.GAGNE, hombre
                moves += pot.take(hombre, PotReason.POULE)
                moves += [Transfer(s, hombre, rate, PotReason.PRIME) for s in others if rate]
            else:
                outcome = PotOutcome.PERD
                pot.add(hombre, pot.total)  # they double the poule for the next coup
                moves += [Transfer(hombre, s, rate, PotReason.PRIME) for s in others if rate]
            for seat, hand in coup.bonuses:  # paid by the two others who play (jetons.md §8)
                moves += [
                    Transfer(s, seat, rules.bonus, hand)
                    for s in range(seats)
                    if s not in (seat, d.out) and rules.bonus
                ]
        book.close(d, coup, outcome, taker, moves)
    return book.report(deal(len(game.coups) + 1))
