"""Home, new game, set-up before the first coup, import and export."""

from __future__ import annotations

import json
from dataclasses import fields
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

from .. import access, clubs, importing, store
from ..db import get_db
from ..i18n import COOKIE, LANGUAGES
from ..rules import kinds
from ..rules.errors import GameError
from ..rules.gamefile import json_text
from ..rules.money import Money, money_from_file
from .forms import CHANGED, ActionForm, ImportForm, form_version, whole
from .forms.hombre import SETTING_HELP, NewGameForm
from .handover import stash_code
from .kept.once import NEW_MANAGER_LINK
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


HOMBRE = kinds.first_of("hombre")
"""The new-game page here is l'Hombre's; its presets pick one of its money systems."""
PRESET_KINDS = {
    name: kind for kind in kinds.KINDS if kind.game == HOMBRE.game for name in kind.presets
}


def bounded_arg(name: str, default: int, low: int, high: int) -> int:
    """A whole number of the query string within [low, high], else ``default``."""
    number = whole(request.args.get(name))
    return number if number is not None and low <= number <= high else default


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
    names = tuple(
        name
        for name in (
            form.player0.data.strip(),
            form.player1.data.strip(),
            form.player2.data.strip(),
            (form.player3.data or "").strip(),
        )
        if name
    )
    if len(names) not in HOMBRE.seats or len(set(names)) != len(names):
        form.player2.errors = [_("The three players need three different names.")]
        return None
    if int(form.first_dealer.data) >= len(names):
        form.first_dealer.errors = [_("The first dealer is one of the players.")]
        return None
    return kinds.build(HOMBRE.game, names, rules.to_mapping(), int(form.first_dealer.data), [])


def _presets_json() -> str:
    return json.dumps({name: _preset(name).to_mapping() for name in PRESET_KINDS})


@bp.route("/games/new", methods=["GET", "POST"])
def new_game() -> str | BaseResponse | tuple[str, int]:
    form = NewGameForm()
    if request.method == "GET":
        _fill_rules(form, _preset(DEFAULT_PRESET))
        if previous := bounded_arg("again", 0, 1, 2**62):
            _play_again(form, access.readable(previous))
    elif form.apply_preset.data:
        _fill_rules(form, _preset(form.preset.data))
    elif (game := _table_from_form(form)) is not None:
        return created(game, store.Action.CREATE, None)
    page = render_template(
        "hombre/new_game.html", form=form, help=SETTING_HELP, presets=_presets_json(), stored=None
    )
    return page if request.method == "GET" or form.apply_preset.data else (page, 422)


def _play_again(form: NewGameForm, before: store.StoredGame) -> None:
    """The same table plays again: same players and rules, the deal passes on."""
    if before.kind.game != HOMBRE.game:
        return  # a points game plays again from its own new-sheet page
    game = before.game
    players = list(game.players) + [""] * (4 - len(game.players))
    form.player0.data, form.player1.data, form.player2.data, form.player3.data = players
    form.first_dealer.data = str((game.first_dealer + len(game.coups)) % len(game.players))
    _fill_rules(form, game.rules)


@bp.route("/games/<int:game_id>/setup", methods=["GET", "POST"])
def setup(game_id: int) -> str | BaseResponse | tuple[str, int]:
    """Players and rule set can change until the first coup is entered."""
    stored = access.managed(game_id)
    if stored.kind.game != HOMBRE.game:
        abort(404)  # a points game's players and rules: /games/<id>/sheet/setup
    form = NewGameForm()
    if request.method == "GET":
        game = stored.game
        form.player0.data, form.player1.data, form.player2.data = game.players[:3]
        form.player3.data = game.players[3] if len(game.players) > 3 else ""
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
    """Store a new game; its creator becomes its manager and sees the manager link once.

    Opened from an evening (``?evening=``, by one of its club's managers), the
    game is that evening's next table and its seats are the members of the
    players' names.
    """
    evening = evening_arg()
    then = None
    if evening is not None:
        players = tuple(game.players)

        def then(db: Any, game_id: int) -> None:
            clubs.add_table(db, evening, game_id, players)

    token, code = access.new_token(), access.new_handover_code()
    game_id = store.create(
        get_db(),
        game,
        action,
        money,
        access.token_hash(token),
        access.handover_hash(code),
        then,
    )
    access.grant_manage(game_id)
    session[NEW_MANAGER_LINK] = [game_id, token]
    stash_code(game_id, code)
    return redirect(url_for("table.game", game_id=game_id))


def evening_arg() -> clubs.Evening | None:
    """The evening a new game is opened from, if any; 404 unless this browser manages its club."""
    if "evening" not in request.args:
        return None
    number = whole(request.args.get("evening"))
    evening = None if number is None else clubs.evening(get_db(), number)
    if evening is None or not access.can_manage_club(evening.club_id):
        abort(404)
    return evening


def member_names() -> list[str]:
    """The names offered on the player fields of an evening's new table."""
    evening = evening_arg()
    if evening is None:
        return []
    return [m.name for m in clubs.members(get_db(), evening.club_id)]


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
    """The game and chip value of a game file, or None with the refusal on ``field``."""
    if not raw.strip():
        field.errors = [_("Choose a game file or paste its JSON.")]
        return None
    try:
        data = importing.parse(raw)
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
