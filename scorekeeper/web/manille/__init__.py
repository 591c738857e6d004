"""La Manille's web half: its forms and its registry entry ``MANILLE``, for each of its kinds.

What differs between the classique and the manillen is each kind's own web
piece (``classique.py``, ``belge.py``), found by the kind of the game at hand
(``PIECES``); the new-game form's fields are drawn from each kind's settings
table (``house.setting_field``), and ``_rules_fields.html`` loops over them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from wtforms import RadioField

from ...rules import kinds
from ...rules.kind import GameKind
from ...rules.teams import TEAM_WORDS
from ...store import StoredGame
from ..formats.words import or_list
from ..forms import options, typed_note
from ..hookspecs import Report, Rules
from ..sheet.forms import NewSheetForm, SheetCoupForm, points_coup_form, shown_valid
from ..sheet.game import PointsGame, points_web
from ..sheet.settings import fields_of, setting_field, setting_value
from ..sheet.view import team_name
from ..table.seat_words import entry_seated, names_now
from .belge import TRUMP_WORDS, ManillenWeb
from .classique import RETOURNE_WORDS, ClassiqueWeb
from .house import HouseRulesFields, house_rules
from .piece import KindPiece

PIECES: tuple[KindPiece, ...] = (ClassiqueWeb(), ManillenWeb())
"""Each kind's web piece; the first is the form's default."""
_BY_KIND = {piece.kind.key: piece for piece in PIECES}
_BY_RESULT = {piece.result_type: piece for piece in PIECES}
_BY_CHOICE = {piece.kind.tag[1]: piece for piece in PIECES}


def piece(kind: GameKind) -> KindPiece:
    """The web piece of a kind of la Manille."""
    return _BY_KIND[kind.key]


class ManilleNewForm(NewSheetForm, HouseRulesFields):
    """A Manille game: one of its kinds, and that kind's settings (a field per row)."""

    variant = RadioField(
        _l("Rules"),
        choices=options([(choice, p.choice) for choice, p in _BY_CHOICE.items()]),
        default=next(iter(_BY_CHOICE)),
    )

    def chosen_seats(self) -> tuple[int, ...]:
        """The table sizes of the kind chosen (its players' help says them)."""
        seats: tuple[int, ...] = _BY_CHOICE.get(self.variant.data or "", PIECES[0]).kind.seats
        return seats

    def settings(self, key: str, group: str = "") -> list[tuple[Any, Any]]:
        """The rows of a kind's settings in ``group`` with their fields (the template's loop)."""
        return fields_of(self, _BY_KIND[key].kind.table, group)


for _piece in PIECES:
    for _row in _piece.kind.table:
        if _row.group == "":
            setattr(ManilleNewForm, _row.key, setting_field(_row))


class ManilleCoupForm(SheetCoupForm):
    """A Manille coup: the retourne (classique) or the trump and contre (manillen)."""

    retourne = RadioField(_l("Retourne"), choices=RETOURNE_WORDS, default="0")
    renonce = RadioField(_l("Renonce"), choices=[], validate_choice=False, default="")
    trump = RadioField(_l("Trump"), choices=options(TRUMP_WORDS.items()), validate_choice=False)
    contre = RadioField(_l("Contre"), choices=[], default="", validate_choice=False)


ERROR_FIELDS = {
    "points": "points",
    "retourne": "retourne",
    "renonce": "renonce",
    "trump": "trump",
    "contre": "contre",
    "note": "note",
}
"""Where the engine's refusal of a coup's key is shown on the form."""


def _renonce_choices(stored: StoredGame) -> list[tuple[str, str]]:
    """Who renounced: three who each play for themselves, each seat named by who sits there
    in the coup entered or corrected, by their name now (``entry_seated``; the value is the
    seat's first player, the name the file keeps); else the sides."""
    players = stored.game.players
    if len(players) == 3:
        return list(zip(players, entry_seated(stored, names_now(stored)), strict=True))
    return [(key, _(word)) for key, word in TEAM_WORDS.items()]


def coup_form(stored: StoredGame, coup: Any = None) -> ManilleCoupForm:
    form = points_coup_form(ManilleCoupForm, stored, coup, fill)
    form.renonce.choices = options([("", "—"), *_renonce_choices(stored)])
    own = piece(stored.kind)
    form.contre.choices = options(own.contres(stored.game.rules).items())
    if len(stored.game.players) == 3:  # each for themselves: the dealer's points, not a team's
        form.points.label.text = _("Points of the dealer")
    if form.trump.data is None and own.must_sans_atout(stored.replay()):
        form.trump.data = "sans-atout"
    return form


