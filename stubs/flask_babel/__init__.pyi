# The few names of Flask-Babel the scorekeeper uses, typed (Flask-Babel ships no
# type information).
from collections.abc import Callable
from decimal import Decimal
from typing import Any

from babel import Locale
from babel.support import Translations
from flask import Flask

class Babel:
    def __init__(self, app: Flask | None = None, **kwargs: Any) -> None: ...
    def init_app(
        self, app: Flask, locale_selector: Callable[[], str | None] | None = None, **kwargs: Any
    ) -> None: ...

def gettext(string: str, **variables: Any) -> str: ...
def ngettext(singular: str, plural: str, num: int, **variables: Any) -> str: ...

# A LazyString, translated when shown: typed as the str it stands for wherever WTForms
# (a label) or a template takes one.
def lazy_gettext(string: str, **variables: Any) -> str: ...
def get_locale() -> Locale | None: ...
def get_translations() -> Translations: ...
def format_currency(
    number: Decimal | float | int, currency: str, format: str | None = None, **kwargs: Any
) -> str: ...
