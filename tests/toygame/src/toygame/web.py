"""The toy Belote game's web half: its one web module, through the extension points alone.

Its forms stand on the points games' base (``scorekeeper.web.sheet``): a new
game asks the target score, a coup the taking team and its card points.
Like Scorekeeper's own points games it gives its forms and a few functions
to ``PointsGame`` and lets ``points_web`` build the web half; the one thing
it says besides is where its templates are (``templates/`` beside this
file, shipped as package data), since they are not Scorekeeper's.
``BELOTE`` is what the entry point's ``GAME`` makes when the pages ask.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from wtforms import IntegerField, RadioField
from wtforms.validators import NumberRange, Optional

from scorekeeper.store import StoredGame
from scorekeeper.web.forms import options
from scorekeeper.web.hookspecs import Report, Rules, narrowed
from scorekeeper.web.sheet.forms import NewSheetForm, SheetCoupForm, points_coup_form
from scorekeeper.web.sheet.game import PointsGame, points_web

from .rules import BELOTE as KIND
from .rules import CARD_POINTS, CONTRACT, BeloteReport, BeloteResult, BeloteRules

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


def coup_form(stored: StoredGame, coup: object | None) -> BeloteCoupForm:
    return points_coup_form(BeloteCoupForm, stored, coup, _fill)


def valid(form: BeloteCoupForm, stored: StoredGame) -> bool:
    return bool(form.validate())


def read_coup(form: BeloteCoupForm, stored: StoredGame) -> object:
    """The coup in the game file's shape, read by the kind's own file reader."""
    item: dict[str, Any] = {"taker": form.taker.data, "points": form.points.data}
    if form.note.data:
        item["note"] = form.note.data
    return stored.kind.load_coup(item, stored.game)


def rules_of(form: BeloteNewForm) -> Mapping[str, Any]:
    return {"target": form.target.data or 1000}


def line(result: object, columns: tuple[str, ...]) -> tuple[str, str]:
    """Who took, and dedans when the takers missed their 82."""
    coup = narrowed(result, BeloteResult)
    detail = _("%(team)s took", team=columns[coup.coup.taker])
    if not coup.made:
        detail += " · " + _("dedans")
    return detail, ""


def standing(report: Report, columns: tuple[str, ...], names: tuple[str, ...]) -> list[str]:
    belote = narrowed(report, BeloteReport)
    totals = " · ".join(f"{c} {t}" for c, t in zip(columns, belote.totals))
    if belote.winner is not None:
        return [_("The game is won by %(team)s.", team=columns[belote.winner]), totals]
    return [_("Game to %(target)s: %(totals)s", target=belote.game.rules.target, totals=totals)]


def rules_text(rules: Rules) -> str:
    return _(
        "Belote: a game to %(target)s, %(points)s card points a coup, made with %(made)s",
        target=narrowed(rules, BeloteRules).target,
        points=CARD_POINTS,
        made=CONTRACT,
    )


BELOTE = replace(
    points_web(
        PointsGame(
            name=KIND.game,
            kinds=(KIND,),
            coup_form=coup_form,
            valid=valid,
            read_coup=read_coup,
            error_fields={"taker": "taker", "points": "points", "note": "note"},
            new_form=BeloteNewForm,
            rules_of=rules_of,
            line=line,
            standing=standing,
            rules_text=rules_text,
        )
    ),
    templates=Path(__file__).parent / "templates",
)
"""The toy's web half: what ``toygame.GAME.web()`` gives the pages."""
