"""What a chip is worth: set on a game, used only to show amounts in money."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any

from .errors import N_, GameError

_CURRENCY = re.compile(r"^[A-Z]{3}$")


@dataclass(frozen=True)
class Money:
    """One chip's value in a currency (ISO 4217 code, e.g. EUR)."""

    chip_value: Decimal
    currency: str

    def to_file(self) -> dict[str, str]:
        return {"chip_value": str(self.chip_value), "currency": self.currency}


_CHIP_VALUE = re.compile(r"[0-9]{1,7}(?:\.[0-9]{1,40})?")
"""A chip value as typed: at most 7 whole digits (the most is 1,000,000) and a few decimals."""


def parse_money(chip_value: Any, currency: Any) -> Money | None:
    """Money from what was typed or read; None when no chip value is given.

    >>> parse_money("0,05", "eur")
    Money(chip_value=Decimal('0.05'), currency='EUR')
    >>> parse_money("0.0250000", "EUR").chip_value, parse_money("100.0000000", "EUR").chip_value
    (Decimal('0.025'), Decimal('100'))
    """
    if isinstance(chip_value, float) and math.isfinite(chip_value):
        # a game file's JSON number (``importing.parse`` reads fractions as floats): the
        # decimal written, never the float's exponent form ("5e-05", refused as no number);
        # a float's shortest form is exact for every value allowed (13 digits at most)
        chip_value = format(Decimal(repr(chip_value)), "f")
    text = str(chip_value if chip_value is not None else "").strip().replace(",", ".")
    if not text:
        return None
    # ASCII digits only, read by Decimal (never a float): Decimal alone takes "١٢", "1e3"
    if not _CHIP_VALUE.fullmatch(text):
        raise GameError("chip_value", N_("a chip value is a number such as 0.05")) from None
    try:
        value = Decimal(text)
    except InvalidOperation:
        raise GameError("chip_value", N_("a chip value is a number such as 0.05")) from None
    if not value.is_finite() or value <= 0 or value > 1_000_000:
        raise GameError("chip_value", N_("a chip value is a number such as 0.05")) from None
    if -value.as_tuple().exponent > 6:  # type: ignore[operator]
        value = Decimal(text.rstrip("0").rstrip("."))  # "0.0250000" is 0.025: zeros said nothing
    if -value.as_tuple().exponent > 6:  # type: ignore[operator]
        raise GameError("chip_value", N_("a chip value has at most 6 decimals"))
    code = str(currency or "").strip().upper()
    if not _CURRENCY.match(code):
        raise GameError("currency", N_("the currency is a 3-letter code such as EUR"))
    return Money(value, code)


def money_from_file(data: Any) -> Money | None:
    """The optional ``money`` key of a game file (an extra key of the format)."""
    if not isinstance(data, dict) or "money" not in data:
        return None
    money = data["money"]
    if not isinstance(money, dict):
        raise GameError("money", N_("money must be an object"))
    try:
        return parse_money(money.get("chip_value"), money.get("currency"))
    except GameError as error:  # the same words, its field placed in the file ("money.currency")
        raise GameError(f"money.{error.field}", error.source, None, **error.params) from None
