"""The draw's note: plain words on what was asked and what was drawn, every claim proven
or said to be unknown (docs/competitions.md, "Limits")."""

from __future__ import annotations

from collections.abc import Sequence

from .model import Entrant, Seating
from .quality import best_possible, most_clean, table_sizes
from .units import Units


def sizes_of(units: Units, seating: Seating) -> tuple[int, ...]:
    """The tables of a round: of fixed pairs two pairs each, else ``table_sizes``."""
    if units.fixed:
        return (2,) * (len(units.members) // 2)
    return table_sizes(len(units.members), seating)


def plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def whist_note(n: int, rounds: int) -> str:
    """What a whist tournament promises, whole (n - 1 rounds, n if one sits out) or begun."""
    whole = n - 1 if n % 4 == 0 else n
    if rounds >= whole:
        return (
            "A whist tournament: every two players are partners exactly once and "
            "opponents exactly twice."
        )
    return (
        f"The first {plural(rounds, 'round')} of a whist tournament of {whole}: "
        f"no partners twice, no opponents more than twice."
    )


def apart_note(units: Units, entrants: Sequence[Entrant], seating: Seating, broken: int) -> str:
    """Why teammates share a table: a group larger than the tables, or the search's limit."""
    tables = len(sizes_of(units, seating))
    sizes: dict[str, int] = {}
    for e in entrants:
        for key in (
            f"team {e.team}" if e.team else "",
            f"together {e.together}" if e.together else "",
        ):
            if key:
                sizes[key] = sizes.get(key, 0) + 1
    too_big = sorted(k for k, size in sizes.items() if size > tables)
    times = plural(broken, "time")
    if too_big:
        return (
            f"Players to keep apart share a table {times}: {', '.join(too_big)} "
            f"has more players than the {plural(tables, 'table')}."
        )
    return f"Players to keep apart share a table {times}: the search found no way round it."


def alone_note(units: Units) -> str:
    """Who has no partner among fixed pairs, and sits out every round (``Units.alone``)."""
    return f"{', '.join(units.alone)} has no partner: sits out every round."


def note(
    units: Units,
    seating: Seating,
    total_rounds: int,
    repeats: int,
    limit: int | None,
    first: int | None,
) -> str:
    """Plain words on the draw (history included): all new, or why not and how far from the best.

    Every claim is proven or said to be unknown: "impossible" only past a record that is
    the most possible or past ``most_clean`` (a counting bound, or no clean second round),
    with the reason; "not known" only where neither applies and no design is known.
    English, for the command and its JSON (docs/formats.md, "The draw").
    """
    n = len(units.members)
    who = plural(n, "pair") if units.fixed else plural(n, "player")
    rounds = plural(total_rounds, "round")
    if not sizes_of(units, seating):
        return f"{who}: too few for one table; everyone sits out."
    if repeats == 0:
        return f"{who}, {rounds}: nobody meets anyone twice."
    bound = 1 if units.fixed else best_possible(n, seating, total_rounds) or 0
    met = plural(repeats, "repeated meeting")
    when = f", the first in round {first}" if first is not None else ""
    has = f"This draw has {met} (at least {bound} cannot be avoided){when}."
    if units.fixed:
        proven: tuple[int, str] | None = None
        if limit is not None and total_rounds > limit:
            proven = (
                limit,
                f"a round seats {n // 2} tables of two pairs, and there are "
                f"{n * (n - 1) // 2} pairs of pairs",
            )
    else:
        proven = most_clean(n, seating)
    if proven is not None and total_rounds > proven[0]:
        return (
            f"{rounds} without a repeat are impossible for {who}: at most "
            f"{plural(proven[0], 'round')} ({proven[1]}). {has}"
        )
    if limit is not None and total_rounds > limit:
        return (
            f"{rounds} without a repeat are beyond the best known for {who}: "
            f"{plural(limit, 'round')} (whether more are possible is not known). "
            f"This draw has {met}{when}."
        )
    if limit is not None:
        return (
            f"{who}, {rounds}: {met}{when}; draws with none exist up to "
            f"{plural(limit, 'round')}, but none fits this request (rounds played, players "
            f"kept apart, the standing, or a size whose design the draw does not have) and "
            f"the search found none."
        )
    return (
        f"{who}, {rounds}: {met}{when}; the search found no draw with fewer (whether one "
        f"exists is not known)."
    )
