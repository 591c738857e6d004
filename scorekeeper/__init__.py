"""Scorekeeper: keeps the money of a live l'Hombre table."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from flask import Flask

    from .app import Compiled


def create_app(
    test_config: dict[str, Any] | None = None, *, compiled: Compiled | None = None
) -> Flask:
    """The Flask application (imported lazily: the rules engine and CLI need no Flask);
    ``compiled``: what the apps made before compiled (``app.Compiled``, for the tests)."""
    from .app import create_app as factory

    return factory(test_config, compiled=compiled)
