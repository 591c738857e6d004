"""L'Hombre's entry point (``scorekeeper.games``): its three money systems and its pages."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..rules.hombre.kinds import SYSTEMS
from . import GameEntry

if TYPE_CHECKING:
    from ..web.hookspecs import GameWeb


def _web() -> GameWeb:
    from ..web.hombre import HOMBRE

    return HOMBRE


HOMBRE = GameEntry(kinds=SYSTEMS, web=_web, order=1)
"""Its money systems (the 1709 poule, the jetons, the Danish contracts): one game file
``"game": "hombre"``."""
