"""Home, new game, set-up before the first coup, import and export."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlsplit

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask_babel import gettext as _
from werkzeug.wrappers import Response as BaseResponse

from .. import access, importing, store
from ..db import get_db
from ..forms import (
    CHANGED,
    SETTING_HELP,
    ActionForm,
    ImportForm,
    NewGameForm,
    form_version,
    whole,
)
from ..i18n import COOKIE, LANGUAGES
from ..money import Money, money_from_file
from ..rules import games
from ..rules.errors import GameError
from ..rules.gamefile import json_text
from ..rules.hombre.danois import DanishRules
from ..rules.hombre.jetons import JetonsRules
from ..rules.hombre.ruleset import PRESETS, SETTINGS, RuleSet
from ..rules.hombre.systems import (
    AnyGame,
    build,
)
from .present import error_text

bp = Blueprint("games", __name__)


PAGE_SIZE = 20


@bp.get("/")
def home() -> str:
    """The games this browser manages or follows (all of them for the admin), newest first.

    Listed from their rows, a page at a time: no game is replayed to list it.
    """
    page = bounded_arg("page", 1, 1, 10**6)
    rows, total = store.list_rows(get_db(), access.visible_ids(), PAGE_SIZE, (page - 1) * PAGE_SIZE)
    pages = max(1, -(-total // PAGE_SIZE))
    return render_template(
        "home.html",
        rows=rows,
        page=page,
        pages=pages,
        admin=access.is_admin(),
        csrf_form=ActionForm(formdata=None),
    )


def bounded_arg(name: str, default: int, low: int, high: int) -> int:
    """A whole number of the query string within [low, high], else ``default``."""
    number = whole(request.args.get(name))
    return number if number is not None and low <= number <= high else default


ALL_PRESETS: dict[str, Any] = {
    **PRESETS,
    "jetons": JetonsRules(),
    "danois": DanishRules(),
    "danois_dlu": DanishRules(rates="dlu"),
}


def _fill_rules(form: NewGameForm, rules: Any) -> None:
    form.accounting.data = rules.accounting
    for name, value in rules.to_mapping().items():
        if name != "accounting":
            field = getattr(form, name)
            field.data, field.raw_data = value, None  # shown as the preset says, not as sent


def _form_rules(form: NewGameForm) -> Any:
    """The rule set the form describes, for its money system; GameError names the field."""
    accounting = form.accounting.data or "poule"
    if accounting == "jetons":
        return JetonsRules(**{f: getattr(form, f).data for f in JETONS_FIELDS})
    if accounting == "danois":
        data = {f: getattr(form, f).data for f in DANISH_FIELDS}
        return DanishRules(**{**data, "rates": data["rates"] or "texte"})
    data = {s.name: getattr(form, s.name).data for s in SETTINGS}
    data["poule_system"] = (data["poule_system"] or "").strip()
    data["retourne"] = bool(data["retourne"])
    data["espadille_forcee"] = bool(data["espadille_forcee"])
    return RuleSet(**data)


JETONS_FIELDS = (
    "stake",
    "pass_fee",
    "simple",
    "sans_prendre",
    "vole",
    "bonus",
    "coups_to_play",
    "cave",
    "fiche",
)
DANISH_FIELDS = ("ante", "rates", "coups_to_play", "cave", "fiche")


def _table_from_form(form: NewGameForm) -> AnyGame | None:
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
    return build(names, rules.to_mapping(), int(form.first_dealer.data), [])


def _presets_json() -> str:
    return json.dumps({name: preset.to_mapping() for name, preset in ALL_PRESETS.items()})


@bp.route("/games/new", methods=["GET", "POST"])
def new_game() -> str | BaseResponse | tuple[str, int]:
    form = NewGameForm()
    if request.method == "GET":
        _fill_rules(form, PRESETS["recommended"])
    elif form.apply_preset.data:
        _fill_rules(form, ALL_PRESETS.get(form.preset.data, PRESETS["recommended"]))
    elif (game := _table_from_form(form)) is not None:
        return created(game, "create", None)
    page = render_template(
        "new_game.html", form=form, help=SETTING_HELP, presets=_presets_json(), stored=None
    )
    return page if request.method == "GET" or form.apply_preset.data else (page, 422)


@bp.route("/games/<int:game_id>/setup", methods=["GET", "POST"])
def setup(game_id: int) -> str | BaseResponse | tuple[str, int]:
    """Players and rule set can change until the first coup is entered."""
    stored = access.managed(game_id)
    if stored.kind != "hombre":
        abort(404)
    form = NewGameForm()
    if request.method == "GET":
        game = stored.game
        form.player0.data, form.player1.data, form.player2.data = game.players
        form.first_dealer.data = str(game.first_dealer)
        form.version.data = str(stored.version)
        _fill_rules(form, game.rules)
    elif form.apply_preset.data:
        _fill_rules(form, ALL_PRESETS.get(form.preset.data, PRESETS["recommended"]))
    elif (game := _table_from_form(form)) is not None and (
        saved := save_table(form, game_id, game)
    ) is not None:
        return saved
    page = render_template(
        "new_game.html", form=form, help=SETTING_HELP, presets=_presets_json(), stored=stored
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


def created(game: Any, action: str, money: Money | None) -> BaseResponse:
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
            return created(parsed[0], "import", parsed[1])
    page = render_template("import.html", form=form)
    return page if request.method == "GET" else (page, 422)


def _parse_game_file(raw: bytes, field: Any) -> tuple[Any, Money | None] | None:
    """The game and chip value of a game file, or None with the refusal on ``field``."""
    if not raw.strip():
        field.errors = [_("Choose a game file or paste its JSON.")]
        return None
    try:
        data = importing.parse(raw)
        game = games.load_file(data)
        games.replay(game)
        money = money_from_file(data) if games.kind_of(game) == "hombre" else None
    except GameError as error:
        field.errors = [error_text(error)]
        return None
    return game, money


def game_file_text(stored: store.StoredGame) -> str:
    """The game file exactly as downloaded (with the chip value, an extra key, if set)."""
    data = games.dump_file(stored.game)
    if stored.money is not None:
        data["money"] = stored.money.to_file()
    return json_text(data)


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
    return Response(json_text(games.dump_report(stored.replay())), mimetype="application/json")


@bp.get("/lang/<code>")
def language(code: str) -> BaseResponse:
    if code not in LANGUAGES:
        abort(404)
    response = redirect(same_site_path(request.args.get("next", "")) or url_for("games.home"))
    response.set_cookie(
        COOKIE,
        code,
        max_age=3600 * 24 * 365,
        samesite="Lax",
        httponly=True,
        secure=bool(current_app.config.get("BEHIND_TLS")),
    )
    return response


def same_site_path(target: str) -> str | None:
    """``target`` if it is a path on this site, else None (no open redirect).

    Browsers drop tabs and newlines and read a backslash as a slash, so
    ``/\t/evil.example`` or ``/\\evil.example`` would leave the site: any
    control character, space or backslash refuses the target.
    """
    if not target.startswith("/") or target.startswith("//"):
        return None
    if any(c <= " " or c in "\\\x7f" for c in target):
        return None
    parts = urlsplit(target)
    return target if not parts.scheme and not parts.netloc else None
