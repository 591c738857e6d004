"""L'Hombre's entry point (``scorekeeper.games``): its three money systems and its pages."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..rules.hombre.kinds import Hombre1709, HombreDanish, HombreJetons
from . import GameEntry

if TYPE_CHECKING:
    from ..web.hookspecs import GameWeb


def _web() -> GameWeb:
    from ..web.hombre import HOMBRE

    return HOMBRE


HOMBRE = GameEntry(kinds=(Hombre1709(), HombreJetons(), HombreDanish()), web=_web, order=1)
"""The 1709 poule, the jetons and the Danish contracts: one game file ``"game": "hombre"``."""
