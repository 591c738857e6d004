"""L'Homme de Brou's coup entry: one number for the card points, mariages as buttons."""

from __future__ import annotations

from typing import Any

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

__all__ = ["ERROR_FIELDS", "coup_form", "fill", "read_coup", "rules_of", "saving", "valid"]


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
