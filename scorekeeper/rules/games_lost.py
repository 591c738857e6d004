"""Games lost, per person: what the cash box's fee "per lost game" multiplies.

A kind that can say what a lost game is answers ``games_lost`` (``LostGames``): coup by
coup, the games each side of its ``tally`` lost with that coup (Homme de Brou: a partie the
other team won; la Manille: the table's game, once finished, for each side that did not win
it). A kind that does not (l'Hombre's chip games: a table is no game won or lost, each coup
is) cannot say, and the fee is refused for an evening played at it (docs/cashbox.md, "The
fee per lost game"). Pure: no Flask, no database.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from .kind import Game, GameKind
from .seating import SeatChange, person_sums


@runtime_checkable
class LostGames(Protocol):
    """A kind that says what a lost game is."""

    def games_lost(self, report: Any) -> Sequence[Sequence[int]]:
        """The games each side of ``report.tally`` lost with each coup of ``report``."""
        ...


def person_lost(
    kind: GameKind, game: Game, changes: Sequence[SeatChange], report: Any
) -> dict[str, int] | None:
    """Each person's games lost: their seat's side's, in the coups whose money or points were
    theirs (as ``seating.person_tally`` counts their points: a stand-in's coups are the absent
    player's). None: the kind cannot say what a lost game is (no ``LostGames``)."""
    if not isinstance(kind, LostGames):
        return None
    return person_sums(game.players, changes, kind.games_lost(report), len(report.tally))
