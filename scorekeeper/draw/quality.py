"""How good a draw is, and the best any draw could be (counting bounds and known designs)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from .model import Entrant, Quality, Round, Seating


def _pair(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a < b else (b, a)


def _excess(counts: Counter[tuple[str, str]]) -> int:
    return sum(c - 1 for c in counts.values() if c > 1)


def quality(
    rounds: Sequence[Round],
    seating: Seating,
    entrants: Sequence[Entrant],
    fixed_pairs: Iterable[tuple[str, str]] = (),
) -> Quality:
    """Count the repeats and the kept-apart players seated together, over all ``rounds``.

    Fixed partners (``fixed_pairs``) sit together by design: their meetings
    are not repeats and their teams are not broken.
    """
    fixed = {_pair(a, b) for a, b in fixed_pairs}
    groups: dict[str, tuple[str | None, str | None]] = {
        e.name: (e.team, e.together) for e in entrants
    }
    met: Counter[tuple[str, str]] = Counter()
    partners: Counter[tuple[str, str]] = Counter()
    opponents: Counter[tuple[str, str]] = Counter()
    broken = 0
    for round_ in rounds:
        for table in round_.tables:
            seats = table.seats
            sides: set[tuple[str, str]] = set()
            if seating == "pairs" and len(seats) == 4:
                sides = {_pair(seats[0], seats[2]), _pair(seats[1], seats[3])}
            for i, a in enumerate(seats):
                for b in seats[i + 1 :]:
                    pair = _pair(a, b)
                    if pair in fixed:
                        continue
                    met[pair] += 1
                    if pair in sides:
                        partners[pair] += 1
                    else:
                        opponents[pair] += 1
                    ga, gb = groups.get(a, (None, None)), groups.get(b, (None, None))
                    if (ga[0] is not None and ga[0] == gb[0]) or (
                        ga[1] is not None and ga[1] == gb[1]
                    ):
                        broken += 1
    return Quality(
        repeated_tablemates=_excess(met),
        repeated_partners=_excess(partners),
        repeated_opponents=_excess(opponents),
        kept_apart_broken=broken,
    )


def table_sizes(n: int, seating: Seating) -> tuple[int, ...]:
    """The tables a round seats for ``n`` players (the rest sit out).

    Tables of 3: ``n // 3`` tables. Tables of 4: the rest is absorbed by
    tables of 3 (three players at a four-seat table simply have no dealer
    sitting out) when there are enough players for them (7 = 4 + 3, 9 = 3 +
    3 + 3), else it sits out (5 = 4 + one out). Pairs: ``n // 4`` tables.
    """
    if seating == "3":
        return (3,) * (n // 3)
    if seating == "4":
        threes = -n % 4
        if 3 * threes <= n:
            return (4,) * ((n - 3 * threes) // 4) + (3,) * threes
        return (4,) * (n // 4)
    return (4,) * (n // 4)


KNOWN_MISSING = {("3", 6): 1, ("3", 12): 4}
"""Known non-existence: no nearly Kirkman triple system of 6 or 12 (Kotzig and Rosa),
so 6 players at tables of 3 get 1 round without a repeat, 12 get 4 (not 2 and 5)."""

FOURS: dict[int, tuple[int, bool]] = {
    4: (1, True),
    8: (1, True),  # 2 and 3 tables of 4: a second round seats two of a first-round table
    12: (1, True),  # together again (4 players, fewer tables than that: pigeonholes)
    16: (5, True),  # AG(2, 4)
    20: (5, True),  # a sixth round would be a 4-RGDD of type 2^10, which does not exist
    24: (7, True),
    28: (9, True),
    32: (10, True),
    36: (11, True),
    40: (13, True),
    44: (14, True),
    48: (15, True),
    52: (17, True),
    56: (18, True),
    60: (19, True),
    64: (21, True),  # AG(3, 4)
}
"""Tables of 4 (and pairs), up to 64 players: (the record, whether it is the most possible).

The social golfer problem's table (Harvey); every record here from 16 on but 20's is the
counting bound (n - 1) // 3, so no draw has more; docs/competitions.md gives the sources."""


def record(n: int, seating: Seating) -> tuple[int, bool] | None:
    """The most rounds known possible with no pair twice at a table, and whether no draw can
    have more; None where no record is known (sit-outs, mixed tables, other sizes).

    Tables of 3: Kirkman (n = 3 mod 6) and nearly Kirkman (n = 0 mod 6) triple systems reach
    the counting bound (n - 1) // 2 for every such n, but for 6 and 12 (``KNOWN_MISSING``).
    Tables of 4: ``FOURS`` up to 64; past it, resolvable designs with blocks of 4 reach
    (n - 1) / 3 for every n = 4 (mod 12) (Hanani, Ray-Chaudhuri and Wilson 1972).
    """
    sizes = table_sizes(n, seating)
    if not sizes or sum(sizes) != n or len(set(sizes)) != 1:
        return None
    if (seating, n) in KNOWN_MISSING:
        return KNOWN_MISSING[(seating, n)], True
    size = sizes[0]
    bound = (n - 1) // (size - 1)
    if size == 3:
        return bound, True
    if n in FOURS:
        return FOURS[n]
    if n % 12 == 4:
        return bound, True
    return None


def most_rounds(n: int, seating: Seating) -> int | None:
    """The record of ``record``: the most rounds known possible with no pair twice."""
    known = record(n, seating)
    return known[0] if known is not None else None


