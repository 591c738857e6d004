"""A name typed at a club's new table that is only a part of members' names: asked, not guessed.

A name typed at a club's table finds its member by their name, their short name or the name of a
member merged into them (``seats.meant``); any other name becomes a new member. "Chloé" typed
where the club has Chloé Dubois (no short name) is neither: two people may share a first name,
so the server does not seat Chloé Dubois for it, and made silently a second member "Chloé"
split her money over two accounts. A new table typed in a form asks instead (``PartOfNames``):
the bête manager types the full name, or ticks "new member" for that name.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

import sqlite_utils

from ..names import Clash, Roster, clash, same_key, tidy
from .merging import kept
from .records import Refused
from .seats import NameTaken, as_shown, meant, members, named_rows, newcomer_seated


class PartOfNames(Refused):
    """A name typed at a new table that is no member's name nor short name, but whole words of
    the names of ``members`` (as the club's pages name them): which one, or a new member?"""

    def __init__(self, name: str, members: tuple[str, ...]) -> None:
        super().__init__(name, members)
        self.name = name
        """The name as typed (tidied)."""
        self.members = members


def part_of(typed: str, name: str) -> bool:
    """Whether ``typed`` is some of the whole words of ``name`` in a row, not all of them, by
    the names rule (``names.clash``: case, accents, look-alikes).

    >>> part_of("chloe", "Chloé Dubois"), part_of("Dubois", "Chloé Dubois")
    (True, True)
    >>> part_of("Chloé Dubois", "Chloé Dubois"), part_of("Chlo", "Chloé Dubois")
    (False, False)
    >>> part_of("Anne Marie", "Anne Marie Martin"), part_of("Anne Martin", "Anne Marie Martin")
    (True, False)
    """
    words, whole = tidy(typed).split(), tidy(name).split()
    size = len(words)
    if not 0 < size < len(whole):
        return False
    runs = (" ".join(whole[i : i + size]) for i in range(len(whole) - size + 1))
    return any(clash(" ".join(words), run) is not None for run in runs)


def ask_new(
    db: sqlite_utils.Database, club_id: int, players: Sequence[str], new: Collection[str]
) -> None:
    """``PartOfNames`` for the first of ``players`` that finds no member (``seats.meant``) but
    is a part of members' names (``part_of``), unless it is among ``new``: the names the form
    was told are new members (its "new member" boxes ticked)."""
    told = {same_key(name) for name in new}
    rows = named_rows(db, club_id)
    for name in players:
        if same_key(name) in told or meant(db, rows, name) is not None:
            continue
        found = tuple(m.name for m in members(db, club_id) if part_of(name, m.name))
        if found:
            raise PartOfNames(tidy(name), found)


def seat_asked(new: Collection[str]) -> Callable[[sqlite_utils.Database, int, str], None]:
    """``seats.newcomer_seated`` for a name typed in the seat form (``store.take_seat``'s
    ``then``): a newcomer who is nobody at this table yet is asked about as a name typed at
    a new table (``ask_new``; ``new``: the names its "new member" box told new), before their
    name finds or makes their member — "Bruno" at Chloé's seat made a member "Bruno" beside
    Bruno Leroy, who sat at the table: one person on two seats, whom no merge may join."""

    def then(db: sqlite_utils.Database, game_id: int, player: str) -> None:
        newcomer_seated(db, game_id, player, asker(db, new))

    return then


def asker(db: sqlite_utils.Database, new: Collection[str]) -> Callable[[int, str], None]:
    """``ask_new`` of one newcomer's name at a club (``seats.newcomer_seated``'s ``ask``): the
    seat form's, or an imported file's seat changes (``add_table``)."""

    def ask(club_id: int, name: str) -> None:
        ask_new(db, club_id, [name], new)

    return ask


def finder(
    db: sqlite_utils.Database, club_id: int | None, *, kept_names: bool = False
) -> Callable[[str, int | None], int | None]:
    """``seats.meant`` for many names at once (an event's registration asks it of every
    player; ``meant`` walks the members per name): the member (the one kept) that a name
    means, their full name first, then their short name, each looked up in a ``names.Roster``;
    given a member (one ticked), that one. None: no member yet, or no club (``club_id``).

    ``kept_names``: the names asked are kept and shown as typed (an event's registration,
    whose pages and tables show the name registered), so a name that only reads like a
    member's (``Clash.READS_ALIKE``: "Wіlly Vermeulen", a Cyrillic і, beside the member
    Willy Vermeulen) is refused, ``seats.NameTaken`` naming them, as the club's member form
    refuses it (``seats._taken``): found as them, their results went to Willy while every page
    showed the Cyrillic spelling (smoke24). A table's name is not kept so: there the
    look-alike finds the member (``seats.meant``)."""
    rows = [] if club_id is None else named_rows(db, club_id)
    found: list[tuple[Roster, dict[str, int], dict[str, str]]] = []
    for column in ("name", "short_name"):
        ids: dict[str, int] = {}
        shown: dict[str, str] = {}
        for row in rows:
            if row[column] and tidy(row[column]):
                ids.setdefault(row[column], int(row["id"]))
                said = as_shown(row["name"], row["short_name"] if column == "short_name" else None)
                shown.setdefault(row[column], said)
        found.append((Roster(ids), ids, shown))

    def member(name: str, ticked: int | None = None) -> int | None:
        if club_id is None:
            return None
        if ticked is not None:
            return kept(db, ticked)
        for roster, ids, shown in found:
            hit = roster.find(name)
            if hit is not None and kept_names and hit[1] is Clash.READS_ALIKE:
                raise NameTaken(shown[hit[0]], Clash.READS_ALIKE, "names")
            if hit is not None:
                return kept(db, ids[hit[0]])
        return None

    return member
