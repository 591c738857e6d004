"""Players' names as the table says them: "Anne", "anne ", "Anné" and "Аnne" are one person.

One rule everywhere a name enters (a game's players typed or read from a file,
a seat taken, a club's members and the names of its tables, an event's
players, a club's presets), Unicode's own:

- ``tidy``: the name as kept: invisible characters removed (default-ignorable
  code points, format characters such as U+200B, U+00AD, U+200D, U+202E, the
  Hangul fillers; controls), trimmed, inner runs of spaces made one space.
- ``fault``: why a name is no name (``NameFault``), from Unicode's general
  categories: a name is letters, marks, numbers, punctuation, spaces and
  the symbols written among letters ("<", "+", "€", "^"), with at least one
  letter or number once tidied — no other symbol (So: pictographs and
  patterns; the Braille blank U+2800 is one that prints nothing), no
  unassigned or private code point. A name read from a file is refused if it holds what ``tidy``
  would remove (its names are the keys its coups use, so none is changed).
- ``same_key``: what two names of one person share: NFKC_Casefold (which also
  drops the default-ignorables), no accents, no spaces. "ANNE", "Anné",
  "Ａｎｎｅ" and "An\u00adne" are Anne.
- ``look_alike_key``: what two names that *read* the same share: the
  confusable skeleton of Unicode TR #39 (ICU's ``SpoofChecker``, the Unicode
  confusables data kept by ICU, not a hand-made table), case-folded, without
  accents or spaces. A Cyrillic "А" for the Latin "A" reads like Anne. Where
  the machine's ICU is older than Unicode 17.0, the characters whose skeleton
  Unicode has corrected since are read with the newer data
  (``confusables_newer.py``, written by ``tools/confusables_newer.py`` from
  ICU 78): the Cyrillic small palochka "ӏ" is "l" there ("Cӏeo" is Cleo),
  "i" in ICU 72's Unicode 15.

``clash`` says whether two names are one person or read alike; a table, a
club or an event refuses such a second name (a club's new table finds the
member it means instead, so no one's money is split).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from enum import Enum
from functools import lru_cache
from typing import Any

import icu

from .confusables_newer import NEWER, UNICODE

MAX_LENGTH = 40  # the name fields' bound; a longer name is refused with this number, never cut

_NFKC_CASEFOLD = icu.Normalizer2.getNFKCCasefoldInstance()
_NFD = icu.Normalizer2.getNFDInstance()
_SPOOF = icu.SpoofChecker()
_IGNORABLE = icu.UProperty.DEFAULT_IGNORABLE_CODE_POINT
_ROOT = icu.Collator.createInstance(icu.Locale.getRoot())
_CATEGORY = icu.UCharCategory


def _version(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split("."))


_CORRECTED = NEWER if _version(icu.UNICODE_VERSION) < _version(UNICODE) else {}
"""The skeletons Unicode corrected after the data of the machine's ICU (none once it has them)."""

_LETTERS_AND_NUMBERS = frozenset(
    {
        _CATEGORY.UPPERCASE_LETTER,
        _CATEGORY.LOWERCASE_LETTER,
        _CATEGORY.TITLECASE_LETTER,
        _CATEGORY.MODIFIER_LETTER,
        _CATEGORY.OTHER_LETTER,
        _CATEGORY.DECIMAL_DIGIT_NUMBER,
        _CATEGORY.LETTER_NUMBER,
        _CATEGORY.OTHER_NUMBER,
    }
)
_NAME_CATEGORIES = _LETTERS_AND_NUMBERS | {
    _CATEGORY.NON_SPACING_MARK,
    _CATEGORY.COMBINING_SPACING_MARK,
    _CATEGORY.ENCLOSING_MARK,
    _CATEGORY.CONNECTOR_PUNCTUATION,
    _CATEGORY.DASH_PUNCTUATION,
    _CATEGORY.START_PUNCTUATION,
    _CATEGORY.END_PUNCTUATION,
    _CATEGORY.INITIAL_PUNCTUATION,
    _CATEGORY.FINAL_PUNCTUATION,
    _CATEGORY.OTHER_PUNCTUATION,
    _CATEGORY.SPACE_SEPARATOR,
    _CATEGORY.MATH_SYMBOL,
    _CATEGORY.CURRENCY_SYMBOL,
    _CATEGORY.MODIFIER_SYMBOL,
}
"""What a name is made of (Unicode's general categories L, M, N, P, Zs and the symbols Sm,
Sc, Sk that are written with letters: "<", "+", "€", "^"): no other symbol (So: pictographs
and patterns, the Braille blank U+2800 among them, which prints nothing), control, format,
separator of lines, surrogate, private use or unassigned code point (C, Zl, Zp)."""


