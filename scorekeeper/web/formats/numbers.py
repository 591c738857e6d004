"""Whole numbers typed into a form, read without floats and within their range (issue 36).

WTForms' ``IntegerField`` reads any text ``int()`` reads ("١٢", "1_000", 400
digits) and its ``NumberRange`` compares through floats: a 400-digit seed
was a 500 (``OverflowError``). Here a number is ASCII digits (a minus sign
only where the range goes below zero), at most as many digits as its bounds
have, compared with its bounds as ints. The messages are WTForms' own, in the
reader's language (its catalogs, ``i18n.wtforms_catalog``).
"""

from __future__ import annotations

import re
from typing import Any

from wtforms import Field, IntegerField
from wtforms.form import BaseForm
from wtforms.validators import StopValidation, ValidationError

NOT_WHOLE = "Not a valid integer value."
OUT_OF_RANGE = "Number must be between %(min)s and %(max)s."


class InRange:
    """The field's bounds, both included, compared as ints (never through a float)."""

    def __init__(self, low: int, high: int) -> None:
        if low > high:
            raise ValueError(f"an empty range: {low} > {high}")
        self.low = low
        self.high = high
        self.field_flags = {"min": low, "max": high}  # the input's min and max, as NumberRange

    def __call__(self, form: BaseForm, field: Field) -> None:
        if field.process_errors:  # not read as a number: said once, by the reading
            raise StopValidation()
        data = field.data
        if data is None or type(data) is not int or not self.low <= data <= self.high:
            raise ValidationError(out_of_range(field, self))

    def digits(self) -> int:
        """The most digits a number within the bounds has."""
        return max(len(str(abs(self.low))), len(str(abs(self.high))))


def out_of_range(field: Field, bounds: InRange) -> str:
    return field.gettext(OUT_OF_RANGE) % {"min": bounds.low, "max": bounds.high}


def bounds_of(field: Field) -> InRange:
    """The ``InRange`` among the field's validators (every whole field has one)."""
    for validator in field.validators:
        if isinstance(validator, InRange):
            return validator
    raise TypeError(f"the whole field {field.name} has no InRange validator")


def read_whole(field: Field, text: Any) -> int | None:
    """``text`` as a whole number within ``field``'s bounds' digits; None if empty.

    Raises ValueError with the message to show: not a whole number (a fraction,
    other digits than ASCII, "1_000", "+1"), or out of range (a minus sign the range
    does not allow, more digits than the bounds have: no int is even made of it).
    """
    bounds = bounds_of(field)
    raw = text.strip() if isinstance(text, str) else ""
    if raw == "":
        if isinstance(text, str):
            return None
        raise ValueError(field.gettext(NOT_WHOLE))
    match = _WHOLE.fullmatch(raw)
    if match is None:
        raise ValueError(field.gettext(NOT_WHOLE))
    digits = match["digits"].lstrip("0") or "0"
    if len(digits) > bounds.digits() or (match["sign"] and bounds.low >= 0 and digits != "0"):
        raise ValueError(out_of_range(field, bounds))
    return -int(digits) if match["sign"] else int(digits)


_WHOLE = re.compile(r"(?P<sign>-?)(?P<digits>[0-9]+)", re.ASCII)


class WholeField(IntegerField):
    """An integer field read by ``read_whole``: its ``InRange`` validator bounds it."""

    def process_formdata(self, valuelist: list[Any]) -> None:
        if not valuelist:
            return
        try:
            self.data = read_whole(self, valuelist[0])
        except ValueError:
            self.data = None
            raise

    def pre_validate(self, form: BaseForm) -> None:
        bounds_of(self)  # a whole field without bounds is a programming error, found early
