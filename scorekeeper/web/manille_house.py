"""Manillen's house rules on the new-game form: a named preset, or each rule set by hand.

The fields sit in the form under *house rules*, each with today's meaning as
its default; ``house_rules`` turns them into the game file's rules keys and
``house_words`` says them in the settlement's rules in words
(docs/rules/manille.md §10).

A preset only fills the fields: what is stored is what the fields show.
The page says which preset its fields were drawn from (``house_shown``), so
the server can tell, without script, a field the reader changed (it wins)
from one left as drawn (the preset chosen fills it) — see ``merge_preset``.
"""

from __future__ import annotations

import json
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from wtforms import BooleanField, HiddenField, RadioField
from wtforms.validators import Optional

from ..rules.manille import belge
from ..rules.manille.kinds import HOUSE_PRESETS, Manillen
from .formats.numbers import InRange, WholeField
from .forms import options

HOUSE_DEFAULTS = belge.ManillenRules()


class PresetsData:
    """The page's script fills the house fields from this (static/presets.js)."""

    def presets_data(self) -> str:
        return json.dumps(presets_json())


class HouseRulesFields(PresetsData):
    """The house rules of manillen, mixed into Manille's new-game form."""

    house = RadioField(
        _l("House rules"),
        choices=options(
            [
                ("", _l("as set below")),
                *((key, _l(label)) for key, label in Manillen.presets.items()),
            ]
        ),
        default="",
    )
    house_shown = HiddenField(default="")
    """The preset whose values the fields showed when the page was drawn ("": the defaults)."""
    target = WholeField(
        _l("Play to a number of points"), validators=[Optional(), InRange(1, 10000)]
    )
    doubling = RadioField(
        _l("Contre, sans-atout and 30–30"),
        choices=options(
            [
                ("multiplied", _l("each doubles the deal (×2, ×4, ×8…)")),
                ("added", _l("each adds one (×2, ×3, ×4…)")),
            ]
        ),
        default="multiplied",
    )
    all_tricks = BooleanField(_l("A deal taken 60–0 counts 60, not 30"))
    cap = WholeField(
        _l("Most a deal's multiplier may be"), validators=[Optional(), InRange(0, 1000)]
    )
    tie_carry = RadioField(
        _l("After a 30–30"),
        choices=options(
            [
                ("double", _l("the next deal counts double")),
                ("whole", _l("the next deal carries the tie's whole multiplier")),
            ]
        ),
        default="double",
    )


HOUSE_FIELDS = ("target", "doubling", "all_tricks", "cap", "tie_carry")
"""The fields a preset fills (every one of them: a preset also resets what another set)."""


def preset_fields(name: str) -> dict[str, Any]:
    """The house fields as a preset fills them ("" or an unknown name: the defaults)."""
    rules = belge.ManillenRules(**HOUSE_PRESETS.get(name, {}))
    shown: dict[str, Any] = {name: getattr(rules, name) for name in HOUSE_FIELDS}
    shown["target"] = shown["target"] or None  # an empty field: no target
    shown["cap"] = shown["cap"] or None
    return shown


def _same(a: object, b: object) -> bool:
    return (a or None) == (b or None)  # an empty field, 0 and False say the same


def merge_preset(form: HouseRulesFields) -> None:
    """Fill the fields from the preset chosen, except those the reader changed.

    A field still showing what the page was drawn with (``house_shown``) takes
    the chosen preset's value; a field changed from it wins. With script the
    fields are filled at the choice already, so this changes nothing.
    """
    if form.house.data not in HOUSE_PRESETS:
        return
    drawn, chosen = preset_fields(form.house_shown.data or ""), preset_fields(form.house.data)
    for name in HOUSE_FIELDS:
        field = getattr(form, name)
        if _same(field.data, drawn[name]):
            field.data = chosen[name]
    form.house_shown.data = form.house.data


def presets_json() -> dict[str, dict[str, Any]]:
    """Each preset's fields, for the page's script to fill at the choice."""
    return {"": preset_fields(""), **{name: preset_fields(name) for name in HOUSE_PRESETS}}


def house_rules(form: HouseRulesFields, ends: dict[str, Any]) -> dict[str, Any]:
    """The manillen rules keys of the form's house fields (a preset chosen fills them first)."""
    merge_preset(form)
    rules: dict[str, Any] = {"target": form.target.data} if form.target.data else dict(ends)
    chosen: dict[str, object] = {
        "doubling": form.doubling.data or HOUSE_DEFAULTS.doubling,
        "all_tricks": bool(form.all_tricks.data),
        "cap": form.cap.data or 0,
        "tie_carry": form.tie_carry.data or HOUSE_DEFAULTS.tie_carry,
    }
    rules.update({k: v for k, v in chosen.items() if v != getattr(HOUSE_DEFAULTS, k)})
    return rules


def house_words(rules: belge.ManillenRules) -> list[str]:
    """The house rules that differ from ours, in words (nothing for a game with today's rules)."""
    words = []
    if rules.doubling == "added":
        words.append(_("contre, sans-atout and 30–30 each add one to the multiplier"))
    if rules.all_tricks:
        words.append(_("60–0 counts 60"))
    if rules.cap:
        words.append(_("the multiplier at most ×%(cap)s", cap=rules.cap))
    if rules.tie_carry == "whole":
        words.append(_("a 30–30 carries its whole multiplier"))
    return words
