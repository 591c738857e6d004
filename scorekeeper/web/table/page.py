"""Every game's page and its change log: ``/games/<id>`` asks the game's web half to draw it.

The endpoint family ``table`` (``table.game``, ``table.history``) is kept
for the templates; l'Hombre's journal and fiche join it from its own module.
"""

from __future__ import annotations

from flask import render_template
from werkzeug.wrappers import Response as BaseResponse

from ... import store
from ...db import get_db
from ...rights.access import readable
from .. import blueprints, registry
from ..hookspecs import Page
from ..kept.arguments import asked_page, past_the_last, reads
from ..kept.conditional import table_state_of
from .changelog import PAGE, lines
from .lost_fiche import reloaded_notice
from .seat_words import names_now, seated_now

bp = blueprints.table


def table_state(stored: store.StoredGame) -> store.TableState:
    """For the game pages: whether the table is locked and why, its event and round."""
    return table_state_of(stored.id)


@bp.get("/games/<int:game_id>")
def game(game_id: int) -> Page:
    """Every game's page, drawn by its web half's pages.

    A locked table (its evening or event round closed, its result locked, its
    round's deals played) shows its manager why in place of the coup form: the
    templates ask ``table_state`` (web/__init__.py), and a kept page is kept
    per lock too (kept/conditional.py).
    """
    stored = readable(game_id)
    return registry.web_of(stored.kind).pages.render(stored)


@bp.get("/games/<int:game_id>/lost-fiche")
def lost_fiche_notice(game_id: int) -> BaseResponse:
    """The notice of a phone that lost the fiche, for its page drawn again while it keeps
    coups its outbox never sent (``lost_fiche.reloaded_notice``; static/follow.js)."""
    return reloaded_notice(game_id)


@bp.get("/games/<int:game_id>/history")
@reads("page")
def history(game_id: int) -> str | BaseResponse:
    stored = readable(game_id)
    rows = store.history(get_db(), game_id)
    pages = max(1, -(-len(rows) // PAGE))
    if (last := past_the_last(pages)) is not None:
        return last
    page = asked_page()
    now = names_now(stored)  # a club's member by their name now (kept: NAMED_PAGES)
    return render_template(
        "history.html",
        stored=stored,
        now=now,
        seated=seated_now(stored, now),
        changes=lines(stored, rows, page),
        page=page,
        pages=pages,
    )
