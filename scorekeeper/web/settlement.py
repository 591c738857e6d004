"""Every game's settlement (``/games/<id>/settlement``) and its PDF, drawn by the game's pages.

The endpoint family ``settlement`` is kept for the templates; l'Hombre's
CSVs, story and players' records join it from its own module.
"""

from __future__ import annotations

from flask import Response, request
from werkzeug.wrappers import Response as BaseResponse

from ..access import managed, readable
from . import blueprints, registry
from .hookspecs import Page
from .kept.expensive import expensive, game_key
from .printing import pdf_response

bp = blueprints.settlement


@bp.route("/games/<int:game_id>/settlement", methods=["GET", "POST"])
def settlement(game_id: int) -> Page | BaseResponse:
    if request.method == "POST":
        stored = managed(game_id)
        return registry.web_of(stored.kind).pages.settle(stored)
    stored = readable(game_id)
    return registry.web_of(stored.kind).pages.settlement(stored, pdf=False)


@bp.get("/games/<int:game_id>/settlement.pdf")
@expensive(game_key)
def settlement_pdf(game_id: int) -> Response:
    stored = readable(game_id)
    html = registry.web_of(stored.kind).pages.settlement(stored, pdf=True)
    return pdf_response(html, f"settlement-{game_id}.pdf")
