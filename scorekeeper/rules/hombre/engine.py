"""L'Hombre chip accounting (hombre.md) as one fold over the coups.

A game is its table, its rule set and the coups as entered; ``replay`` is the
only place money is computed. Everything it returns is frozen: a prefix of
the coups gives a prefix of the report.
"""

from __future__ import annotations

import gc
import heapq
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from ..errors import N_, GameError, SeatName
from ..ledger import Stack, Transfer, apply, halves, recave, stack
from ..seating import dealer_of
from .ruleset import RuleSet

DEALER_SITS_OUT = N_("{name} deals and sits out this coup, so cannot be the hombre")
"""The refusal of the dealer at four as the hombre: no pronoun, the player may be a woman
(a Danish page read "Birthe giver …: han kan ikke være spilfører", smoke25)."""


class Contract(StrEnum):
    DEMANDE = "demande"
    RETOURNE = "retourne"
    SANS_PRENDRE = "sans_prendre"
    VOLE = "vole"
    """Vole annoncée."""
    ESPADILLE_FORCEE = "espadille_forcee"


class Outcome(StrEnum):
    PASS = "pass"
    GAGNE = "gagne"
    REMISE = "remise"
    CODILLE = "codille"
    VOLE = "vole"
    VOLE_MANQUEE = "vole_manquee"
    VOLE_ENGAGEE = "vole_engagee"
    """Vole engagée réussie."""
    VOLE_ENGAGEE_MANQUEE = "vole_engagee_manquee"


class Reason(StrEnum):
    """Why chips moved; the ``reason`` of a transfer."""

    POULE = "poule"
    BETE = "bete"
    VOLE = "vole"
    """Half the enjeu from each tiers after a vole with no pending bête."""
    MATADORS = "matadors"
    SANS_PRENDRE = "sans_prendre"
    RETOURNE = "retourne"
    FINAL_SHARE = "final_share"
    """A remaining bête shared among the players at the end of the game."""
    HANDED_OVER = "handed_over"
    """The chips of a leaver's open bêtes, handed to who takes their seat over (the 1709 poule,
    ``paid._handed_over``): a line of the person-by-person journal only, never a seat's
    transfer (the report's ``transfers`` and the seats' stats never carry it)."""


class BeteStatus(StrEnum):
    PENDING = "pending"
    IN_PLAY = "in_play"
    WON = "won"
    CANCELLED = "cancelled"
    SHARED = "shared"


# The members the fold reads on every coup, as module names: in Python 3.11 reading a member
# through its class (``Outcome.PASS``) calls a descriptor, a few times a coup.
_DEMANDE_VOLE, _RETOURNE, _ESPADILLE = Contract.VOLE, Contract.RETOURNE, Contract.ESPADILLE_FORCEE
_SANS_PRENDRE = Contract.SANS_PRENDRE
_PASS, _GAGNE, _REMISE, _CODILLE = Outcome.PASS, Outcome.GAGNE, Outcome.REMISE, Outcome.CODILLE
_VOLE, _VOLE_MANQUEE = Outcome.VOLE, Outcome.VOLE_MANQUEE
_VOLE_ENGAGEE, _VOLE_ENGAGEE_MANQUEE = Outcome.VOLE_ENGAGEE, Outcome.VOLE_ENGAGEE_MANQUEE
_POULE, _BETE, _VOLE_REASON = Reason.POULE, Reason.BETE, Reason.VOLE
_MATADORS, _SANS_PRENDRE_REASON, _RETOURNE_REASON = (
    Reason.MATADORS,
    Reason.SANS_PRENDRE,
    Reason.RETOURNE,
)
_PENDING, _IN_PLAY, _WON = BeteStatus.PENDING, BeteStatus.IN_PLAY, BeteStatus.WON
_CANCELLED, _SHARED = BeteStatus.CANCELLED, BeteStatus.SHARED
_BOOSTING = (_PASS, _CODILLE, _VOLE_MANQUEE)
"""Outcomes of a fresh deal after which a normalised (3-2) poule adds fresh marks again."""

