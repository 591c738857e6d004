"""L'Hombre's new game and set-up: players, first dealer, a preset of one of its money systems.

``/games/new`` is also where every game starts: its page links the other
games of the registry (``registry.WEBS``), each started from
``/games/new/<name>``. The endpoint names (``games.new_game``,
``games.setup``) are kept for the templates.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import fields, is_dataclass
from typing import Any, cast

from flask import abort, render_template, request
from flask_babel import gettext as _
from werkzeug.wrappers import Response as BaseResponse

from ... import store
from ...rights import access
from ...rules import kinds
from ...rules.errors import GameError
from ...rules.hombre.kinds import SYSTEMS
from ...rules.hombre.pot import PotRules
from ...rules.hombre.ruleset import RuleSet
from ...rules.kind import GameKind
from ...rules.seating import dealer_of
from .. import blueprints
from ..formats.words import refusal_text
from ..forms import bounded_arg, player_names
from ..starting import club_presets
from ..starting.club_presets import ClubPresets
from ..starting.creating import created, save_table, setup_closed
from ..table.seat_words import names_now, seated_now
from . import systems
from .forms import NewGameForm
from .takst_words import read_form_takst, shown_takst

bp = blueprints.games

HOMBRE = SYSTEMS[0]
"""The first of l'Hombre's kinds: its game file's ``"game"``, its seats, its defaults."""
PRESET_KINDS = {name: kind for kind in SYSTEMS for name in kind.presets}
"""The new-game page here is l'Hombre's; its presets pick one of its money systems."""


DEFAULT_PRESET = "recommended"


HombreRules = RuleSet | PotRules
"""The rule set of any of l'Hombre's money systems."""


RULES_TYPES = tuple(kind.rules_type for kind in SYSTEMS)


def _hombre_rules(rules: object) -> HombreRules:
    """A rule set narrowed to l'Hombre's (the new-game page is l'Hombre's)."""
    if not isinstance(rules, RULES_TYPES):
        raise TypeError(f"not a rule set of l'Hombre: {type(rules).__name__}")
    return cast(HombreRules, rules)


def _preset(name: str | None) -> HombreRules:
    kind = PRESET_KINDS.get(name or "", HOMBRE)
    return _hombre_rules(kind.preset(name or DEFAULT_PRESET))


READ = {"takst": read_form_takst}
"""The settings a form's text field gives in another shape than the file's (the rest: as typed)."""
SHOWN = {"takst": shown_takst}


def _settings(rules: HombreRules) -> dict[str, Any]:
    """Every setting of a rule set as its field shows it, also those its file leaves out at
    their default (a preset must reset what another one set: ``coups_to_play``, ``takst``)."""
    every = {f.name: getattr(rules, f.name) for f in fields(rules)}
    every = {name: SHOWN[name](v) if name in SHOWN else v for name, v in every.items()}
    return {**rules.to_mapping(), **every}


def _fill_rules(form: NewGameForm, rules: HombreRules, preset: str = "") -> None:
    """Show ``rules`` in the fields; ``preset``: the preset they are (shown chosen), or none."""
    form.preset.data = form.preset_shown.data = preset
    key, form.accounting.data = kinds.kind_of(rules).tag or ("", "")
    for name, value in _settings(rules).items():
        if name != key:
            field = getattr(form, name)
            field.data, field.raw_data = value, None  # shown as the preset says, not as sent


def _shown(value: object) -> str:
    return "" if value is None or value is False else str(value).strip()


def merge_preset(form: NewGameForm, drawn: HombreRules | None) -> bool:
    """Fill the fields from a preset chosen without script; False: show it filled first.

    What is stored is what the fields say. A preset chosen on a page drawn with
    other rules (``drawn``) fills each field still showing the drawn value; a
    field the reader changed wins. When what was drawn is not known, or the
    preset is another money system (its fields were not on the page), the page
    is shown again with the preset applied: nothing is stored that was not shown.
    """
    chosen = (form.preset.data or "") if "preset" in request.form else ""  # none: no default
    if "preset_shown" not in request.form:
        return True  # posted by a tool, not from the page: the fields as they are
    if chosen not in PRESET_KINDS or chosen == form.preset_shown.data:
        return True
    rules = _preset(chosen)
    if drawn is None or kinds.kind_of(rules) is not _form_kind(form):
        _fill_rules(form, rules, chosen)
        return False
    before, after = _settings(drawn), _settings(rules)
    for name, value in after.items():
        field = getattr(form, name, None)
        if (
            field is not None
            and name != form.accounting.name
            and _shown(field.data) == _shown(before.get(name))
        ):
            field.data, field.raw_data = value, None
    form.preset_shown.data = chosen
    return True


def _drawn(form: NewGameForm, stored_rules: HombreRules | None = None) -> HombreRules | None:
    """The rule set the page's fields were drawn with, when known."""
    shown = form.preset_shown.data or ""
    return _preset(shown) if shown in PRESET_KINDS else stored_rules


def _form_kind(form: NewGameForm) -> GameKind:
    """The money system the form's fields are drawn for (its hidden ``accounting``)."""
    key, _default = HOMBRE.tag
    chosen = {key: form.accounting.data} if form.accounting.data else {}
    kind = kinds.stored_kind(HOMBRE.game, chosen)
    if chosen and kind.tag != (key, form.accounting.data):
        # a money system no page offers (a tampered hidden field): refused, not stored as the
        # first kind's rules under a page that showed another's (smoke25: "nope" made a 1709 game)
        abort(400)
    return kind


