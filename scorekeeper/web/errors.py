"""Error pages: a missing game, a bad request, an expired form."""

from __future__ import annotations

from flask import Blueprint, render_template
from flask_babel import gettext as _
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException

bp = Blueprint("errors", __name__)


@bp.app_errorhandler(CSRFError)
def csrf_error(error: CSRFError) -> tuple[str, int]:
    message = _("This form has expired. Reload the page and try again.")
    return render_template("error.html", code=400, message=message), 400


@bp.app_errorhandler(HTTPException)
def http_error(error: HTTPException) -> tuple[str, int]:
    code = error.code or 500
    messages = {
        400: _("This request could not be read. Reload the page and try again."),
        403: _("This phone may follow this game but not change it."),
        404: _("Nothing here: this game or coup does not exist."),
        405: _("This page cannot be used that way."),
        413: _("This file is too large."),
        428: _(
            "This change does not say which state of the game it was made from, so it was"
            " not applied. Reload the page and try again."
        ),
        429: _("Too many attempts from this address. Wait a minute, then try again."),
    }
    # never werkzeug's English description under a page in another language
    message = messages.get(code, _("Something went wrong (error %(code)s).", code=code))
    return render_template("error.html", code=code, message=message), code
