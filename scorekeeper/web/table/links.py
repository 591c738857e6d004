"""The manager and table links, their QR codes, the admin, and the follow poll."""

from __future__ import annotations

import contextlib
import logging
import re
from functools import lru_cache

import segno
from flask import (
    Blueprint,
    abort,
    jsonify,
    make_response,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from markupsafe import Markup
from werkzeug.wrappers import Response as BaseResponse
from wtforms import HiddenField, PasswordField, StringField, SubmitField

from ... import store
from ...db import get_db
from ...rights import access, tokens
from ...store import grants
from ..forms import CHANGED, ActionForm, at_most, form_version, refused_as_typed
from ..kept.once import NEW_MANAGER_LINK
from ..ops.deployment import external_url
from .seat_words import names_now, seated_now

bp = Blueprint("links", __name__)
log = logging.getLogger("scorekeeper.access")


class AdminForm(FlaskForm):
    password = PasswordField()
    submit = SubmitField()


class PhoneNameForm(FlaskForm):
    """The name the manager gives a phone that may change the game (or its player's)."""

    version = HiddenField()
    name = StringField(
        _l("Name of this phone"),
        validators=[at_most(grants.NAME_LENGTH)],
        filters=[lambda v: v.strip() if isinstance(v, str) else v],
    )


def qr_svg(url: str) -> Markup:
    """A QR code as inline SVG (no style attribute: the CSP allows it); none for a link
    no QR code can hold (a link's text is shown beside it)."""
    if len(url) > QR_KEPT_LONGEST:
        return Markup(_qr_svg(url))  # drawn, not kept
    return Markup(_qr_drawn(url))


QR_KEPT = 1024
"""How many QR codes a server process keeps drawn (1,024 codes of links of at most
``QR_KEPT_LONGEST`` characters: under 7 KB each, 7 MB at most)."""
QR_KEPT_LONGEST = 256
"""The longest link whose code is kept. A link begins with the address the page was
opened with when no ``PUBLIC_URL`` is set, and that is the request's ``Host``: a stranger
on the links page of their own game names it, up to the 2,300 characters a code holds, whose
code is 55 KB: 1,024 of them kept were 58 MB in each process. A served link is about 100
characters (``https://scores.example.org/games/12345/manage/`` and a 36-character key)."""


@lru_cache(maxsize=QR_KEPT)
def _qr_drawn(url: str) -> str:
    """A link's QR code, drawn once per process. Choosing its mask costs segno 8-16 ms a
    code, and a championship's director page shows one per table: 136 tables cost 1.1 s of
    CPU at every reload of the page (after each registration, lock or penalty) and as much
    for the slips. A link's code never changes; the links it keeps are the ones the pages
    show to those allowed to see them, and nothing but the same link finds its code."""
    return _qr_svg(url)


SVG_FILE_HEAD = re.compile(r'<svg width="(\d+)" height="(\d+)" class="segno">')
"""How segno begins an inline code (``_qr_svg``); a file's head adds what a file needs."""


def qr_file(url: str) -> bytes:
    """A link's QR code as an SVG file, for an ``<img>`` (the director's page of a round:
    one per table, drawn when its link is opened, not all with the page): the code kept
    for the pages (``qr_svg``), with the namespace a file needs and a viewBox, so that it
    scales as the inline code does. Empty for a link no code can hold."""
    drawn = str(qr_svg(url))
    found = SVG_FILE_HEAD.match(drawn)
    if found is None:
        return b""
    width, height = found.groups()
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}"'
        f' viewBox="0 0 {width} {height}">'
    )
    return (head + drawn[found.end() :]).encode()


def _qr_svg(url: str) -> str:
    try:
        code = segno.make(url, error="m")
    except segno.DataOverflowError:  # a Host header of thousands of characters: no code
        return ""
    return str(code.svg_inline(scale=4, dark="#000", light="#fff"))


def fresh_manager_link(game_id: int) -> str | None:
    """The manager link just issued for this game, shown once and then forgotten."""
    stash = session.get(NEW_MANAGER_LINK)
    if isinstance(stash, list) and len(stash) == 2 and stash[0] == game_id:
        session.pop(NEW_MANAGER_LINK)
        return external_url("links.manage", game_id=game_id, token=stash[1])
    return None


