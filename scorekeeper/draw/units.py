"""From names to units: who plays as one (a player, or a fixed pair), and what they share.

The search works on unit numbers; this module builds its matrices from the
entrants, the fixed pairs, the standing and the rounds already played, and
turns the search's tables back into names in seat order.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from .model import DrawError, Entrant, Round, Seating, Table

MAX_ENTRANTS = 1000
"""Bound on what one draw computes: the matrices grow with the square of this."""
MAX_ROUNDS = 64
"""Enough for a whole whist tournament of 64 (63 rounds) or 61 (61 rounds)."""


@dataclass(frozen=True)
class Units:
    """The units of one draw: each a tuple of names (one player, or two fixed partners)."""

    members: tuple[tuple[str, ...], ...]
    fixed: bool
    alone: tuple[str, ...] = ()
    """Fixed pairs: the player left without a partner (an odd count of players with none: a
    fixed pair's partner withdrew, or one registered alone). They are no unit: the draw sits
    them out of every round, named with those it sits out (``to_round``), so they get the
    bye credit as those do; left out of the units and of the round, they played no round and
    no page named them (smoke24)."""

    def index(self) -> dict[str, int]:
        return {name: u for u, names in enumerate(self.members) for name in names}


def make_units(
    entrants: Sequence[Entrant], seating: Seating, fixed_pairs: Sequence[tuple[str, str]]
) -> Units:
    """The units; refuses a name twice, too many entrants, fixed pairs outside ``"pairs"``.

    Fixed pairs whose two players are not both present are left out (a
    withdrawal); the players left without a partner are paired in the order
    of ``entrants``, and an odd one out is ``alone``: sat out of every round.

    >>> pairs = [("Anne", "Bert"), ("Frans", "Paula")]
    >>> units = make_units([Entrant(n) for n in ("Anne", "Bert", "Paula")], "pairs", pairs)
    >>> units.members, units.alone
    ((('Anne', 'Bert'),), ('Paula',))
    """
    names = [e.name for e in entrants]
    if len(set(names)) != len(names):
        twice = sorted({n for n in names if names.count(n) > 1})
        raise DrawError(f"a name entered twice: {twice[0]}")
    if len(names) > MAX_ENTRANTS:
        raise DrawError(f"at most {MAX_ENTRANTS} entrants in one draw")
    if not fixed_pairs:
        return Units(tuple((n,) for n in names), fixed=False)
    if seating != "pairs":
        raise DrawError("fixed pairs need the seating 'pairs'")
    present = set(names)
    paired: list[tuple[str, ...]] = []
    taken: set[str] = set()
    for a, b in fixed_pairs:
        if a == b or a in taken or b in taken:
            raise DrawError(f"a player in two fixed pairs: {a if a in taken else b}")
        if a in present and b in present:
            paired.append((a, b))
            taken.update((a, b))
    rest = [n for n in names if n not in taken]
    paired += [(rest[k], rest[k + 1]) for k in range(0, len(rest) - 1, 2)]
    return Units(tuple(paired), fixed=True, alone=tuple(rest[len(rest) - len(rest) % 2 :]))


def matrices(
    units: Units, entrants: Sequence[Entrant], seating: Seating, history: Sequence[Round]
) -> tuple[list[list[int]], list[list[int]], list[list[int]]]:
    """(met, partners, apart) between units, from the rounds played and the entrants' groups."""
    n = len(units.members)
    where = units.index()
    met = [[0] * n for _ in range(n)]
    partners = [[0] * n for _ in range(n)]
    for round_ in history:
        for table in round_.tables:
            seats = [where.get(name, -1) for name in table.seats]
            present = sorted({u for u in seats if u >= 0})
            for i, a in enumerate(present):
                for b in present[i + 1 :]:
                    met[a][b] += 1
                    met[b][a] += 1
            if seating == "pairs" and not units.fixed and len(seats) == 4:
                for a, b in ((seats[0], seats[2]), (seats[1], seats[3])):
                    if a >= 0 and b >= 0 and a != b:
                        partners[a][b] += 1
                        partners[b][a] += 1
    groups: dict[str, list[int]] = {}
    for e in entrants:
        u = where.get(e.name)
        if u is None:
            continue
        if e.team is not None:
            groups.setdefault("team:" + e.team, []).append(u)
        if e.together is not None:
            groups.setdefault("together:" + e.together, []).append(u)
    apart = [[0] * n for _ in range(n)]
    for key in sorted(groups):
        members = groups[key]
        for a in members:
            for b in members:
                if a != b:
                    apart[a][b] = 1
    return met, partners, apart


def ranks(units: Units, standing: Sequence[str] | None) -> list[int] | None:
    """Each unit's place in the standing (its best-placed player); the unlisted after all."""
    if standing is None:
        return None
    place = {name: k for k, name in enumerate(standing)}
    last = len(standing)
    return [
        min(place.get(name, last + u) for name in names) for u, names in enumerate(units.members)
    ]


def to_round(units: Units, tables: Sequence[Sequence[int]], out: Collection[int]) -> Round:
    """The search's tables as names in seat order; fixed pairs face to face (seats 1&3, 2&4);
    sitting out, the units ``out`` and the player ``alone`` (no partner)."""
    members = units.members
    made = []
    for table in tables:
        if units.fixed:
            first, second = members[table[0]], members[table[1]]
            made.append(Table((first[0], second[0], first[1], second[1])))
        else:
            made.append(Table(tuple(members[u][0] for u in table)))
    sitting = (*(name for u in sorted(out) for name in members[u]), *units.alone)
    return Round(tuple(made), sitting)