HOMBRE_TAKES = frozenset({Outcome.GAGNE, Outcome.VOLE, Outcome.VOLE_ENGAGEE})
"""Outcomes in which the hombre tires the poule (counts toward the end)."""
MAKES_BETE = frozenset({Outcome.REMISE, Outcome.CODILLE, Outcome.VOLE_MANQUEE})
TIERS_SHARE = frozenset({Outcome.VOLE_MANQUEE, Outcome.VOLE_ENGAGEE_MANQUEE})
MATADOR_COUNTS = (0, 3, 4, 5, 6, 7, 8, 9)
SEATS = (3, 4)
"""How many may sit at a l'Hombre table: with four, the dealer sits out each deal."""


def playing_order(dealer: int, players: int) -> tuple[int, int, int]:
    """The three seats that play a deal, in order: premier, second, dernier.

    With three at the table the dealer plays last; with four the dealer sits out and
    the three others play, starting at the dealer's right (the direction of play).

    >>> playing_order(0, 3), playing_order(0, 4), playing_order(3, 4)
    ((1, 2, 0), (1, 2, 3), (0, 1, 2))
    """
    return ((dealer + 1) % players, (dealer + 2) % players, (dealer + 3) % players)


def sitting_out(dealer: int, players: int) -> int | None:
    """The seat that sits out a deal: the dealer with four at the table, else nobody."""
    return dealer if players == 4 else None


class DealSeats:
    """Who plays a deal and who sits out, from its dealer and the table's size: the one home
    of a deal's seating for the 1709 deal (``Deal``) and the pot systems' (``pot.PotDeal``)."""

    dealer: int
    players: int

    @property
    def order(self) -> tuple[int, int, int]:
        """Seats in playing order: premier, second, dernier (the dealer, with three)."""
        return playing_order(self.dealer, self.players)

    @property
    def out(self) -> int | None:
        """The seat that sits out this deal (the dealer, with four), or None."""
        return sitting_out(self.dealer, self.players)

    @property
    def seats(self) -> tuple[int, ...]:
        """Every seat: the three who play in order, then the one who sits out."""
        return self.order if self.out is None else (*self.order, self.out)


def check_seating(hombre: int | None, out: int | None, dealer: int, names: Sequence[str]) -> None:
    """Refuse a played coup that makes the player who sits out play (four at the table).

    ``out`` is the seat the coup's tricks leave out (None: they name everyone).
    """
    away = sitting_out(dealer, len(names))
    if hombre is None:
        return
    if away is not None and hombre == away:
        raise GameError(
            "hombre",
            DEALER_SITS_OUT,
            name=SeatName(names[away]),
        )
    if out == away:
        return
    if away is None:
        raise GameError("tricks", N_("tricks must give every player's count"))
    raise GameError(
        "tricks",
        N_("{name} deals and sits out this coup: tricks name the three others"),
        name=SeatName(names[away]),
    )


@dataclass(frozen=True)
class Coup:
    """One deal as the table enters it; seats are indices into the players."""

    hombre: int | None = None
    """Seat of the hombre; None when all passed."""
    contract: Contract | None = None
    tricks: tuple[int, ...] = (0, 0, 0)
    """Tricks of each seat, summing to 9 (0 for the seat that sits out)."""
    matadors: int = 0
    """Matadors the hombre held when play began: 0, or 3 to 9."""
    vole_engagee: bool = False
    """The hombre won the first five tricks and led a sixth card."""
    codille_renounced: bool = False
    """The codille tiers gave up a codille won through gano: scored as a remise."""
    note: str = ""
    out: int | None = None
    """Four at the table: the seat the tricks leave out (it must be the dealer's)."""

    @property
    def passed(self) -> bool:
        return self.hombre is None


PASS = Coup()


