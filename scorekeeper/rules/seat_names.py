"""A seat's name once someone took it: who sat there in turn ("Bruno → Denis"), the one
rule the pages (``web/table/seat_words``) and the commands (``replay``, ``settle``) name a
seat by, where a sheet counts per seat; who sits at each seat now; and who dealt each deal of
a points game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from .seating import SeatChange, in_turn, seated


def seat_sitters(
    players: Sequence[str], changes: Sequence[SeatChange]
) -> tuple[tuple[str, ...], ...]:
    """Who sat at each seat in turn, seat by seat: a sheet that counts per seat (nets, the
    fiche's columns, the commands' standing) names the seat by them once someone took it
    ("Bruno → Denis"). The last name is who sits there now: an absent player back at their
    seat ends it ("Bruno → Denis → Bruno"), never the one who played for them."""
    found: list[list[str]] = [[] for _ in players]
    for s in in_turn(players, changes):
        if not found[s.seat] or found[s.seat][-1] != s.player:
            found[s.seat].append(s.player)
    return tuple(tuple(sitters) for sitters in found)


def sitting_now(
    players: Sequence[str], changes: Sequence[SeatChange], played: int
) -> tuple[str, ...]:
    """Who sits at each seat now, after ``played`` coups: the names of the next coup (a seat
    taken between coups counts from it). The one answer to "who sits at seat N now": the
    table's pages (``StoredGame.seated``) and the list of games (``GameRow.seated``)."""
    return seated(players, changes, played + 1)


def seat_names(players: Sequence[str], changes: Sequence[SeatChange]) -> tuple[str, ...]:
    """Each seat as the commands name it: its sitters in turn (``seat_sitters``), as the
    pages do; the seat's first player alone while nobody took it."""
    return tuple(" → ".join(sitters) for sitters in seat_sitters(players, changes))


class Dealt(Protocol):
    """A deal as a points game's report keeps it: its number and its dealer's seat."""

    @property
    def n(self) -> int: ...

    @property
    def dealer(self) -> int: ...


def dealers(
    players: Sequence[str],
    changes: Sequence[SeatChange],
    deals: Sequence[Dealt],
    next_dealer: int | None,
) -> tuple[list[str], str]:
    """Who dealt each deal and who deals the next: the one sitting at the dealer's seat then
    (``seating.seated``, the name every page gives them), not the seat's first player."""
    dealt = [seated(players, changes, d.n)[d.dealer] for d in deals]
    return dealt, seated(players, changes, len(deals) + 1)[next_dealer or 0]
