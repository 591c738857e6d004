"""The forms of an event's pages (Flask-WTF: each with its CSRF token and the event's version)."""

from __future__ import annotations

from collections.abc import Collection

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import (
    BooleanField,
    HiddenField,
    RadioField,
    SelectField,
    StringField,
    SubmitField,
    TextAreaField,
)
from wtforms.fields.choices import SelectChoice  # type: ignore[attr-defined]  # not in the stubs
from wtforms.validators import DataRequired, InputRequired, Optional

from ...db import MAX_INTEGER
from ...events.corrections import MAX_PENALTY, MAX_REASON
from ...events.records import MAX_EVENT_NAME, MAX_NAME, MAX_PLAYERS
from ...events.settings import DEFAULTS, MAX_BYE_CREDIT, MAX_CLOCK, MAX_DEALS, MAX_ROUNDS
from ...rules.kind import GameKind
from ...rules.kinds import KINDS
from ..formats.numbers import InRange, WholeField
from ..forms import at_most, options

SEATINGS = [
    ("3", _l("Tables of three")),
    ("4", _l("Tables of four, the dealer sitting out")),
    ("pairs", _l("Tables of four, two pairs")),
]
FORMATS = [
    ("individual", _l("Individual")),
    ("pairs", _l("Fixed pairs")),
    ("teams", _l("Teams")),
]
METHODS = [
    ("total", _l("Total chips or points")),
    ("rank_points", _l("Rank points at the table")),
    ("win_pct", _l("Win percentage")),
]
TOTALS = {True: _l("Total chips"), False: _l("Total points")}
"""The total's choice where the event's game is known, in its unit (``GameKind.chips``: a
game that moves chips, else one that counts points): a manillen café's new event read
"Totaal van jetons of punten" for a game with no chip (smoke24)."""


def method_choices(kinds: Collection[GameKind]) -> list[SelectChoice]:
    """The ranking's choices, the total said in the unit of ``kinds`` (the games the event
    may be of: the one chosen, or the club's rule sets') when they share one."""
    units = {kind.chips for kind in kinds}
    total = TOTALS[units.pop()] if len(units) == 1 else METHODS[0][1]
    return options([("total", total), *METHODS[1:]])


BYES = [
    ("average", _l("The round's average")),
    ("fixed", _l("A fixed credit")),
    ("none", _l("Nothing")),
]


class NewEventForm(FlaskForm):
    name = StringField(
        _l("Name of the event"), validators=[DataRequired(), at_most(MAX_EVENT_NAME)]
    )
    club_rules = SelectField(
        _l("The club's own rules"), choices=[], validate_choice=False, default=""
    )
    kind = SelectField(_l("Game"), choices=options((k.key, k.key) for k in KINDS))
    seating = SelectField(_l("Tables"), choices=options(SEATINGS), default=DEFAULTS.seating)
    format = SelectField(_l("Format"), choices=options(FORMATS), default=DEFAULTS.format)
    rounds = WholeField(_l("Rounds"), default=DEFAULTS.rounds, validators=[InRange(1, MAX_ROUNDS)])
    deals = WholeField(_l("Deals per round"), validators=[Optional(), InRange(1, MAX_DEALS)])
    clock = WholeField(_l("Round clock (minutes)"), validators=[Optional(), InRange(1, MAX_CLOCK)])
    method = SelectField(_l("Ranking"), choices=options(METHODS), default=DEFAULTS.method)
    bye = SelectField(_l("A bye gets"), choices=options(BYES), default=DEFAULTS.bye)
    bye_credit = WholeField(
        _l("Fixed credit of a bye"),
        default=DEFAULTS.bye_credit,
        validators=[Optional(), InRange(-MAX_BYE_CREDIT, MAX_BYE_CREDIT)],
    )
    seed = WholeField(
        _l("Seed of the draw (empty: drawn at random)"),
        validators=[Optional(), InRange(0, 10**9)],
    )
    swiss = BooleanField(_l("Later rounds drawn by the standing (Swiss)"))
    new_partners = BooleanField(_l("New partners each round"), default=DEFAULTS.new_partners)
    submit = SubmitField(_l("Create the event"))


class RegisterForm(FlaskForm):
    version = HiddenField()
    names = TextAreaField(
        _l("Players, one a line (name; team; registered together)"),
        validators=[Optional(), at_most(MAX_PLAYERS * (3 * MAX_NAME + 4))],
    )
    submit = SubmitField(_l("Register"))


class VersionForm(FlaskForm):
    """A button that changes the event (draw, close the round): CSRF and the version seen."""

    version = HiddenField()


class WithdrawForm(FlaskForm):
    version = HiddenField()
    name = StringField(_l("Player"), validators=[DataRequired(), at_most(MAX_NAME)])


CORRECTIONS = [
    ("off", _l("points off (a penalty)")),
    ("add", _l("points added (a credit)")),
]


class PenaltyForm(FlaskForm):
    """A correction of a player's figure: points off (a penalty) or added (a credit); the
    only way to set right a closed round's table once the next round is drawn."""

    version = HiddenField()
    player = StringField(_l("Player"), validators=[DataRequired(), at_most(MAX_NAME)])
    direction = RadioField(_l("Direction"), choices=options(CORRECTIONS), default="off")
    # InputRequired, not DataRequired: a typed 0 is no empty field, and DataRequired wiped
    # the reading's own message ("not a whole number", the bounds) with "required"
    points = WholeField(_l("Points"), validators=[InputRequired(), InRange(1, MAX_PENALTY)])
    reason = StringField(_l("Reason"), validators=[DataRequired(), at_most(MAX_REASON)])
    # the round it is filed under: the page offers the rounds played or closed, the latest
    # chosen; none sent: that latest (events.rounds.filed_under). Any whole number is read
    # and the store says why one is refused (no such round, not played yet), beside it
    round = WholeField(_l("Round"), validators=[Optional(), InRange(-MAX_INTEGER, MAX_INTEGER)])


class LockForm(FlaskForm):
    version = HiddenField()
    round = WholeField(validators=[DataRequired(), InRange(1, MAX_ROUNDS)])
    table = WholeField(validators=[DataRequired(), InRange(1, MAX_PLAYERS)])
    unlock = BooleanField()
