"""L'Hombre's forms: the coup entry of its three money systems, the new game and its rules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import (
    BooleanField,
    HiddenField,
    RadioField,
    StringField,
    SubmitField,
)
from wtforms.validators import Optional

from ...clubs.presets import MAX_NAME as PRESET_NAME
from ...here import current_request
from ...rules.errors import N_, GameError
from ...rules.hombre import words
from ...rules.hombre.engine import DEALER_SITS_OUT, MATADOR_COUNTS, playing_order, sitting_out
from ...rules.hombre.kinds import SYSTEMS
from ...rules.hombre.ruleset import CAVE, FICHE, SETTINGS
from ...rules.importing import MAX_TEXT
from ...rules.seating import dealer_of
from ..formats.numbers import InRange, WholeField
from ..forms import Form, at_most, name_field, options, typed_note, whole
from ..hookspecs import CoupEntry
from ..table.seat_words import entry_position, entry_seated, names_now

CONTRACT_WORDS: dict[str, Any] = {key: _l(word) for key, word in words.CONTRACTS.items()}
"""The contracts' words, translated (their home: ``rules/hombre/words.py``)."""
BONUS_WORDS: dict[str, Any] = {key: _l(word) for key, word in words.BONUSES.items()}
PRESET_WORDS = {
    "1709": _l("3-2, share at the end (the 1709 text)"),
    "recommended": _l("3-1, retourne, play on (recommended)"),
    "ancien": _l("2-1, simple payments (ancien)"),
    "soiree_40": _l("3-1, 40 coups, share at the end (an evening of 40 coups)"),
    "jetons": _l("stakes and pots (jetons)"),
    "danois": _l("danois, the source's rates"),
    "danois_dlu": _l("danois (DLU), the union's rates"),
}
"""Each preset's label says what it is: "1709" is the family's name, not only a preset's
(issue 25). The stored keys stay as they are."""
TRICKS = [str(n) for n in range(10)]


class CoupForm(Form):
    """One coup; the choices of hombre and contract are set per game."""

    version = HiddenField()
    hombre = RadioField(_l("Hombre"), choices=[], validate_choice=False)
    contract = RadioField(_l("Contract"), choices=[], default="demande", validate_choice=False)
    t0 = RadioField(choices=options((t, t) for t in TRICKS), validate_choice=False)
    t1 = RadioField(choices=options((t, t) for t in TRICKS), validate_choice=False)
    t2 = RadioField(choices=options((t, t) for t in TRICKS), validate_choice=False)
    t3 = RadioField(choices=options((t, t) for t in TRICKS), validate_choice=False)
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
    note = StringField(_l("Note"), validators=[Optional(), at_most(MAX_TEXT)])
    passed = SubmitField(_l("Tous passent"))
    check = SubmitField(_l("Check"))
    save = SubmitField(_l("Save"))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.started()

    def started(self) -> None:
        asked = current_request()  # read twice: the request itself, not its proxy
        self.bonus_values: list[str] = asked.form.getlist("bonus") if asked.method == "POST" else []
        self.playing: tuple[int, ...] = (0, 1, 2)
        """The seats that play the coup being entered (with four, all but the dealer)."""
        self.sits_out: int | None = None
        self.seated: tuple[str, ...] = ()
        """Who sits at each seat in that coup (a seat taken over): the names its choices
        and its refusals say (``coup_form``)."""

    def trick_fields(self) -> list[tuple[int, Any]]:
        """(seat, field) of the trick counts the entry offers, in seat order."""
        return [(seat, self[f"t{seat}"]) for seat in sorted(self.playing)]


COUPS = next(row for row in SETTINGS if row.key == "coups_to_play")
"""The length of a game in coups: the 1709 poule's row; each pot system's (``pot.POT_TABLE``)
has the same words and bounds (a test checks)."""