def valid(form: ManilleCoupForm, stored: StoredGame) -> bool:
    """The fields the kind shows, and a trump and a contre among its buttons: one missing or
    not among them is refused beside its field, the buttons named in the page's words. The
    engine's own refusal names the game file's keys ("the trump is pique, coeur, carreau,
    trefle or sans-atout"), right for a file, not for a Dutch page (smoke24)."""
    shown = set(piece(stored.kind).fields)
    ok = shown_valid(form, shown)
    for name in sorted({"trump", "contre"} & shown):
        field = getattr(form, name)
        if field.data not in {choice.value for choice in field.choices} and not field.errors:
            labels = [str(choice.label) for choice in field.choices]
            field.errors = [*field.errors, _("Choose %(choices)s.", choices=or_list(labels))]
            ok = False
    return ok


def read_coup(form: ManilleCoupForm, stored: StoredGame) -> Any:
    """The coup the form describes, read by the game file's own reader."""
    return stored.kind.load_coup(manille_item(form, stored), stored.game)


def rules_of(form: ManilleNewForm) -> dict[str, Any]:
    """The rules object of the new-sheet form: the kind chosen and its settings' fields."""
    chosen = _BY_CHOICE.get(form.variant.data or "", PIECES[0])
    values = {
        row.key: setting_value(row, getattr(form, row.key))
        for row in chosen.kind.table
        if row.group == ""
    }
    if any(row.group == "house" for row in chosen.kind.table):  # manillen's house rules
        values.update(house_rules(form))
    rules: dict[str, Any] = chosen.rules_of(values)
    return rules


def manille_item(form: ManilleCoupForm, stored: StoredGame) -> dict[str, Any]:
    """A Manille coup in the game file's shape."""
    item: dict[str, Any] = piece(stored.kind).item(form)
    if form.renonce.data:
        item["renonce"] = form.renonce.data
    elif form.points.data is not None:
        item["points"] = form.points.data
    if note := typed_note(form.note.data):
        item["note"] = note
    return item


def fill(form: ManilleCoupForm, item: dict[str, Any]) -> None:
    form.retourne.data = str(item.get("retourne", 0))
    form.trump.data = item.get("trump")
    form.contre.data = item.get("contre", "")
    form.points.data = item.get("points")
    form.renonce.data = item.get("renonce", "")
    form.note.data = item.get("note", "")


def must_sans_atout(report: Report) -> bool:
    return bool(piece(kinds.kind_of(report)).must_sans_atout(report))


SHARED = frozenset({"points", "renonce"})
"""The coup's keys every kind has; the others tell whose coup it is."""


def coup_words(
    item: Mapping[str, Any], players: tuple[str, ...], names: tuple[str, ...] | None = None
) -> dict[str, str]:
    """A Manille coup of the game file, field by field in words (what a correction changed).
    At three the renonce is a player's name as the file keeps it: said as ``names`` (who
    sat at each seat in that coup, by their name now) name that seat."""
    renonce = item.get("renonce")
    if names is not None and renonce in players:
        renonce = names[players.index(renonce)]
    own = next((p for p in PIECES if (p.fields - SHARED) & item.keys()), PIECES[0])
    words: dict[str, str] = dict(own.words(item))
    points = item.get("points")
    label = _("Points of the dealer") if len(players) == 3 else _("Points of Nous")
    words[label] = "—" if points is None else str(points)
    words[_("Renonce")] = "—" if renonce is None else team_name(renonce)
    words[_("Note")] = str(item.get("note", "")) or "—"
    return words


def _line(result: object, columns: tuple[str, ...]) -> tuple[str, str]:
    line: tuple[str, str] = _BY_RESULT[type(result)].line(result, columns)
    return line


def _standing(report: Report, columns: tuple[str, ...], names: tuple[str, ...]) -> list[str]:
    lines: list[str] = piece(kinds.kind_of(report)).standing(report, columns, names)
    return lines


def _next_deal(report: Report, columns: tuple[str, ...], names: tuple[str, ...]) -> list[str]:
    lines: list[str] = piece(kinds.kind_of(report)).next_deal(report, columns, names)
    return lines


def _rules_text(rules: Rules) -> str:
    text: str = piece(kinds.kind_of(rules)).rules_text(rules)
    return text


MANILLE = points_web(
    PointsGame(
        name="manille",
        kinds=tuple(p.kind() for p in PIECES),
        coup_form=coup_form,
        valid=valid,
        read_coup=read_coup,
        error_fields=ERROR_FIELDS,
        new_form=ManilleNewForm,
        rules_of=rules_of,
        line=_line,
        standing=_standing,
        next_deal=_next_deal,
        rules_text=_rules_text,
        field_words=coup_words,
        must_sans_atout=must_sans_atout,  # manillen's owed sans-atout: the chooser calls it now
    )
)
"""La Manille's web half (each of its kinds)."""
