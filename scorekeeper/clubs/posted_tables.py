"""A closed evening's tables in money: the cents its close posted, split back to its tables.

Once an evening is closed its result is the cash box's: each member's sum posted at the
close (``closing.result``), which the room, the season, the statements and the cash box
read. A table's settlement (its PDF, its spreadsheet) shows a table's own part, and it
computed the cents again now (``Room.cents``): the same figures only while the largest
remainder's ties (cashbox/rounding.py) fall as they fell at the close. They do not for an
evening closed under the old order of ties (by name, before the tie by member number,
clubs/ties.py): Bruno −1,73 at their table, −1,72 posted. The figure has one home, the
ledger: a closed evening's table shows the cents its close posted, derived here from the
posted sums, not stored a second time (docs/cashbox.md, "A closed evening's tables").

Each table's figures as computed now (``Room.cents``, ties by number) are the start; where
a member's tables add up to other than what was posted for them, a cent moves between two
members of one table, each staying within a cent of their exact amount there (rounded down
or up; a member who is two persons there, each person's: ``_bounds``) and the table's column
at zero — through a chain of tables for a member who sat at
two (an augmenting path, as a flow's: found whenever such a split exists). A member who sat
at one table is shown exactly what was posted for them. Where no split reaches every posted
sum (posted by a rule whose tables are not these: a rounding older than the table's own, a
chip value changed since), every table is shown as computed now, whole: never half of one
and half of the other. An open or reopened evening's tables compute (``Room.cents``): nothing of
theirs is posted yet.
Plain Python: no database, no request, no page.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from decimal import Decimal
from math import ceil, floor

from .room import Room, Table


def as_posted(room: Room, posted: Mapping[int, int]) -> dict[int, dict[int, int]]:
    """Each chip table's money per member (by its number in the evening, ``Table.no``) as
    ``posted`` (each member's result of the closed evening in cents) splits back to it
    (module docstring); none without a chip value."""
    if room.club.money is None:
        return {}
    value = room.club.money.chip_value
    shown = {t.no: dict(room.cents(t)) for t in room.tables if t.nets is not None}
    bounds = {t.no: _bounds(t, value) for t in room.tables if t.nets is not None}
    now: dict[int, int] = {}
    for figures in shown.values():
        for member, cents in figures.items():
            now[member] = now.get(member, 0) + cents
    owed = {m: posted.get(m, 0) - now.get(m, 0) for m in {*posted, *now}}
    computed = {no: dict(figures) for no, figures in shown.items()}
    while any(owed.values()):
        path = _path(shown, bounds, owed)
        if path is None:  # no split gives what was posted: the tables as computed, whole
            return {no: {m: c for m, c in f.items() if c} for no, f in computed.items()}
        for table, up, down in path:
            shown[table][up] = shown[table].get(up, 0) + 1
            shown[table][down] = shown[table].get(down, 0) - 1
        owed[path[0][1]] -= 1
        owed[path[-1][2]] += 1
    return {no: {m: c for m, c in figures.items() if c} for no, figures in shown.items()}


def _bounds(table: Table, value: Decimal) -> dict[int, tuple[int, int]]:
    """Each member's least and most cents at ``table``: each person's exact amount there
    (``Table.members_nets``: a seat's, or each one who sat) rounded down, up, added. A member
    who is two persons of the table — a newcomer merged, after the close, into the member they
    took over from — was two members when the close rounded them, each within a cent of their
    own: the bounds of the summed chips (Bruno +21 and Denis −49 chips at 1.5 cents: −42
    exactly) refused what was posted (+31 and −74: −43), and every table of the evening
    showed as computed (tests/clubs/test_closed_table_shows_posted.py)."""
    out: dict[int, tuple[int, int]] = {}
    for member, chips in table.members_nets():
        exact = chips * value * 100
        low, high = out.get(member, (0, 0))
        out[member] = (low + floor(exact), high + ceil(exact))
    return out


def _path(
    shown: Mapping[int, Mapping[int, int]],
    bounds: Mapping[int, Mapping[int, tuple[int, int]]],
    owed: Mapping[int, int],
) -> list[tuple[int, int, int]] | None:
    """The shortest chain of moves (table, member up a cent, member down a cent) from a
    member owed a cent (``owed`` above zero) to one shown a cent too many (below zero), each
    move within both members' bounds at that table; None if there is none."""
    starts = sorted(m for m, c in owed.items() if c > 0)
    came: dict[int, tuple[int, int, int] | None] = dict.fromkeys(starts)
    queue = deque(starts)
    while queue:
        up = queue.popleft()
        for table, figures in sorted(shown.items()):
            limits = bounds[table]
            if up not in limits or figures.get(up, 0) + 1 > limits[up][1]:
                continue
            for down in sorted(limits):
                if down in came or figures.get(down, 0) - 1 < limits[down][0]:
                    continue
                came[down] = (table, up, down)
                if owed.get(down, 0) < 0:
                    return _back(came, down)
                queue.append(down)
    return None


def _back(came: Mapping[int, tuple[int, int, int] | None], last: int) -> list[tuple[int, int, int]]:
    """The moves that reached ``last``, first to last."""
    out: list[tuple[int, int, int]] = []
    step = came[last]
    while step is not None:
        out.append(step)
        step = came[step[1]]
    return out[::-1]


def held_first(table: Table, figures: Mapping[int, int], value: Decimal) -> list[int]:
    """``table``'s members in an order of ties under which the largest remainder gives its
    chips exactly ``figures`` where it can: those whose figure is above their exact amount
    rounded down first, each part by number (``Table.order``). The spreadsheet's last row
    (rules/hombre/exports.py) rounds with it, so a closed table's file says what was posted.
    """
    bounds = _bounds(table, value)

    def above(member: int) -> bool:
        return figures.get(member, 0) > bounds.get(member, (0, 0))[0]

    order = table.order()
    return [m for m in order if above(m)] + [m for m in order if not above(m)]
