"""L'Homme de Brou's coup entry: one number for the card points, mariages as buttons."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _

from ...rules.errors import N_, GameError
from .points import (
    ERROR_FIELDS,
    MARIAGE_KINDS,
    NewSheetForm,
    SheetCoupForm,
    mariage_field,
    points_coup_form,
    saving,
    shown_valid,
)

__all__ = [
    "ERROR_FIELDS",
    "coup_form",
    "fill",
    "must_sans_atout",
    "read_coup",
    "rules_of",
    "rules_text",
    "saving",
    "sheet_line",
    "standing",
    "valid",
]


def coup_form(stored: Any, coup: Any = None) -> SheetCoupForm:
    return points_coup_form(stored, coup, fill, [])


def valid(form: SheetCoupForm, stored: Any) -> bool:
    return shown_valid(
        form, {"points", "points_eux", "ending", "ending_team", *form.mariage_names()}
    )


def read_coup(form: SheetCoupForm, stored: Any) -> Any:
    """The coup the form describes, read by the game file's own reader."""
    if form.ending.data and form.ending_team.data not in ("nous", "eux"):
        raise GameError("team", N_("Which team?"))
    return stored.kind.load_coup(brou_item(form), stored.game)


def rules_of(form: NewSheetForm) -> dict[str, Any]:
    """The rules object of the new-sheet form."""
    return {"target": form.target.data or 301, "parties_to_win": form.parties_to_win.data or 10}


def brou_item(form: SheetCoupForm) -> dict[str, Any]:
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
    if form.note.data:
        item["note"] = form.note.data
    return item


def fill(form: SheetCoupForm, item: dict[str, Any]) -> None:
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


def _detail(r: Any, columns: tuple[str, ...]) -> str:
    coup = r.coup
    parts = []
    for m in coup.mariages:
        word = _("mariage %(points)s", points=m.points)
        if m.table:
            word = _("mariage on the table %(points)s", points=m.points)
        parts.append(f"{columns[m.team]}: {word}")
    for key, word in (
        ("vole", _("vole")),
        ("claim", _("claims 301")),
        ("abandon", _("concedes")),
    ):
        team = getattr(coup, key)
        if team is not None:
            parts.append(f"{columns[team]}: {word}")
    if coup.partie_et_vole is not None:
        word = _("partie et vole made") if coup.made else _("partie et vole failed")
        parts.append(f"{columns[coup.partie_et_vole]}: {word}")
    return "; ".join(parts)


def sheet_line(r: Any, columns: tuple[str, ...]) -> tuple[str, str]:
    """What a Brou line says beside its points: the mariages and ending; the partie won."""
    event = ""
    if r.partie is not None:
        event = _("partie to %(team)s (%(n)s)", team=columns[r.partie], n=r.won[r.partie])
    elif any(r.won):
        winner = 0 if r.won[0] else 1
        event = _("vole: %(n)s parties to %(team)s", n=r.won[winner], team=columns[winner])
    return _detail(r, columns), event


def standing(report: Any, columns: tuple[str, ...], names: tuple[str, ...]) -> list[str]:
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
    if report.finished:
        winner = 0 if report.parties[0] > report.parties[1] else 1
        return [_("The match is won by %(team)s.", team=columns[winner]), *lines]
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


def must_sans_atout(report: Any) -> bool:
    return False


def rules_text(rules: Any) -> str:
    """The rules in a line of words."""
    return _(
        "l'Homme de Brou: parties of %(target)s, the match in %(n)s",
        target=rules.target,
        n=rules.parties_to_win,
    )
