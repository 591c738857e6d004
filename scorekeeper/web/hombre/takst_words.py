"""A Danish club's own rates (*takst*) in the page's words (issue 35, point 7).

The rule set keeps each contract under its key (``nolo_pur``); a reader types
and reads it as the page names it, in any of the site's languages ("ren nolo",
"nolo pur"), or by its key. The names are the catalogs' own (``CONTRACT_WORDS``),
so a translation changed there is understood here at once.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from flask_babel import force_locale

from ...i18n import LANGUAGES
from ...rules.errors import N_, GameError
from ...rules.hombre.danois import DanishContract
from ...rules.hombre.takst import MOST, UNION_NAMES, Takst, name_key, read_takst, takst_text
from .forms import CONTRACT_WORDS

CONTRACTS = tuple(str(c) for c in DanishContract)
EXAMPLE: Takst = (("solo", 3, 3, 4), ("nolo_pur", 4, 4, 5))


def reader_words() -> dict[str, str]:
    """Each Danish contract's key → its name in the reader's language."""
    return {key: str(CONTRACT_WORDS[key]) for key in CONTRACTS}


@cache
def _names() -> dict[str, str]:
    found = {name_key(key): key for key in CONTRACTS}
    for language in LANGUAGES:
        with force_locale(language):
            found |= {name_key(str(CONTRACT_WORDS[key])): key for key in CONTRACTS}
    return found | {name_key(name): key for name, key in UNION_NAMES.items()}


def contract_names() -> Mapping[str, str]:
    """Every name a page shows a contract by, in every language, and its key → the key."""
    return _names()


def read_form_takst(text: str) -> dict[str, list[int]]:
    """The takst field as the game file writes it; a name no page uses, or a rate past the
    rule set's bound, is refused in words: the contract as the page names it, no field path
    (the engine's own refusal, for a file, is "rules.takst: solo needs three rates…", which
    a Danish page showed as it was, smoke25)."""
    words = reader_words()
    found = read_takst(text, contract_names(), takst_text(EXAMPLE, words))
    for name, rates in found.items():
        if name not in CONTRACTS:
            raise GameError(
                "rules.takst",
                N_("{name!r} is not one of the contracts: {choices}"),
                name=name,
                choices=", ".join(words.values()),
            )
        if any(rate > MOST for rate in rates):  # read_takst reads whole numbers only
            raise GameError(
                "rules.takst",
                N_("{name}: each of its three rates is from 0 to {most}"),
                name=words[name],
                most=MOST,
            )
    return found


def shown_takst(takst: Any) -> str:
    """The takst as the reader's page shows it: ``ren nolo 5 5 6`` on a Danish page."""
    return takst_text(takst, reader_words())
