"""Repeats last: the order of a draw's rounds, and where its first repeat falls.

The repeats of a whole draw do not depend on the order of its rounds, but a
club feels them round by round: a repeat in round 2 of 10 is a poorer
evening than the same repeat in round 10. These helpers count a round's new
repeats against the rounds before it, find the first round with one, and put
the rounds of a draft in the order that keeps the clean ones first, without
breaking the rotation of byes (nobody sits out twice before everybody once).
"""

from __future__ import annotations

from collections.abc import Sequence

from .model import Round, Seating

Pairs = frozenset[tuple[str, str]]
"""Pairs of names, each in name order (fixed partners: never counted as repeats)."""


def _pairs(round_: Round, seating: Seating) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """(table-mates, partners) of one round, each pair in name order."""
    mates: list[tuple[str, str]] = []
    partners: list[tuple[str, str]] = []
    for table in round_.tables:
        seats = table.seats
        for i, a in enumerate(seats):
            for b in seats[i + 1 :]:
                mates.append((a, b) if a < b else (b, a))
        if seating == "pairs" and len(seats) == 4:
            for a, b in ((seats[0], seats[2]), (seats[1], seats[3])):
                partners.append((a, b) if a < b else (b, a))
    return mates, partners


class Met:
    """Who met whom so far (table-mates and partners), to judge the next round against."""

    def __init__(self, seating: Seating, rounds: Sequence[Round] = (), fixed: Pairs = frozenset()):
        self.seating = seating
        self.fixed = fixed
        self.mates: set[tuple[str, str]] = set()
        self.partners: set[tuple[str, str]] = set()
        for round_ in rounds:
            self.add(round_)

    def repeats(self, round_: Round) -> int:
        """The meetings of ``round_`` that repeat one before it (partners count too)."""
        mates, partners = _pairs(round_, self.seating)
        return sum(1 for p in mates if p in self.mates and p not in self.fixed) + sum(
            1 for p in partners if p in self.partners and p not in self.fixed
        )

    def again(self, round_: Round) -> list[tuple[str, str]]:
        """The table-mates of ``round_`` who shared a table before (fixed partners not),
        table by table, each pair in seat order: what a director is told of a round."""
        out: list[tuple[str, str]] = []
        for table in round_.tables:
            for i, a in enumerate(table.seats):
                for b in table.seats[i + 1 :]:
                    pair = (a, b) if a < b else (b, a)
                    if pair in self.mates and pair not in self.fixed:
                        out.append((a, b))
        return out

    def add(self, round_: Round) -> None:
        mates, partners = _pairs(round_, self.seating)
        self.mates.update(mates)
        self.partners.update(partners)


def first_repeat(
    history: Sequence[Round],
    rounds: Sequence[Round],
    seating: Seating,
    fixed: Pairs = frozenset(),
) -> int | None:
    """The number (from 1) of the first of ``rounds`` that repeats a meeting, or None."""
    met = Met(seating, history, fixed)
    for number, round_ in enumerate(rounds, start=1):
        if met.repeats(round_):
            return number
        met.add(round_)
    return None


def _byes(history: Sequence[Round], names: Sequence[str]) -> dict[str, int]:
    byes = dict.fromkeys(names, 0)
    for round_ in history:
        for name in round_.sitting_out:
            if name in byes:
                byes[name] += 1
    return byes


def _fair_after(byes: dict[str, int], round_: Round) -> bool:
    """Whether, with ``round_``'s byes added, nobody has sat out twice more than anybody."""
    if not byes or not round_.sitting_out:
        return True
    after = dict(byes)
    for name in round_.sitting_out:
        if name in after:
            after[name] += 1
    return max(after.values()) - min(after.values()) <= 1


def repeats_last(
    history: Sequence[Round],
    rounds: Sequence[Round],
    seating: Seating,
    names: Sequence[str],
    fixed: Pairs = frozenset(),
) -> list[Round]:
    """The same rounds, the one with the fewest new repeats first, then the next, and so on.

    A greedy order (ties keep the draft's order): it puts the clean rounds first
    and the repeats in the last rounds. Each step takes only a round that keeps
    the byes fair (nobody out twice more than anybody, as the draft was drawn);
    if none does, the draft's order is kept.
    """
    left = list(rounds)
    met = Met(seating, history, fixed)
    byes = _byes(history, names)
    ordered: list[Round] = []
    while left:
        fair = [k for k in range(len(left)) if _fair_after(byes, left[k])]
        if not fair:
            return list(rounds)
        best = min(fair, key=lambda k: (met.repeats(left[k]), k))
        chosen = left.pop(best)
        ordered.append(chosen)
        met.add(chosen)
        for name in chosen.sitting_out:
            if name in byes:
                byes[name] += 1
    return ordered
