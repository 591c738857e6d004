"""The pages, one blueprint per concern."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask_babel import format_currency, get_locale

from ..access import can_manage
from ..i18n import NAMES
from ..rules.ledger import to_money
from ..rules.money import Money
from . import clubs, coups, errors, games, handover, health, kept, links, settlement, sheets, table
from .forms.hombre import BONUS_WORDS, CONTRACT_WORDS
from .present import (
    ACTION_WORDS,
    OUTCOME_WORDS,
    REASON_WORDS,
    STATUS_WORDS,
    journal_text,
    outcome_text,
    rules_text,
    signed,
)


def money(chips: int, value: Money | None) -> str:
    """Chips in the game's money, in the reader's language; empty without a chip value."""
    if value is None:
        return ""
    return str(format_currency(to_money(chips, value.chip_value), value.currency))


def signed_money(chips: int, value: Money | None) -> str:
    """A net in money, signed like ``signed``: +4,05 €, −3,60 € (a true minus), 0,00 €."""
    if value is None:
        return ""
    sign = "+" if chips > 0 else "−" if chips < 0 else ""
    return sign + money(abs(chips), value)


_WORDS: dict[str, dict[str, dict[str, str]]] = {}


def words() -> dict[str, dict[str, str]]:
    """The game's words in the reader's language, made once per language (not per line).

    The catalogs are compiled before the server starts and never change while
    it runs, so the tables of one language are the same for every page.
    """
    language = str(get_locale())
    made = _WORDS.get(language)
    if made is None:
        made = _WORDS[language] = _words()
    return made


def _words() -> dict[str, dict[str, str]]:
    tables: dict[str, dict[Any, Any]] = {
        "REASON_WORDS": REASON_WORDS,
        "STATUS_WORDS": STATUS_WORDS,
        "OUTCOME_WORDS": OUTCOME_WORDS,
        "ACTION_WORDS": ACTION_WORDS,
        "CONTRACT_WORDS": CONTRACT_WORDS,
        "BONUS_WORDS": BONUS_WORDS,
    }
    return {name: {str(k): str(v) for k, v in table.items()} for name, table in tables.items()}


def register(app: Flask) -> None:
    app.register_blueprint(settlement.bp)
    app.register_blueprint(clubs.bp)
    app.register_blueprint(links.bp)
    app.register_blueprint(handover.bp)
    app.register_blueprint(games.bp)
    app.register_blueprint(table.bp)
    app.register_blueprint(sheets.bp)
    app.register_blueprint(coups.bp)
    app.register_blueprint(errors.bp)
    app.register_blueprint(health.bp)
    kept.init_app(app)
    app.jinja_env.filters["signed"] = signed
    app.jinja_env.filters["money"] = money
    app.jinja_env.filters["signed_money"] = signed_money
    app.context_processor(words)
    app.context_processor(clubs.context)
    app.jinja_env.globals.update(
        outcome_text=outcome_text,
        journal_text=journal_text,
        get_locale=get_locale,
        LANGUAGE_NAMES=NAMES,
        rules_text=rules_text,
        fresh_manager_link=links.fresh_manager_link,
        fresh_handover_code=handover.fresh_handover_code,
        may_manage=can_manage,
        redoable=handover.redoable,
        qr_svg=links.qr_svg,
        member_names=games.member_names,
    )
