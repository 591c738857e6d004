"""One member at one seat of a table at a time, whatever name they were typed by.

A name typed at a club's table finds its member by their name, their short name, or the name of
a member merged into them (``seats.meant``): "Anne" finds Anne Martin (short "Anne"), and "Ane"
finds Anne once Ane was merged into her. Typed beside them — at a new table, in its set-up, or
as a newcomer while they sit — that second name was the same member: the table read "Anne
Martin · Anne Martin · Chloé" and the room billed her both seats' money, the state the merge
of two members refuses (``merging.sat_together``). ``clubs.seats`` asks here as it links the
seats (inside the change: refused, nothing is stored).
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlite_utils

from ..names import said_once, same_key
from ..rules.seating import SeatChange, payers, seated
from .records import Refused


class SameMember(Refused):
    """A name typed at a table is a member already at another of its seats at that time."""

    def __init__(self, name: str, member: str, beside: str = "") -> None:
        super().__init__(name, member, beside)
        self.name = name
        """The name as typed."""
        self.member = member
        """The member it is, named as the club's pages name them now."""
        self.beside = beside or member
        """The name they sit by already at the table, as typed there."""

    @property
    def by_his_name(self) -> bool:
        """Whether the name typed is their own name: a refusal then names the name they sit by
        already (``beside``: "Anne Martin is already at this table as Anne"), never their name
        twice ("Anne Martin is the member Anne Martin", play19). The one rule of the words of
        a seat refused (``web.formats.words.same_member_text``) and a draw refused
        (``events.rounds``)."""
        return same_key(self.name) == same_key(self.member)

    @property
    def as_typed(self) -> bool:
        """Whether the name they sit by already is the very name typed (``names.said_once``,
        the rule of the new-game form too): the words then say they are there, without "as Anne
        Dupont" after "Anne Dupont" (label21); another spelling ("anne dupont") is said
        beside the one at the table."""
        return said_once(self.name, self.beside)


def refuse_twice(
    db: sqlite_utils.Database,
    typed: Sequence[tuple[str, int]],
    beside: Sequence[tuple[str, int]] = (),
) -> None:
    """``SameMember`` for the first name of ``typed`` (name, member kept) whose member is
    already among those before it or ``beside`` (the others at the table then) under another
    name. One name at two places is one person at one seat (a sitter whose money it is)."""
    seen = {member: name for name, member in beside}
    for name, member in typed:
        if seen.setdefault(member, name) != name:
            row = db.execute("select name from members where id = ?", [member]).fetchone()
            named = str(row[0]) if row is not None else seen[member]
            raise SameMember(name, named, seen[member])


def beside_newcomer(
    db: sqlite_utils.Database, game_id: int, position: int, players: Sequence[str]
) -> list[str]:
    """The names at a table beside the newcomer of its seat change at ``position``, from the
    coup they sit down: who sits at each other seat and whose money it is."""
    changes = [
        SeatChange(int(coup), int(seat), str(player), str(way))
        for coup, seat, player, way in db.execute(
            "select coup, seat, player, way from seat_changes"
            " where game_id = ? and position <= ? order by position",
            [game_id, position],
        ).fetchall()
    ]
    if not changes:
        return []
    here = changes[-1]
    at = zip(seated(players, changes, here.coup), payers(players, changes, here.coup), strict=True)
    names = (name for seat, pair in enumerate(at) if seat != here.seat for name in pair)
    return list(dict.fromkeys(names))