class NewGameForm(FlaskForm):
    """Players, first dealer and the rule set, starting from a preset.

    The fields every money system has; each system's own fields are its web piece's
    (``systems.py``), and the page's form is this one with theirs (``systems.RulesForm``).
    """

    version = HiddenField()
    player0 = name_field(_l("Player 1"))
    player1 = name_field(_l("Player 2"))
    player2 = name_field(_l("Player 3"))
    player3 = name_field(_l("Player 4 (optional: each deal, the dealer sits out)"), required=False)
    first_dealer = RadioField(
        _l("First dealer"),
        choices=options(
            [
                ("0", _l("Player 1")),
                ("1", _l("Player 2")),
                ("2", _l("Player 3")),
                ("3", _l("Player 4")),
            ]
        ),
        default="0",
    )
    preset = RadioField(
        _l("Preset"),
        choices=options(PRESET_WORDS.items()),
        default="recommended",
        validate_choice=False,  # none chosen: the fields as they are (new_game.merge_preset)
    )
    preset_shown = HiddenField(default="")
    """The preset the rules fields were drawn with ("": another rule set, a stored game's)."""
    apply_preset = SubmitField(_l("Apply the preset"))
    # a club's own rule sets, opened from one of its evenings (web/starting/club_presets.py)
    club_preset = RadioField(_l("The club's rules"), choices=[], validate_choice=False, default="")
    club_preset_shown = HiddenField(default="")
    """The club preset the rules fields were drawn with (web/starting/club_presets.fill_chosen)."""
    save_preset = StringField(
        _l("Keep these rules for the club as"), validators=[Optional(), at_most(PRESET_NAME)]
    )
    accounting = HiddenField(default=SYSTEMS[0].tag[1])
    """The money system (its kind's ``rules.accounting``): it picks the rules fields drawn."""
    # the fields every money system shares, their words and bounds their rows' (ruleset.py)
    cave = WholeField(_l(CAVE.label), validators=[Optional(), InRange(CAVE.least, CAVE.most)])
    fiche = WholeField(_l(FICHE.label), validators=[Optional(), InRange(FICHE.least, FICHE.most)])
    coups_to_play = WholeField(
        _l(COUPS.label), validators=[Optional(), InRange(COUPS.least, COUPS.most)]
    )
    create = SubmitField(_l("Create the game"))


ERROR_FIELDS = {
    "hombre": "hombre",
    "contract": "contract",
    "tricks": "t0",
    "matadors": "matadors",
    "vole_engagee": "vole_engagee",
    "codille_renounced": "codille_renounced",
    "note": "note",
    "first_five": "first_five",
    "black_aces": "black_aces",
    "bonuses": "passed",
}
"""Where the engine's refusal of a field is shown on the form."""


def contracts_for(kind: Any, rules: Any) -> list[str]:
    """The contracts a game's rule set lets the hombre play."""
    return [c for c in kind.contracts if kind.allows(rules, c)]


def entry_seats(stored: Any) -> tuple[tuple[int, ...], int | None]:
    """The seats that play the coup being entered or corrected, and the one who sits out:
    with four at the table, the dealer (docs/rules.md, "Four at the table")."""
    seats = len(stored.game.players)
    dealer = dealer_of(stored.game.first_dealer, entry_position(stored), seats)
    out = sitting_out(dealer, seats)
    return (tuple(range(seats)) if out is None else playing_order(dealer, seats)), out


AHEAD = 8
"""How many coups, from the one being entered, the game page says who sits out of."""


def seats_ahead(stored: Any) -> tuple[int, ...]:
    """Who sits out the new coup being entered and each next one, with four at the table
    (empty with three): for the form after coups kept offline (static/outbox.js), which
    cannot ask the server. The deal passes on whatever a coup's outcome (``dealer_of``); the
    seats change only by a seat taken, which is entered online, and the page is drawn again.
    The game's end does depend on the outcomes: the list stops at the game's last coup when
    its rules give a number of coups (past it, a game played on until its last bête is gone
    says only the coup being entered), and after ``AHEAD`` coups; a game by poules may end
    sooner, and the server then refuses the coups kept past its end, as it would any."""
    seats = len(stored.game.players)
    if seats != 4:
        return ()
    first = len(stored.game.coups) + 1
    last = first + AHEAD - 1
    goal = stored.game.rules.coups_to_play  # every l'Hombre rule set has it (0: no number)
    if goal:  # past it, a game played on ends with the last bête: only this coup is known
        last = min(last, max(goal, first))
    dealers = (dealer_of(stored.game.first_dealer, n, seats) for n in range(first, last + 1))
    return tuple(out for out in (sitting_out(d, seats) for d in dealers) if out is not None)


def coup_form(stored: Any, coup: Any = None, now: Mapping[str, str] | None = None) -> CoupForm:
    """The coup form with this game's players and the contracts its rules allow.

    With four at the table, it offers only the three who play the coup: the
    dealer sits out (docs/rules.md, "Four at the table"). ``now``: each named as it says
    (a club's member by their name now: the game page's; its choices' values are seats).
    """
    posted = current_request().method == "POST"  # the request itself, not its proxy
    form = CoupForm.bound() if posted else CoupForm.bound(None)
    kind, rules = stored.kind, stored.game.rules
    form.playing, form.sits_out = entry_seats(stored)
    # who sits in the coup entered or corrected (a seat taken): the form names the hombre as
    # its tricks and its record do (a corrected coup of Denis's offered "Bruno")
    form.seated = entry_seated(stored, now or {})
    form.hombre.choices = options(
        (str(seat), name) for seat, name in enumerate(form.seated) if seat in form.playing
    )
    form.contract.choices = options((c, CONTRACT_WORDS[c]) for c in contracts_for(kind, rules))
    if not posted:
        form.version.data = str(stored.version)
        form.contract.data = contracts_for(kind, rules)[0]
        if coup is not None:
            fill(form, kind.dump_coup(coup, stored.game.players), stored.game.players)
    return form


