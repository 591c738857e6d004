"""La Manille's entry point (``scorekeeper.games``): the classique, the manillen, their sheet."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..rules.manille.kinds import ManilleClassique, Manillen
from . import GameEntry

if TYPE_CHECKING:
    from ..web.hookspecs import GameWeb


def _web() -> GameWeb:
    from ..web.manille import MANILLE

    return MANILLE


MANILLE = GameEntry(kinds=(ManilleClassique(), Manillen()), web=_web, order=3)
