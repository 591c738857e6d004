"""What the points games' forms share (Homme de Brou, Manille): new sheet, one coup.

A coup form reads into the game file's own shape (a dict), so the web and
the file share one reader and one set of refusals.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import request
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import HiddenField, IntegerField, RadioField, StringField, SubmitField
from wtforms.validators import InputRequired, Length, NumberRange, Optional

from . import options

SEATS = options(
    [("0", _l("Player 1")), ("1", _l("Player 2")), ("2", _l("Player 3")), ("3", _l("Player 4"))]
)
MARIAGE_KINDS = {
    "petit": (False, False),
    "grand": (True, False),
    "atout": (False, True),
    "grand_atout": (True, True),
}
"""Mariage kinds by (grand, trump): 20, 30, 40, 60 announced; double on the table."""
MARIAGE_WORDS = {
    "petit": _l("Mariage (20)"),
    "grand": _l("Grand mariage (30)"),
    "atout": _l("Mariage of trumps (40)"),
    "grand_atout": _l("Grand mariage of trumps (60)"),
}
ENDING_WORDS = {
    "": _l("played out"),
    "vole": _l("vole (every trick, not announced)"),
    "pev_made": _l("partie et vole made"),
    "pev_failed": _l("partie et vole failed"),
    "claim": _l("stopped: claims 301"),
    "abandon": _l("stopped: concedes (abandon)"),
}
TEAM_WORDS = options([("nous", _l("Nous")), ("eux", _l("Eux"))])
RETOURNE_WORDS = options(
    [
        ("0", "—"),
        ("1", _l("J 1")),
        ("2", _l("Q 2")),
        ("3", _l("K 3")),
        ("4", _l("A 4")),
        ("5", _l("10 5")),
    ]
)
TRUMP_WORDS = {
    "pique": _l("♠ pique"),
    "coeur": _l("♥ cœur"),
    "carreau": _l("♦ carreau"),
    "trefle": _l("♣ trèfle"),
    "sans-atout": _l("sans-atout"),
}
CONTRE_WORDS = {"": "—", "contre": _l("contré ×2"), "surcontre": _l("sur-contré ×4")}


class CountField(IntegerField):
    """How many mariages of a kind: a tapped button sends 1, the "several" box a number.

    Both inputs share the field's name, so the count is the sum of what came.
    """

    def process_formdata(self, valuelist: list[Any]) -> None:
        values = [v for v in valuelist if str(v).strip()]
        if not values:
            self.data = None
            return
        try:
            self.data = sum(int(v) for v in values)
        except ValueError:
            self.data = None
            raise ValueError(self.gettext("Not a valid integer value.")) from None


def mariage_field(team: str, kind: str, table: bool) -> str:
    return f"m_{team}_{kind}_{'t' if table else 'a'}"


class NewSheetForm(FlaskForm):
    """Four players (three for manillen), the first dealer and the game's choices."""

    version = HiddenField()
    player0 = StringField(_l("Player 1"), validators=[InputRequired(), Length(max=40)])
    player1 = StringField(_l("Player 2"), validators=[InputRequired(), Length(max=40)])
    player2 = StringField(_l("Player 3"), validators=[InputRequired(), Length(max=40)])
    player3 = StringField(_l("Player 4"), validators=[Optional(), Length(max=40)])
    first_dealer = RadioField(_l("First dealer"), choices=SEATS, default="0")
    # brou
    parties_to_win = IntegerField(
        _l("Parties to win the match"), default=10, validators=[Optional(), NumberRange(1, 1000)]
    )
    target = IntegerField(
        _l("Points to win a partie"), default=301, validators=[Optional(), NumberRange(1, 10000)]
    )
    # manille
    variant = RadioField(
        _l("Rules"),
        choices=options(
            [("classique", _l("classique (muette or parlée)")), ("belge", _l("manillen (Belgian)"))]
        ),
        default="classique",
    )
    partie = RadioField(
        _l("Partie"),
        choices=options(
            [
                ("liee", _l("liée: two manches, a belle at one all")),
                ("seche", _l("sèche: one manche")),
            ]
        ),
        default="liee",
    )
    manche = IntegerField(
        _l("Points to win a manche"), default=34, validators=[Optional(), NumberRange(1, 1000)]
    )
    belle = IntegerField(
        _l("Points to win the belle"), default=44, validators=[Optional(), NumberRange(1, 1000)]
    )
    deals = IntegerField(
        _l("Deals (20 for four, 30 for three)"), validators=[Optional(), NumberRange(1, 1000)]
    )
    sans_atout = IntegerField(
        _l("Sans-atout each chooser must call"),
        default=2,
        validators=[Optional(), NumberRange(0, 100)],
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


class SheetCoupForm(FlaskForm):
    """One coup of a points game; the page shows the fields of its game."""

    version = HiddenField()
    points = IntegerField(_l("Points of Nous"), validators=[Optional(), NumberRange(0, 200)])
    points_eux = IntegerField(
        _l("Points of Eux so far"), validators=[Optional(), NumberRange(0, 200)]
    )
    ending = RadioField(_l("The coup"), choices=options(ENDING_WORDS.items()), default="")
    ending_team = RadioField(_l("By"), choices=TEAM_WORDS, validate_choice=False)
    retourne = RadioField(_l("Retourne"), choices=RETOURNE_WORDS, default="0")
    renonce = RadioField(_l("Renonce"), choices=[], validate_choice=False, default="")
    trump = RadioField(_l("Trump"), choices=options(TRUMP_WORDS.items()), validate_choice=False)
    contre = RadioField(
        _l("Contre"), choices=options(CONTRE_WORDS.items()), default="", validate_choice=False
    )
    note = StringField(_l("Note"), validators=[Optional(), Length(max=200)])
    check = SubmitField(_l("Check"))
    save = SubmitField(_l("Save the coup"))

    def mariage_names(self) -> list[str]:
        return [
            mariage_field(team, kind, table)
            for team in ("nous", "eux")
            for kind in MARIAGE_KINDS
            for table in (False, True)
        ]

    def several_open(self) -> bool:
        """Show the "several of a kind" box open when it holds a count or a refusal."""
        return any((self[n].data or 0) > 1 or self[n].errors for n in self.mariage_names())


for _team in ("nous", "eux"):
    for _kind in MARIAGE_KINDS:
        for _table in (False, True):
            setattr(
                SheetCoupForm,
                mariage_field(_team, _kind, _table),
                CountField(validators=[Optional(), NumberRange(0, 4)]),
            )


def sheet_coup_form(post: bool, renonce_choices: list[tuple[str, Any]]) -> SheetCoupForm:
    form = SheetCoupForm() if post else SheetCoupForm(formdata=None)
    form.renonce.choices = options([("", "—"), *renonce_choices])
    return form


def points_coup_form(
    stored: Any,
    coup: Any,
    fill: Callable[[SheetCoupForm, dict[str, Any]], None],
    renonce_choices: list[tuple[str, Any]],
) -> SheetCoupForm:
    """The coup form of a points game, showing ``coup`` (its file shape) when correcting."""
    form = sheet_coup_form(request.method == "POST", renonce_choices)
    if request.method != "POST":
        form.version.data = str(stored.version)
        if coup is not None:
            fill(form, stored.kind.dump_coup(coup, stored.game.players))
    return form


def saving(form: SheetCoupForm) -> bool:
    """A coup is saved unless Check asked to see what it marks first."""
    return not form.check.data


def shown_valid(form: SheetCoupForm, shown: set[str]) -> bool:
    """Validate the fields the game shows; a stray value of another game's field is ignored."""
    form.validate()
    shown = shown | {"version", "note", "save", "check", "csrf_token"}
    valid = True
    for field in form:
        if field.name not in shown:
            field.errors = []
        elif field.errors:
            valid = False
    return valid


ERROR_FIELDS = {
    "points": "points",
    "points_eux": "points_eux",
    "retourne": "retourne",
    "renonce": "renonce",
    "trump": "trump",
    "contre": "contre",
    "note": "note",
    "team": "ending_team",
    "vole": "ending_team",
    "claim": "ending_team",
    "abandon": "ending",
    "partie_et_vole": "ending_team",
    "made": "ending",
}
