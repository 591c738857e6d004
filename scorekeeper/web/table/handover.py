"""The handover code: the table carries on when the manager's phone is gone.

Each game has a short code (``XXXX-XXXX``; its hash alone is stored), shown
once to the manager at creation and again, as a new code, on the links page
or the settlement page. A phone that follows the game by the table link
enters it under *Take over the fiche*: it becomes the only phone that may
change the game, every other phone's right ends at once (the lost phone's
too), the manager link is replaced and the code changes, so the holder of
the old phone cannot take it back with the same code. Code tries are
throttled per client and game (web/ops/limits.py).
"""

from __future__ import annotations

from flask import Blueprint, abort, flash, redirect, render_template, request, session, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from werkzeug.wrappers import Response as BaseResponse
from wtforms import HiddenField, StringField, SubmitField

from ... import store
from ...db import get_db
from ...rights import access, tokens
from ..forms import CHANGED, ActionForm, form_version
from ..kept.once import NEW_HANDOVER_CODE
from ..starting.creating import stash_code
from .seat_words import names_now, seated_now

bp = Blueprint("handover", __name__)
STASH = NEW_HANDOVER_CODE
BACK = {"links": "links.links", "settlement": "settlement.settlement"}


class TakeoverForm(FlaskForm):
    version = HiddenField()
    code = StringField(_l("Handover code"))
    submit = SubmitField(_l("Take over the fiche"))


def fresh_handover_code(game_id: int) -> str | None:
    """The handover code just issued for this game, shown once and then forgotten."""
    stash = session.get(STASH)
    if isinstance(stash, list) and len(stash) == 2 and stash[0] == game_id:
        session.pop(STASH)
        return str(stash[1])
    return None


@bp.post("/games/<int:game_id>/handover-code")
def new_code(game_id: int) -> BaseResponse:
    """The manager shows the code again: a new one is issued, the previous one stops working."""
    access.managed(game_id)
    form = ActionForm()
    if not form.validate():
        abort(400)
    back = BACK.get(request.args.get("back", ""), "links.links")
    code = tokens.new_handover_code()
    try:
        store.set_handover_hash(
            get_db(),
            game_id,
            tokens.handover_hash(code),
            version=form_version(form),
            by=access.acting_grant(),
        )
    except store.Conflict:
        flash(str(CHANGED))
    else:
        stash_code(game_id, code)
    return redirect(url_for(back, game_id=game_id))


@bp.route("/games/<int:game_id>/takeover", methods=["GET", "POST"])
def takeover(game_id: int) -> str | tuple[str, int] | BaseResponse:
    """A phone that reads the game takes the fiche over with the handover code."""
    game = access.readable_head(game_id)
    if access.can_manage(game):
        return redirect(url_for("table.game", game_id=game_id))
    form = TakeoverForm()
    status = 200
    if request.method == "GET":
        form.version.data = str(game.version)
    elif not form.validate():
        abort(400)
    else:
        version = form_version(form)
        stored_hash = store.handover_hash(get_db(), game_id)
        given = tokens.handover_hash(form.code.data or "")
        if not (form.code.data or "").strip() or not tokens.same_secret(given, stored_hash):
            form.code.errors = [_("This is not the game's handover code.")]
            status = 403
        else:
            code = tokens.new_handover_code()
            token = access.device(create=True)
            assert token is not None
            try:
                store.take_over(
                    get_db(),
                    game_id,
                    given,
                    tokens.handover_hash(code),
                    tokens.token_hash(tokens.new_token()),
                    tokens.token_hash(token),
                    access.device_label(),
                    version=version,
                )
            except store.Conflict:
                form.version.data = str(store.head(get_db(), game_id).version)
                form.code.errors = [str(CHANGED)]
                status = 409
            else:
                access.grant_follow(game_id)
                stash_code(game_id, code)
                flash(_("This phone now keeps the fiche; every other phone can only follow."))
                return redirect(url_for("table.game", game_id=game_id))
    stored = access.readable(game_id)
    seated = seated_now(stored, names_now(stored))  # a club's member by their name now
    page = render_template("takeover.html", stored=stored, seated=seated, form=form)
    return page if status == 200 else (page, status)
