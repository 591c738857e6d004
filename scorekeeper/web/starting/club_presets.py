"""A club's own presets on a new-game form opened from one of its evenings (issue 29).

A plain module (no blueprint): the points games' form (``/games/new/<name>``)
and l'Hombre's own (``/games/new``) both offer the club's rule sets of their
game first, take the one chosen instead of the form's own fields, and keep
the new game's rules under a name in the creation's transaction
(``creating.created(..., also=keeping(...))``). The club's presets
themselves are ``clubs/presets.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple, Protocol

import sqlite_utils
from flask import request
from flask_babel import gettext as _
from wtforms import HiddenField, RadioField, StringField

from ... import clubs
from ...clubs import presets
from ...db import get_db
from ...names import Roster, tidy
from ...rules import kinds
from ...rules.errors import N_, GameError
from ...rules.kind import Game
from ..forms import options
from .creating import evening_arg


class PresetFields(Protocol):
    """The two fields of a new-game form that offer and keep the club's presets."""

    @property
    def club_preset(self) -> RadioField: ...
    @property
    def save_preset(self) -> StringField: ...

    club_preset_shown: HiddenField
    """Taken off the form (``del``) when the page has no club section."""


class ClubPresets(NamedTuple):
    """A club's presets as a new table of one game sees them."""

    names: set[str]
    """Every preset name the club keeps (whatever its game)."""
    game: dict[str, dict[str, Any]]
    """This game's presets: name → the file's rules."""


def club_presets(game: str) -> ClubPresets | None:
    """Opened from a club's evening: the club's presets (all, and ``game``'s); else None.

    ``game`` is the game file's ``"game"``; a manager of the evening's club only
    (``evening_arg`` answers 404 to anyone else).
    """
    evening = evening_arg()
    if evening is None:
        return None
    every = presets.club_presets(get_db(), evening.club_id)
    return ClubPresets({name for name, _k, _r in every}, presets.presets_for_game(every, game))


def offer(form: PresetFields, offered: ClubPresets | None) -> None:
    """The club's presets of this game, first on the form; "the rules below" the default.

    On the first view a ``?preset=`` of the evening's link is the one chosen.
    """
    if offered is None:
        del form.club_preset_shown  # no club section: nothing for a page to say
        return
    names = [(name, name) for name in offered.game]
    form.club_preset.choices = options([("", _("the rules below")), *names])
    if request.method == "GET":
        form.club_preset.data = request.args.get("preset", "")


def drawn_from_page() -> bool:
    """The form came from the page (it says which club preset filled its fields), not a tool."""
    return request.method == "POST" and "club_preset_shown" in request.form


def fill_chosen(
    form: Any, offered: ClubPresets | None, fill: Callable[[Mapping[str, Any]], None]
) -> bool:
    """A club preset chosen on a page drawn without it fills the fields: True, show them first.

    What is stored is what the fields show (issue 35): the preset fills them,
    the page comes back filled, and a rule changed after it wins. On the first
    view a ``?preset=`` of the evening's link fills them at once.
    """
    if offered is None:
        return False
    chosen = form.club_preset.data or ""
    if request.method == "GET":
        if chosen in offered.game:
            fill(offered.game[chosen])
            form.club_preset_shown.data = chosen
        return False
    if not drawn_from_page() or chosen == (form.club_preset_shown.data or ""):
        return False
    form.club_preset_shown.data = chosen
    if chosen not in offered.game:
        return False  # "the rules below" keeps the fields; an unknown name is refused later
    fill(offered.game[chosen])
    return True


def chosen_rules(
    form: PresetFields, own: Callable[[], Mapping[str, Any]], offered: ClubPresets | None
) -> Mapping[str, Any]:
    """The rules of the new game: the club's preset chosen, else ``own()`` (the form's fields).

    From the page, the preset has filled the fields (``fill_chosen``): they are the rules.
    """
    chosen = form.club_preset.data
    if offered is None or not chosen:
        return own()
    if drawn_from_page() and chosen in offered.game:
        return own()
    if chosen not in offered.game:
        raise GameError("club_preset", N_("the club has no preset of that name for this game"))
    return offered.game[chosen]


def check_room(form: PresetFields, offered: ClubPresets | None) -> None:
    """A new name is refused beside its field when the club keeps all it may (before storing)."""
    name = tidy(form.save_preset.data or "")
    if name and offered is not None:
        found = Roster(n for n in offered.names if n != name).find(name)
        if found is not None:  # the same name but for case or accents, or one reading alike
            raise GameError(
                "save_preset",
                N_("{name} reads like the preset {other}: type {other} to replace it"),
                name=name,
                other=found[0],
            )
    full = offered is not None and len(offered.names) >= presets.MAX_PRESETS
    if full and name and offered is not None and name not in offered.names:
        raise GameError(
            "save_preset", N_("a club keeps at most {most} presets"), most=presets.MAX_PRESETS
        )


def keeping(
    form: PresetFields, game: Game
) -> Callable[[sqlite_utils.Database, clubs.Evening], None] | None:
    """What saves the new game's rules as the club's preset, if a name was given."""
    name = form.save_preset.data
    if not name or not name.strip():
        return None
    rules = game.rules.to_mapping()

    def keep(db: sqlite_utils.Database, evening: clubs.Evening) -> None:
        presets.save_preset(db, evening.club_id, name, kinds.kind_of(game).game, rules)

    return keep
