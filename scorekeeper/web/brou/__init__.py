"""L'Homme de Brou's web half: its forms (its settings' fields drawn from their rows; card
points, mariages as buttons), what its sheet's lines and standing say, and its registry
entry ``BROU``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import ngettext
from wtforms import RadioField
from wtforms.validators import Optional

from ...rules.brou.engine import ANNOUNCED, SETTINGS, BrouReport, BrouResult, BrouRules
from ...rules.brou.kind import KINDS, Brou
from ...rules.errors import N_, GameError
from ...rules.placing import firsts
from ...rules.teams import TEAM_WORDS
from ...store import StoredGame
from ..formats.numbers import InRange, WholeField, read_whole
from ..formats.words import labelled, listed
from ..forms import options, typed_note
from ..hookspecs import Report, Rules
from ..hookspecs import narrowed as _narrow
from ..sheet.forms import (
    NewSheetForm,
    SheetCoupForm,
    points_coup_form,
    points_field,
    shown_valid,
)
from ..sheet.game import PointsGame, points_web
from ..sheet.settings import fields_of, setting_field, setting_value
from ..sheet.view import team_name

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
TEAM_CHOICES = options([(key, _l(word)) for key, word in TEAM_WORDS.items()])


class CountField(WholeField):
    """How many mariages of a kind: a tapped button sends 1, the "several" box a number.

    Both inputs share the field's name, so the count is the sum of what came
    (each read as a whole number within the field's bounds, ``numbers.read_whole``).
    """

    def process_formdata(self, valuelist: list[Any]) -> None:
        values = [v for v in valuelist if not isinstance(v, str) or v.strip()]
        if not values:
            self.data = None
            return
        try:
            self.data = sum(read_whole(self, v) or 0 for v in values[:4])
        except ValueError:
            self.data = None
            raise


def mariage_field(team: str, kind: str, table: bool) -> str:
    return f"m_{team}_{kind}_{'t' if table else 'a'}"


class BrouNewForm(NewSheetForm):
    """A Brou match: a field per row of its settings (``rules/brou``'s ``SETTINGS``)."""

    def settings(self) -> list[tuple[Any, Any]]:
        """The rows with their fields (the template's loop)."""
        return fields_of(self, SETTINGS)


for _row in SETTINGS:
    setattr(BrouNewForm, _row.key, setting_field(_row))


class BrouCoupForm(SheetCoupForm):
    """A Brou coup: the card points of Nous (and of Eux so far), the mariages, the ending."""

    points_eux = points_field(_l("Points of Eux so far"), Brou.points_most)
    ending = RadioField(_l("The coup"), choices=options(ENDING_WORDS.items()), default="")
    ending_team = RadioField(_l("By"), choices=TEAM_CHOICES, validate_choice=False)

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
                BrouCoupForm,
                mariage_field(_team, _kind, _table),
                CountField(validators=[Optional(), InRange(0, 4)]),
            )

ERROR_FIELDS = {
    "points": "points",
    "points_eux": "points_eux",
    "note": "note",
    "team": "ending_team",
    "vole": "ending_team",
    "claim": "ending_team",
    "abandon": "ending",
    "partie_et_vole": "ending_team",
    "made": "ending",
}
"""Where the engine's refusal of a coup's key is shown on the form."""


def coup_form(stored: StoredGame, coup: Any = None) -> BrouCoupForm:
    return points_coup_form(BrouCoupForm, stored, coup, fill)


def valid(form: BrouCoupForm, stored: StoredGame) -> bool:
    return shown_valid(
        form, {"points", "points_eux", "ending", "ending_team", *form.mariage_names()}
    )


def read_coup(form: BrouCoupForm, stored: StoredGame) -> Any:
    """The coup the form describes, read by the game file's own reader."""
    if form.ending.data and form.ending_team.data not in ("nous", "eux"):
        raise GameError("team", N_("Which team?"))
    return stored.kind.load_coup(brou_item(form), stored.game)


def rules_of(form: BrouNewForm) -> dict[str, Any]:
    """The rules object of the new-game form (an empty field: its default)."""
    values = {row.key: setting_value(row, getattr(form, row.key)) for row in SETTINGS}
    return {key: value for key, value in values.items() if value is not None}


def brou_item(form: BrouCoupForm) -> dict[str, Any]:
    """A Brou coup in the game file's shape."""
    item: dict[str, Any] = {"points": form.points.data if form.points.data is not None else 0}
    if form.points_eux.data is not None:
        item["points_eux"] = form.points_eux.data
    mariages = []
    for team in ("nous", "eux"):
        for kind, (grand, trump) in MARIAGE_KINDS.items():
            for table in (False, True):
                count = getattr(form, mariage_field(team, kind, table)).data or 0
                mariages += [{"team": team, "grand": grand, "trump": trump, "table": table}] * count
    if mariages:
        item["mariages"] = mariages
    ending = form.ending.data or ""
    if ending:
        team = form.ending_team.data
        key = "partie_et_vole" if ending.startswith("pev") else ending
        item[key] = team if team in ("nous", "eux") else None
        if ending == "pev_made":
            item["made"] = True
    if note := typed_note(form.note.data):
        item["note"] = note
    return item


def fill(form: BrouCoupForm, item: dict[str, Any]) -> None:
    form.points.data = item.get("points", 0)
    form.points_eux.data = item.get("points_eux")
    for m in item.get("mariages", []):
        kind = next(
            k
            for k, v in MARIAGE_KINDS.items()
            if v == (m.get("grand", False), m.get("trump", False))
        )
        field = getattr(form, mariage_field(m["team"], kind, m.get("table", False)))
        field.data = (field.data or 0) + 1
    for key in ("vole", "claim", "abandon", "partie_et_vole"):
        if item.get(key):
            form.ending.data = (
                key if key != "partie_et_vole" else "pev_made" if item.get("made") else "pev_failed"
            )
            form.ending_team.data = item[key]
    form.note.data = item.get("note", "")


def coup_words(item: Mapping[str, Any]) -> dict[str, str]:
    """A Brou coup of the game file, field by field in words (what a correction changed)."""
    mariages = []
    for m in item.get("mariages", []):
        kind = next(
            (
                k
                for k, v in MARIAGE_KINDS.items()
                if v == (m.get("grand", False), m.get("trump", False))
            ),
            "petit",
        )
        word = labelled(team_name(m.get("team")), str(MARIAGE_WORDS[kind]))
        mariages.append(word + (f" — {_('on the table')}" if m.get("table") else ""))
    ending = "—"
    for key in ("vole", "claim", "abandon", "partie_et_vole"):
        if item.get(key):
            word = (
                key if key != "partie_et_vole" else "pev_made" if item.get("made") else "pev_failed"
            )
            ending = labelled(team_name(item[key]), str(ENDING_WORDS[word]))
    return {
        _("Points of Nous"): str(item.get("points", 0)),
        _("Points of Eux so far"): str(item.get("points_eux", "—")),
        _("Mariages"): listed(mariages) or "—",
        _("The coup"): ending,
        _("Note"): str(item.get("note", "")) or "—",
    }


def _detail(r: BrouResult, columns: tuple[str, ...]) -> str:
    coup = r.coup
    parts = []
    for m in coup.mariages:
        word = _("mariage %(points)s", points=m.points)
        if m.table:
            word = _("mariage on the table %(points)s", points=m.points)
        parts.append(labelled(columns[m.team], word))
    for key, word in (
        ("vole", _("vole")),
        ("claim", _("claims 301")),
        ("abandon", _("concedes")),
    ):
        team = getattr(coup, key)
        if team is not None:
            parts.append(labelled(columns[team], word))
    if coup.partie_et_vole is not None:
        word = _("partie et vole made") if coup.made else _("partie et vole failed")
        parts.append(labelled(columns[coup.partie_et_vole], word))
    return listed(parts)


def sheet_line(r: BrouResult, columns: tuple[str, ...]) -> tuple[str, str]:
    """What a Brou line says beside its points: the mariages and ending; the partie won."""
    event = ""
    if r.partie is not None:
        event = _("partie to %(team)s (%(n)s)", team=columns[r.partie], n=r.won[r.partie])
    elif any(r.won):
        winner = 0 if r.won[0] else 1
        event = ngettext(
            "vole: %(num)s partie to %(team)s",
            "vole: %(num)s parties to %(team)s",
            r.won[winner],
            team=columns[winner],
        )
    return _detail(r, columns), event


def standing(report: BrouReport, columns: tuple[str, ...], names: tuple[str, ...]) -> list[str]:
    """Where the match stands: the count of the partie, the parties won."""
    rules = report.game.rules
    lines = [
        _(
            "Parties: %(a)s %(pa)s · %(b)s %(pb)s (the match in %(n)s)",
            a=columns[0],
            pa=report.parties[0],
            b=columns[1],
            pb=report.parties[1],
            n=rules.parties_to_win,
        )
    ]
    first = firsts(KINDS[0], report)  # placed by its parties, as the ratings and the fee
    if report.finished and len(first) > 1:  # a table that stopped with its parties level
        return [_("Drawn: %(a)s and %(b)s are level.", a=columns[0], b=columns[1]), *lines]
    if report.finished:
        return [_("The match is won by %(team)s.", team=columns[first[0]]), *lines]
    return [
        _(
            "Partie to %(target)s: %(a)s %(ta)s · %(b)s %(tb)s",
            target=rules.target,
            a=columns[0],
            ta=report.totals[0],
            b=columns[1],
            tb=report.totals[1],
        ),
        *lines,
    ]


def rules_text(rules: BrouRules) -> str:
    """The rules in a line of words."""
    return _(
        "l'Homme de Brou: parties of %(target)s, the match in %(n)s",
        target=rules.target,
        n=rules.parties_to_win,
    )


def _line(result: object, columns: tuple[str, ...]) -> tuple[str, str]:
    return sheet_line(_narrow(result, BrouResult), columns)


def _standing(report: Report, columns: tuple[str, ...], names: tuple[str, ...]) -> list[str]:
    return standing(_narrow(report, BrouReport), columns, names)


def _rules_text(rules: Rules) -> str:
    return rules_text(_narrow(rules, BrouRules))


def _context() -> Mapping[str, object]:
    """The mariage buttons of its coup fields."""
    return {
        "mariage_kinds": [(k, MARIAGE_WORDS[k]) for k in MARIAGE_KINDS],
        "mariage_field": mariage_field,
        "mariage_points": {k: ANNOUNCED[v] for k, v in MARIAGE_KINDS.items()},
    }


BROU = points_web(
    PointsGame(
        name="brou",
        kinds=KINDS,
        coup_form=coup_form,
        valid=valid,
        read_coup=read_coup,
        error_fields=ERROR_FIELDS,
        new_form=BrouNewForm,
        rules_of=rules_of,
        line=_line,
        standing=_standing,
        rules_text=_rules_text,
        field_words=lambda item, players, names: coup_words(item),
        context=_context,
    )
)
"""L'Homme de Brou's web half."""
