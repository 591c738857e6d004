"""The games as the entry point group ``scorekeeper.games`` gives them: one object a game.

A game is found the way Python applications find plugins: its distribution
declares an entry point in the group ``scorekeeper.games`` that names a
``GameEntry`` — the game's kinds (its rules half, pure) and a factory of its
web half. Scorekeeper's own games (l'Hombre, l'Homme de Brou, la Manille)
are declared the same way in its ``pyproject.toml`` and live in the modules
beside this one; a game from outside ships its own (docs/architecture.md,
"Adding a game from outside").

The web half is made by a function, called only by the web's registry: the
rules layer (``rules.kinds``) reads ``kinds`` and never imports a page, a
form or Flask, so the command and the engines load no web.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..rules.kind import GameKind

if TYPE_CHECKING:
    from ..web.hookspecs import GameWeb


@dataclass(frozen=True)
class GameEntry:
    """What an entry point of the group ``scorekeeper.games`` names: one game."""

    kinds: tuple[GameKind, ...]
    """The game's kinds, in the order the app offers them (rules half: no web)."""
    web: Callable[[], GameWeb]
    """Makes the game's web half (its pages, forms, templates), which serves these kinds."""
    order: int = 0
    """Its place among the games of its own distribution (lower first).

    Entry points come in no set order (setuptools writes them sorted by
    name): Scorekeeper's own games say theirs (l'Hombre 1, Brou 2, Manille 3).
    Games from outside always come after them, by distribution, this number
    and the entry point's name.
    """


__all__ = ["GameEntry"]
