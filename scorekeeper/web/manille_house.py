"""Manillen's house rules on the new-game form: a named preset, or each rule set by hand.

The fields sit in the form under *house rules*, each with today's meaning as
its default; ``house_rules`` turns them into the game file's rules keys and
``house_words`` says them in the settlement's rules in words
(docs/rules/manille.md §10).
"""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from wtforms import BooleanField, RadioField
from wtforms.validators import Optional

from ..rules.manille import belge
from ..rules.manille.kinds import HOUSE_PRESETS, Manillen
from .forms import options
from .numbers import InRange, WholeField

HOUSE_DEFAULTS = belge.ManillenRules()


class HouseRulesFields:
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


def house_rules(form: Any, ends: dict[str, Any]) -> dict[str, Any]:
    """The manillen rules keys of the form: a preset's, or ``ends`` and the house fields."""
    if form.house.data in HOUSE_PRESETS:
        preset = HOUSE_PRESETS[form.house.data]
        return {**(ends if "target" not in preset else {}), **preset}
    rules = {"target": form.target.data} if form.target.data else dict(ends)
    chosen = {
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
