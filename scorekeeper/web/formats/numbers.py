"""Numbers typed into a form: whole numbers (issue 36) and amounts, in the reader's language.

Amounts (a sum of money, a chip's worth: ``read_decimal``, ``read_cents``) are read as
the page writes them, by the reader's language's own conventions (CLDR's, through
Babel's ``parse_decimal``, strict): "1 000,50" in French with the grouping the page
prints (a narrow no-break space; a no-break or a plain space typed for it),
"1.000,50" in Danish and Dutch, "1,000.50" in English. Each amount field reads
through them; a sum a language cannot read is refused beside its field.

Whole numbers are read without floats and within their range.

WTForms' ``IntegerField`` reads any text ``int()`` reads ("١٢", "1_000", 400
digits) and its ``NumberRange`` compares through floats: a 400-digit seed
was a 500 (``OverflowError``). Here a number is ASCII digits (a minus sign
only where the range goes below zero), at most as many digits as its bounds
have, compared with its bounds as ints. The messages are WTForms' own, in the
reader's language (its catalogs, ``i18n.wtforms_catalog``).
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

from babel import Locale
from babel.numbers import (
    NumberFormatError,
    format_decimal,
    get_decimal_symbol,
    get_group_symbol,
    parse_decimal,
)
from flask_babel import get_locale
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
    """The bounds said as the reader writes numbers: "1 000 000" in French, "1.000.000" in
    Danish, with a true minus (a bare "1000000" was hard to count)."""
    return field.gettext(OUT_OF_RANGE) % {"min": grouped(bounds.low), "max": grouped(bounds.high)}


def grouped(value: int, locale: Locale | str | None = None) -> str:
    """A whole number in the reader's groups of three, a true minus below zero; what
    ``ungrouped`` reads back.

    >>> [grouped(-1000000, code) for code in ("fr", "da", "en")]
    ['−1\u202f000\u202f000', '−1.000.000', '−1,000,000']
    >>> grouped(120, "nl")
    '120'
    """
    where = locale if locale is not None else get_locale() or "en"
    text = format_decimal(abs(value), format="#,##0", locale=where)
    return f"{MINUS}{text}" if value < 0 else text


MINUS = "\u2212"
"""The true minus a bound is printed with (``grouped``): read as "-" where typed, so a bound
copied out of the message reads back."""


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
    if raw.startswith(MINUS):  # as the message prints a negative bound
        raw = "-" + raw[1:]
    if raw == "":
        if isinstance(text, str):
            return None
        raise ValueError(field.gettext(NOT_WHOLE))
    match = _WHOLE.fullmatch(ungrouped(raw))
    if match is None:
        raise ValueError(field.gettext(NOT_WHOLE))
    digits = match["digits"].lstrip("0") or "0"
    if len(digits) > bounds.digits() or (match["sign"] and bounds.low >= 0 and digits != "0"):
        raise ValueError(out_of_range(field, bounds))
    return -int(digits) if match["sign"] else int(digits)


_WHOLE = re.compile(r"(?P<sign>-?)(?P<digits>[0-9]+)", re.ASCII)


def ungrouped(raw: str, locale: Locale | str | None = None) -> str:
    """A whole number typed with the grouping of ``locale`` (the reader's language by
    default) as plain digits: "1 000" in French (any of its spaces), "1.000" in Danish and
    Dutch, "1,000" in English, as the pages print a thousand; anything else as typed, for
    ``read_whole`` to read or refuse ("1.000" in French, "10,00" in English, "1 00").

    >>> ungrouped("1 000", "fr"), ungrouped("1.000", "da"), ungrouped("-1,000,000", "en")
    ('1000', '1000', '-1000000')
    >>> ungrouped("1.000", "fr"), ungrouped("10,00", "en"), ungrouped("1 00", "fr")
    ('1.000', '10,00', '1 00')
    """
    where = locale if locale is not None else get_locale() or "en"
    group = get_group_symbol(where)
    text = own_spaces(raw, group)
    sign, body = ("-", text[1:]) if text.startswith("-") else ("", text)
    if re.fullmatch(f"[0-9]{{1,3}}(?:{re.escape(group)}[0-9]{{3}})+", body, re.ASCII):
        return sign + body.replace(group, "")
    return raw


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


SPACES = " \u00a0\u202f"
"""The spaces a grouping may be typed with where the language groups with one (French's
narrow no-break space, which the page prints; a no-break or a plain space for it)."""


def own_spaces(raw: str, group: str) -> str:
    """Any space typed where a language groups with a space, as its own (French prints a
    narrow no-break space; a reader types a plain or a no-break one): the one home of that
    step for a whole number (``ungrouped``) and an amount (``read_decimal``)."""
    return re.sub(f"[{SPACES}]+", group, raw) if group in SPACES else raw


_DIGITS = frozenset("0123456789")
_PLAIN = re.compile(r"(?P<whole>[0-9]{1,9})[.,](?P<part>[0-9]+)", re.ASCII)


def read_decimal(text: object, locale: Locale | str | None = None) -> Decimal | None:
    """An amount as typed in ``locale`` (the reader's language by default); None if that
    language cannot read it (or nothing is typed).

    Babel's ``parse_decimal`` (strict: a grouping must be where the language puts one)
    reads it in the language's own conventions, once any space typed for a grouping of
    spaces is the language's own; only ASCII digits and the language's separators are
    taken (no sign, no exponent, no "1_000", no other script's digits, which Python's
    Decimal would take). One separator that cannot be a grouping (not followed by three
    digits, or after a lone 0) is read as the decimal mark, as the pages always took it:
    "12,5" in English, "0.05" in Danish, "12.5" in French; "1.000" in French is neither
    (Babel alone would take the dot for French's decimal mark and read one).

    >>> [read_decimal(t, "fr") for t in ("1 000,50", "1\u202f000,50", "1\xa0000", "12.5")]
    [Decimal('1000.50'), Decimal('1000.50'), Decimal('1000'), Decimal('12.5')]
    >>> [read_decimal(t, "fr") for t in ("1.500", "0.025", "1,500")]
    [None, Decimal('0.025'), Decimal('1.500')]
    >>> [read_decimal(t, "da") for t in ("1.000,50", "1.000", "0.05", "0.025", "1 000")]
    [Decimal('1000.50'), Decimal('1000'), Decimal('0.05'), Decimal('0.025'), None]
    >>> [read_decimal(t, "en") for t in ("1,000.50", "12,5", "1.000,50", "-3", "1e3", "١٢")]
    [Decimal('1000.50'), Decimal('12.5'), None, None, None, None]
    """
    where = locale if locale is not None else get_locale() or "en"
    raw = str(text if text is not None else "").strip()
    if not raw:
        return None
    group, mark = get_group_symbol(where), get_decimal_symbol(where)
    raw = own_spaces(raw, group)
    if not set(raw) <= _DIGITS | {group, mark, ".", ","} or raw[0] not in _DIGITS:
        return None
    try:
        if set(raw) & {".", ","} - {group, mark}:  # not the language's: Babel takes French
            raise NumberFormatError(raw)  # "1.500" for 1,5, where Danish writes 1 500
        return parse_decimal(raw, locale=where, strict=True)
    except NumberFormatError:
        plain = _PLAIN.fullmatch(raw)
        if plain is None or (len(plain["part"]) == 3 and plain["whole"] != "0"):
            return None  # "1.000" in French: a thousand or one? The language said neither
        return Decimal(f"{plain['whole']}.{plain['part']}")


def typed_decimal(value: Decimal, locale: Locale | str | None = None) -> str:
    """A number as the reader types one, for a field that shows it again (a chip value
    set): the language's decimal mark, every decimal kept, no grouping; ``read_decimal``
    reads it back as it was. ``str`` wrote a dot for every reader ("0.025" in Danish),
    which only the one-separator rule read again.

    >>> [typed_decimal(Decimal("0.025"), code) for code in ("da", "nl", "fr", "en")]
    ['0,025', '0,025', '0,025', '0.025']
    >>> typed_decimal(Decimal("1000000"), "fr"), typed_decimal(Decimal("12.5"), "da")
    ('1000000', '12,5')
    """
    where = locale if locale is not None else get_locale() or "en"
    return format_decimal(value, format="0.#", locale=where, decimal_quantization=False)


def read_cents(text: object, locale: Locale | str | None = None) -> int | None:
    """A sum typed in the reader's language (``read_decimal``) in whole cents; None if it
    is not one (unread, or finer than a cent).

    >>> read_cents("1 000,50", "fr"), read_cents("1.000,50", "nl"), read_cents("12,505", "fr")
    (100050, 100050, None)
    """
    value = read_decimal(text, locale)
    if value is None:
        return None
    cents = value * 100
    return int(cents) if cents == cents.to_integral_value() else None


UNREAD = "?"
"""What ``plain_decimal`` hands on for a number the reader's language cannot read: no
plain reader reads it, so that reader refuses it beside its field."""


def plain_decimal(text: object) -> str:
    """A number typed in the reader's language as a plain decimal with a dot, for a reader
    of plain numbers (``rules.money.parse_money``); nothing typed, empty; what the language
    cannot read, ``UNREAD`` (that reader refuses it): never the text as typed, which a plain
    reader may read otherwise (French "1.000", refused here, read as 1 there).

    >>> plain_decimal("1,000.5"), plain_decimal("1.000,5"), plain_decimal(" ")  # in English
    ('1000.5', '?', '')
    """
    value = read_decimal(text)
    if value is not None:
        return format(value, "f")
    return "" if not str(text if text is not None else "").strip() else UNREAD
