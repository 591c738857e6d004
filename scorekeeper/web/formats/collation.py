"""Lists of people in the reader's collation: Élise before Zoé, Åse after Zoé in Danish.

A hand-written key (``casefold``, SQLite's ``nocase``) sorts by code point, so
every accented capital lands after Z. ICU's collators (PyICU, which
names.py already uses) know each language's own order: French ignores
accents at first, Danish puts Æ Ø Å (and Aa) after Z. Only what a page shows is sorted so: the
order in which money is settled is by member number (clubs/ties.py ``pay_order``), whatever
the reader's language or a member's name.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache
from typing import Any, TypeVar

import icu
from flask_babel import get_locale

T = TypeVar("T")


@cache
def _collator(language: str) -> Any:  # icu.Collator (PyICU ships no type information)
    return icu.Collator.createInstance(icu.Locale(language))


def name_key(language: str | None = None) -> Callable[[str], bytes]:
    """The sort key of a name in ``language`` (default: the reader's)."""
    if language is None:
        locale = get_locale()
        language = locale.language if locale is not None else "en"
    sort_key: Callable[[str], bytes] = _collator(language).getSortKey
    return sort_key


def by_name(items: Iterable[T], name: Callable[[T], str]) -> list[T]:
    """``items`` by their ``name`` in the reader's collation (equal names keep their order)."""
    key = name_key()
    return sorted(items, key=lambda item: key(name(item)))


def names_sorted(names: Iterable[str]) -> list[str]:
    """Names in the reader's collation."""
    return by_name(names, str)
