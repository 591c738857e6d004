"""A table's placing: which side stands above which, the one answer every page asks.

A points game is won by games, not by points: l'Homme de Brou by parties (a partie is won
at 301, and the match by the parties), la Manille classique by manches (the partie by its
manches). A kind that counts such games answers ``games_won`` (``GamesWon``), coup by coup
and side by side; a side is placed by the games it won, and the points of a partie or a
manche left unfinished place nobody: they won no game (docs/ratings.md, "An unfinished
game"). A kind that does not (l'Hombre's chip games, the Belgian manillen, whose game is
its deals' points) is placed by its tally as the game ended (``Kind.ended_tally``).

The table's page (who won, or a draw), the stop of a classique or a manillen (its
``winner``), the close's confirmation, the fee per lost game (``games_lost`` of Brou), the
ratings (``person_placing``), an event's ranking (``games_placing``: the win, the
draw, the rank points of its tables) and the room's and the season's points standings
(``person_won``: each member's games won, then their points) all read it here. Pure: no
Flask, no database.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from .kind import Game, GameKind
from .seating import SeatChange, person_sums


@dataclass(frozen=True)
class GamesSaid:
    """How a kind's games won are said where they place a table (the close's question, an
    event's tables):
    ``each``, both sides level at ``%(num)s``; ``over``, the first's ``%(num)s`` to the
    others' ``%(others)s``; each a singular and a plural (``Nn_``, said with ``ngettext``)."""

    each: tuple[str, str]
    over: tuple[str, str]
    sides: str
    """Each side's games in the order of its sides, ``%(games)s`` ("parties: 1 · 0"), written
    beside the tally of an event's table."""
    column: str
    """The heading of a standing's column of those games ("Parties won"): the room's, the
    season's and the season file's, not the chips' "Won"."""


@runtime_checkable
class GamesWon(Protocol):
    """A kind whose table is won by games (parties, manches), not by its points; its
    ``games_said`` names those games, so no page tests which game it is."""

    games_said: GamesSaid

    def games_won(self, report: Any) -> Sequence[Sequence[int]]:
        """The games each side of ``report.tally`` won with each coup of ``report``."""
        ...


def games_placing(kind: GameKind, report: Any) -> tuple[int, ...] | None:
    """The games each side of ``report.tally`` won (``GamesWon``), which place it; None:
    the kind is placed by its tally as the game ended (``side_placing``). An event's table
    keeps it beside its points (``events.results.table_result``): a table locked by the
    director keeps its locked points and is still placed by its games."""
    if not isinstance(kind, GamesWon):
        return None
    won = kind.games_won(report)
    return tuple(sum(coup[side] for coup in won) for side in range(len(report.tally)))


def side_placing(kind: GameKind, report: Any) -> tuple[int, ...]:
    """What each side of ``report.tally`` is placed by: the games it won (``GamesWon``),
    else its tally as the game ended. The most is first; equal sides share a place.

    An unfinished partie counts nothing: Brou stopped at 200–170 with no partie won is
    placed level, ``(0, 0)``."""
    games = games_placing(kind, report)
    return tuple(kind.ended_tally(report)) if games is None else games


def firsts(kind: GameKind, report: Any) -> tuple[int, ...]:
    """The sides placed first: one is the winner, several are level (a drawn game)."""
    placing = side_placing(kind, report)
    best = max(placing)
    return tuple(side for side, value in enumerate(placing) if value == best)


def lost_of_won(won: Sequence[Sequence[int]]) -> list[list[int]]:
    """Each coup's games lost per side, from the games won with it: what the coup's best
    side won that this side did not (a partie to Nous is one lost by Eux).

    >>> lost_of_won([(0, 0), (3, 0), (0, 2)])
    [[0, 0], [0, 3], [2, 0]]
    """
    return [[max(coup) - mine for mine in coup] for coup in won]


def person_placing(
    kind: GameKind, game: Game, changes: Sequence[SeatChange], report: Any
) -> dict[str, int] | None:
    """Each person's figure at the table, as the ratings place them: the games their side won
    less those the others won, in the coups that were theirs (as ``seating.person_tally``
    counts their points: a stand-in's coups are the absent player's). Partners who sat it
    all share it; one side's games won are the other's lost, so the order is the sides'.
    None: the kind is placed by its tally (``GamesWon`` missing): their result places them."""
    if not isinstance(kind, GamesWon):
        return None
    # a side's games won less the others', coup by coup: what each person's coups sum
    margins = [[2 * mine - sum(coup) for mine in coup] for coup in kind.games_won(report)]
    return person_sums(game.players, changes, margins, len(report.tally))


def person_won(
    kind: GameKind, game: Game, changes: Sequence[SeatChange], report: Any
) -> dict[str, int] | None:
    """Each person's games won at the table: their side's (``GamesWon.games_won``) in the
    coups that were theirs (as ``person_placing``: a stand-in's coups are the absent
    player's), what the room's and the season's points standings place a member by
    (``clubs.room.table_points``). None: the kind is placed by its tally (``GamesWon``
    missing), and so is its standing, by the points."""
    if not isinstance(kind, GamesWon):
        return None
    return person_sums(game.players, changes, kind.games_won(report), len(report.tally))
