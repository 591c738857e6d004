"""Every game's settlement (``/games/<id>/settlement``) and its PDF, drawn by the game's pages.

The endpoint family ``settlement`` is kept for the templates; l'Hombre's
CSVs, story and players' records join it from its own module.
"""

from __future__ import annotations

from flask import Response, abort, flash, redirect, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response as BaseResponse

from ..db import get_db
from ..rights.access import acting_grant, managed, readable
from ..store import Conflict
from ..store.paid import Paid, tick
from . import blueprints, registry
from .forms import ActionForm, form_version, whole
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


@bp.post("/games/<int:game_id>/settlement/paid")
def tick_paid(game_id: int) -> BaseResponse:
    """A transfer of the settlement ticked as paid (``paid=1``) or unticked (``paid=0``).

    Recorded in the game's change log as its own action (store/paid.py); a
    transfer that is not one of the settlement as it stands is refused.
    """
    managed(game_id)
    form = ActionForm()
    if not form.validate():
        abort(400)
    version = form_version(form)
    payer, payee, amount = (whole(request.form.get(k)) for k in ("payer", "payee", "amount"))
    paid = request.form.get("paid")
    if payer is None or payee is None or amount is None or paid not in ("0", "1"):
        abort(400)
    try:
        tick(get_db(), game_id, Paid(payer, payee, amount), paid == "1", version, acting_grant())
    except Conflict:
        flash(_("The settlement changed meanwhile: here it is as it stands. Tick again."))
    return redirect(url_for("settlement.settlement", game_id=game_id) + "#pays")
