"""The games each member lost at an evening: what the cash box's fee "per lost game" charges.

Derived from the evening's tables, never typed: each table's kind says what a lost game is
(``rules.games_lost.LostGames``; Homme de Brou: a partie the other team won; la Manille: the
table's game, once finished, for the sides that did not win it), each person's the games
lost in the coups that were theirs (``games_lost.person_lost``), billed to their member as the room
bills their points (``room.member_results``). A kind that cannot say (l'Hombre's chip games:
a table is no game won or lost, each coup is) makes the fee refused for that evening:
``CannotSay``, naming the game (docs/cashbox.md, "The fee per lost game").
"""

from __future__ import annotations

import sqlite_utils

from ..rules.games_lost import person_lost
from ..rules.kind import GameKind
from .room import Room, member_results


class CannotSay(Exception):
    """An evening played at a game whose kind cannot say what a lost game is."""

    def __init__(self, kinds: tuple[GameKind, ...]) -> None:
        super().__init__(", ".join(kind.key for kind in kinds))
        self.kinds = kinds


def lost_games(db: sqlite_utils.Database, room: Room) -> dict[int, int]:
    """Each member's games lost at the evening's tables played (``Room.played``), those who
    lost none left out; ``CannotSay`` if a table's kind cannot say what a lost game is."""
    out: dict[int, int] = {}
    cannot: list[GameKind] = []
    for table in room.played:
        stored = table.stored
        lost = person_lost(stored.kind, stored.game, stored.seat_changes, stored.replay())
        if lost is None:
            if stored.kind not in cannot:
                cannot.append(stored.kind)
            continue
        found = member_results(db, stored.id, stored, staked=True, tally=lost)
        for member, count in (found or {}).items():
            if count:
                out[member] = out.get(member, 0) + count
    if cannot:
        raise CannotSay(tuple(cannot))
    return out


class EveningLost:
    """The games lost at the evening of ``room`` (``lost_games``), read the first time they
    are asked and kept for the rest of a page: the cash box's page asks them for its Fee
    form's ticks and again for the notice beside its fees per lost game
    (``fee_charging.lost_since``), the room's settlement for that notice, from the room the
    page read already (it read the evening's games once a piece, and its room twice)."""

    def __init__(self, db: sqlite_utils.Database, room: Room) -> None:
        self.db, self.room = db, room
        self._found: dict[int, int] | CannotSay | None = None

    def games(self) -> dict[int, int]:
        """``lost_games`` of the room, read once; ``CannotSay`` each time it is asked."""
        if self._found is None:
            try:
                self._found = lost_games(self.db, self.room)
            except CannotSay as error:
                self._found = error
        if isinstance(self._found, CannotSay):
            raise self._found
        return self._found
