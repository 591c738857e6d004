"""Players' names as the table says them: "Anne", "anne " and "Anné" are one person.

A name is kept as typed, trimmed and with its inner spaces made single; two
names are the same player when they differ only in case, accents or spaces
(``same_key``). A game refuses two such names; a club's new table finds the
member a name means instead of making a second one and splitting his money.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

MAX_LENGTH = 40  # the name fields' bound; a longer name is refused with this number, never cut


def tidy(name: str) -> str:
    """The name as it is kept: trimmed, inner runs of spaces made one space."""
    return " ".join(name.split())


def same_key(name: str) -> str:
    """What two names of one player share: no case, no accents, no spaces."""
    decomposed = unicodedata.normalize("NFKD", name)
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return "".join(bare.casefold().split())


def first_clash(names: Iterable[str]) -> tuple[int, int] | None:
    """The seats (earlier, later) of the first two names that are one player, if any."""
    seen: dict[str, int] = {}
    for seat, name in enumerate(names):
        key = same_key(name)
        if key in seen:
            return seen[key], seat
        seen[key] = seat
    return None
