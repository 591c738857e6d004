"""The manager and table links, their QR codes, the admin, and the follow poll."""

from __future__ import annotations

import hmac

import segno
from flask import (
    Blueprint,
    abort,
    jsonify,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask_babel import gettext as _
from flask_wtf import FlaskForm
from markupsafe import Markup
from werkzeug.wrappers import Response as BaseResponse
from wtforms import PasswordField, SubmitField

from .. import access, store
from ..db import get_db
from ..deployment import external_url

bp = Blueprint("links", __name__)


class AdminForm(FlaskForm):
    password = PasswordField()
    submit = SubmitField()


def qr_svg(url: str) -> Markup:
    """A QR code as inline SVG (no style attribute: the CSP allows it)."""
    svg = segno.make(url, error="m").svg_inline(scale=4, dark="#000", light="#fff")
    return Markup(svg)


def fresh_manager_link(game_id: int) -> str | None:
    """The manager link just issued for this game, shown once and then forgotten."""
    stash = session.get("new_manager_link")
    if isinstance(stash, list) and len(stash) == 2 and stash[0] == game_id:
        session.pop("new_manager_link")
        return external_url("links.manage", game_id=game_id, token=stash[1])
    return None


@bp.get("/games/<int:game_id>/manage/<token>")
def manage(game_id: int, token: str) -> BaseResponse:
    """Opening the manager link gives this browser the right to change the game."""
    try:
        stored = store.load(get_db(), game_id)
    except store.NotFound:
        abort(404)
    if not stored.manager_hash or not hmac.compare_digest(
        access.token_hash(token), stored.manager_hash
    ):
        abort(404)
    access.grant_manage(game_id)
    return redirect(url_for("table.game", game_id=game_id))


@bp.get("/games/<int:game_id>/table/<token>")
def follow(game_id: int, token: str) -> BaseResponse:
    """Opening the table link lets this browser follow the game, read-only."""
    try:
        stored = store.load(get_db(), game_id)
    except store.NotFound:
        abort(404)
    if not stored.table_token or not hmac.compare_digest(token, stored.table_token):
        abort(404)
    access.grant_follow(game_id)
    return redirect(url_for("table.game", game_id=game_id))


@bp.route("/games/<int:game_id>/links", methods=["GET", "POST"])
def links(game_id: int) -> str | BaseResponse:
    stored = access.managed(game_id)
    form = FlaskForm()
    if request.method == "POST":
        if not form.validate():
            abort(400)
        token = access.new_token()
        store.set_manager_hash(get_db(), game_id, access.token_hash(token))
        session["new_manager_link"] = [game_id, token]
        return redirect(url_for("links.links", game_id=game_id))
    table_url = external_url("links.follow", game_id=game_id, token=stored.table_token)
    manager_url = fresh_manager_link(game_id)
    return render_template(
        "links.html",
        stored=stored,
        form=form,
        table_url=table_url,
        table_qr=qr_svg(table_url),
        manager_url=manager_url,
        manager_qr=None if manager_url is None else qr_svg(manager_url),
    )


@bp.get("/games/<int:game_id>/version")
def version(game_id: int) -> BaseResponse:
    """What the table link polls: the game's version, which every change increments."""
    game = access.readable_head(game_id)
    response = jsonify(version=game.version)
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.route("/admin", methods=["GET", "POST"])
def admin() -> str | BaseResponse | tuple[str, int]:
    form = AdminForm()
    if request.method == "POST" and form.validate():
        if access.admin_login(form.password.data or ""):
            return redirect(url_for("games.home"))
        form.password.errors = [_("Wrong password, or no admin password is set on this server.")]
        return render_template("admin.html", form=form), 403
    return render_template("admin.html", form=form)


@bp.post("/admin/logout")
def admin_logout() -> BaseResponse:
    if not FlaskForm().validate():
        abort(400)
    session.pop(access.ADMIN, None)
    return redirect(url_for("games.home"))