@bp.get("/games/<int:game_id>/manage/<token>")
def manage(game_id: int, token: str) -> BaseResponse:
    """Opening the manager link gives this browser the right to change the game.

    A link that no longer works says it was replaced (a new manager link, a takeover or
    a removed phone replace it), in the same words whether the game exists or not: a
    stranger learns nothing from them. A phone that may read the game is sent on to it."""
    game: store.GameHead | None = None
    if 1 <= game_id <= access.MAX_ID:
        with contextlib.suppress(store.NotFound):
            game = store.head(get_db(), game_id)
    if game is None or not tokens.same_secret(tokens.token_hash(token), game.manager_hash):
        readable = game is not None and access.can_read(game)
        page = render_template(
            "error.html",
            code=404,
            message=REPLACED,
            game_id=game_id if readable else None,
        )
        abort(make_response(page, 404))
    access.grant_manage(game_id)
    return redirect(url_for("table.game", game_id=game_id))


@bp.get("/games/<int:game_id>/table/<token>")
def follow(game_id: int, token: str) -> BaseResponse:
    """Opening the table link lets this browser follow the game, read-only."""
    game = access.head(game_id)
    if not tokens.same_secret(token, game.table_token):
        abort(404)
    access.grant_follow(game_id)
    return redirect(url_for("table.game", game_id=game_id))


def table_link(stored: store.StoredGame) -> str:
    """The table link: the other players' phones follow the game with it, read-only."""
    return external_url("links.follow", game_id=stored.id, token=stored.table_token)


def _links_page(
    stored: store.StoredGame,
    code: int = 200,
    refused: object = None,
    naming: tuple[int, PhoneNameForm] | None = None,
) -> tuple[str, int]:
    """The links page; ``naming``: a phone's name form refused, shown with its error."""
    table_url = table_link(stored)
    manager_url = fresh_manager_link(stored.id)
    current = access.grant_of(stored.id)
    phones = grants.of_game(get_db(), stored.id)
    return render_template(
        "links.html",
        stored=stored,
        seated=seated_now(stored, names_now(stored)),  # a club's member by their name now
        form=ActionForm(formdata=None, version=str(stored.version)),
        table_url=table_url,
        table_qr=qr_svg(table_url),
        manager_url=manager_url,
        manager_qr=None if manager_url is None else qr_svg(manager_url),
        phones=phones,
        name_forms={
            p.id: naming[1]
            if naming is not None and naming[0] == p.id
            else PhoneNameForm(formdata=None, version=str(stored.version), name=p.name)
            for p in phones
        },
        this_phone=None if current is None else current.id,
        last_phone=current is not None
        and [p.id for p in phones] == [current.id]
        and not access.is_admin(),
        refused=refused or (CHANGED if code == 409 else None),
    ), code


@bp.route("/games/<int:game_id>/links", methods=["GET", "POST"])
def links(game_id: int) -> tuple[str, int] | BaseResponse:
    """The links and the phones that may change the game; POST issues a new manager link."""
    stored = access.managed(game_id)
    if request.method == "GET":
        return _links_page(stored)
    form = ActionForm()
    if not form.validate():
        abort(400)
    token = tokens.new_token()
    try:
        store.set_manager_hash(
            get_db(),
            game_id,
            tokens.token_hash(token),
            version=form_version(form),
            keep_device=access.device_hash(),
            by=access.acting_grant(),
        )
    except store.Conflict:
        return _links_page(store.load(get_db(), game_id), 409)
    session[NEW_MANAGER_LINK] = [game_id, token]
    return redirect(url_for("links.links", game_id=game_id))


REPLACED = _l(
    "This manager link no longer works: a new one has replaced it (or it was mistyped)."
    " Ask whoever holds the new link — the phone that keeps the fiche — for it, or for the"
    " handover code."
)
LAST_PHONE = _l(
    "This is the only phone that may change the game: removing it would leave nobody in"
    " charge, so it stays. To hand the fiche over, issue a new manager link or show the"
    " handover code on the links page."
)


