"""L'Hombre with the Danish-style contracts of seeds/004 (docs/rules/danois.md).

The dealer antes 5 chips into the cagnotte every deal; the hombre's contract
sets their rate per defender; the hombre wins (takes the cagnotte, is paid), makes a
*bête* (pays each defender), a *puesta* (3-3-3: void) or loses *codille*
(pays the best defender, who takes the cagnotte). Two rate tables: the
source text's and the Danish L'hombre Union's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from enum import StrEnum
from typing import Any, ClassVar

from ..errors import N_, GameError
from ..ledger import Transfer
from ..seating import dealer_of
from ..settings import Setting, check_all, preset
from ..settings import from_mapping as settings_from_mapping
from .engine import check_played, check_seating, passed_alone
from .pot import POT_TABLE, PotBook, PotDeal, PotOutcome, PotReason, PotReport
from .takst import Takst, takst_mapping, takst_of


class DanishContract(StrEnum):
    JEU_SIMPLE = "jeu_simple"
    PIQUE = "pique"
    TOURNE = "tourne"
    GRAND_TOURNE = "grand_tourne"
    """Needs both black aces in the hombre's hand."""
    SOLO = "solo"
    SOLO_PIQUE = "solo_pique"
    NOLO_SIMPLE = "nolo_simple"
    NOLO_PUR = "nolo_pur"
    NOLO_OUVERT = "nolo_ouvert"

    @property
    def nolo(self) -> bool:
        return self.value.startswith("nolo")


C = DanishContract
RATES: dict[str, dict[DanishContract, tuple[int, int, int]]] = {
    # per defender: won (each defender pays), bête (paid to each), codille (each, to the best)
    "texte": {
        C.JEU_SIMPLE: (1, 1, 1),
        C.PIQUE: (1, 1, 1),
        C.TOURNE: (1, 1, 1),
        C.GRAND_TOURNE: (2, 2, 2),
        C.SOLO: (2, 2, 2),
        C.SOLO_PIQUE: (3, 3, 2),
        C.NOLO_SIMPLE: (2, 2, 2),
        C.NOLO_PUR: (3, 3, 3),
        C.NOLO_OUVERT: (5, 5, 3),
    },
    "dlu": {  # the Danish L'hombre Union: won / lost / kruk
        C.JEU_SIMPLE: (1, 1, 2),
        C.PIQUE: (1, 1, 2),
        C.TOURNE: (2, 2, 3),
        C.GRAND_TOURNE: (2, 2, 3),
        C.SOLO: (3, 3, 4),
        C.SOLO_PIQUE: (4, 4, 5),
        C.NOLO_SIMPLE: (2, 2, 3),
        C.NOLO_PUR: (4, 4, 5),
        C.NOLO_OUVERT: (6, 6, 7),
    },
}


SETTINGS = (
    Setting(
        "ante",
        5,
        "chips the dealer puts in the cagnotte every deal",
        N_("Dealer's ante"),
    ),
    Setting(
        "rates",
        "texte",
        "the source's schedule; dlu: the Danish L'hombre Union's",
        N_("Rates"),
        choices=(("texte", N_("the source's")), ("dlu", N_("Danish L'hombre Union"))),
        refusal=N_("rules.rates must be texte or dlu, got {value!r}"),
        presets={"danois_dlu": "dlu"},
    ),
    Setting(
        "nolo_ouvert_bonus",
        True,
        "a jeton back to a nolo ouvert lost by codille (a file without it: as its rates,"
        " false with dlu)",
        N_("Jeton bonus to a nolo ouvert lost by codille"),
        presets={"danois_dlu": False},
    ),
    Setting(
        "takst",
        "",
        'a club\'s own rates, e.g. {"solo": [3, 3, 4]} (won, bête, codille)',
        N_("The club's own rates"),
        N_(
            "Optional: a contract and its won, bête and codille rates per defender, e.g."
            " solo 3 3 4, nolo pur 4 4 5 (the contracts as named above); the others keep the"
            " rates above."
        ),
        shown="none",
        longest=300,
    ),
    *POT_TABLE,
)
"""The Danish settings, one row each (docs/rules/danois.md §2): its file key, default,
bounds, words and the presets that set it. They drive the check, ``scorekeeper rules``,
the presets and the new-game fields (their order is the form's; ``table``, ``page``: the
fields every money system shares on the form)."""


