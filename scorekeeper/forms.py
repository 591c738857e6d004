"""The forms of the table app (Flask-WTF: every one carries its CSRF token)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from flask import abort, request
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from wtforms import (
    BooleanField,
    HiddenField,
    IntegerField,
    RadioField,
    StringField,
    SubmitField,
    TextAreaField,
)
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired, Length, NumberRange, Optional

from .rules.errors import N_, GameError
from .rules.hombre.danois import DanishContract, DanishCoup
from .rules.hombre.engine import MATADOR_COUNTS, Contract, Coup
from .rules.hombre.jetons import JetonsContract, JetonsCoup


def options(pairs: Iterable[tuple[str, Any]]) -> list[SelectChoice]:
    """Choices for a radio group, from (value, label) pairs."""
    return [SelectChoice(value, label) for value, label in pairs]


TRICKS = [str(n) for n in range(10)]
CHANGED = _l("The game changed meanwhile: here is the latest state. Check and send again.")
_WHOLE = re.compile(r"[0-9]{1,9}")


def whole(text: object) -> int | None:
    """A small whole number typed in ASCII digits, else None ('²'.isdigit() is true)."""
    return int(str(text)) if text is not None and _WHOLE.fullmatch(str(text)) else None


def form_version(form: FlaskForm) -> int:
    """The version of the game the page showed (hidden field of every changing form).

    A change that does not say which version it was made from is refused
    (428 Precondition Required), never applied over whatever is stored now.
    """
    version = whole(form.version.data)
    if version is None:
        abort(428)
    return version


CONTRACT_WORDS: dict[str, Any] = {
    # 1709 (poule)
    Contract.DEMANDE: _l("demande"),
    Contract.RETOURNE: _l("retourne"),
    Contract.SANS_PRENDRE: _l("sans prendre"),
    Contract.VOLE: _l("vole"),
    Contract.ESPADILLE_FORCEE: _l("espadille forcée"),
    # jetons
    "simple": _l("simple"),
    # danois
    "jeu_simple": _l("jeu simple"),
    "pique": _l("pique"),
    "tourne": _l("tourné"),
    "grand_tourne": _l("grand tourné"),
    "solo": _l("solo"),
    "solo_pique": _l("solo pique"),
    "nolo_simple": _l("nolo simple"),
    "nolo_pur": _l("nolo pur"),
    "nolo_ouvert": _l("nolo ouvert"),
}
BONUS_WORDS: dict[str, Any] = {
    "charivari": _l("charivari"),
    "discorde": _l("discorde"),
    "fanatique": _l("fanatique"),
    "chicoree": _l("chicorée"),
    "guinguette": _l("guinguette"),
    "mirlire": _l("mirlire"),
    "partie_carree": _l("partie carrée"),
    "yeux_de_grand_mere": _l("yeux de grand-mère"),
    "triomphante": _l("triomphante"),
}
PRESET_WORDS = {
    "1709": _l("1709"),
    "recommended": _l("recommended"),
    "ancien": _l("ancien"),
    "jetons": _l("jetons"),
    "danois": _l("danois"),
    "danois_dlu": _l("danois (DLU)"),
}


class ActionForm(FlaskForm):
    """A button that changes something (undo, delete): CSRF and the version seen."""

    version = HiddenField()


class CoupForm(FlaskForm):
    """One coup; the choices of hombre and contract are set per game."""

    version = HiddenField()
    hombre = RadioField(_l("Hombre"), choices=[], validate_choice=False)
    contract = RadioField(_l("Contract"), choices=[], default="demande", validate_choice=False)
    t0 = RadioField(choices=options((t, t) for t in TRICKS), validate_choice=False)
    t1 = RadioField(choices=options((t, t) for t in TRICKS), validate_choice=False)
    t2 = RadioField(choices=options((t, t) for t in TRICKS), validate_choice=False)
    matadors = RadioField(
        _l("Matadors"),
        choices=options((str(n), str(n)) for n in MATADOR_COUNTS),
        default="0",
        validate_choice=False,
    )
    vole_engagee = BooleanField(_l("vole engagée"))
    codille_renounced = BooleanField(_l("codille renoncée"))
    first_five = BooleanField(_l("the first five tricks"))
    black_aces = BooleanField(_l("holds both black aces"))
    note = StringField(_l("Note"), validators=[Optional(), Length(max=200)])
    passed = SubmitField(_l("Tous passent"))
    check = SubmitField(_l("Check"))
    save = SubmitField(_l("Save"))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.bonus_values: list[str] = (
            request.form.getlist("bonus") if request.method == "POST" else []
        )


class NewGameForm(FlaskForm):
    """Players, first dealer and the rule set, starting from a preset."""

    version = HiddenField()
    player0 = StringField(_l("Player 1"), validators=[InputRequired(), Length(max=40)])
    player1 = StringField(_l("Player 2"), validators=[InputRequired(), Length(max=40)])
    player2 = StringField(_l("Player 3"), validators=[InputRequired(), Length(max=40)])
    first_dealer = RadioField(
        _l("First dealer"),
        choices=options([("0", _l("Player 1")), ("1", _l("Player 2")), ("2", _l("Player 3"))]),
        default="0",
    )
    preset = RadioField(
        _l("Preset"),
        choices=options(PRESET_WORDS.items()),
        default="recommended",
    )
    apply_preset = SubmitField(_l("Apply the preset"))
    accounting = HiddenField(default="poule")
    poule_system = StringField(_l("Poule system"), validators=[Optional()])
    mark_value = IntegerField(_l("Mark value"), validators=[Optional(), NumberRange(1, 1000)])
    payments = RadioField(
        _l("Payments"),
        choices=options([("double", _l("double")), ("simple", _l("simple"))]),
        validate_choice=False,  # the rule set checks it, for the poule system only
    )
    retourne = BooleanField(_l("Retourne allowed"))
    espadille_forcee = BooleanField(_l("Espadille forcée"))
    poules_to_play = IntegerField(
        _l("Poules to play"), validators=[Optional(), NumberRange(1, 1000)]
    )
    end = RadioField(
        _l("At the end"),
        choices=options([("continue", _l("continue")), ("share", _l("share"))]),
        validate_choice=False,
    )
    cave = IntegerField(_l("Cave"), validators=[NumberRange(1, 1_000_000)])
    fiche = IntegerField(_l("Fiche"), validators=[NumberRange(1, 1_000_000)])
    # jetons (docs/rules/jetons.md)
    stake = IntegerField(
        _l("Stake on an empty poule"), validators=[Optional(), NumberRange(1, 1000)]
    )
    pass_fee = IntegerField(
        _l("Paid by a player who passes"), validators=[Optional(), NumberRange(0, 1000)]
    )
    simple = IntegerField(_l("Prime: simple"), validators=[Optional(), NumberRange(1, 1000)])
    sans_prendre = IntegerField(
        _l("Prime: sans prendre"), validators=[Optional(), NumberRange(1, 1000)]
    )
    vole = IntegerField(_l("Prime: vole"), validators=[Optional(), NumberRange(1, 1000)])
    bonus = IntegerField(_l("Bonus hand"), validators=[Optional(), NumberRange(0, 1000)])
    # danois (docs/rules/danois.md)
    ante = IntegerField(_l("Dealer's ante"), validators=[Optional(), NumberRange(0, 1000)])
    rates = RadioField(
        _l("Rates"),
        choices=options([("texte", _l("the source's")), ("dlu", _l("Danish L'hombre Union"))]),
        validate_choice=False,
    )
    coups_to_play = IntegerField(
        _l("Coups to play (0: the table decides)"), validators=[Optional(), NumberRange(0, 10_000)]
    )
    create = SubmitField(_l("Create the game"))


SETTING_HELP = {
    "poule_system": _l(
        "A-B: A marks on a fresh poule, B marks otherwise; 3-2 has the 1709 exceptions."
    ),
    "mark_value": _l("Chips one mark stands for."),
    "payments": _l("Double: sans prendre 12, matador 2, retourne 6. Simple: 6, 1, 3."),
    "retourne": _l("The trump may be turned from the talon (retourne contract)."),
    "espadille_forcee": _l("When all pass, the holder of spadille must play demande."),
    "poules_to_play": _l("Poules won by the hombre that end the game."),
    "end": _l("Then share the remaining bêtes, or play on until none is left."),
    "cave": _l("Chips in a cave."),
    "fiche": _l("Chips a fiche is worth (display only)."),
}


class ImportForm(FlaskForm):
    file = FileField(_l("Game file"))
    text = TextAreaField(_l("Or paste the JSON"))
    submit = SubmitField(_l("Import"))


def contracts_for(rules: Any) -> list[str]:
    """The contracts a game's rule set lets the hombre play."""
    if rules.accounting == "jetons":
        return [str(c) for c in JetonsContract]
    if rules.accounting == "danois":
        return [str(c) for c in DanishContract]
    return [
        str(c)
        for c in Contract
        if (c is not Contract.RETOURNE or rules.retourne)
        and (c is not Contract.ESPADILLE_FORCEE or rules.espadille_forcee)
    ]