def _last_phone(game_id: int, grant_id: int) -> bool:
    """Removing this grant would leave the game with nobody in charge (an admin always is)."""
    held = [phone.id for phone in grants.of_game(get_db(), game_id)]
    return held == [grant_id] and not access.is_admin()


@bp.route("/games/<int:game_id>/phones/<int:grant_id>/remove", methods=["GET", "POST"])
def remove_phone(game_id: int, grant_id: int) -> tuple[str, int] | BaseResponse:
    """GET asks first, saying what removing the phone ends; POST takes the phone's right
    back, at once, with its ways back: the manager link is replaced (the new one is shown
    once to the remover) and the handover code dropped (``store.remove_device``). The last
    phone that holds the right is refused: nobody would be left in charge."""
    stored = access.managed(game_id)
    phone = next((p for p in grants.of_game(get_db(), game_id) if p.id == grant_id), None)
    if phone is None:
        abort(404)
    current = access.grant_of(game_id)
    own = current is not None and current.id == grant_id
    last = _last_phone(game_id, grant_id)
    if request.method == "GET":
        form = ActionForm(formdata=None, version=str(stored.version))
        page = render_template(
            "remove_phone.html",
            stored=stored,
            seated=seated_now(stored, names_now(stored)),  # a club's member by their name now
            form=form,
            phone=phone,
            own=own,
            refused=LAST_PHONE if last else None,
        )
        return page, 200
    form = ActionForm()
    if not form.validate():
        abort(400)
    version = form_version(form)
    if last:
        return _links_page(stored, 409, LAST_PHONE)
    token = tokens.new_token()
    try:
        store.remove_device(
            get_db(),
            game_id,
            grant_id,
            version,
            tokens.token_hash(token),
            by=access.acting_grant(),
        )
    except store.Conflict:
        return _links_page(store.load(get_db(), game_id), 409)
    except store.NotFound:
        abort(404)
    if own:  # this phone gave its own right up: it no longer sees the links
        return redirect(url_for("table.game", game_id=game_id))
    session[NEW_MANAGER_LINK] = [game_id, token]
    return redirect(url_for("links.links", game_id=game_id))


@bp.post("/games/<int:game_id>/phones/<int:grant_id>/name")
def name_phone(game_id: int, grant_id: int) -> tuple[str, int] | BaseResponse:
    """Name a phone that may change the game ("Anne's phone"), up to 40 characters; an
    empty name gives it back what its browser said it was."""
    stored = access.managed(game_id)
    form = PhoneNameForm()
    if not any(p.id == grant_id for p in grants.of_game(get_db(), game_id)):
        abort(404)
    if not form.validate():
        refused_as_typed(form)
        return _links_page(stored, 422, naming=(grant_id, form))
    try:
        store.name_device(
            get_db(),
            game_id,
            grant_id,
            form.name.data or "",
            version=form_version(form),
            by=access.acting_grant(),
        )
    except store.Conflict:
        return _links_page(store.load(get_db(), game_id), 409)
    except store.NotFound:
        abort(404)
    return redirect(url_for("links.links", game_id=game_id) + f"#phone-{grant_id}")


@bp.get("/games/<int:game_id>/version")
def version(game_id: int) -> BaseResponse:
    """The game's version, which every change increments: for tools (the pages poll themselves)."""
    game = access.readable_head(game_id)
    response = jsonify(version=game.version)
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.route("/admin", methods=["GET", "POST"])
def admin() -> str | BaseResponse | tuple[str, int]:
    form = AdminForm()
    if request.method == "POST" and form.validate():
        if access.admin_login(form.password.data or ""):
            log.info("admin login from %s", request.remote_addr)
            return redirect(url_for("games.home"))
        log.warning("refused admin login from %s", request.remote_addr)
        form.password.errors = [_("Wrong password, or no admin password is set on this server.")]
        return render_template("admin.html", form=form), 403
    return render_template("admin.html", form=form)


@bp.post("/admin/logout")
def admin_logout() -> BaseResponse:
    if not FlaskForm().validate():
        abort(400)
    access.admin_logout()
    return redirect(url_for("games.home"))
