"""Home, new game, set-up before the first coup, import and export."""

from __future__ import annotations

import json
from dataclasses import fields
from typing import Any

from flask import (
    Blueprint,
    Response,
    abort,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask_babel import gettext as _
from werkzeug.wrappers import Response as BaseResponse

from .. import access, store
from ..db import get_db
from ..i18n import COOKIE, LANGUAGES
from ..rules import kinds
from ..rules.errors import GameError
from ..rules.gamefile import json_text
from ..rules.money import Money, money_from_file
from .forms import CHANGED, ActionForm, ImportForm, form_version
from .forms.hombre import SETTING_HELP, NewGameForm
from .present import error_text

bp = Blueprint("games", __name__)


@bp.get("/")
def home() -> str:
    """The games this browser manages or follows (all of them for the admin), newest first."""
    visible = access.visible_ids()
    rows = [
        (stored, stored.replay())
        for stored in store.list_games(get_db())
        if visible is None or stored.id in visible
    ]
    return render_template(
        "home.html", rows=rows, admin=access.is_admin(), csrf_form=ActionForm(formdata=None)
    )


HOMBRE = kinds.first_of("hombre")
"""The new-game page here is l'Hombre's; its presets pick one of its money systems."""
PRESET_KINDS = {
    name: kind for kind in kinds.KINDS if kind.game == HOMBRE.game for name in kind.presets
}
DEFAULT_PRESET = "recommended"


def _preset(name: str | None) -> Any:
    kind = PRESET_KINDS.get(name or "", HOMBRE)
    return kind.preset(name or DEFAULT_PRESET)


def _fill_rules(form: NewGameForm, rules: Any) -> None:
    form.accounting.data = rules.accounting
    for name, value in rules.to_mapping().items():
        if name != "accounting":
            field = getattr(form, name)
            field.data, field.raw_data = value, None  # shown as the preset says, not as sent


def _form_rules(form: NewGameForm) -> Any:
    """The rule set the form describes, for its money system; GameError names the field."""
    kind = kinds.stored_kind(HOMBRE.game, {"accounting": form.accounting.data or "poule"})
    data = {}
    for setting in fields(kind.rules_type):
        value = getattr(form, setting.name).data
        if isinstance(value, str):
            value = value.strip()
        if value is None and setting.type in ("str", "bool"):
            continue  # not sent: the rule set's default
        data[setting.name] = value
    return kind.rules_type(**data)


def _table_from_form(form: NewGameForm) -> Any:
    """The players and rule set of the form, or None with the errors put beside the fields."""
    if not form.validate():
        return None
    try:
        rules = _form_rules(form)
    except GameError as error:
        field = getattr(form, error.field.removeprefix("rules."))
        field.errors = [*field.errors, error.translated(_)]
        return None
    names = (form.player0.data.strip(), form.player1.data.strip(), form.player2.data.strip())
    if len(set(names)) != 3 or not all(names):
        form.player2.errors = [_("The three players need three different names.")]
        return None
    return kinds.build(HOMBRE.game, names, rules.to_mapping(), int(form.first_dealer.data), [])


def _presets_json() -> str:
    return json.dumps({name: _preset(name).to_mapping() for name in PRESET_KINDS})


@bp.route("/games/new", methods=["GET", "POST"])
def new_game() -> str | BaseResponse | tuple[str, int]:
    form = NewGameForm()
    if request.method == "GET":
        _fill_rules(form, _preset(DEFAULT_PRESET))
    elif form.apply_preset.data:
        _fill_rules(form, _preset(form.preset.data))
    elif (game := _table_from_form(form)) is not None:
        return created(game, store.Action.CREATE, None)
    page = render_template(
        "hombre/new_game.html", form=form, help=SETTING_HELP, presets=_presets_json(), stored=None
    )
    return page if request.method == "GET" or form.apply_preset.data else (page, 422)


@bp.route("/games/<int:game_id>/setup", methods=["GET", "POST"])
def setup(game_id: int) -> str | BaseResponse | tuple[str, int]:
    """Players and rule set can change until the first coup is entered."""
    stored = access.managed(game_id)
    if stored.kind.game != HOMBRE.game:
        abort(404)  # a points game's players and rules: /games/<id>/sheet/setup
    form = NewGameForm()
    if request.method == "GET":
        game = stored.game
        form.player0.data, form.player1.data, form.player2.data = game.players
        form.first_dealer.data = str(game.first_dealer)
        form.version.data = str(stored.version)
        _fill_rules(form, game.rules)
    elif form.apply_preset.data:
        _fill_rules(form, _preset(form.preset.data))
    elif (game := _table_from_form(form)) is not None and (
        saved := save_table(form, game_id, game)
    ) is not None:
        return saved
    page = render_template(
        "hombre/new_game.html", form=form, help=SETTING_HELP, presets=_presets_json(), stored=stored
    )
    return page if request.method == "GET" or form.apply_preset.data else (page, 422)


def changed_meanwhile(form: Any, field: Any, game_id: int) -> store.StoredGame:
    """Another phone changed the game: keep what was typed, aim it at the latest version.

    Returns the latest game, for the page to show with the refusal beside ``field``.
    """
    latest = store.load(get_db(), game_id)
    form.version.data = str(latest.version)
    field.errors = [str(CHANGED)]
    return latest


def save_table(form: Any, game_id: int, game: Any) -> BaseResponse | None:
    """Store a set-up form's players and rules; None, with the refusal on the form, if refused."""
    try:
        store.set_table(
            get_db(),
            game_id,
            game.players,
            game.first_dealer,
            game.rules,
            version=form_version(form),
        )
    except store.Conflict:
        changed_meanwhile(form, form.create, game_id)
    except GameError as error:
        form.create.errors = [error.translated(_)]
    else:
        return redirect(url_for("table.game", game_id=game_id))
    return None


def created(game: Any, action: store.Action, money: Money | None) -> BaseResponse:
    """Store a new game; its creator becomes its manager and sees the manager link once."""
    token = access.new_token()
    game_id = store.create(get_db(), game, action, money, access.token_hash(token))
    access.grant_manage(game_id)
    session["new_manager_link"] = [game_id, token]
    return redirect(url_for("table.game", game_id=game_id))


@bp.route("/games/import", methods=["GET", "POST"])
def import_game() -> str | BaseResponse | tuple[str, int]:
    form = ImportForm()
    if form.validate_on_submit():
        upload = form.file.data
        if upload and upload.filename:
            raw = upload.read()
            field = form.file
        else:
            raw = (form.text.data or "").encode()
            field = form.text
        parsed = _parse_game_file(raw, field)
        if parsed is not None:
            return created(parsed[0], store.Action.IMPORT, parsed[1])
    page = render_template("import.html", form=form)
    return page if request.method == "GET" else (page, 422)


def _parse_game_file(raw: bytes, field: Any) -> tuple[Any, Money | None] | None:
    if not raw.strip():
        field.errors = [_("Choose a game file or paste its JSON.")]
        return None
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        field.errors = [_("This file is not UTF-8 text.")]
        return None
    except RecursionError:
        field.errors = [_("This JSON is nested too deeply to be a game file.")]
        return None
    except json.JSONDecodeError as error:
        field.errors = [
            _("Not valid JSON (line %(line)s, column %(col)s).", line=error.lineno, col=error.colno)
        ]
        return None
    try:
        game = kinds.load_file(data)
        kinds.replay(game)
        money = money_from_file(data) if kinds.kind_of(game).chips else None
    except GameError as error:
        field.errors = [error_text(error)]
        return None
    return game, money


def game_file_text(stored: store.StoredGame) -> str:
    """The game file exactly as downloaded (with the chip value, an extra key, if set)."""
    text = stored.derived.get("game.json")
    if text is None:  # made once per version (the settlement shows its SHA-256 too)
        data = kinds.dump_file(stored.game)
        if stored.money is not None:
            data["money"] = stored.money.to_file()
        text = stored.derived["game.json"] = json_text(data)
    return str(text)


@bp.get("/games/<int:game_id>/game.json")
def game_file(game_id: int) -> Response:
    stored = access.readable(game_id)
    return Response(
        game_file_text(stored),
        mimetype="application/json",
        headers={"Content-Disposition": f"attachment; filename=game-{game_id}.json"},
    )


@bp.get("/games/<int:game_id>/report.json")
def report_file(game_id: int) -> Response:
    stored = access.readable(game_id)
    text = stored.derived.get("report.json")
    if text is None:  # made once per version
        text = stored.derived["report.json"] = json_text(kinds.dump_report(stored.replay()))
    return Response(text, mimetype="application/json")


@bp.get("/lang/<code>")
def language(code: str) -> BaseResponse:
    if code not in LANGUAGES:
        abort(404)
    target = request.args.get("next", "")
    if not target.startswith("/") or target.startswith("//"):
        target = url_for("games.home")
    response = redirect(target)
    response.set_cookie(COOKIE, code, max_age=3600 * 24 * 365, samesite="Lax", httponly=True)
    return response
