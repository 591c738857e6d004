"""French typography in the French catalog: a narrow no-break space before : ; ! ?, and
the typographic apostrophe.

French sets a thin unbreakable space (U+202F) before the high punctuation
marks, and elides with the apostrophe ’ (U+2019: "l’Hombre", "n’est"), never
the typewriter's '. The catalog's translators type a plain space or none, and
the key's '; this puts the right ones in, so that no code changes them at
render time. Run after filling
translations (``python tools/french_typography.py``); ``--check`` lists the
strings still wrong (tests/web/test_french_typography.py runs it).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from babel.messages.pofile import read_po, write_po

CATALOG = Path(__file__).parent.parent / "scorekeeper/translations/fr/LC_MESSAGES/messages.po"
NARROW = "\u202f"
HIGH = re.compile(r"(?<=\S)[ \u00a0]?([:;!?])(?=\s|$|<|\)|»)")
"""A high mark ending a word or a sentence (not ``12:30``, ``https://``, ``{x!r}``)."""


ELISION = re.compile(r"(?<=[^\W\d_])'(?=[^\W\d_])")
"""A straight apostrophe between two letters: an elision ("l'un", "aujourd'hui"), not a
quote around a value or an attribute (``'{x}'``, ``class='a'``)."""
APOSTROPHE = "\u2019"


def typeset(text: str) -> str:
    """``text`` with a narrow no-break space before each high mark, and ’ in each elision.

    >>> typeset("Vide : les donnes ; ou bien: non ! Vraiment?")
    'Vide\\u202f: les donnes\\u202f; ou bien\\u202f: non\\u202f! Vraiment\\u202f?'
    >>> typeset("12:30 https://x {n!r}")  # no mark ends a word here
    '12:30 https://x {n!r}'
    >>> typeset("l'un de {games}, reçu '{value}' d'Émile")
    "l\u2019un de {games}, reçu '{value}' d\u2019Émile"
    """
    return ELISION.sub(APOSTROPHE, HIGH.sub(lambda m: NARROW + m.group(1), text))


def wrong(text: str) -> bool:
    return typeset(text) != text


def _strings(message: object) -> list[str]:
    string = getattr(message, "string", "")
    return [s for s in (string if isinstance(string, tuple) else (string,)) if s]


def main(argv: list[str]) -> int:
    with CATALOG.open("rb") as handle:
        catalog = read_po(handle, locale="fr")
    if "--check" in argv:
        bad = [s for m in catalog if m.id for s in _strings(m) if wrong(s)]
        for text in bad:
            print(f"fr: a high mark without its narrow space, or a straight apostrophe: {text!r}")
        return 1 if bad else 0
    for message in catalog:
        if not message.id or not message.string:
            continue
        if isinstance(message.string, tuple):
            message.string = tuple(typeset(s) for s in message.string)
        else:
            message.string = typeset(message.string)
    with CATALOG.open("wb") as handle:
        write_po(handle, catalog, width=76)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
