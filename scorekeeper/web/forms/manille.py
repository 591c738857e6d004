"""La Manille's coup entry: the retourne (classique) or trump and contre (manillen), points."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _

from .points import ERROR_FIELDS, NewSheetForm, SheetCoupForm, points_coup_form, saving, shown_valid

__all__ = ["ERROR_FIELDS", "coup_form", "fill", "read_coup", "rules_of", "saving", "valid"]


def _renonce_choices(game: Any) -> list[tuple[str, str]]:
    if len(game.players) == 3:
        return [(name, name) for name in game.players]
    return [("nous", _("Nous")), ("eux", _("Eux"))]


def coup_form(stored: Any, coup: Any = None) -> SheetCoupForm:
    form = points_coup_form(stored, coup, fill, _renonce_choices(stored.game))
    if form.trump.data is None and getattr(stored.replay(), "must_sans_atout", False):
        form.trump.data = "sans-atout"
    return form


def _classique(stored: Any) -> bool:
    return bool(stored.game.rules.variant == "classique")


def valid(form: SheetCoupForm, stored: Any) -> bool:
    if _classique(stored):
        return shown_valid(form, {"retourne", "points", "renonce"})
    return shown_valid(form, {"trump", "contre", "points", "renonce"})


def read_coup(form: SheetCoupForm, stored: Any) -> Any:
    """The coup the form describes, read by the game file's own reader."""
    return stored.kind.load_coup(manille_item(form, _classique(stored)), stored.game)


def rules_of(form: NewSheetForm) -> dict[str, Any]:
    """The rules object of the new-sheet form: the variant and its choices."""
    if form.variant.data == "belge":
        rules: dict[str, Any] = {
            "variant": "belge",
            "sans_atout": form.sans_atout.data if form.sans_atout.data is not None else 2,
        }
        if form.deals.data:
            rules["deals"] = form.deals.data
        return rules
    return {
        "variant": "classique",
        "partie": form.partie.data,
        "manche": form.manche.data or 34,
        "belle": form.belle.data or 44,
    }


def manille_item(form: SheetCoupForm, classique: bool) -> dict[str, Any]:
    """A Manille coup in the game file's shape."""
    item: dict[str, Any] = {}
    if classique:
        item["retourne"] = int(form.retourne.data or 0)
    else:
        item["trump"] = form.trump.data
        if form.contre.data:
            item["contre"] = form.contre.data
    if form.renonce.data:
        item["renonce"] = form.renonce.data
    elif form.points.data is not None:
        item["points"] = form.points.data
    if form.note.data:
        item["note"] = form.note.data
    return item


def fill(form: SheetCoupForm, item: dict[str, Any]) -> None:
    form.retourne.data = str(item.get("retourne", 0))
    form.trump.data = item.get("trump")
    form.contre.data = item.get("contre", "")
    form.points.data = item.get("points")
    form.renonce.data = item.get("renonce", "")
    form.note.data = item.get("note", "")
