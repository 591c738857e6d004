"""What the points games' forms share: the players and first dealer, a coup's note and buttons.

Each points game's forms (new game and coup entry) are its own, on these
bases: its own settings (a target score) and its own coup fields. A coup form
reads into the game file's own shape (a dict), so the web and the file share
one reader and one set of refusals.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any, TypeVar, cast

from flask import request
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import HiddenField, RadioField, StringField, SubmitField
from wtforms.fields.core import UnboundField
from wtforms.validators import Optional

from ...clubs.presets import MAX_NAME as PRESET_NAME
from ...rules.importing import MAX_TEXT
from ...rules.kind import Kind
from ..formats.numbers import InRange, WholeField
from ..forms import at_most, name_field, options

SEATS = options(
    [("0", _l("Player 1")), ("1", _l("Player 2")), ("2", _l("Player 3")), ("3", _l("Player 4"))]
)


class NewSheetForm(FlaskForm):
    """Four players (three for manillen) and the first dealer; a game adds its settings."""

    version = HiddenField()
    player0 = name_field(_l("Player 1"))
    player1 = name_field(_l("Player 2"))
    player2 = name_field(_l("Player 3"))
    player3 = name_field(_l("Player 4"), required=False)
    first_dealer = RadioField(_l("First dealer"), choices=SEATS, default="0")
    club_preset = RadioField(_l("The club's rules"), choices=[], validate_choice=False, default="")
    club_preset_shown = HiddenField(default="")
    """The club preset the rules fields were drawn with (web/starting/club_presets.fill_chosen)."""
    save_preset = StringField(
        _l("Keep these rules for the club as"), validators=[Optional(), at_most(PRESET_NAME)]
    )
    create = SubmitField(_l("Start the game"))

    def fill(self, game: Any) -> None:
        """Show a stored game's players and rules (set-up before the first coup)."""
        fields = (self.player0, self.player1, self.player2, self.player3)
        for field, name in zip(fields, (*game.players, "")):
            field.data = name
        self.first_dealer.data = str(game.first_dealer)
        for key, value in game.rules.to_mapping().items():
            if hasattr(self, key):
                getattr(self, key).data = value

    def players(self) -> tuple[str, ...]:
        names = [
            f.data.strip()
            for f in (self.player0, self.player1, self.player2, self.player3)
            if f.data and f.data.strip()
        ]
        return tuple(names)


def points_field(label: Any, most: int) -> WholeField:
    """A side's points in a coup, 0 to its kind's ``points_most``: the engine's bound is the
    input's max and what the message says (the form's own 0 to 200 once said "between 0 and
    200" of a Manille coup, whose points are 0 to 68)."""
    return WholeField(label, validators=[Optional(), InRange(0, most)])


class SheetCoupForm(FlaskForm):
    """One coup of a points game: the points, a note, check or save; a game adds its fields.

    Its ``points`` (and a game's other points) are bounded by the kind: ``points_coup_form``
    makes the form of the kind (``for_kind``)."""

    version = HiddenField()
    points = points_field(_l("Points of Nous"), Kind.points_most)
    note = StringField(_l("Note"), validators=[Optional(), at_most(MAX_TEXT)])
    check = SubmitField(_l("Check"))
    save = SubmitField(_l("Save the coup"))


F = TypeVar("F", bound=SheetCoupForm)
N = TypeVar("N", bound=NewSheetForm)


def new_sheet_form(cls: type[N], posted: bool) -> N:
    """A game's new-game form: as posted, or empty with its defaults."""
    return cls() if posted else cls(formdata=None)


def points_coup_form(
    cls: type[F], stored: Any, coup: Any, fill: Callable[[F, dict[str, Any]], None]
) -> F:
    """The coup form of a points game, showing ``coup`` (its file shape) when correcting."""
    kind_form: type[F] = _FOR_KIND(cls, stored.kind.points_most)
    form = kind_form() if request.method == "POST" else kind_form(formdata=None)
    if request.method != "POST":
        form.version.data = str(stored.version)
        if coup is not None:
            fill(form, stored.kind.dump_coup(coup, stored.game.players))
    return form


def for_kind(cls: type[F], most: int) -> type[F]:
    """``cls`` with its points fields bounded by ``most`` (made once per kind's bound)."""
    fields = {}
    for name in POINTS_FIELDS:
        field = getattr(cls, name, None)
        if isinstance(field, UnboundField):
            # made outside a form, a field is WTForms' UnboundField, in its declared place
            bounded = cast(
                "UnboundField[Any]", points_field(field.args[0] if field.args else name, most)
            )
            bounded.creation_counter = field.creation_counter  # in its place on the form
            fields[name] = bounded
    return type(cls.__name__, (cls,), fields)


_FOR_KIND = cache(for_kind)
"""``for_kind`` made once per form and bound (a class each, as the forms' own are)."""

POINTS_FIELDS = ("points", "points_eux")
"""The points fields a points game's coup form may have."""


def saving(form: SheetCoupForm) -> bool:
    """A coup is saved unless Check asked to see what it marks first."""
    return not form.check.data


def shown_valid(form: SheetCoupForm, shown: set[str]) -> bool:
    """Validate the fields the game shows; a stray value of a field not shown is ignored."""
    form.validate()
    shown = shown | {"version", "note", "save", "check", "csrf_token"}
    valid = True
    for field in form:
        if field.name not in shown:
            field.errors = []
        elif field.errors:
            valid = False
    return valid