def best_possible(n_players: int, seating: Seating, rounds: int) -> int | None:
    """A known lower bound on ``repeated_tablemates`` for any draw; None if no table can be seated.

    Counting: a seated player meets ``size - 1`` players a round; over
    ``rounds`` that is more than the ``n - 1`` others once the rounds exceed
    what fits, and every extra meeting is a repeat (halved: a repeat is
    shared by two players). Past a record that is the most possible, at least 1.
    """
    sizes = table_sizes(n_players, seating)
    if not sizes:
        return None
    seated = sum(sizes)
    meetings = rounds * sum(s * (s - 1) // 2 for s in sizes)
    pairs = n_players * (n_players - 1) // 2
    bound = max(0, meetings - pairs)
    if seated == n_players and len(set(sizes)) == 1:
        per_player = rounds * (sizes[0] - 1) - (n_players - 1)
        bound = max(bound, (n_players * max(0, per_player) + 1) // 2)
    proven = most_clean(n_players, seating)
    if proven is not None and rounds > proven[0]:
        bound = max(bound, 1)
    return bound


def most_clean(n: int, seating: Seating) -> tuple[int, str] | None:
    """The most rounds any draw of ``n`` players can have with no pair twice, and why in
    words; None where nothing is proven (a record known only as the best found).

    The least of: a record that is the most possible (``record``); one round when a second
    cannot take each table's players from different tables of the first (``_second_round``);
    the counting bounds (``_counting``).
    """
    sizes = table_sizes(n, seating)
    if not sizes:
        return None
    found: list[tuple[int, str]] = []
    known = record(n, seating)
    if known is not None and known[1]:
        found.append((known[0], _record_reason(n, seating, known[0])))
    second = _second_round(n, sizes)
    if second is not None:
        found.append((1, second))
    found.append(_counting(n, sizes))
    return min(found, key=lambda f: f[0])


def _record_reason(n: int, seating: Seating, rounds: int) -> str:
    size = table_sizes(n, seating)[0]
    if (seating, n) in KNOWN_MISSING:
        return f"no nearly Kirkman triple system of {n} exists, as Kotzig and Rosa showed"
    if size == 4 and n < 16:
        return (
            f"with {n // 4} tables a second round seats two players of a first-round table "
            f"together again"
        )
    if size == 4 and n == 20:
        return (
            "a sixth round would make a resolvable group divisible design of type 2^10, "
            "which does not exist"
        )
    if rounds * (size - 1) + (size - 1) > n - 1:
        return f"each round a player meets {size - 1} others, and there are {n - 1}"
    return "no resolvable design for more rounds exists"


def _second_round(n: int, sizes: tuple[int, ...]) -> str | None:
    """Why no second round can avoid a first-round pair, or None if one can.

    A table of the second round must take its players from different tables of the first
    (each player who sat out is a group of their own). Such a seating exists if and only if,
    for every k, the k largest tables together need no more players than the groups can
    give, at most k from each (Gale and Ryser's condition).
    """
    groups = [*sizes, *([1] * (n - sum(sizes)))]
    wanted = sorted(sizes, reverse=True)
    need = 0
    for k, size in enumerate(wanted, start=1):
        need += size
        if need > sum(min(g, k) for g in groups):
            out = n - sum(sizes)
            if wanted[0] > len(groups):
                sat_out = f" and {out} sat out" if out > 1 else " and 1 sat out" if out else ""
                return (
                    f"a table of {wanted[0]} in a second round needs players of "
                    f"{wanted[0]} different tables of the first, which has "
                    f"{len(sizes)} {'table' if len(sizes) == 1 else 'tables'}{sat_out}"
                )
            return (
                f"the {k} largest tables of a second round need {need} players, at most "
                f"{k} from each table of the first (or one who sat it out), which give "
                f"{sum(min(g, k) for g in groups)}"
            )
    return None


def _counting(n: int, sizes: tuple[int, ...]) -> tuple[int, str]:
    """The most rounds the counting allows: pairs (a round seats ``sum C(s, 2)`` of the
    ``C(n, 2)``) and each player's meetings (at most the ``n - 1`` others)."""
    pairs_a_round = sum(s * (s - 1) // 2 for s in sizes)
    most = n * (n - 1) // 2 // pairs_a_round
    why = f"a round seats {pairs_a_round} pairs of the {n * (n - 1) // 2}"
    seated = sum(sizes)
    small, large = min(sizes), max(sizes)
    if seated < n:  # sit-outs (tables of one size): someone plays R * seated / n rounds
        each = (n - 1) // (small - 1)
        by_player = each * n // seated
        if by_player < most:
            most = by_player
            why = (
                f"each round {seated} of the {n} play and meet {small - 1} others each, so "
                f"in {by_player + 1} rounds someone meets more than the {n - 1} others"
            )
    else:  # everyone plays: at a larger table a player meets more
        rounds = 0
        big = sum(s for s in sizes if s == large) if large != small else 0
        while True:
            r = rounds + 1
            most_big = -(-big * r // n)  # someone sits at a large table this often
            if r * (small - 1) + most_big * (large - small) > n - 1:
                break
            rounds = r
        if rounds < most:
            most = rounds
            why = (
                f"each round a player meets {small - 1} others or more, and in "
                f"{rounds + 1} rounds someone meets more than the {n - 1} others"
            )
    return most, f"the counting: {why}"