def saving(form: CoupForm) -> bool:
    """Save or Tous passent store the coup; Check (without JavaScript) only shows it."""
    return bool(form.save.data or form.passed.data)


def valid(form: CoupForm, stored: Any) -> bool:
    return bool(form.validate())


def _tricks(data: object) -> int | None:
    """A player's tricks as typed: None when left empty (one may be, the rest of 9); a
    count the engine then checks (at most 9 in all, none negative); anything else refused
    here. (Anything but 0…9 was taken for an empty field, so a hand-made 99999999 became
    the 9 the others left.)"""
    if data is None or data == "":
        return None
    count = whole(data)
    if count is None:
        raise GameError("tricks", N_("tricks must be three whole numbers, none negative"))
    return count


def read_coup(form: CoupForm, stored: Any) -> Any:
    """The coup a CoupForm describes, read by the kind's own file reader.

    The third trick count fills itself in when two are given. Bonus hands
    (jetons) come as ``seat:hand`` values of the form's ``bonus`` checkboxes.
    GameError names the field at fault.
    """
    kind, game = stored.kind, stored.game
    names = game.players
    item: dict[str, Any] = {}
    bonuses = [_bonus(value) for value in form.bonus_values]
    if "bonuses" in kind.inputs and bonuses:
        item["bonuses"] = [{"player": names[seat], "hand": hand} for seat, hand in bonuses]
    note = typed_note(form.note.data)
    if note:
        item["note"] = note
    if form.passed.data:
        return kind.load_coup({"pass": True, **item}, game)
    if form.hombre.data not in [str(seat) for seat in form.playing]:
        out = form.sits_out
        if out is not None and form.hombre.data == str(out):  # at four: the dealer
            raise GameError(
                "hombre",
                DEALER_SITS_OUT,
                name=form.seated[out],  # who deals in the coup entered or corrected
            )
        raise GameError("hombre", N_("Choose the hombre, or Tous passent."))
    contract = form.contract.data
    if contract not in kind.contracts:  # the engine refuses one the rules forbid
        raise GameError("contract", N_("Choose the contract."))
    seats, fields = zip(*form.trick_fields())
    given = [_tricks(f.data) for f in fields]
    missing = [i for i, t in enumerate(given) if t is None]
    if len(missing) == 1:
        known = sum(t for t in given if t is not None)
        if 0 <= known <= 9:
            given[missing[0]] = 9 - known
            fields[missing[0]].data = str(9 - known)
    if any(t is None for t in given):
        raise GameError("tricks", N_("Give the tricks of at least two players."))
    item.update(
        hombre=names[int(form.hombre.data)],
        contract=contract,
        tricks={names[seat]: t for seat, t in zip(seats, given)},
    )
    if "matadors" in kind.inputs:
        matadors = whole(form.matadors.data or "0")
        if matadors is None:
            raise GameError("matadors", N_("Matadors are 0, or 3 to 9."))
        if matadors:
            item["matadors"] = matadors
    for flag in ("vole_engagee", "codille_renounced", "first_five", "black_aces"):
        if flag in kind.inputs and form[flag].data:
            item[flag] = True
    return kind.load_coup(item, game)


def _bonus(value: str) -> tuple[int, str]:
    seat, _sep, hand = value.partition(":")
    if seat not in ("0", "1", "2", "3") or hand not in BONUS_WORDS:
        raise GameError("bonuses", N_("a bonus names one of the players and a hand"))
    return int(seat), hand


def fill(form: CoupForm, item: dict[str, Any], players: tuple[str, ...]) -> None:
    """Show a stored coup (in the game file's shape) in the form, for correcting it."""
    form.note.data = item.get("note", "")
    seats = {name: str(seat) for seat, name in enumerate(players)}
    form.bonus_values = [f"{seats[b['player']]}:{b['hand']}" for b in item.get("bonuses", [])]
    if item.get("pass"):
        return
    form.hombre.data = seats[item["hombre"]]
    form.contract.data = item["contract"]
    for name, seat in seats.items():
        if name in item["tricks"]:
            form[f"t{seat}"].data = str(item["tricks"][name])
    form.matadors.data = str(item.get("matadors", 0))
    for flag in ("vole_engagee", "codille_renounced", "first_five", "black_aces"):
        form[flag].data = item.get(flag, False)


class HombreEntry(CoupEntry[CoupForm]):
    """L'Hombre's coup entry (its three money systems): the functions above."""

    def form(self, stored: Any, coup: Any = None) -> CoupForm:
        """Every coup form of the flow (one sent back refused, a correction's) names a
        club's member by their name now, as the game page's (``names_now``)."""
        return coup_form(stored, coup, names_now(stored))

    def valid(self, form: CoupForm, stored: Any) -> bool:
        return valid(form, stored)

    def read(self, form: CoupForm, stored: Any) -> Any:
        return read_coup(form, stored)

    def saving(self, form: CoupForm) -> bool:
        return saving(form)

    def error_fields(self) -> dict[str, str]:
        return ERROR_FIELDS