@dataclass(frozen=True)
class Game:
    """Everything the money of a game is derived from."""

    players: tuple[str, ...]
    """Names in seat order, in the direction of play: three, or four (the dealer sits out)."""
    rules: RuleSet = field(default_factory=RuleSet)
    first_dealer: int = 0
    coups: tuple[Coup, ...] = ()

    def __post_init__(self) -> None:
        names = self.players
        count = len(names)
        if count not in SEATS or len(set(names)) != count or not all(n.strip() for n in names):
            raise GameError("players", N_("players must be three or four distinct non-empty names"))
        if not 0 <= self.first_dealer < count:
            raise GameError("first_dealer", N_("first_dealer must be one of the players"))

    def with_coups(self, coups: Sequence[Coup]) -> Game:
        return Game(self.players, self.rules, self.first_dealer, tuple(coups))


@dataclass(frozen=True)
class BeteRef:
    """A bête as it stands in a deal: whose, how much, which token."""

    index: int
    """Position in the register (order made, 0-based)."""
    owner: int
    amount: int
    token: int | None


OPEN = frozenset({BeteStatus.PENDING, BeteStatus.IN_PLAY})
"""A bête still to be won (or shared at the end): the fiche's open lines."""


@dataclass(frozen=True)
class Bete:
    """A line of the bête register."""

    owner: int
    amount: int
    made_in: int
    token: int | None
    status: BeteStatus
    settled_in: int | None
    """Coup in which it was won, cancelled or shared; None while open."""

    @property
    def open(self) -> bool:
        """Pending or in play: still to be won (or shared at the end)."""
        return self.status in OPEN


@dataclass(frozen=True)
class Deal(DealSeats):
    """What the table does before a deal: marks, the bête in play, the enjeu."""

    n: int
    dealer: int
    premier: int
    marks_added: int
    marks: int
    """Marks in front of each player once the new ones are added."""
    poule: int
    bete_in_play: BeteRef | None
    enjeu: int
    """Poule plus the bête in play: also the bête a losing hombre makes."""
    players: int = 3
    """Players at the table (with four, the dealer sits out)."""


@dataclass(frozen=True)
class CoupResult:
    deal: Deal
    coup: Coup
    outcome: Outcome
    codille: int | None
    """Seat of the tiers who won codille."""
    bete_made: BeteRef | None
    transfers: tuple[Transfer, ...]
    net: tuple[int, ...]
    """Nets after this coup, per seat."""
    caves: tuple[int, ...]
    poules_tirees: int
    finished: bool

    @property
    def bete_taken_back(self) -> BeteRef | None:
        """The bête in play that its own owner won back: cancelled, no chip moves (§5).

        The seed's coups 6 and 7: Bruno wins with their own bête in play.
        """
        bete = self.deal.bete_in_play
        if bete is None:
            return None
        winner = self.coup.hombre if self.outcome in HOMBRE_TAKES else self.codille
        return bete if winner == bete.owner else None

    @property
    def vole_made(self) -> bool:
        """The hombre made every trick: a vole, announced or not."""
        return self.outcome in (Outcome.VOLE, Outcome.VOLE_ENGAGEE)


class _Standing:
    """What a report and a checked change both tell of the standing: the poule and the stacks."""

    game: Game
    marks: int
    net: tuple[int, ...]
    caves: tuple[int, ...]

    @property
    def tally(self) -> tuple[int, ...]:
        """The nets (``kind.Standing``)."""
        return self.net

    @property
    def poule(self) -> int:
        return len(self.game.players) * self.marks * self.game.rules.mark_value

    @property
    def stacks(self) -> tuple[Stack, ...]:
        rules = self.game.rules
        return tuple(stack(c, n, rules.cave, rules.fiche) for c, n in zip(self.caves, self.net))


@dataclass(frozen=True)
class Report(_Standing):
    game: Game
    coups: tuple[CoupResult, ...]
    betes: tuple[Bete, ...]
    net: tuple[int, ...]
    caves: tuple[int, ...]
    marks: int
    poules_tirees: int
    finished: bool
    next: Deal | None
    resume: Any = field(default=None, compare=False, repr=False)
    """The fold's state after the last coup, to continue it (``extend``); not a result."""

    @property
    def next_dealer(self) -> int | None:
        return None if self.next is None else self.next.dealer


