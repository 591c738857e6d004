"""Chip movements and what is derived from them: nets, caves, stacks.

Shared by every chip game: money only ever moves as a Transfer, so a net is
a sum of transfers and the nets of a table always sum to zero. What a change
did to the nets (``net_changes``) is every game's: a points game's counts
are its ``tally`` as a chip game's nets are.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_EVEN, Decimal
from math import floor

from .kind import Standing


def mark(value: int | Decimal, plus: bool = True) -> str:
    """The sign a figure is written with: a true minus (U+2212) below zero, ``+`` above it
    (unless not ``plus``: a points count, a transfer's amount), nothing at zero. The one home
    of a written sign: a net (``signed``), money (``money_text``, the pages' ``cents``), a
    points count.

    >>> mark(-7), mark(12), mark(12, plus=False), mark(0), mark(Decimal("-0.45"))
    ('−', '+', '', '', '−')
    """
    return "−" if value < 0 else "+" if plus and value > 0 else ""


def minus(value: int) -> str:
    """A count with a true minus below zero and no plus (a points sheet's −10, 0, 130): the
    command's points tables and the pages' sheets alike (``replay`` wrote "-10").

    >>> minus(-10), minus(0), minus(130)
    ('−10', '0', '130')
    """
    return f"{mark(value, plus=False)}{abs(value)}"


def signed(value: int | Decimal) -> str:
    """A net with its sign, a true minus: +12, −7, 0. The one home of how a net is written,
    by the command's lines and the pages alike (the command's "By person" wrote "-6" under
    nets written "−6"); its money is written the same way (``money_text``)."""
    return f"{mark(value)}{abs(value)}"


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
    """What a player has in front of them, in fiches and loose chips."""

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
    """Give new caves to every player whose stack went below zero: as few as bring it to 0.

    Arithmetic, not one cave at a time: a pot game can cost a player
    millions of chips in one coup, and the cost of a coup must not grow
    with the amounts (docs/rules/jetons.md §7).

    >>> caves = [1, 1, 3]
    >>> recave(caves, [-100, -101, -250], 100)
    >>> caves
    [1, 2, 3]
    """
    for seat, result in enumerate(net):
        if caves[seat] * cave + result < 0:
            caves[seat] = -(result // cave)  # the least c with c * cave + result >= 0


def stack(caves: int, net: int, cave: int, fiche: int) -> Stack:
    """A player's chips: their caves plus their net, counted in fiches and chips.

    >>> stack(1, -7, 200, 20)
    Stack(total=193, fiches=9, chips=13)
    """
    total = caves * cave + net
    fiches, chips = divmod(total, fiche)
    return Stack(total, fiches, chips)


def settle_up(net: Sequence[int]) -> list[Transfer]:
    """Transfers that bring every net to zero: n − 1 at most, the fewest for three players.

    The largest debtor pays the largest creditor as much as both allow,
    until all are square: with three players, two transfers at most.

    >>> [(t.payer, t.payee, t.amount) for t in settle_up([-72, -9, 81])]
    [(0, 2, 72), (1, 2, 9)]
    """
    if sum(net) != 0:
        raise ValueError("nets must sum to zero")
    owed = list(net)
    moves = []
    while any(owed):
        payer = min(range(len(owed)), key=lambda s: (owed[s], s))
        payee = max(range(len(owed)), key=lambda s: (owed[s], -s))
        amount = min(-owed[payer], owed[payee])
        moves.append(Transfer(payer, payee, amount, "settlement"))
        owed[payer] += amount
        owed[payee] -= amount
    return moves


def to_cents(
    nets: Sequence[int], chip_value: Decimal, ties: Sequence[int] | None = None
) -> list[int]:
    """Each net in whole cents, summing to zero, each within a cent of ``net × chip_value``.

    Ties go to the earlier position, or the earlier in ``ties`` (the positions by member
    number, at a club's table: ``clubs.ties.tie_order``).

    >>> to_cents([1, 1, -2], Decimal("0.005"))  # exact ½, ½, −1 cent: the first ½ goes up
    [1, 0, -1]
    >>> to_cents([-72, -9, 81], Decimal("0.05"))
    [-360, -45, 405]
    >>> to_cents([1, 1, -2], Decimal("0.005"), ties=[1, 0, 2])  # the second ½ first
    [0, 1, -1]
    """
    if sum(nets) != 0:
        raise ValueError("nets must sum to zero")
    exact = [net * chip_value * 100 for net in nets]
    down = [floor(x) for x in exact]
    remainders = [x - d for x, d in zip(exact, down, strict=True)]
    left = -sum(down)  # whole cents still to hand out, 0 <= left < len(nets)
    rank = {position: n for n, position in enumerate(ties or range(len(nets)))}
    order = sorted(range(len(nets)), key=lambda i: (-remainders[i], rank.get(i, i)))
    for i in order[:left]:
        down[i] += 1
    return down


def owned_cents(
    nets: Sequence[int], chip_value: Decimal, ties: Sequence[int] | None, owners: Sequence[int]
) -> list[int]:
    """Each column's money where two columns may be one owner's (``owners``: each column's;
    a club's member who sat as two persons): each owner's nets added and rounded once
    (``to_cents``, owners ranked by their first column in ``ties``), their figure on their first
    column and 0 on the others, as the club bills them and their table's settlement shows them
    (``clubs.purse.TablePurse.shown``). Rounding each column on its own gave a figure the
    cash box did not bill (tests/clubs/test_spreadsheet_one_figure_a_member.py).

    >>> owned_cents([-72, -180, 171, 81], Decimal("0.0002"), None, [1, 2, 2, 3])
    [-2, 0, 0, 2]
    >>> to_cents([-72, -180, 171, 81], Decimal("0.0002"))  # each column on its own
    [-1, -4, 3, 2]
    """
    keys = list(dict.fromkeys(owners))
    summed = [sum(n for n, o in zip(nets, owners, strict=True) if o == k) for k in keys]
    ranked = dict.fromkeys(owners[c] for c in (ties or range(len(nets))))
    cents = to_cents(summed, chip_value, [keys.index(o) for o in ranked])
    first = {o: owners.index(o) for o in keys}
    return [cents[keys.index(o)] if first[o] == n else 0 for n, o in enumerate(owners)]


def in_money(cents: int) -> Decimal:
    """Whole cents as an amount of money, to the cent.

    >>> in_money(-360), in_money(5)
    (Decimal('-3.60'), Decimal('0.05'))
    """
    return Decimal(cents).scaleb(-2)


def money_text(cents: int, currency: str, plus: bool = True) -> str:
    """Whole cents as the command writes money, signed as a net is (``mark``): a net's money
    ``+4.27 EUR``, ``−0.45 EUR`` (``settle`` wrote ``-0.45 EUR``, an ASCII hyphen, beside the
    net's true minus); a transfer's amount (not ``plus``) ``0.45 EUR``.

    >>> money_text(-360, "EUR"), money_text(405, "EUR"), money_text(0, "EUR")
    ('−3.60 EUR', '+4.05 EUR', '0.00 EUR')
    >>> money_text(45, "DKK", plus=False)
    '0.45 DKK'
    """
    amount = in_money(cents)
    return f"{mark(amount, plus)}{abs(amount)} {currency}"


def moves_in_cents(
    moves: Sequence[Transfer],
    net: Sequence[int],
    cents: Sequence[int],
    chip_value: Decimal,
    given: Sequence[int | None] = (),
) -> list[int] | None:
    """Each of ``moves`` (transfers that settle ``net`` in chips: ``settle_up``'s, after any
    payments made) in whole cents, from ``cents`` (``to_cents(net, chip_value)``): a
    transfer that leaves a person at nothing is what settles their cents, so each person's
    transfers add up to their money, the lines and the column agree, and both sum to zero;
    one that leaves nobody at nothing (a payment made before a correction) is its exact
    amount, to the cent (half to even: what the others' lines then settle takes it as given).
    ``given``: the cents of the first moves as they were handed over (a payment made, its
    money as the settlement said it then), where known (None: not known).

    None when the cents cannot be split so (a chip worth a fraction of a cent, rounded
    over the table, can leave a cent with the wrong pair): the lines then say chips only.

    >>> net = [-31, 13, 18]  # 0.025 a chip: exact -77.5, 32.5, 45 cents
    >>> cents = to_cents(net, Decimal("0.025"))
    >>> cents, moves_in_cents(settle_up(net), net, cents, Decimal("0.025"))
    ([-77, 32, 45], [45, 32])
    >>> paid = Transfer(0, 2, 17, "paid")  # 42.5 cents, handed over as 43 when it was made
    >>> rest = [Transfer(0, 1, 13, "settlement"), Transfer(0, 2, 1, "settlement")]
    >>> [moves_in_cents([paid, *rest], net, cents, Decimal("0.025"), g) for g in ([], [43])]
    [[42, 32, 3], [43, 32, 2]]
    """
    chips, left, found = list(net), list(cents), []
    for n, move in enumerate(moves):
        chips[move.payer] += move.amount
        chips[move.payee] -= move.amount
        paid = given[n] if n < len(given) else None
        if paid is not None:
            amount = paid
        elif chips[move.payer] == 0:
            amount = -left[move.payer]
        elif chips[move.payee] == 0:
            amount = left[move.payee]
        else:
            amount = int((move.amount * chip_value * 100).to_integral_value(ROUND_HALF_EVEN))
        if amount < 0:
            return None
        left[move.payer] += amount
        left[move.payee] -= amount
        found.append(amount)
    return None if any(left) else found


@dataclass(frozen=True)
class NetChange:
    """One side's net (a points game: its count) before and after a change of the coups."""

    name: str
    before: int
    after: int

    @property
    def delta(self) -> int:
        return self.after - self.before


def net_changes(
    before: Standing, after: Standing, names: Sequence[str] | None = None, every: bool = False
) -> list[NetChange]:
    """What a change did to each side's ``tally``: only the sides it moved, or ``every`` side.

    ``names`` name the sides, by default the players (a team game's two
    sides need theirs: the web's "Nous" and "Eux").

    >>> from .hombre.engine import Contract, Coup, Game, replay
    >>> game = Game(("Anne", "Bruno", "Chloé"))
    >>> won = game.with_coups([Coup(0, Contract.DEMANDE, (5, 3, 1))])  # Anne takes the poule
    >>> [(c.name, c.delta) for c in net_changes(replay(game), replay(won))]
    [('Anne', 18), ('Bruno', -9), ('Chloé', -9)]
    >>> len(net_changes(replay(game), replay(game), every=True))
    3
    """
    sides = after.game.players if names is None else names
    return [
        NetChange(name, old, new)
        for name, old, new in zip(sides, before.tally, after.tally, strict=True)
        if every or old != new
    ]


def person_changes(
    before: Mapping[str, int], after: Mapping[str, int], every: bool = False
) -> list[NetChange]:
    """What a change did to each person's result (``seating.person_tally`` before and
    after): only the persons it moved, or ``every`` person, in the order they first sat.

    >>> moved = person_changes({"Bruno": 43, "Denis": 69}, {"Bruno": 43, "Denis": 18})
    >>> [(c.name, c.delta) for c in moved]
    [('Denis', -51)]
    >>> len(person_changes({"Bruno": 43, "Denis": 69}, {"Bruno": 43, "Denis": 18}, every=True))
    2
    """
    return [
        NetChange(name, before.get(name, 0), after.get(name, 0))
        for name in {**before, **after}
        if every or before.get(name, 0) != after.get(name, 0)
    ]
