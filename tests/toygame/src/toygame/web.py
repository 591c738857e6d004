"""The toy Belote game's web half: its one web module, through the extension points alone.

Its forms stand on the points games' base (``scorekeeper.web.sheet``): a new
game asks the target score, a coup the taking team and its card points.
``BELOTE`` holds its kind, its coup entry, its sheet, its new-game form and
its template folder (``templates/`` beside this file, shipped as package
data); the entry point's ``GAME`` makes it when the pages ask.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from wtforms import IntegerField, RadioField
from wtforms.validators import NumberRange, Optional

from scorekeeper.web.forms import options
from scorekeeper.web.hookspecs import CoupEntry, GameWeb, NewGame, PointsSheet
from scorekeeper.web.sheet.forms import (
    NewSheetForm,
    SheetCoupForm,
    new_sheet_form,
    points_coup_form,
    saving,
)
from scorekeeper.web.sheet.pages import SheetPages

from .rules import BELOTE as KIND
from .rules import CARD_POINTS, CONTRACT

TEAMS = options([("nous", _l("Nous")), ("eux", _l("Eux"))])


class BeloteNewForm(NewSheetForm):
    """Four players, the first dealer and the game's own setting: the target score."""

    target = IntegerField(
        _l("Points to win the game"), default=1000, validators=[Optional(), NumberRange(1, 10000)]
    )


class BeloteCoupForm(SheetCoupForm):
    """The team that took and its card points (the engine checks 0 to 162)."""

    taker = RadioField(_l("Taken by"), choices=TEAMS, validate_choice=False)


def _fill(form: BeloteCoupForm, item: dict[str, Any]) -> None:
    form.taker.data = item.get("taker")
    form.points.data = item.get("points")
    form.note.data = item.get("note", "")


class BeloteEntry(CoupEntry[BeloteCoupForm]):
    def form(self, stored: Any, coup: Any = None) -> BeloteCoupForm:
        return points_coup_form(BeloteCoupForm, stored, coup, _fill)

    def valid(self, form: BeloteCoupForm, stored: Any) -> bool:
        return bool(form.validate())

    def read(self, form: BeloteCoupForm, stored: Any) -> Any:
        item: dict[str, Any] = {"taker": form.taker.data, "points": form.points.data}
        if form.note.data:
            item["note"] = form.note.data
        return stored.kind.load_coup(item, stored.game)

    def saving(self, form: BeloteCoupForm) -> bool:
        return saving(form)

    def error_fields(self) -> Mapping[str, str]:
        return {"taker": "taker", "points": "points", "note": "note"}


class BeloteSheet(PointsSheet):
    def line(self, result: Any, columns: tuple[str, ...]) -> tuple[str, str]:
        """Who took, and dedans when the takers missed their 82."""
        detail = _("%(team)s took", team=columns[result.coup.taker])
        if not result.made:
            detail += " · " + _("dedans")
        return detail, ""

    def standing(self, report: Any, columns: tuple[str, ...], names: tuple[str, ...]) -> list[str]:
        totals = " · ".join(f"{c} {t}" for c, t in zip(columns, report.totals))
        if report.finished:
            return [_("The game is won by %(team)s.", team=columns[report.winner]), totals]
        target = report.game.rules.target
        return [_("Game to %(target)s: %(totals)s", target=target, totals=totals)]

    def rules_text(self, rules: Any) -> str:
        return _(
            "Belote: a game to %(target)s, %(points)s card points a coup, made with %(made)s",
            target=rules.target,
            points=CARD_POINTS,
            made=CONTRACT,
        )


class BeloteNew(NewGame[BeloteNewForm]):
    def form(self, posted: bool) -> BeloteNewForm:
        return new_sheet_form(BeloteNewForm, posted)

    def rules_of(self, form: BeloteNewForm) -> Mapping[str, Any]:
        return {"target": form.target.data or 1000}

    def fill(self, form: BeloteNewForm, game: Any) -> None:
        form.fill(game)


BELOTE = GameWeb(
    name=KIND.game,
    kinds=(KIND,),
    entry=BeloteEntry(),
    pages=SheetPages(KIND.game, BeloteSheet(), BeloteEntry()),
    templates=Path(__file__).parent / "templates",
    new_game=BeloteNew(),
)
"""The toy's web half: what ``toygame.GAME.web()`` gives the pages."""
