"""Closing and reopening an evening (the club's managers): two buttons on the evening's page.

Each says which version of the club its page showed; what closing does is
scorekeeper/clubs/closing.py's (tables locked, results posted in money).
"""

from __future__ import annotations

from flask import abort, flash, redirect, url_for
from flask_babel import gettext as _
from flask_babel import ngettext
from werkzeug.wrappers import Response as BaseResponse

from ... import clubs
from ...clubs import closing
from ...db import get_db
from ...rights import access
from .. import blueprints
from ..forms import CHANGED, ActionForm, form_version

bp = blueprints.clubs


def _evening(evening_id: int) -> tuple[clubs.Evening, clubs.Club, int]:
    found = clubs.evening(get_db(), evening_id) if 1 <= evening_id <= access.MAX_ID else None
    if found is None:
        abort(404)
    club = access.managed_club(found.club_id)
    form = ActionForm()
    if not form.validate():
        abort(400)
    return found, club, form_version(form)


@bp.post("/evenings/<int:evening_id>/close")
def close(evening_id: int) -> BaseResponse:
    evening, club, version = _evening(evening_id)
    try:
        written = closing.close(get_db(), club, evening, version)
    except clubs.Refused:
        flash(_("The evening is closed already."))
    except clubs.Conflict:
        flash(str(CHANGED))
    else:
        flash(
            _("The evening is closed: its tables take no more coups.")
            + " "
            + ngettext("%(num)s entry posted.", "%(num)s entries posted.", written)
        )
    return redirect(url_for("clubs.evening", evening_id=evening_id))


@bp.post("/evenings/<int:evening_id>/reopen")
def reopen(evening_id: int) -> BaseResponse:
    evening, club, version = _evening(evening_id)
    try:
        closing.reopen(get_db(), club, evening, version)
    except clubs.Refused:
        flash(_("The evening is open already."))
    except clubs.Conflict:
        flash(str(CHANGED))
    else:
        flash(_("The evening is open again: close it once more to post what changed."))
    return redirect(url_for("clubs.evening", evening_id=evening_id))
