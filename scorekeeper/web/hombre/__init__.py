"""L'Hombre's web half: its money systems' coup entry, pages, settlement and new game.

``HOMBRE`` is its registry entry. Its own pages (journal, fiche: journal.py; CSVs, story,
players, new game and set-up) are routes of its modules, in the endpoint
families the templates know (``web/blueprints.py``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask import Flask
from werkzeug.wrappers import Response as BaseResponse

from ... import store
from ...rules.errors import N_
from ...rules.hombre.kinds import SYSTEMS
from ...rules.ledger import NetChange
from ..forms import ActionForm
from ..hookspecs import Change, GamePages, GameWeb, Page, Report, Rules, shipped_templates
from ..printing.pdf import apart
from . import guard, journal, messages, new_game, pages, settlement, systems
from .forms import CoupForm, HombreEntry
from .present import (
    WORD_TABLES,
    coup_words,
    fiche_rows,
    journal_lines,
    journal_text,
    outcome_text,
)


class HombrePages(GamePages[CoupForm]):
    """L'Hombre's game page (the bête manager's), its coup checks, its settlement."""

    after_save = "#saved"
    """What the coup did, then the standing."""
    after_change = "#message"
    """What the correction or deletion changed, then the standing and the journal."""

    def render(
        self,
        stored: store.StoredGame,
        form: CoupForm | None = None,
        preview: Report | None = None,
        status: int = 200,
    ) -> Page:
        return pages.render_game(stored, form, preview, status)

    def preview_fragment(
        self, stored: store.StoredGame, form: CoupForm, after: Report | None, position: int | None
    ) -> str:
        return pages.preview_fragment(stored, form, after, position)

    def render_edit(
        self,
        stored: store.StoredGame,
        n: int,
        form: CoupForm,
        before: Report,
        after: Report | None,
        status: int,
    ) -> Page:
        return pages.render_edit(stored, n, form, before, after, status)

    def render_delete(
        self,
        stored: store.StoredGame,
        n: int,
        form: ActionForm,
        before: Report,
        after: Report | None,
        error: str | None,
        status: int,
    ) -> Page:
        return pages.render_delete(stored, n, form, before, after, error, status)

    def saved_text(
        self,
        after: Report,
        n: int,
        names: tuple[str, ...] | None = None,
        now: Mapping[str, str] | None = None,
        changes: Sequence[Any] = (),
    ) -> str:
        return messages.saved_text(after, n, names, now, changes)

    def changed_text(
        self,
        change: Change,
        before: Report,
        after: Report,
        n: int,
        people: Sequence[NetChange] | None = None,
        now: Mapping[str, str] | None = None,
        names: tuple[str, ...] | None = None,
    ) -> str:
        """What happened, then what it did to the nets (each change alike): the nets name
        no seat's sitter (``names`` unused)."""
        return messages.changes_text(change.headline(n), before, after, people, now)

    def coup_text(
        self,
        report: Report,
        n: int,
        names: tuple[str, ...] | None = None,
        now: Mapping[str, str] | None = None,
    ) -> str:
        return messages.coup_text(report, n, names, now)

    def field_words(
        self,
        item: Mapping[str, Any],
        players: tuple[str, ...],
        names: tuple[str, ...] | None = None,
    ) -> dict[str, str]:
        return coup_words(item, players, names)

    def counts(self, report: Report) -> tuple[tuple[str, ...], tuple[int, ...]]:
        """Every player's net."""
        return tuple(report.game.players), tuple(report.tally)

    def settlement(self, stored: store.StoredGame, pdf: bool) -> str:
        return settlement.settlement_page(stored, pdf)

    def settle(self, stored: store.StoredGame) -> Page | BaseResponse:
        """The manager sets the chip value on the settlement."""
        return settlement.set_money(stored)

    def rules_text(self, rules: Rules) -> str:
        return systems.rules_text(rules)

    def round_end_text(self, rules: Rules, deals: int | None) -> str:
        return systems.round_end_text(rules, deals)

    def init_app(self, app: Flask) -> None:
        """Its word tables and its journal's lines, for its templates and the macros."""
        app.jinja_env.globals.update(WORD_TABLES)
        app.jinja_env.globals.update(
            outcome_text=outcome_text,
            fiche_rows=fiche_rows,
            journal_text=journal_text,
            journal_lines=journal_lines,
            hombre_system=systems.of_rules,
        )
        app.jinja_env.globals.update(apart=apart)


HOMBRE = GameWeb(
    name=guard.GAME,
    kinds=SYSTEMS,
    entry=HombreEntry(),
    pages=HombrePages(),
    templates=shipped_templates("hombre"),
    own_new_game="games.new_game",
    label=N_("L'Hombre"),
)
"""L'Hombre's web half; its new game is its own page, ``/games/new`` (``new_game``)."""

__all__ = ["HOMBRE", "journal", "new_game"]  # journal: its routes, registered when imported