@dataclass(frozen=True)
class DanishRules:
    """Settings of the Danish system; the game file's ``rules`` with ``accounting: danois``."""

    accounting: ClassVar[str] = "danois"
    """The money system: a constant of the class, never a setting."""
    ante: int = 5
    rates: str = "texte"
    """``texte`` (the source's schedule) or ``dlu`` (the Danish L'hombre Union's)."""
    coups_to_play: int = 0
    cave: int = 100
    fiche: int = 10
    nolo_ouvert_bonus: bool | None = None
    """The declarer of a nolo ouvert lost by codille receives one chip back from the
    codille's winner. None (not given): as the rates say, on for ``texte`` (the
    source's sentence), off for ``dlu`` (the Union's schedule has no such chip)."""
    takst: Takst = ()
    """A club's own rates for the contracts it names (``takst.py``); the others keep ``rates``'.
    The game file writes it only when given."""

    def __post_init__(self) -> None:
        if self.nolo_ouvert_bonus is None:  # not given: as the rates say
            object.__setattr__(self, "nolo_ouvert_bonus", self.rates == "texte")
        elif type(self.nolo_ouvert_bonus) is not bool:
            raise GameError(
                "rules.nolo_ouvert_bonus",
                N_("{key} must be true or false"),
                key="rules.nolo_ouvert_bonus",
            )
        check_all(SETTINGS, self)
        object.__setattr__(self, "takst", takst_of(self.takst, [str(c) for c in DanishContract]))

    @classmethod
    def preset(cls, name: str) -> DanishRules:
        """The rule set of a named preset (its rows' values; the defaults for another name)."""
        return cls(**preset(SETTINGS, name))

    @classmethod
    def from_mapping(cls, data: dict[str, Any]) -> DanishRules:
        # a file without nolo_ouvert_bonus takes the default of its rates, not of texte
        chosen = {k: v for k, v in data.items() if k != "accounting"}
        return settings_from_mapping(cls, {"nolo_ouvert_bonus": None, **chosen})

    def to_mapping(self) -> dict[str, Any]:
        data = {"accounting": self.accounting, **asdict(self)}
        if self.takst:
            data["takst"] = takst_mapping(self.takst)
        else:
            del data["takst"]  # the files written before it stay byte for byte
        return data

    def schedule(self) -> dict[DanishContract, tuple[int, int, int]]:
        """Each contract's (won, bête, codille) rate: the ``rates`` schedule, then the takst."""
        own = {C(line[0]): (line[1], line[2], line[3]) for line in self.takst}
        return {**RATES[self.rates], **own}

    def describe(self) -> str:
        """One line in words, for the change log and listings.

        >>> DanishRules(rates="dlu").describe()
        'danois, ante 5, rates dlu'
        """
        parts = [self.accounting, f"ante {self.ante}", f"rates {self.rates}"]
        if self.nolo_ouvert_bonus != (self.rates == "texte"):
            parts.append("nolo ouvert bonus" if self.nolo_ouvert_bonus else "no nolo ouvert bonus")
        if self.coups_to_play:
            parts.append(f"{self.coups_to_play} coups")
        parts += [f"{c} {won}/{bete}/{codille}" for c, won, bete, codille in self.takst]
        return ", ".join(parts)


@dataclass(frozen=True)
class DanishCoup:
    hombre: int | None = None
    contract: DanishContract | None = None
    tricks: tuple[int, ...] = (0, 0, 0)
    first_five: bool = False
    """The defenders bid too and the hombre won the first five tricks: they win outright."""
    black_aces: bool = False
    """The hombre holds spadille and baste (a grand tourné needs them)."""
    note: str = ""
    out: int | None = None
    """Four at the table: the seat the tricks leave out (it must be the dealer's)."""

    @property
    def vole(self) -> bool:
        """No Danish contract asks every trick (the DLU's *tout* is not one of them)."""
        return False


@dataclass(frozen=True)
class DanishGame:
    players: tuple[str, ...]
    rules: DanishRules = field(default_factory=DanishRules)
    first_dealer: int = 0
    coups: tuple[DanishCoup, ...] = ()

    def with_coups(self, coups: Sequence[DanishCoup]) -> DanishGame:
        return DanishGame(self.players, self.rules, self.first_dealer, tuple(coups))


def check(coup: DanishCoup) -> None:
    if coup.hombre is None:
        passed_alone(coup, ("first_five", "black_aces"))
        return
    check_played(coup.hombre, coup.contract, coup.tricks)
    assert coup.contract is not None
    if coup.contract is DanishContract.GRAND_TOURNE and not coup.black_aces:
        raise GameError("black_aces", N_("a grand tourné needs both black aces"))
    if coup.first_five:
        if coup.contract.nolo:
            raise GameError("first_five", N_("the first-five-tricks rule is for games, not nolos"))
        if coup.tricks[coup.hombre] < 5:
            raise GameError("first_five", N_("first_five needs five tricks for the hombre"))


