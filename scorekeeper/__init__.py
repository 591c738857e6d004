"""Scorekeeper: keeps the money of a live l'Hombre table."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from flask import Flask


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """The Flask application (imported lazily: the rules engine and CLI need no Flask)."""
    from .app import create_app as factory

    return factory(test_config)
