"""Which jetons bonus hands one 40-card pack can deal together (docs/rules/jetons.md §6).

Each hand is written as the cards its holder must have (and, for guinguette
and mirlire, must not have) among their nine, for a trump suit; the three
players' nines are disjoint parts of one pack. A set of hands entered for a
coup is possible when some trump suit and some choice of cards satisfy them
all. Nothing here is a hand-typed table: the table of the rules document is
what :func:`impossible_pairs` derives from these requirements.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import combinations, product

from ..errors import N_, GameError

SUITS = ("pique", "trefle", "coeur", "carreau")
BLACK = ("pique", "trefle")
RANKS = ("R", "D", "V", "A", "2", "3", "4", "5", "6", "7")
PACK = frozenset((rank, suit) for suit in SUITS for rank in RANKS)
HAND_SIZE = 9

Card = tuple[str, str]
Need = tuple[frozenset[Card], frozenset[Card]]
"""(cards the holder has, cards they have not)."""

SPADILLE: Card = ("A", "pique")
BASTE: Card = ("A", "trefle")


def _all(rank: str) -> frozenset[Card]:
    return frozenset((rank, suit) for suit in SUITS)


def needs(hand: str, trump: str) -> list[Need]:
    """The ways a hand can be held when ``trump`` is trumps (each a has / has-not pair)."""
    none: frozenset[Card] = frozenset()
    faces = frozenset({("R", trump), ("D", trump), ("V", trump)})
    if hand == "charivari":  # four queens
        return [(_all("D"), none)]
    if hand == "discorde":  # four kings
        return [(_all("R"), none)]
    if hand == "fanatique":  # four jacks
        return [(_all("V"), none)]
    if hand == "chicoree":  # the four trumps after the matadors
        fourth = ("7", trump) if trump in BLACK else ("A", trump)  # ponte in red
        return [(faces | {fourth}, none)]
    if hand == "guinguette":  # no black ace
        return [(none, frozenset({SPADILLE, BASTE}))]
    if hand == "mirlire":  # both black aces and no trump face card
        return [(frozenset({SPADILLE, BASTE}), faces)]
    if hand == "partie_carree":  # three kings and a queen (at least)
        return [
            (frozenset(kings) | {("D", queen)}, none)
            for kings in combinations(sorted(_all("R")), 3)
            for queen in SUITS
        ]
    if hand == "yeux_de_grand_mere":  # both red aces
        return [(frozenset({("A", "coeur"), ("A", "carreau")}), none)]
    if hand == "triomphante":  # the hombre leads spadille: they hold it
        return [(frozenset({SPADILLE}), none)]
    raise ValueError(hand)


def _deal_exists(choice: Sequence[tuple[int, Need]]) -> bool:
    # three hands are dealt: the seats named (any of four at the table) and, for the
    # rest, hands nobody asked anything of
    hands = sorted({seat for seat, _need in choice})
    hands += [-1 - i for i in range(3 - len(hands))]
    has: dict[int, set[Card]] = {seat: set() for seat in hands}
    hasnot: dict[int, set[Card]] = {seat: set() for seat in hands}
    for seat, (yes, no) in choice:
        has[seat] |= yes
        hasnot[seat] |= no
    taken: set[Card] = set()
    for seat in hands:
        if has[seat] & hasnot[seat] or has[seat] & taken or len(has[seat]) > HAND_SIZE:
            return False
        taken |= has[seat]
    # the rest of each nine from the cards nobody needs and they may hold (Hall's condition:
    # every group of players finds enough such cards; the talon takes what is left)
    free = PACK - taken
    for size in (1, 2, 3):
        for group in combinations(hands, size):
            wanted = sum(HAND_SIZE - len(has[s]) for s in group)
            usable = {c for c in free if any(c not in hasnot[s] for s in group)}
            if wanted > len(usable):
                return False
    return True


@lru_cache(maxsize=4096)
def possible(entries: tuple[tuple[int, str], ...]) -> bool:
    """Can one pack deal all these (seat, hand) at once, for some trump suit?"""
    for trump in SUITS:
        ways = [[(seat, need) for need in needs(hand, trump)] for seat, hand in entries]
        if any(_deal_exists(choice) for choice in product(*ways)):
            return True
    return False


SAME_PLAYER = {
    "guinguette": N_("{first} and {second} cannot be one player's: a guinguette has no black ace"),
    "mirlire": N_(
        "{first} and {second} cannot be one player's: a mirlire has no face card of trumps"
    ),
}
SHORT = (  # (the cards, as a function of trumps; the message naming them)
    (
        lambda t: _all("D"),
        N_("{first} and {second} cannot both be dealt: the pack has four queens"),
    ),
    (lambda t: _all("R"), N_("{first} and {second} cannot both be dealt: the pack has four kings")),
    (lambda t: _all("V"), N_("{first} and {second} cannot both be dealt: the pack has four jacks")),
    (
        lambda t: frozenset({SPADILLE, BASTE}),
        N_("{first} and {second} cannot both be dealt: the pack has two black aces"),
    ),
    (
        lambda t: frozenset({("A", "coeur"), ("A", "carreau")}),
        N_("{first} and {second} cannot both be dealt: the pack has two red aces"),
    ),
    (
        lambda t: frozenset({SPADILLE}),
        N_("{first} and {second} cannot both be dealt: the pack has one spadille"),
    ),
    (
        lambda t: frozenset({("R", t)}),
        N_("{first} and {second} cannot both be dealt: the pack has one king of trumps"),
    ),
)
ANY_PAIR = N_("{first} and {second} cannot both be dealt from one pack")
ALL = N_("these bonus hands cannot all be dealt from one pack of 40: {hands}")


def _least(hand: str, trump: str, cards: frozenset[Card]) -> int:
    return min(len(yes & cards) for yes, _ in needs(hand, trump))


def pair_refusal(first: tuple[int, str], second: tuple[int, str]) -> GameError:
    """Why two impossible hands cannot both be dealt, in one line naming both."""
    (seat1, hand1), (seat2, hand2) = first, second
    if seat1 == seat2:
        for hand, template in SAME_PLAYER.items():
            if hand in (hand1, hand2):
                return GameError("bonuses", template, first=hand1, second=hand2)
    else:
        for cards, template in SHORT:
            if all(
                _least(hand1, t, cards(t)) + _least(hand2, t, cards(t)) > len(cards(t))
                for t in SUITS
            ):
                return GameError("bonuses", template, first=hand1, second=hand2)
    return GameError("bonuses", ANY_PAIR, first=hand1, second=hand2)


def check_together(bonuses: Sequence[tuple[int, str]]) -> None:
    """Refuse bonus hands that one pack cannot deal together; the first impossible pair is named."""
    if len(bonuses) < 2 or possible(tuple(sorted(bonuses))):
        return
    for a, b in combinations(bonuses, 2):
        if not possible(tuple(sorted((a, b)))):
            raise pair_refusal(a, b)
    raise GameError("bonuses", ALL, hands=", ".join(hand for _, hand in bonuses))


def impossible_pairs(hands: Sequence[str]) -> Iterator[tuple[str, str, bool]]:
    """Every pair of hands one pack cannot deal: (hand, hand, same player?)."""
    for i, first in enumerate(hands):
        for second in hands[i:]:
            if first != second and not possible(tuple(sorted(((0, first), (0, second))))):
                yield first, second, True
            if not possible(((0, first), (1, second))):
                yield first, second, False
