"""A game started from ``/games/new/<name>``: players, first dealer, the game's own settings.

The flow is every such game's; the form and what its settings mean are the
game's (``GameWeb.new_game``, a ``NewGame``), found in the registry by the
game's name. L'Hombre starts from its own page, ``/games/new``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Blueprint, abort, render_template, request
from flask_babel import gettext as _
from werkzeug.wrappers import Response as BaseResponse

from ... import store
from ...rights import access
from ...rights.access import managed
from ...rules import kinds
from ...rules.errors import N_, GameError
from ...rules.kind import Game
from ...rules.seating import dealer_of
from .. import registry
from ..formats.words import error_text
from ..forms import player_names
from ..hookspecs import GameWeb, NewGame, Page
from ..starting import club_presets
from ..starting.club_presets import ClubPresets
from ..starting.creating import created, save_table, setup_closed
from ..table.seat_words import names_now, seated_now
from .forms import NewSheetForm

bp = Blueprint("sheets", __name__)
NEW_FIELDS = {"players": "player0", "first_dealer": "first_dealer"}


def _startable(name: str) -> tuple[GameWeb, NewGame[Any]]:
    """The web half behind ``/games/new/<name>`` and its new-game form, else 404."""
    web = registry.named(name)
    if web is None or web.new_game is None:
        abort(404)
    return web, web.new_game


def _game_from_form(
    form: NewSheetForm, web: GameWeb, new: NewGame[Any], offered: ClubPresets | None = None
) -> Game | None:
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
        club_presets.check_room(form, offered)
        rules = club_presets.chosen_rules(form, lambda: new.rules_of(form), offered)
        game = kinds.build(web.name, players, rules, seat, [])
        kinds.replay(game)
    except GameError as error:
        name = NEW_FIELDS.get(error.field, error.field.removeprefix("rules."))
        field = getattr(form, name, form.create)
        field.errors = [*field.errors, error_text(error)]
        return None
    return game


def _fill_rules(
    form: NewSheetForm, web: GameWeb, new: NewGame[Any], rules: Mapping[str, Any]
) -> None:
    """Show a club preset's rules in the fields, keeping the players and first dealer typed."""
    seats = (form.player0, form.player1, form.player2, form.player3, form.first_dealer)
    typed = [field.data for field in seats]
    for count in (4, 3):  # a rule set for four, or for three
        try:
            game = kinds.build(web.name, ("A", "B", "C", "D")[:count], rules, 0, [])
        except GameError:
            continue
        new.fill(form, game)
        break
    for field, value in zip(seats, typed, strict=True):
        field.data = value


def _page(
    form: NewSheetForm, web: GameWeb, stored: store.StoredGame | None = None, club: bool = False
) -> str:
    # the back link names a club's member by their name now; the fields keep what was typed
    seated = None if stored is None else seated_now(stored, names_now(stored))
    return render_template(
        "sheet/new.html",
        form=form,
        web=web,
        title=_(web.title),
        stored=stored,
        seated=seated,
        club=club,
    )


@bp.route("/games/new/<name>", methods=["GET", "POST"])
def new_sheet(name: str) -> Page | BaseResponse:
    web, new = _startable(name)
    form = new.form(request.method == "POST")
    offered = club_presets.club_presets(web.name)
    club_presets.offer(form, offered)
    filled = club_presets.fill_chosen(
        form, offered, lambda rules: _fill_rules(form, web, new, rules)
    )
    if filled:
        return _page(form, web, club=True)  # the club's rules shown in the fields first
    if (
        request.method == "POST"
        and (game := _game_from_form(form, web, new, offered)) is not None
        and (
            made := created(
                game, store.Action.CREATE, None, club_presets.keeping(form, game), form=form
            )
        )
        is not None
    ):
        return made
    previous = request.args.get("again", type=int)
    if request.method == "GET" and previous is not None:
        # the same table plays again: same players and rules, the deal passes on
        before = access.readable(previous)
        if before.kind.game == web.name:
            new.fill(form, before.game)
            report = before.replay()
            last = len(report.coups)
            form.first_dealer.data = str(
                dealer_of(before.game.first_dealer, last + 1, len(before.game.players))
            )
    page = _page(form, web, club=offered is not None)
    return page if request.method == "GET" else (page, 422)


@bp.route("/games/<int:game_id>/sheet/setup", methods=["GET", "POST"])
def setup(game_id: int) -> Page | BaseResponse:
    """Players, first dealer and rules can change until the first coup is entered."""
    stored = managed(game_id)
    web, new = _startable(stored.kind.game)
    if request.method == "GET" and (closed := setup_closed(stored)) is not None:
        return closed
    form = new.form(request.method == "POST")
    club_presets.offer(form, None)  # a set-up has no club section
    if request.method == "GET":
        new.fill(form, stored.game)
        form.version.data = str(stored.version)
    elif (game := _game_from_form(form, web, new)) is not None and (
        saved := save_table(form, game_id, game)
    ) is not None:
        return saved
    page = _page(form, web, stored)
    return page if request.method == "GET" else (page, 422)