def outcome(coup: Coup, order: tuple[int, ...]) -> tuple[Outcome, int | None]:
    """The outcome of a played coup from its tricks (hombre.md §3.5), and the codille tiers.

    >>> outcome(Coup(0, Contract.DEMANDE, (4, 4, 1)), (1, 2, 0))
    (<Outcome.REMISE: 'remise'>, None)
    >>> outcome(Coup(0, Contract.DEMANDE, (3, 5, 1)), (1, 2, 0))
    (<Outcome.CODILLE: 'codille'>, 1)
    """
    hombre = coup.hombre
    if hombre is None:
        return _PASS, None
    tricks = coup.tricks
    h = tricks[hombre]
    if coup.contract is _DEMANDE_VOLE:
        return (_VOLE if h == 9 else _VOLE_MANQUEE), None
    if coup.vole_engagee:
        return (_VOLE_ENGAGEE if h == 9 else _VOLE_ENGAGEE_MANQUEE), None
    tiers = [s for s in order if s != hombre]
    best = max([tricks[s] for s in tiers])
    if h > best:
        return _GAGNE, None
    leaders = [s for s in tiers if tricks[s] == best]
    if h == best or len(leaders) == 2:
        return _REMISE, None
    return _CODILLE, leaders[0]


def check_played(hombre: int, contract: object, tricks: tuple[int, ...]) -> None:
    """What every system asks of a played coup: a hombre, a contract, nine tricks."""
    if not 0 <= hombre < len(tricks):
        raise GameError("hombre", N_("hombre must be one of the players"))
    if contract is None:
        raise GameError("contract", N_("contract is missing"))
    if len(tricks) not in SEATS or min(tricks) < 0:
        raise GameError("tricks", N_("tricks must be three whole numbers, none negative"))
    total = sum(tricks)
    if total != 9:
        raise GameError("tricks", N_("tricks sum to {total}, expected 9"), total=total)


def passed_alone(coup: object, keys: tuple[str, ...]) -> None:
    """A coup where all passed has no hombre's inputs (the game file could not say them)."""
    for key in keys:
        if getattr(coup, key):
            raise GameError(key, N_("{key} given on a coup where all passed"), key=key)


def check(coup: Coup, rules: RuleSet) -> None:
    """Refuse a coup the rules forbid (without its number: the caller adds it)."""
    if coup.hombre is None:
        passed_alone(coup, ("matadors", "vole_engagee", "codille_renounced"))
        return
    contract = coup.contract
    check_played(coup.hombre, contract, coup.tricks)
    if contract is _RETOURNE and not rules.retourne:
        raise GameError("contract", N_("contract retourne is not allowed by the rule set"))
    if contract is _ESPADILLE and not rules.espadille_forcee:
        raise GameError("contract", N_("contract espadille_forcee is not allowed by the rule set"))
    if coup.matadors not in MATADOR_COUNTS:
        raise GameError(
            "matadors", N_("matadors must be 0 or 3 to 9, got {value}"), value=coup.matadors
        )
    if coup.vole_engagee:
        if coup.contract in (Contract.VOLE, Contract.ESPADILLE_FORCEE):
            raise GameError(
                "vole_engagee",
                N_("vole_engagee is not possible on contract {contract}"),
                contract=str(coup.contract),
            )
        if coup.tricks[coup.hombre] < 5:
            raise GameError(
                "vole_engagee", N_("vole_engagee needs the first five tricks, the hombre has fewer")
            )


