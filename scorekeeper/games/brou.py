"""L'Homme de Brou's entry point (``scorekeeper.games``): its kind and its points sheet."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..rules.brou.kind import KINDS
from . import GameEntry

if TYPE_CHECKING:
    from ..web.hookspecs import GameWeb


def _web() -> GameWeb:
    from ..web.brou import BROU

    return BROU


BROU = GameEntry(kinds=KINDS, web=_web, order=2)
