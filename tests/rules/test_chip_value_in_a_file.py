"""A game file's chip value written as a JSON number is read as the decimal written.

The format writes it as a decimal string (docs/formats.md, "The chip value"); another
tool may write a number. JSON numbers with a fraction are read as floats
(``importing.parse``), and ``str`` of a float is its shortest form, in an exponent below
10⁻⁴: 0.00005 (five decimals, allowed: at most six) came to ``parse_money`` as "5e-05" and
was refused as no number. It is now read back as the decimal written: a float's shortest
form is exact for every chip value allowed (7 + 6 digits, under a double's 15).
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from scorekeeper.rules.errors import GameError
from scorekeeper.rules.importing import parse
from scorekeeper.rules.money import money_from_file


def _money(number: str):
    return money_from_file(
        parse(f'{{"money": {{"chip_value": {number}, "currency": "EUR"}}}}'.encode())
    )


@pytest.mark.parametrize(
    ("written", "value"),
    [("0.00005", "0.00005"), ("0.000001", "0.000001"), ("0.05", "0.05"), ("0.025", "0.025"),
     ("1000000", "1000000"), ("1e-5", "0.00001")],
)  # fmt: skip
def test_a_number_is_the_decimal_written(written, value):
    money = _money(written)
    assert money is not None and money.chip_value == Decimal(value)
    assert str(money.chip_value) == value  # as the file will be written again: no exponent


@pytest.mark.parametrize("written", ["0.0000001", "0.1234567", "0", "-0.05", "1000000.5"])
def test_a_number_beyond_the_rules_is_refused_as_the_string_is(written):
    with pytest.raises(GameError):
        _money(written)