class _Table:
    """The mutable state of one replay; never leaves this module and ``correction.py``."""

    def __init__(self, game: Game) -> None:
        self.game = game
        rules = self.rules = game.rules
        # what the rule set derives, read on every coup: derived once (the rules never change)
        self.fresh_marks, self.later_marks = rules.fresh_marks, rules.later_marks
        self.mark_value = rules.mark_value
        self.normalised, self.cave = rules.normalised, rules.cave
        self.rates = (rules.matador_rate, rules.sans_prendre_rate, rules.retourne_rate)
        self.tokens: dict[int, int | None] = {}
        """``rules.token`` of each amount seen (a pure function of the rules and the seats)."""
        self.marks = 0
        self.boost_next = False  # a 3-2 normalising exception applies to the next deal
        self.owners: list[int] = []
        self.amounts: list[int] = []
        self.made_in: list[int] = []
        self.status: list[BeteStatus] = []
        self.settled_in: list[int | None] = []
        self.pending: list[tuple[int, int]] = []  # heap of (-amount, index): largest, first made
        self.in_play: int | None = None
        self.seats = len(game.players)
        self.net = [0] * self.seats
        self.caves = [1] * self.seats
        self.poules_tirees = 0
        self.finished = False
        self.shot: tuple[Bete, ...] = ()
        """The bêtes as a report went on from shows them; only ``changed`` ones are redone."""
        self.changed: set[int] = set()

    def copy(self, game: Game, betes: tuple[Bete, ...]) -> _Table:
        """The same state for a longer game (the lists copied: a report's state never moves)."""
        other = _Table(game)
        other.marks, other.boost_next = self.marks, self.boost_next
        other.owners, other.amounts = list(self.owners), list(self.amounts)
        other.made_in, other.status = list(self.made_in), list(self.status)
        other.settled_in, other.pending = list(self.settled_in), list(self.pending)
        other.in_play, other.net, other.caves = self.in_play, list(self.net), list(self.caves)
        other.poules_tirees, other.finished = self.poules_tirees, self.finished
        other.shot = betes
        other.tokens = self.tokens  # same rules and seats: the memo holds for both
        return other

    def token(self, amount: int) -> int | None:
        tokens = self.tokens
        if amount in tokens:
            return tokens[amount]
        token = tokens[amount] = self.rules.token(amount, self.seats)
        return token

    def ref(self, index: int) -> BeteRef:
        amount = self.amounts[index]
        return BeteRef(index, self.owners[index], amount, self.token(amount))

    def fresh(self) -> bool:
        return self.marks == 0 and self.in_play is None and not self.pending

    def deal(self, n: int) -> Deal:
        """The next deal, as it will be marked; changes nothing."""
        seats = self.seats
        dealer = dealer_of(self.game.first_dealer, n, seats)
        fresh_or_boosted = self.fresh() or self.boost_next
        added = self.fresh_marks if fresh_or_boosted else self.later_marks
        marks = self.marks + added
        poule = seats * marks * self.mark_value  # every player marks, also the one out
        index = self.in_play
        if index is None and self.pending:
            index = self.pending[0][1]
        bete = None if index is None else self.ref(index)
        enjeu = poule + (0 if bete is None else bete.amount)
        premier = (dealer + 1) % seats
        return Deal(n, dealer, premier, added, marks, poule, bete, enjeu, seats)

    def open(self, deal: Deal) -> None:
        self.marks = deal.marks
        if self.in_play is None and self.pending:
            _, self.in_play = heapq.heappop(self.pending)
            self.status[self.in_play] = _IN_PLAY
            self.changed.add(self.in_play)

    def settle(self, index: int, status: BeteStatus, n: int) -> None:
        self.status[index] = status
        self.changed.add(index)
        self.settled_in[index] = n

    def make_bete(self, owner: int, amount: int, n: int) -> BeteRef:
        index = len(self.amounts)
        self.owners.append(owner)
        self.amounts.append(amount)
        self.made_in.append(n)
        self.status.append(_PENDING)
        self.settled_in.append(None)
        heapq.heappush(self.pending, (-amount, index))
        return self.ref(index)

    def take_bete(self, index: int, winner: int, n: int) -> list[Transfer]:
        owner, amount = self.owners[index], self.amounts[index]
        if owner == winner:
            self.settle(index, _CANCELLED, n)
            return []
        self.settle(index, _WON, n)
        return [Transfer(owner, winner, amount, _BETE)]

    def share_bete(self, index: int, tiers: tuple[int, int], n: int) -> list[Transfer]:
        """Tiers share a bête: primauté's half is the larger; a tiers' own half is cancelled."""
        owner = self.owners[index]
        self.settle(index, BeteStatus.SHARED, n)
        moves = zip(tiers, halves(self.amounts[index]))
        return [Transfer(owner, t, part, Reason.BETE) for t, part in moves if t != owner and part]

    def all_betes(self) -> list[int]:
        """The bête in play, then the pending ones in the order made; empties both."""
        open_betes = [] if self.in_play is None else [self.in_play]
        open_betes += sorted(index for _, index in self.pending)
        self.in_play, self.pending = None, []
        return open_betes

    def bete(self, index: int) -> Bete:
        amount = self.amounts[index]
        return Bete(
            self.owners[index],
            amount,
            self.made_in[index],
            self.token(amount),
            self.status[index],
            self.settled_in[index],
        )

    def snapshot(self) -> tuple[Bete, ...]:
        """Every bête made: those of ``shot`` that did not change, kept; the others, made."""
        betes = list(self.shot)
        for index in self.changed if betes else ():
            if index < len(betes):
                betes[index] = self.bete(index)
        betes += [self.bete(index) for index in range(len(betes), len(self.amounts))]
        return tuple(betes)

    def carried(self) -> tuple[Any, ...]:
        """What the coups still to come read of this state, bar the nets, caves and poules tirées.

        The marks, the 3-2 boost, whether the game ended, the bête in play and
        the pending ones (owner and amount, in the order made: the order
        settles which goes into play and how they are shared). Left out:
        where each bête stands in the register and the coups it was made in
        (a deletion moves them), the bêtes already settled, and what only
        adds up — the nets, the caves and the poules tirées, which ``check_change``
        carries as differences. Two states with the same ``carried`` fold
        the same coups alike: the same refusals, the same chips moved.
        """
        owners, amounts = self.owners, self.amounts
        index = self.in_play
        return (
            self.marks,
            self.boost_next,
            self.finished,
            None if index is None else (owners[index], amounts[index]),
            tuple([(owners[i], amounts[i]) for i in sorted([i for _, i in self.pending])]),
        )

    def play(self, n: int, coup: Coup) -> CoupResult:
        """Fold coup ``n`` into the state: one step of the replay; GameError if it is refused."""
        if self.finished:
            raise GameError(
                "coup", N_("the game ended with coup {last}; no coup can follow"), n, last=n - 1
            )
        try:
            check(coup, self.rules)
        except GameError as error:
            raise error.at(n) from None
        deal = self.deal(n)
        dealer = deal.dealer
        try:
            check_seating(coup.hombre, coup.out, dealer, self.game.players)
        except GameError as error:
            raise error.at(n) from None
        was_fresh = self.fresh()
        self.open(deal)
        order = playing_order(dealer, self.seats)
        outcome_, codille = outcome(coup, order)
        if coup.codille_renounced:
            if outcome_ is not _CODILLE:
                raise GameError(
                    "codille_renounced", N_("codille_renounced on a coup that is no codille"), n
                )
            outcome_, codille = _REMISE, None  # scored as a remise (hombre.md §3.4)
        moves: list[Transfer] = []
        bete_made = None
        if outcome_ is not _PASS:
            moves, bete_made = _play(self, deal, coup, outcome_, codille, order)
        if outcome_ in HOMBRE_TAKES:
            self.poules_tirees += 1
        self.boost_next = self.normalised and was_fresh and outcome_ in _BOOSTING
        moves += _end(self, n)
        apply(self.net, moves)
        recave(self.caves, self.net, self.cave)
        return CoupResult(
            deal,
            coup,
            outcome_,
            codille,
            bete_made,
            tuple(moves),
            tuple(self.net),
            tuple(self.caves),
            self.poules_tirees,
            self.finished,
        )

    def report(self, results: list[CoupResult]) -> Report:
        """The report of the game folded so far (``results``: every coup's), keeping this state."""
        game = self.game
        return Report(
            game,
            tuple(results),
            self.snapshot(),
            tuple(self.net),
            tuple(self.caves),
            self.marks,
            self.poules_tirees,
            self.finished,
            None if self.finished else self.deal(len(game.coups) + 1),
            self,
        )


