"""A game started from ``/games/new/<name>``: players, first dealer, the game's own settings.

The flow is every such game's; the form and what its settings mean are the
game's (``GameWeb.new_game``, a ``NewGame``), found in the registry by the
game's name. L'Hombre starts from its own page, ``/games/new``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from flask import Blueprint, abort, render_template, request
from flask_babel import gettext as _
from werkzeug.wrappers import Response as BaseResponse

from ... import access, store
from ...access import managed
from ...clubs import presets
from ...db import get_db
from ...rules import kinds
from ...rules.errors import N_, GameError
from .. import registry
from ..creating import created, evening_arg, save_table
from ..forms import options, player_names
from ..hookspecs import GameWeb, NewGame, Page
from ..words import error_text

bp = Blueprint("sheets", __name__)
NEW_FIELDS = {"players": "player0", "first_dealer": "first_dealer"}


class ClubPresets(NamedTuple):
    """A club's presets as a new table of one game sees them."""

    names: set[str]
    """Every preset name the club keeps (whatever its game)."""
    game: dict[str, dict[str, Any]]
    """This game's presets: name → the file's rules."""


def _startable(name: str) -> tuple[GameWeb, NewGame[Any]]:
    """The web half behind ``/games/new/<name>`` and its new-game form, else 404."""
    web = registry.named(name)
    if web is None or web.new_game is None:
        abort(404)
    return web, web.new_game


def _club_presets(web: GameWeb) -> ClubPresets | None:
    """Opened from a club's evening: the club's presets (all, and this game's); else None."""
    evening = evening_arg()
    if evening is None:
        return None
    every = presets.club_presets(get_db(), evening.club_id)
    return ClubPresets({name for name, _k, _r in every}, presets.presets_for_game(every, web.name))


def _offer(form: Any, offered: ClubPresets | None) -> None:
    """The club's presets of this game, first on the form; "the rules below" the default."""
    if offered is not None:
        names = [(name, name) for name in offered.game]
        form.club_preset.choices = options([("", _("the rules below")), *names])


def _rules(form: Any, new: NewGame[Any], offered: ClubPresets | None) -> Mapping[str, Any]:
    """The rules of the game: the club's preset chosen, else the form's own fields."""
    chosen = form.club_preset.data
    if offered is None or not chosen:
        return new.rules_of(form)
    if chosen not in offered.game:
        raise GameError("club_preset", N_("the club has no preset of that name for this game"))
    return offered.game[chosen]


def _check_room(form: Any, offered: ClubPresets | None) -> None:
    """A new name is refused beside its field when the club keeps all it may (before storing)."""
    name = " ".join((form.save_preset.data or "").split())
    full = offered is not None and len(offered.names) >= presets.MAX_PRESETS
    if full and name and offered is not None and name not in offered.names:
        raise GameError(
            "save_preset", N_("a club keeps at most {most} presets"), most=presets.MAX_PRESETS
        )


def _game_from_form(
    form: Any, web: GameWeb, new: NewGame[Any], offered: ClubPresets | None = None
) -> Any:
    """The game the form describes, or None with the refusal beside its field."""
    if not form.validate():
        return None
    seats = (form.player0, form.player1, form.player2, form.player3)
    players = player_names(seats, required=3)
    if players is None:
        return None
    try:
        seat = int(form.first_dealer.data or 0)
        if seat >= len(players):
            raise GameError("first_dealer", N_("the first dealer is one of the players"))
        _check_room(form, offered)
        game = kinds.build(web.name, players, _rules(form, new, offered), seat, [])
        kinds.replay(game)
    except GameError as error:
        name = NEW_FIELDS.get(error.field, error.field.removeprefix("rules."))
        field = getattr(form, name, form.create)
        field.errors = [*field.errors, error_text(error)]
        return None
    return game


def _page(
    form: Any, web: GameWeb, stored: store.StoredGame | None = None, club: bool = False
) -> str:
    return render_template(
        "sheet/new.html", form=form, web=web, title=_(web.title), stored=stored, club=club
    )


def _keeping(form: Any, game: Any) -> Callable[[Any, Any], None] | None:
    """What saves the new game's rules as the club's preset, if a name was given."""
    name = form.save_preset.data
    if not name or not name.strip():
        return None
    rules = game.rules.to_mapping()

    def keep(db: Any, evening: Any) -> None:
        presets.save_preset(db, evening.club_id, name, kinds.kind_of(game).game, rules)

    return keep


@bp.route("/games/new/<name>", methods=["GET", "POST"])
def new_sheet(name: str) -> Page | BaseResponse:
    web, new = _startable(name)
    form = new.form(request.method == "POST")
    offered = _club_presets(web)
    _offer(form, offered)
    if request.method == "POST" and (game := _game_from_form(form, web, new, offered)) is not None:
        return created(game, store.Action.CREATE, None, _keeping(form, game))
    if request.method == "GET" and offered is not None:
        form.club_preset.data = request.args.get("preset", "")
    previous = request.args.get("again", type=int)
    if request.method == "GET" and previous is not None:
        # the same table plays again: same players and rules, the deal passes on
        before = access.readable(previous)
        if before.kind.game == web.name:
            new.fill(form, before.game)
            report = before.replay()
            last = len(report.coups)
            form.first_dealer.data = str(
                (before.game.first_dealer + last) % len(before.game.players)
            )
    page = _page(form, web, club=offered is not None)
    return page if request.method == "GET" else (page, 422)


@bp.route("/games/<int:game_id>/sheet/setup", methods=["GET", "POST"])
def setup(game_id: int) -> Page | BaseResponse:
    """Players, first dealer and rules can change until the first coup is entered."""
    stored = managed(game_id)
    web, new = _startable(stored.kind.game)
    form = new.form(request.method == "POST")
    if request.method == "GET":
        new.fill(form, stored.game)
        form.version.data = str(stored.version)
    elif (game := _game_from_form(form, web, new)) is not None and (
        saved := save_table(form, game_id, game)
    ) is not None:
        return saved
    page = _page(form, web, stored)
    return page if request.method == "GET" else (page, 422)
