"""A table's placing in words: the games its kind is won by, else the points of its tally.

``rules.placing`` places the sides of a table (a Brou by its parties, a Manille classique
by its manches, the others by their tally); the close's question and an event's tables
say the figures that place them in the same words (``GamesWon.games_said``), so a line
reading "370 · 590" beside a ranking that gives the table to the 370 says why: "1 partie
to 0". Nothing here names a game: the kind says its games' words.
"""

from __future__ import annotations

from collections.abc import Sequence

from flask_babel import ngettext

from ...rules.kind import GameKind
from ...rules.placing import GamesWon
from ...rules.settings import Nn_
from .words import and_list

POINTS = (
    Nn_("%(num)s point each", "%(num)s points each"),
    Nn_("%(num)s point to %(others)s", "%(num)s points to %(others)s"),
)
"""A side placed by its tally: its points, each level or the first's to the others'."""


def score_said(kind: GameKind, figure: int, others: Sequence[int]) -> str:
    """What the first side is placed by, against the others (``rules.placing``): the games
    its kind is won by, in its own words (``GamesWon.games_said``: the parties of a Brou,
    the manches of a classique), else the points of its tally; ``others`` empty: a draw,
    each side at ``figure``."""
    if isinstance(kind, GamesWon):
        each, over = kind.games_said.each, kind.games_said.over
    else:
        each, over = POINTS
    if not others:
        return ngettext(*each, figure)
    return ngettext(*over, figure, others=and_list(others))


def games_said(kind: GameKind, games: Sequence[int]) -> str:
    """The games each side of a table won, the most first ("1 partie to 0"; level: "0
    parties each"): an event's table placed by its games (``TableResult.games``)."""
    first, *others = sorted(games, reverse=True)
    return score_said(kind, first, [] if all(g == first for g in others) else others)
