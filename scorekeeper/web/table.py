"""Every game's page and its change log: ``/games/<id>`` asks the game's web half to draw it.

The endpoint family ``table`` (``table.game``, ``table.history``) is kept
for the templates; l'Hombre's journal and fiche join it from its own module.
"""

from __future__ import annotations

from flask import render_template
from werkzeug.wrappers import Response as BaseResponse

from .. import store
from ..db import get_db
from ..rights.access import can_manage, readable
from . import blueprints, registry
from .changelog import PAGE, lines
from .hookspecs import Page
from .kept.arguments import asked_page, past_the_last, reads

bp = blueprints.table


@bp.get("/games/<int:game_id>")
def game(game_id: int) -> Page:
    """Every game's page, drawn by its web half's pages.

    Its manager is told on it when the table's evening is closed (its coups
    are refused): the page drawn for the version does not know, so it is
    said after its messages, as the coup pages say it (web/coups.py).
    """
    stored = readable(game_id)
    page = registry.web_of(stored.kind).pages.render(stored)
    if can_manage(stored) and store.table_closed(get_db(), game_id):
        notice = "<!--/flashes-->" + render_template("_closed_table.html")
        if isinstance(page, tuple):
            return page[0].replace("<!--/flashes-->", notice, 1), page[1]
        return page.replace("<!--/flashes-->", notice, 1)
    return page


@bp.get("/games/<int:game_id>/history")
@reads("page")
def history(game_id: int) -> str | BaseResponse:
    stored = readable(game_id)
    rows = store.history(get_db(), game_id)
    pages = max(1, -(-len(rows) // PAGE))
    if (last := past_the_last(pages)) is not None:
        return last
    page = asked_page()
    return render_template(
        "history.html",
        stored=stored,
        changes=lines(stored, rows, page),
        page=page,
        pages=pages,
    )