def _occasional(coup: Coup, rates: tuple[int, int, int]) -> list[tuple[Reason, int]]:
    """Occasional payments per tiers (hombre.md §4): matadors, sans prendre, retourne.

    ``rates``: the rule set's matador, sans-prendre and retourne rates.
    """
    due = []
    matador_rate, sans_prendre_rate, retourne_rate = rates
    if coup.matadors >= 3:
        due.append((_MATADORS, coup.matadors * matador_rate))
    contract = coup.contract
    if contract is _SANS_PRENDRE or contract is _DEMANDE_VOLE:
        due.append((_SANS_PRENDRE_REASON, sans_prendre_rate))
    if contract is _RETOURNE:
        due.append((_RETOURNE_REASON, retourne_rate))
    return due


def _play(
    table: _Table,
    deal: Deal,
    coup: Coup,
    outcome_: Outcome,
    codille: int | None,
    order: tuple[int, int, int],
) -> tuple[list[Transfer], BeteRef | None]:
    """Move the chips of one played coup (hombre.md §4); returns transfers and bête made.

    ``order`` is ``deal.order``, worked out once a coup by the caller.
    """
    assert coup.hombre is not None
    n, hombre = deal.n, coup.hombre
    out = deal.out
    tiers = tuple([s for s in order if s != hombre])  # the one with primauté first
    stake = deal.marks * table.mark_value
    moves: list[Transfer] = []
    takes = outcome_ in HOMBRE_TAKES
    if takes or outcome_ is _CODILLE:
        winner = hombre if takes else codille
        assert winner is not None
        # every other player pays their stake: the one who sits out marked too
        everyone = order if out is None else (*order, out)
        moves += [Transfer(s, winner, stake, _POULE) for s in everyone if s != winner]
        if table.in_play is not None:
            moves += table.take_bete(table.in_play, winner, n)
            table.in_play = None
        if outcome_ is _VOLE or outcome_ is _VOLE_ENGAGEE:
            if table.pending:
                for index in table.all_betes():
                    moves += table.take_bete(index, hombre, n)
            else:
                shares = zip(tiers, halves(deal.enjeu))
                moves += [Transfer(t, hombre, part, _VOLE_REASON) for t, part in shares if part]
        table.marks = 0
    elif outcome_ in TIERS_SHARE:
        # the stakes of the hombre and of the one who sits out are split between the tiers
        for payer in (hombre, out):
            if payer is not None:
                shares = zip(tiers, halves(stake))
                moves += [Transfer(payer, t, part, _POULE) for t, part in shares if part]
        for index in table.all_betes():
            moves += table.share_bete(index, (tiers[0], tiers[1]), n)
        table.marks = 0

    hombre_paid = takes or outcome_ is _VOLE_ENGAGEE_MANQUEE
    for reason, amount in _occasional(coup, table.rates):
        for t in tiers:
            payer, payee = (t, hombre) if hombre_paid else (hombre, t)
            moves.append(Transfer(payer, payee, amount, reason))
    bete_made = table.make_bete(hombre, deal.enjeu, n) if outcome_ in MAKES_BETE else None
    return moves, bete_made