def coup_from_form(form: CoupForm, rules: Any) -> Any:
    """The coup a CoupForm describes, in the game's money system; GameError names the field.

    The third trick count fills itself in when two are given. Bonus hands
    (jetons) come as ``seat:hand`` values of the form's ``bonus`` checkboxes.
    """
    note = (form.note.data or "").strip()
    bonuses = tuple(_bonus(value) for value in form.bonus_values)
    if form.passed.data:
        if rules.accounting == "jetons":
            return JetonsCoup(bonuses=bonuses, note=note)
        return DanishCoup(note=note) if rules.accounting == "danois" else Coup(note=note)
    if form.hombre.data not in ("0", "1", "2"):
        raise GameError("hombre", N_("Choose the hombre, or Tous passent."))
    contract = form.contract.data
    known = {"jetons": JetonsContract, "danois": DanishContract}.get(rules.accounting, Contract)
    if contract not in [str(c) for c in known]:  # the engine refuses one the rules forbid
        raise GameError("contract", N_("Choose the contract."))
    fields = (form.t0, form.t1, form.t2)
    given = [int(f.data) if f.data in TRICKS else None for f in fields]
    missing = [seat for seat, t in enumerate(given) if t is None]
    if len(missing) == 1:
        known = sum(t for t in given if t is not None)
        if known <= 9:
            given[missing[0]] = 9 - known
            fields[missing[0]].data = str(9 - known)
    if any(t is None for t in given):
        raise GameError("tricks", N_("Give the tricks of at least two players."))
    found = [t for t in given if t is not None]
    tricks = (found[0], found[1], found[2])
    hombre = int(form.hombre.data)
    if rules.accounting == "jetons":
        return JetonsCoup(hombre, JetonsContract(contract), tricks, bonuses, note)
    if rules.accounting == "danois":
        return DanishCoup(
            hombre,
            DanishContract(contract),
            tricks,
            bool(form.first_five.data),
            bool(form.black_aces.data),
            note,
        )
    matadors = whole(form.matadors.data or "0")
    if matadors is None:
        raise GameError("matadors", N_("Matadors are 0, or 3 to 9."))
    return Coup(
        hombre=hombre,
        contract=Contract(contract),
        tricks=tricks,
        matadors=matadors,
        vole_engagee=bool(form.vole_engagee.data),
        codille_renounced=bool(form.codille_renounced.data),
        note=note,
    )


def _bonus(value: str) -> tuple[int, str]:
    seat, _sep, hand = value.partition(":")
    if seat not in ("0", "1", "2") or hand not in BONUS_WORDS:
        raise GameError("bonuses", N_("a bonus names one of the players and a hand"))
    return int(seat), hand


def fill_coup_form(form: CoupForm, coup: Any) -> None:
    """Show a stored coup in the form, for editing."""
    form.note.data = coup.note
    form.bonus_values = [f"{seat}:{hand}" for seat, hand in getattr(coup, "bonuses", ())]
    if coup.hombre is None:
        return
    form.hombre.data = str(coup.hombre)
    form.contract.data = str(coup.contract)
    for field, tricks in zip((form.t0, form.t1, form.t2), coup.tricks):
        field.data = str(tricks)
    form.first_five.data = getattr(coup, "first_five", False)
    form.black_aces.data = getattr(coup, "black_aces", False)
    if isinstance(coup, Coup):
        form.matadors.data = str(coup.matadors)
        form.vole_engagee.data = coup.vole_engagee
        form.codille_renounced.data = coup.codille_renounced