def _form_rules(form: NewGameForm) -> Any:
    """The rule set the form describes, for its money system; GameError names the field."""
    kind = _form_kind(form)
    rules_type = kind.rules_type
    if not is_dataclass(rules_type):  # every rule set of l'Hombre is a frozen dataclass
        raise TypeError(f"{kind!r} has no dataclass rule set")
    data = {}
    for setting in fields(rules_type):
        value = getattr(form, setting.name).data
        if isinstance(value, str):
            value = value.strip()
        if value is None and setting.name not in READ:
            continue  # not sent, or emptied: the rule set's default (as the points games')
        data[setting.name] = READ[setting.name](value or "") if setting.name in READ else value
    return rules_type(**data)


def _table_from_form(form: NewGameForm, offered: ClubPresets | None = None) -> Any:
    """The players and rule set of the form, or None with the errors put beside the fields.

    Opened from a club's evening (``offered``), a preset of the club chosen is
    the rule set, whatever the fields below say.
    """
    if not form.validate():
        return None
    seats = (form.player0, form.player1, form.player2, form.player3)
    try:
        club_presets.check_room(form, offered)
        rules = club_presets.chosen_rules(form, lambda: _form_rules(form).to_mapping(), offered)
        names = player_names(seats, required=3)
        if names is None:
            return None
        if int(form.first_dealer.data) >= len(names):
            form.first_dealer.errors = [_("The first dealer is one of the players.")]
            return None
        return kinds.build(HOMBRE.game, names, rules, int(form.first_dealer.data), [])
    except GameError as error:
        field = getattr(form, error.field.removeprefix("rules."), form.create)
        field.errors = [*field.errors, refusal_text(error)]
        return None


def _known(name: str | None) -> str:
    return name if name in PRESET_KINDS else DEFAULT_PRESET


def _presets_json() -> str:
    return json.dumps({name: _settings(_preset(name)) for name in PRESET_KINDS})


@bp.route("/games/new", methods=["GET", "POST"])
def new_game() -> str | BaseResponse | tuple[str, int]:
    form = systems.RulesForm()
    offered = club_presets.club_presets(HOMBRE.game)
    club_presets.offer(form, offered)
    refused = False
    if request.method == "GET":
        _fill_rules(form, _preset(DEFAULT_PRESET), DEFAULT_PRESET)
        if previous := bounded_arg("again", 0, 1, 2**62):
            _play_again(form, access.readable(previous))
        club_presets.fill_chosen(form, offered, lambda rules: _fill_club(form, rules))
    elif club_presets.fill_chosen(form, offered, lambda rules: _fill_club(form, rules)):
        pass  # the club's rules shown in the fields before anything is stored
    elif form.apply_preset.data:
        _fill_rules(form, _preset(_known(form.preset.data)), _known(form.preset.data))
    elif not merge_preset(form, _drawn(form)):
        pass  # another money system's preset: shown filled before anything is stored
    elif (game := _table_from_form(form, offered)) is not None and (
        made := created(
            game, store.Action.CREATE, None, club_presets.keeping(form, game), form=form
        )
    ) is not None:
        return made
    else:
        refused = True
    page = render_template(
        "hombre/new_game.html",
        form=form,
        presets=_presets_json(),
        system=systems.of_kind(_form_kind(form)),
        stored=None,
        club=offered is not None,
    )
    return (page, 422) if refused else page


def _fill_club(form: NewGameForm, rules: Mapping[str, Any]) -> None:
    """Show a club preset's rules (the file's) in the fields."""
    try:
        game = kinds.build(HOMBRE.game, ("A", "B", "C"), rules, 0, [])
    except GameError:
        return  # a rule set the rules no longer take: the fields stay, the create refuses
    _fill_rules(form, _hombre_rules(game.rules))


def _play_again(form: NewGameForm, before: store.StoredGame) -> None:
    """The same table plays again: same players and rules, the deal passes on."""
    if before.kind.game != HOMBRE.game:
        return  # a points game plays again from its own new-sheet page
    game = before.game
    players = list(game.players) + [""] * (4 - len(game.players))
    form.player0.data, form.player1.data, form.player2.data, form.player3.data = players
    form.first_dealer.data = str(
        dealer_of(game.first_dealer, len(game.coups) + 1, len(game.players))
    )
    _fill_rules(form, _hombre_rules(game.rules))


@bp.route("/games/<int:game_id>/setup", methods=["GET", "POST"])
def setup(game_id: int) -> str | BaseResponse | tuple[str, int]:
    """Players and rule set can change until the first coup is entered."""
    stored = access.managed(game_id)
    if stored.kind.game != HOMBRE.game:
        abort(404)  # a points game's players and rules: /games/<id>/sheet/setup
    if request.method == "GET" and (closed := setup_closed(stored)) is not None:
        return closed
    form = systems.RulesForm()
    club_presets.offer(form, None)  # a set-up has no club section
    refused = False
    if request.method == "GET":
        game = stored.game
        form.player0.data, form.player1.data, form.player2.data = game.players[:3]
        form.player3.data = game.players[3] if len(game.players) > 3 else ""
        form.first_dealer.data = str(game.first_dealer)
        form.version.data = str(stored.version)
        _fill_rules(form, _hombre_rules(game.rules))
    elif form.apply_preset.data:
        _fill_rules(form, _preset(_known(form.preset.data)), _known(form.preset.data))
    elif not merge_preset(form, _drawn(form, _hombre_rules(stored.game.rules))):
        pass  # another money system's preset: shown filled before anything is stored
    elif (game := _table_from_form(form)) is not None and (
        saved := save_table(form, game_id, game)
    ) is not None:
        return saved
    else:
        refused = True
    page = render_template(
        "hombre/new_game.html",
        form=form,
        presets=_presets_json(),
        system=systems.of_kind(_form_kind(form)),
        stored=stored,
        seated=seated_now(stored, names_now(stored)),  # the back link: a member's name now
    )
    return (page, 422) if refused else page
