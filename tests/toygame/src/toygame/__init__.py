"""A toy points game (Belote scoring), added to Scorekeeper from outside.

Issue 34's proof: a game is its own distribution — a rules module
(``rules``), one web module (``web``), one template folder — that declares
one entry point, ``belote = "toygame:GAME"`` in the group
``scorekeeper.games`` (``pyproject.toml`` beside ``src/``); nothing of the
scorekeeper's own code names it. ``tests/shape/test_toy_game.py`` installs it and
drives it through a real server and the command.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorekeeper.games import GameEntry

from .rules import BELOTE

if TYPE_CHECKING:
    from scorekeeper.web.hookspecs import GameWeb


def _web() -> GameWeb:
    """The web half, made only when the pages ask (the command and the engines load no web)."""
    from .web import BELOTE as WEB

    return WEB


GAME = GameEntry(kinds=(BELOTE,), web=_web)
"""What the entry point names: the toy's one kind and its web half."""