class Clash(Enum):
    """Why two names cannot be two people at one table, club or event."""

    SAME = "same"  # case, accents, spaces or invisible characters aside, one name
    READS_ALIKE = "reads_alike"  # their TR #39 skeletons are one: they read the same


def N_(template: str) -> str:
    """Mark a message template for the translation catalogs; returns it unchanged."""
    return template


class NameFault(ValueError):
    """A name the rule refuses, and why (a template with ``{named}`` parameters, as a
    ``GameError``'s, so that each layer shows it translated where the name was given)."""

    EMPTY = N_("a name needs a letter or a number (invisible characters do not count)")
    LONG = N_("a name has at most {limit} characters")
    CHARACTER = N_(
        "a name cannot hold {char} ({code}, {category}): a name is letters, numbers,"
        " punctuation and spaces, none invisible"
    )

    def __init__(self, template: str, **params: object) -> None:
        super().__init__(template.format(**params))
        self.template = template
        self.params: dict[str, Any] = dict(params)  # as a GameError's (rules/errors.py)


def invisible(ch: str) -> bool:
    """A character no reader sees: default-ignorable, a format character, a control."""
    category = unicodedata.category(ch)
    return category in ("Cf", "Cc") or icu.Char.hasBinaryProperty(ch, _IGNORABLE)


def tidy(name: str) -> str:
    """The name as it is kept: invisible characters out, trimmed, inner spaces made one."""
    visible = "".join(ch for ch in name if ch.isspace() or not invisible(ch))
    return " ".join(unicodedata.normalize("NFC", visible).split())


def _character(ch: str) -> NameFault:
    category = icu.Char.charType(ch)
    names = {
        _CATEGORY.UNASSIGNED: "unassigned",
        _CATEGORY.PRIVATE_USE_CHAR: "private use",
        _CATEGORY.SURROGATE: "surrogate",
    }
    label = names.get(category) or unicodedata.name(ch, "") or "control"
    shown = ch if category in _NAME_CATEGORIES or category == _CATEGORY.OTHER_SYMBOL else "\ufffd"
    return NameFault(
        NameFault.CHARACTER, char=shown, code=f"U+{ord(ch):04X}", category=label.lower()
    )


def fault(name: str, *, typed: bool = True) -> NameFault | None:
    """Why ``name`` is no name, or None: the one rule of every way a name enters.

    ``typed``: a name typed in a form, whose invisible characters and extra spaces
    ``tidy`` removes; else a name as a file or a store keeps it, refused if it holds
    any (a file's names are its coups' keys: none is changed on the way in).
    """
    if not typed:
        for ch in name:
            if (ch.isspace() and ch != " ") or (not ch.isspace() and invisible(ch)):
                return _character(ch)
    text = tidy(name)
    if len(text) > MAX_LENGTH:
        return NameFault(NameFault.LONG, limit=MAX_LENGTH)
    for ch in text:
        if icu.Char.charType(ch) not in _NAME_CATEGORIES:
            return _character(ch)
    if not any(icu.Char.charType(ch) in _LETTERS_AND_NUMBERS for ch in text):
        return NameFault(NameFault.EMPTY)
    return None