def outcome(coup: DanishCoup, order: tuple[int, ...]) -> tuple[PotOutcome, int | None]:
    """gagne, bete, puesta or codille (with the defender who wins it).

    >>> outcome(DanishCoup(0, DanishContract.NOLO_SIMPLE, (1, 4, 4)), (1, 2, 0))
    (<PotOutcome.BETE: 'bete'>, None)
    >>> outcome(DanishCoup(0, DanishContract.JEU_SIMPLE, (3, 3, 3)), (1, 2, 0))
    (<PotOutcome.PUESTA: 'puesta'>, None)
    >>> outcome(DanishCoup(0, DanishContract.JEU_SIMPLE, (1, 4, 4)), (1, 2, 0))
    (<PotOutcome.CODILLE: 'codille'>, 1)
    """
    assert coup.hombre is not None and coup.contract is not None
    h = coup.tricks[coup.hombre]
    defenders = [s for s in order if s != coup.hombre]  # the one with primauté first
    best = max(coup.tricks[s] for s in defenders)
    leaders = [s for s in defenders if coup.tricks[s] == best]
    if coup.contract.nolo:
        if h == 0:
            return PotOutcome.GAGNE, None
        return (PotOutcome.BETE, None) if h == 1 else (PotOutcome.CODILLE, leaders[0])
    if coup.first_five or h > best:
        return PotOutcome.GAGNE, None
    if h == 3 and best == 3:
        return PotOutcome.PUESTA, None
    if h == best:  # "le même nombre de levées qu'un autre joueur"
        return PotOutcome.BETE, None
    # "moins de levées qu'un de ses adversaires": a codille, also when the defenders tie
    # (1-4-4); it goes to the one with primauté (docs/rules/danois.md §5)
    return PotOutcome.CODILLE, leaders[0]


def replay(game: DanishGame, start: PotReport | None = None) -> PotReport:
    """Fold the coups into the report, or (``start``) go on from the report of a prefix."""
    rules = game.rules
    rates = rules.schedule()
    book = PotBook(game, rules.cave, rules.coups_to_play, start)
    pot = book.pot

    seats = len(game.players)

    def deal(n: int) -> PotDeal:
        dealer = dealer_of(game.first_dealer, n, seats)
        # the dealer antes, also when they sit out (danois.md §8)
        added = tuple(rules.ante if s == dealer else 0 for s in range(seats))
        return PotDeal(n, dealer, (dealer + 1) % seats, added, pot.total + rules.ante, seats)

    for n, coup in enumerate(game.coups[book.first :], book.first + 1):
        book.open(n)
        try:
            check(coup)
        except GameError as error:
            raise error.at(n) from None
        d = deal(n)
        try:
            check_seating(coup.hombre, coup.out, d.dealer, game.players)
        except GameError as error:
            raise error.at(n) from None
        pot.add(d.dealer, rules.ante)
        moves: list[Transfer] = []
        taker = None
        result: PotOutcome = PotOutcome.PASS
        if coup.hombre is not None:
            assert coup.contract is not None
            hombre = coup.hombre
            order = d.order
            defenders = [s for s in order if s != hombre]
            result, codille = outcome(coup, order)
            won_rate, bete_rate, codille_rate = rates[coup.contract]
            if coup.first_five:
                won_rate = 1  # the text: each defender hands them one chip
            reason = str(coup.contract)
            if result is PotOutcome.GAGNE:
                taker = hombre
                moves += pot.take(hombre, PotReason.CAGNOTTE)
                moves += [Transfer(s, hombre, won_rate, reason) for s in defenders]
            elif result is PotOutcome.BETE:
                moves += [Transfer(hombre, s, bete_rate, reason) for s in defenders]
            elif result is PotOutcome.CODILLE:
                assert codille is not None
                taker = codille
                moves += pot.take(codille, PotReason.CAGNOTTE)
                moves.append(Transfer(hombre, codille, 2 * codille_rate, reason))
                if coup.contract is DanishContract.NOLO_OUVERT and rules.nolo_ouvert_bonus:
                    # the source's "jeton bonus": the codille's winner hands one chip back
                    moves.append(Transfer(codille, hombre, 1, PotReason.JETON_BONUS))
        # a rate of 0 (a club's takst may give one) moves no chip: no line of 0
        # (game-file.md: `transfers` lists every chip movement, each a positive amount)
        book.close(d, coup, result, taker, [m for m in moves if m.amount])
    return book.report(deal(len(game.coups) + 1))
