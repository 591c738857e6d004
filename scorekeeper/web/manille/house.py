"""Manillen's house rules on the new-game form: a named preset, or each rule set by hand.

Every field is drawn from its setting's row (``rules/manille/house.py``'s
``HOUSE``, through ``sheet.settings.setting_field``): its name is the rules key, its label,
bounds and choices the row's; ``house_rules`` reads them back and
``house_words`` says them in the rules line (docs/rules/manille.md §10).

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
from wtforms import HiddenField, RadioField

from ...rules import settings
from ...rules.manille import house
from ...rules.manille.belge import ManillenRules
from ...rules.manille.kinds import Manillen
from ..forms import options
from ..sheet.settings import setting_field, setting_value


class PresetsData:
    """The page's script fills the house fields from this (static/presets.js)."""

    def presets_data(self) -> str:
        return json.dumps(presets_json())


class HouseRulesFields(PresetsData):
    """The house rules of manillen, mixed into Manille's new-game form (a field per row)."""

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


for _row in house.HOUSE:
    setattr(HouseRulesFields, _row.key, setting_field(_row))


def preset_fields(name: str) -> dict[str, Any]:
    """The house fields as a preset fills them ("" or an unknown name: the defaults)."""
    rules = ManillenRules(**settings.preset(house.HOUSE, name))
    return {
        row.key: (getattr(rules, row.key) or None) if row.none else getattr(rules, row.key)
        for row in house.HOUSE
    }


def _same(a: object, b: object) -> bool:
    return (a or None) == (b or None)  # an empty field, 0 and False say the same


def merge_preset(form: HouseRulesFields) -> None:
    """Fill the fields from the preset chosen, except those the reader changed.

    A field still showing what the page was drawn with (``house_shown``) takes
    the chosen preset's value; a field changed from it wins. With script the
    fields are filled at the choice already, so this changes nothing.
    """
    if form.house.data not in Manillen.presets:
        return
    drawn, chosen = preset_fields(form.house_shown.data or ""), preset_fields(form.house.data)
    for row in house.HOUSE:
        field = getattr(form, row.key)
        if _same(field.data, drawn[row.key]):
            field.data = chosen[row.key]
    form.house_shown.data = form.house.data


def presets_json() -> dict[str, dict[str, Any]]:
    """Each preset's fields, for the page's script to fill at the choice."""
    return {"": preset_fields(""), **{name: preset_fields(name) for name in Manillen.presets}}


def house_rules(form: HouseRulesFields) -> dict[str, Any]:
    """The house rules the form's fields say, by key (a preset chosen fills them first)."""
    merge_preset(form)
    return {row.key: setting_value(row, getattr(form, row.key)) for row in house.HOUSE}


def house_words(rules: ManillenRules) -> list[str]:
    """The house rules that differ from ours, in words (nothing for a game with today's rules)."""
    return [
        _(row.words, **{row.key: value}) for row, value in settings.in_words(house.HOUSE, rules)
    ]