def _end(table: _Table, n: int) -> list[Transfer]:
    """Close the game when its poules, or its coups (``coups_to_play``), are reached (§7).

    With ``coups_to_play`` the end comes after coup n ≥ that number, whoever
    won the poules; the open bêtes then go as ``end`` says, as after the
    poules: shared at once, or played on until none is left.
    """
    rules = table.rules
    if rules.coups_to_play:
        if n < rules.coups_to_play:
            return []
    elif table.poules_tirees < rules.poules_to_play:
        return []
    if rules.end == "continue":
        table.finished = table.in_play is None and not table.pending
        if table.finished:
            # the marks return to their owners, as with "share": by poules they are already
            # 0 here (the last bête went with a poule won), after N coups a pass can end it
            table.marks = 0
        return []
    return _share_left(table, n)


def _share_left(table: _Table, n: int) -> list[Transfer]:
    """End the game after coup n: every open bête shared (§7), the marks returned.

    Its owner pays ``amount // seats`` to each other player (a quarter each with four:
    docs/rules.md); the remainder of an amount off the standard series stays with them.
    """
    moves = []
    for index in table.all_betes():
        table.settle(index, BeteStatus.SHARED, n)
        moves += final_share(table.owners[index], table.amounts[index], table.seats)
    table.marks = 0
    table.finished = True
    return moves


