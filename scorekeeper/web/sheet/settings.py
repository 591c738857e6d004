"""A rule set's settings on a new-game form: a field drawn from each row of its table.

The rows are ``rules/settings.py``'s ``Setting``: the field's name is the
rules key, its label, bounds, choices, default and help the row's. A game's
form sets a field per row (``setting_field``, its HTML attributes
``field_attrs``), its template loops over ``fields_of`` and its ``rules_of``
reads them back (``setting_value``); the rules line says a row's value in
its words (``in_line``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import ngettext
from wtforms import BooleanField, Field, RadioField, StringField
from wtforms.validators import Optional

from ...rules.settings import Setting, Value
from ..formats.numbers import InRange, WholeField
from ..forms import at_most, options


def setting_field(row: Setting, shared: bool = False) -> Any:
    """The form field of a setting: a box for true or false, a choice, a text or a whole
    number. ``shared``: the form also holds other rule sets' fields (l'Hombre's money
    systems), so a choice starts unset and is left to the rule set to check (the page's
    rules may be another system's, whose post does not send it)."""
    if isinstance(row.default, bool):
        return BooleanField(_l(row.label))
    if row.choices:
        return RadioField(
            _l(row.label),
            choices=options([(value, _l(label)) for value, label in row.choices]),
            default=None if shared else row.default,
            validate_choice=not shared,
        )
    if isinstance(row.default, str):  # read and checked by its rule set
        longest = [at_most(row.longest)] if row.longest else []
        return StringField(_l(row.label), validators=[Optional(), *longest])
    default: Any = None if row.none or row.blank else row.default
    return WholeField(
        _l(row.label),
        default=default,
        # a row with its own refusal leaves the bound to the engine, whose words say it
        validators=[Optional(), InRange(0 if row.refusal else row.least, row.most)],
    )


def field_attrs(row: Setting) -> dict[str, Value]:
    """The HTML attributes of a setting's field beyond its type's: a whole number's numeric
    keyboard, a text's length and no autocompletion, the row's own (``attrs``)."""
    if isinstance(row.default, bool) or row.choices:
        return dict(row.attrs)
    if isinstance(row.default, str):
        longest: dict[str, Value] = {"maxlength": row.longest} if row.longest else {}
        return {"autocomplete": "off", **longest, **row.attrs}
    return {"inputmode": "numeric", **row.attrs}


def setting_value(row: Setting, field: Field) -> Value | None:
    """What a setting's field says: None for an empty whole number (the table's default)."""
    if isinstance(row.default, bool):
        return bool(field.data)
    if row.choices:
        return str(field.data or row.default)
    value: int | None = field.data
    return 0 if value is None and row.none else value


def in_line(row: Setting, value: Value) -> str:
    """A setting as the rules line says it, in the reader's language: its value's ``said``
    words, its ``counted`` words, its ``words``, or the value as it is."""
    said = dict(row.said).get(value)
    if said:
        return _(said)
    singular, plural = row.counted
    if singular and isinstance(value, int):
        return ngettext(singular, plural, value)
    if row.words:
        return _(row.words, **{row.key: value})
    return str(value)


def fields_of(
    form: object, table: Sequence[Setting], group: str = ""
) -> list[tuple[Setting, Field]]:
    """The rows of ``group`` with their fields in ``form`` (the template's loop)."""
    return [(row, getattr(form, row.key)) for row in table if row.group == group]
