"""The pages, one blueprint per concern."""

from __future__ import annotations

from flask import Flask
from flask_babel import get_locale

from . import errors, games, table
from .present import (
    ACTION_WORDS,
    OUTCOME_WORDS,
    REASON_WORDS,
    STATUS_WORDS,
    outcome_text,
    rules_text,
    signed,
)


def register(app: Flask) -> None:
    app.register_blueprint(games.bp)
    app.register_blueprint(table.bp)
    app.register_blueprint(errors.bp)
    app.jinja_env.filters["signed"] = signed
    app.jinja_env.globals.update(
        outcome_text=outcome_text,
        REASON_WORDS=REASON_WORDS,
        STATUS_WORDS=STATUS_WORDS,
        OUTCOME_WORDS=OUTCOME_WORDS,
        ACTION_WORDS=ACTION_WORDS,
        get_locale=get_locale,
        rules_text=rules_text,
    )
