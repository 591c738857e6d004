"""Every game's settlement (``/games/<id>/settlement``) and its PDF, drawn by the game's pages.

The endpoint family ``settlement`` is kept for the templates; l'Hombre's
CSVs, story and players' records join it from its own module.
"""

from __future__ import annotations

from flask import Response, abort, flash, redirect, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response as BaseResponse

from ... import clubs
from ...cashbox.entries import METHODS
from ...cashbox.settle import Suggestion
from ...clock import today
from ...clubs import accounts
from ...clubs.purse import NotOwed, table_evening, table_purse
from ...db import get_db
from ...rights.access import acting_grant, managed, managed_club, readable, table_club
from ...store import Conflict
from ...store.paid import Paid, tick
from .. import blueprints, registry
from ..clubs.cash_forms import paid
from ..formats.words import not_owed
from ..forms import ActionForm, form_version, whole
from ..hookspecs import Page
from ..kept.expensive import expensive, game_key
from ..printing.pdf import pdf_response

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
def tick_paid(game_id: int) -> BaseResponse | tuple[str, int]:
    """A transfer of the settlement ticked as paid (``paid=1``) or unticked (``paid=0``).

    Recorded in the game's change log as its own action (store/paid.py); a
    transfer that is not one of the settlement as it stands is refused. At
    a club table with a chip value, a payment in the club's cash box instead.
    """
    in_club = table_club(game_id)
    if in_club is not None and _club_money(in_club[0]):
        return _paid_in_club(game_id, in_club[0])
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


def _club_money(club_id: int) -> bool:
    found = clubs.club(get_db(), club_id)
    return found is not None and found.money is not None


def _paid_in_club(game_id: int, club_id: int) -> BaseResponse | tuple[str, int]:
    """A club table's transfer paid: a payment in the club's cash box, naming the table.

    The club's managers only, checked first (a table's own manager is not the
    treasurer); the transfer must be one the table's settlement suggests now
    (clubs/purse.py), else the settlement is shown again as it stands.
    """
    club = managed_club(club_id)
    readable(game_id)
    form = ActionForm()
    if not form.validate():
        abort(400)
    version = form_version(form)
    payer, payee, amount = (whole(request.form.get(k)) for k in ("payer", "payee", "amount"))
    method = request.form.get("method", "")
    if payer is None or payee is None or amount is None or method not in METHODS:
        abort(400)
    evening = table_evening(get_db(), game_id)
    purse = table_purse(get_db(), club, game_id)
    asked = Suggestion(payer, payee, amount)
    if purse is not None and purse.evening.closed:  # a closed evening books no payment
        return _refused_at_table(game_id, NotOwed(closed=True))
    if purse is None or evening is None or asked not in purse.suggestions:
        flash(_("The settlement changed meanwhile: here it is as it stands. Tick again."))
        return redirect(url_for("settlement.settlement", game_id=game_id) + "#pays")
    try:
        written = accounts.pay(
            get_db(),
            club_id,
            version,
            asked,
            today(),
            method,
            evening=evening,
            table=game_id,
        )
    except NotOwed as error:
        return _refused_at_table(game_id, error)
    except (clubs.Refused, clubs.Conflict):
        flash(_("The settlement changed meanwhile: here it is as it stands. Tick again."))
    else:
        flash(paid(club, written))  # what was recorded, as a cash box's entry says it
    return redirect(url_for("settlement.settlement", game_id=game_id) + "#pays")


def _refused_at_table(game_id: int, error: NotOwed) -> tuple[str, int]:
    """The table's settlement again, saying why the payment was refused (nothing stored)."""
    message, status = not_owed(error)
    flash(message)
    stored = readable(game_id)
    return registry.web_of(stored.kind).pages.settlement(stored, pdf=False), status