def stop(report: Report) -> Report:
    """The game ended as it stands after its last coup: the table stopped there (its game
    file's ``stopped``). The 1709 end rule, whatever ``end`` says: « s'il reste des bêtes chez
    les joueurs, ceux-ci mettent au milieu de la table la somme de jetons correspondant à
    leurs bêtes, puis on partage ces jetons entre les trois joueurs » (§7; to continue is
    what a table that stops does not do). The shares are paid in the last coup, as at a
    natural end; a game already over, or without a coup, is left as it is.

    >>> game = Game(("A", "B", "C"), coups=(Coup(0, Contract.DEMANDE, (4, 4, 1)),))
    >>> ended = stop(replay(game))
    >>> ended.finished, ended.net, [b.status.value for b in ended.betes]
    (True, (-18, 9, 9), ['shared'])
    """
    if report.finished or not report.coups:
        return report
    game = report.game
    if not isinstance(report.resume, _Table):  # a report made without its state: fold again
        report = _replay(game)
    table: _Table = report.resume.copy(game, report.betes)
    n = len(report.coups)
    moves = _share_left(table, n)
    apply(table.net, moves)
    recave(table.caves, table.net, table.cave)
    last = report.coups[-1]
    ended = replace(
        last,
        transfers=(*last.transfers, *moves),
        net=tuple(table.net),
        caves=tuple(table.caves),
        finished=True,
    )
    return table.report([*report.coups[:-1], ended])


def final_share(owner: int, amount: int, seats: int) -> list[Transfer]:
    """A bête left at the end put in the middle and shared among the players (§7): its owner
    pays ``amount // seats`` to each other player (the standard systems make multiples of 9).

    >>> [(t.payer, t.payee, t.amount) for t in final_share(0, 27, 3)]
    [(0, 1, 9), (0, 2, 9)]
    """
    part = amount // seats
    if not part:
        return []
    return [Transfer(owner, s, part, Reason.FINAL_SHARE) for s in range(seats) if s != owner]


def ended_net(report: Report) -> tuple[int, ...]:
    """The nets as if the game ended after its last coup by sharing its open bêtes (§7):
    an event's round that ends leaves no bête open. A finished game's nets are its own.
    The same end as a table that stops here (``stop``): one home for the rule.

    >>> game = Game(("A", "B", "C"), RuleSet(poule_system="3-2", retourne=False, end="share"))
    >>> remise = Coup(hombre=0, contract=Contract.DEMANDE, tricks=(3, 3, 3))
    >>> ended_net(replay(game.with_coups((remise,))))  # A's bête of 27: 9 to B and to C
    (-18, 9, 9)
    """
    return stop(report).net


def replay(game: Game) -> Report:
    """Fold the coups of a game into its report; refuses the first coup the rules forbid.

    >>> report = replay(Game(("Anne", "Bruno", "Chloé"), coups=(PASS,)))
    >>> report.next.marks, report.next.poule, report.net
    (4, 36, (0, 0, 0))
    """
    return extend(None, game)


def extend(start: Report | None, game: Game) -> Report:
    """The report of ``game`` continued from ``start``, the report of a prefix of its coups.

    A replay is a fold: the state after the prefix (kept in ``start.resume``)
    goes on with the coups that follow. ``start`` None replays from the first.
    """
    was_enabled = gc.isenabled()
    gc.disable()  # a replay only allocates acyclic records: collecting them made it quadratic
    try:
        return _replay(game, start)
    finally:
        if was_enabled:
            gc.enable()


def _replay(game: Game, start: Report | None = None) -> Report:
    table, results = _start(game, start)
    play = table.play
    for n, coup in enumerate(game.coups[len(results) :], len(results) + 1):
        results.append(play(n, coup))
    return table.report(results)


def _start(game: Game, start: Report | None) -> tuple[_Table, list[CoupResult]]:
    """The state a fold of ``game`` goes on from (``start``'s, copied) and the results so far."""
    if start is None or not isinstance(start.resume, _Table):
        return _Table(game), []
    return start.resume.copy(game, start.betes), list(start.coups)