def accepted(name: str, *, typed: bool = True) -> str:
    """The name as kept (``tidy``), or ``NameFault``: what every way in calls."""
    found = fault(name, typed=typed)
    if found is not None:
        raise found
    return tidy(name)


def _bare(text: str) -> str:
    """No accents (combining marks after NFD), no spaces."""
    decomposed = unicodedata.normalize("NFD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch) and not ch.isspace())


@lru_cache(maxsize=4096)
def order_key(name: str) -> bytes:
    """A name's place in an order that is no language's own: Unicode's root collation (ICU's,
    CLDR's), Éva among the E's, Strauß as Strauss — where a code-point key
    (``casefold``) put every accented capital after Z. A club's money reads it (the tie of a
    cent, the pairing), so no reader's language may change it; a page's lists are sorted in
    the reader's (web/formats/collation.py), which differs only where a language places a
    letter apart (Danish Æ, Ø, Å after Z)."""
    key: bytes = _ROOT.getSortKey(name)
    return key


def same_key(name: str) -> str:
    """What two names of one person share: NFKC_Casefold, no accents, no spaces."""
    return _bare(_NFKC_CASEFOLD.normalize(tidy(name)))


@lru_cache(maxsize=4096)
def look_alike_key(name: str) -> str:
    """What two names that read the same share: the TR #39 skeleton, case-folded, bare.

    The skeleton is taken of the name as shown (NFKC, cased: "Ione" reads like "lone"),
    then case-folded and skeletonised again (a lower-case letter's look-alikes).
    """
    shown = unicodedata.normalize("NFKC", tidy(name))
    folded = _NFKC_CASEFOLD.normalize(_skeleton(shown))
    return _bare(_skeleton(folded))


def _skeleton(text: str) -> str:
    """TR #39's skeleton (NFD, each character its prototype, NFD): ICU's, but for the
    characters whose prototype Unicode corrected after the data of the machine's ICU."""
    if not _CORRECTED:
        return str(_SPOOF.getSkeleton(0, text))
    parts = (
        _CORRECTED[ch] if ch in _CORRECTED else str(_SPOOF.getSkeleton(0, ch))
        for ch in _NFD.normalize(text)
    )
    return str(_NFD.normalize("".join(parts)))


def said_once(name: str, other: str) -> bool:
    """Whether a refusal of ``name`` beside ``other`` (one person: ``clash``) says the name
    once ("Anne Dupont is already at this table"), or both as typed ("anne dupont is already
    at this table as Anne Dupont"): once only when they are the very name, tidied. The one
    rule of every such refusal: a new table's form (``web.forms.clash_text``), a seat taken,
    a draw (``clubs.one_seat.SameMember.as_typed``), a game file's players (the import).
    Compared by ``same_key``, "anne dupont" was said once as "anne dupont" beside "Anne
    Dupont" by a seat refused and by both names by the form (names22): which spelling is at
    the table is what the reader must see."""
    return tidy(name) == tidy(other)


def clash(name: str, other: str) -> Clash | None:
    """Whether ``name`` cannot be a person beside ``other``, and why."""
    if same_key(name) == same_key(other):
        return Clash.SAME
    if look_alike_key(name) == look_alike_key(other):
        return Clash.READS_ALIKE
    return None


def first_clash(names: Iterable[str]) -> tuple[int, int] | None:
    """The seats (earlier, later) of the first two names that are one player or read alike."""
    same: dict[str, int] = {}
    alike: dict[str, int] = {}
    for seat, name in enumerate(names):
        for keys, key in ((same, same_key(name)), (alike, look_alike_key(name))):
            if key in keys:
                return keys[key], seat
        same[same_key(name)] = seat
        alike[look_alike_key(name)] = seat
    return None


def clash_with(name: str, others: Iterable[str]) -> tuple[str, Clash] | None:
    """The first of ``others`` that ``name`` cannot stand beside, and why."""
    for other in others:
        found = clash(name, other)
        if found is not None:
            return other, found
    return None


class Roster:
    """The names already at a table, in a club or an event: which one a new name means.

    Keyed once per name, so registering hundreds of players compares each new name with
    the others in one look-up, not a walk."""

    def __init__(self, names: Iterable[str] = ()) -> None:
        self._same: dict[str, str] = {}
        self._alike: dict[str, str] = {}
        for name in names:
            self.add(name)

    def find(self, name: str) -> tuple[str, Clash] | None:
        """The name already here that ``name`` is (or reads like), and which of the two."""
        found = self._same.get(same_key(name))
        if found is not None:
            return found, Clash.SAME
        found = self._alike.get(look_alike_key(name))
        return None if found is None else (found, Clash.READS_ALIKE)

    def add(self, name: str) -> None:
        self._same.setdefault(same_key(name), name)
        self._alike.setdefault(look_alike_key(name), name)


def look_alike_groups(names: Iterable[tuple[int, str]]) -> list[list[tuple[int, str]]]:
    """(id, name) pairs grouped where two or more names read alike (or are one), in order."""
    groups: dict[str, list[tuple[int, str]]] = {}
    for ident, name in names:
        groups.setdefault(look_alike_key(name), []).append((ident, name))
    return [group for group in groups.values() if len(group) > 1]


NOT_ONE_COLUMN = re.compile("[\u00ad\u0300-\U0010ffff]")
"""The characters that may take other than one column: a combining mark (from U+0300), a
format character (the soft hyphen, U+00AD, is the only one before), a wide one (from
U+1100). None of a Latin name's precomposed letters is among them."""

_ZERO_WIDE = frozenset(("Mn", "Me", "Cf"))
"""Marks on the letter before (a decomposed "é" is "e" and U+0301) and format characters
(a zero-width joiner, U+200D): no column of their own."""


def _width(c: str) -> int:
    if unicodedata.combining(c) or unicodedata.category(c) in _ZERO_WIDE:
        return 0
    return 2 if unicodedata.east_asian_width(c) in "WF" else 1


def columns(text: str) -> int:
    """How many monospace columns ``text`` takes: a wide (CJK) character takes two, a
    combining mark and a format character none (a name typed "Zoe" + U+0301, as some
    keyboards send "Zoé", is three columns, as is "Zoé"). The one home of a name's width in
    a column of text: the PDF's journal, an event's printed lists, a Manille sheet's replay.

    Only the characters from U+0300 on (and the soft hyphen) are looked up, found by a
    regular expression: a journal line's arrows and minus signs are there, its letters are
    not (a loop over every character took 0.4 s of the 3,000-coup settlement PDF, issue 45)."""
    found = NOT_ONE_COLUMN.findall(text)
    return len(text) - len(found) + sum(_width(c) for c in found)


def dealer_width(names: Sequence[str]) -> int:
    """A replay's dealer column (Manille, Brou): as wide as the longest name (the page says
    "donne Bruno" on each line; a name cut short could name another player)."""
    return max(len("dealer"), *(columns(name) for name in names))


def left(text: str, wide: int) -> str:
    """``text`` then spaces to ``wide`` monospace columns: a wide (CJK) character takes two,
    which ``str.ljust`` counts as one (a dealer named 王小明 pushed their line's figures
    three columns right of the others')."""
    return text + " " * (wide - columns(text))


def cut(text: str, wide: int) -> str:
    """``text`` cut to at most ``wide`` monospace columns (a side's name over its figures)."""
    while columns(text) > wide:
        text = text[:-1]
    return text


def right(text: str, wide: int) -> str:
    """Spaces then ``text``, to ``wide`` monospace columns (``left``'s counterpart)."""
    return " " * (wide - columns(text)) + text
