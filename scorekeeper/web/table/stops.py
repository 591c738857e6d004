"""A casual table stops here, or plays on after all: the manager's question and buttons.

Stopping asks first, as closing a club's evening does: the game page and the
settlement link to a confirmation page (a plain GET, no script needed) that
says what the end does to the standing as it is now (the kind's end rule,
``GameKind.stop``: the 1709 poule shares its open bêtes, a pot returns to
whoever put it in, a points sheet stays as it is); its form posts the stop
with ``confirmed``. A stop posted without it is sent to that page, never
carried out. Taking the stop back (the undo of a stopped table) is one
button on the game page. Each is one versioned change of the game
(``store.stop``, ``store.resume``).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response as BaseResponse

from ... import store
from ...db import get_db
from ...rights import access
from ...rules.errors import GameError
from ...store.stops import end_changes
from ..formats.words import error_text
from ..forms import CHANGED, ActionForm, form_version
from .offers import refused
from .seat_words import named_changes, names_now, seated_now

bp = Blueprint("stops", __name__)


def _page(stored: store.StoredGame, error: str | None = None, status: int = 200) -> Any:
    reason = refused(stored)
    now = names_now(stored)  # a club's member by their name now, as the game page names them
    page = render_template(
        "stop.html",
        stored=stored,
        seated=seated_now(stored, now),
        refused=reason,
        error=error,
        coups=len(stored.game.coups),
        changes=[] if reason else named_changes(end_changes(stored), now),
        form=ActionForm(formdata=None, version=str(stored.version)),
    )
    return page if status == 200 else (page, status)


@bp.get("/games/<int:game_id>/stop")
def confirm_stop(game_id: int) -> Any:
    """The question before stopping: what the end does now, then one button."""
    return _page(access.managed(game_id))


@bp.post("/games/<int:game_id>/stop")
def stop(game_id: int) -> Any:
    stored = access.managed(game_id)
    form = ActionForm()
    if not form.validate():
        abort(400)
    if request.form.get("confirmed") != "1":  # not from the confirmation page: ask first
        return redirect(url_for("stops.confirm_stop", game_id=game_id), 303)
    try:
        last = store.stop(get_db(), game_id, version=form_version(form), by=access.acting_grant())
    except store.Conflict:  # another phone's change, or the table was locked meanwhile
        flash(str(CHANGED))
        return redirect(url_for("stops.confirm_stop", game_id=game_id), 303)
    except GameError as error:
        return _page(stored, error_text(error), 422)
    flash(_("The table stopped after coup %(n)s: the game is over, its settlement final.", n=last))
    return redirect(url_for("settlement.settlement", game_id=game_id))


@bp.post("/games/<int:game_id>/resume")
def resume(game_id: int) -> BaseResponse:
    """The stop taken back: the table plays on (the undo of a stopped table)."""
    access.managed(game_id)
    form = ActionForm()
    if not form.validate():
        abort(400)
    try:
        following = store.resume(
            get_db(), game_id, version=form_version(form), by=access.acting_grant()
        )
    except store.Conflict:  # not stopped (any more), another phone's change, a closed evening
        flash(str(CHANGED))
    else:
        flash(_("The stop is taken back: the table plays on with coup %(n)s.", n=following))
    return redirect(url_for("table.game", game_id=game_id))
