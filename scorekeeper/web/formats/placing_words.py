"""A table's placing in words: the games its kind is won by, else the points of its tally.

``rules.placing`` places the sides of a table (a Brou by its parties, a Manille classique
by its manches, the others by their tally); the close's question and an event's tables
say the figures that place them in the same words (``GamesWon.games_said``), so a line
reading "370 · 590" beside a ranking that gives the table to the 370 says why: "1 partie
to 0". Nothing here names a game: the kind says its games' words.
"""

from __future__ import annotations

from collections.abc import Sequence

from flask_babel import get_translations
from flask_babel import gettext as _

from ...rules.kind import GameKind
from ...rules.placing import GamesWon
from ...rules.settings import Nn_
from .numbers import grouped
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
    plural = get_translations().ngettext  # the figures grouped as every number of a page
    if not others:
        return str(plural(*each, figure) % {"num": grouped(figure)})
    against = and_list(map(grouped, others))
    return str(plural(*over, figure) % {"num": grouped(figure), "others": against})


def games_said(kind: GamesWon, games: Sequence[int]) -> str:
    """The games each side of a table won, in the order of its sides as its tally is
    written beside it ("370 · 590 (parties: 1 · 0)": the side that won them is read where
    its points are): an event's table placed by its games (``TableResult.games``)."""
    return _(kind.games_said.sides, games=" · ".join(map(grouped, games)))
