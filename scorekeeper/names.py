"""Players' names as the table says them: "Anne", "anne ", "Anné" and "Аnne" are one person.

One rule everywhere (a game's players, a club's members, an event's players,
a club's presets), Unicode's own:

- ``tidy``: the name as kept: invisible characters removed (default-ignorable
  code points and format characters such as U+200B, U+00AD, U+200D; controls),
  trimmed, inner runs of spaces made one space.
- ``same_key``: what two names of one person share: NFKC_Casefold (which also
  drops the default-ignorables), no accents, no spaces. "ANNE", "Anné",
  "Ａｎｎｅ" and "An\u00adne" are Anne.
- ``look_alike_key``: what two names that *read* the same share: the
  confusable skeleton of Unicode TR #39 (ICU's ``SpoofChecker``, the Unicode
  confusables data kept by ICU, not a hand-made table), case-folded, without
  accents or spaces. A Cyrillic "А" for the Latin "A" reads like Anne.

``clash`` says whether two names are one person or read alike; a table, a
club or an event refuses such a second name (a club's new table finds the
member it means instead, so no one's money is split).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from enum import Enum
from functools import lru_cache

import icu

MAX_LENGTH = 40  # the name fields' bound; a longer name is refused with this number, never cut

_NFKC_CASEFOLD = icu.Normalizer2.getNFKCCasefoldInstance()
_SPOOF = icu.SpoofChecker()
_IGNORABLE = icu.UProperty.DEFAULT_IGNORABLE_CODE_POINT


class Clash(Enum):
    """Why two names cannot be two people at one table, club or event."""

    SAME = "same"  # case, accents, spaces or invisible characters aside, one name
    READS_ALIKE = "reads_alike"  # their TR #39 skeletons are one: they read the same


def invisible(ch: str) -> bool:
    """A character no reader sees: default-ignorable, a format character, a control."""
    category = unicodedata.category(ch)
    return category in ("Cf", "Cc") or icu.Char.hasBinaryProperty(ch, _IGNORABLE)


def tidy(name: str) -> str:
    """The name as it is kept: invisible characters out, trimmed, inner spaces made one."""
    visible = "".join(ch for ch in name if ch.isspace() or not invisible(ch))
    return " ".join(unicodedata.normalize("NFC", visible).split())


def _bare(text: str) -> str:
    """No accents (combining marks after NFD), no spaces."""
    decomposed = unicodedata.normalize("NFD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch) and not ch.isspace())


@lru_cache(maxsize=4096)
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
    folded = _NFKC_CASEFOLD.normalize(_SPOOF.getSkeleton(0, shown))
    return _bare(_SPOOF.getSkeleton(0, folded))


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
