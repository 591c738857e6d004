"""A rule set's settings on a new-game form: a field drawn from each row of its table.

The rows are ``rules/settings.py``'s ``Setting``: the field's name is the
rules key, its label, bounds, choices and default the row's. A game's form
sets a field per row (``setting_field``), its template loops over
``fields_of`` and its ``rules_of`` reads them back (``setting_value``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from flask_babel import lazy_gettext as _l
from wtforms import BooleanField, Field, RadioField
from wtforms.validators import Optional

from ...rules.settings import Setting, Value
from ..formats.numbers import InRange, WholeField
from ..forms import options


def setting_field(row: Setting) -> Any:
    """The form field of a setting: a box for true or false, a choice, or a whole number."""
    if isinstance(row.default, bool):
        return BooleanField(_l(row.label))
    if row.choices:
        return RadioField(
            _l(row.label),
            choices=options([(value, _l(label)) for value, label in row.choices]),
            default=row.default,
        )
    default: Any = None if row.none or row.blank else row.default
    return WholeField(
        _l(row.label),
        default=default,
        # a row with its own refusal leaves the bound to the engine, whose words say it
        validators=[Optional(), InRange(0 if row.refusal else row.least, row.most)],
    )


def setting_value(row: Setting, field: Field) -> Value | None:
    """What a setting's field says: None for an empty whole number (the table's default)."""
    if isinstance(row.default, bool):
        return bool(field.data)
    if row.choices:
        return str(field.data or row.default)
    value: int | None = field.data
    return 0 if value is None and row.none else value


def fields_of(
    form: object, table: Sequence[Setting], group: str = ""
) -> list[tuple[Setting, Field]]:
    """The rows of ``group`` with their fields in ``form`` (the template's loop)."""
    return [(row, getattr(form, row.key)) for row in table if row.group == group]
