"""A game file's faults in the order the file writes what each names (the import's list), and
what the one that keeps its coups from being checked or replayed says of them (the import's
and the command's words)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .errors import GameError, every_fault
from .gamefile import file_head
from .settings import Nn_

HEAD = (*file_head("", ("",), 0, {}), "coups")
"""The keys of a game file in the order it writes them (``file_head``, then its coups): where
a key the file lacks is said, before the first of the keys after it that the file has."""


def in_file_order(faults: Sequence[GameError], data: object) -> list[GameError]:
    """``faults`` in the order the file ``data`` writes what each names: its keys as the file
    orders them (a key it lacks where ``HEAD`` puts it), a coup's by its number, a rule's by
    its place in ``rules``, a seat change's by its number; a fault of the file as a whole
    first, one its keys do not place last; faults at one place as found."""
    head: Mapping[str, object] = data if isinstance(data, Mapping) else {}
    place = {key: n for n, key in enumerate(head)}
    inner: dict[str, dict[object, int]] = {}

    def within(key: str, name: str) -> int:
        if key not in inner:
            given = head.get(key)
            inner[key] = {k: n for n, k in enumerate(given)} if isinstance(given, Mapping) else {}
        return inner[key].get(name, len(inner[key]))

    def key_place(key: str) -> tuple[int, int]:
        if key in place:
            return (place[key], 0)
        if key not in HEAD:
            return (len(place), 0)
        after = HEAD[HEAD.index(key) + 1 :]
        return (
            min((place[k] for k in after if k in place), default=len(place)),
            HEAD.index(key) - len(HEAD),
        )

    def where(fault: GameError) -> tuple[int, int, int]:
        if fault.field == "file":
            return (-1, 0, 0)
        if fault.coup is not None:
            return (*key_place("coups"), fault.coup)
        top, _, rest = fault.field.partition(".")
        key, _, index = top.partition("[")
        if index[:-1].isdigit():  # seat_changes[2]
            return (*key_place(key), int(index[:-1]))
        return (*key_place(key), within(key, rest) if rest else -1)

    return sorted(faults, key=where)


COUPS_HELD = {
    "players": Nn_(
        "The coup of this file cannot be checked until the players are put right.",
        "The %(more)s coups of this file cannot be checked until the players are put right.",
    ),
    "game": Nn_(
        "The coup of this file cannot be checked until its game is put right.",
        "The %(more)s coups of this file cannot be checked until its game is put right.",
    ),
    "rules": Nn_(
        "The coup of this file cannot be checked until its rules are put right.",
        "The %(more)s coups of this file cannot be checked until its rules are put right.",
    ),
    "replay": Nn_(
        "The coup of this file was read, but cannot be replayed until the file's faults are"
        " put right.",
        "The %(more)s coups of this file were read, but cannot be replayed until the file's"
        " faults are put right.",
    ),
}
"""What a file's coups wait for (``GameError.coups_wait``): checked at all, when they were
not read (the players, the game, an l'Hombre money system: "cannot be checked until … is put
right"), or replayed, when they were read but the head is refused (its format, first dealer,
rules: "were read, but cannot be replayed until the file's faults are put right", every
fault, not one, for the command names only its first and the page may show only five). One
sentence a reason, said by the import page once, after the last refusal that holds them
(``web/games.unchecked``, in the reader's language), and by the command after its one line's
fault when that fault holds them (``coups_held``)."""


def coups_in(data: object) -> int:
    """How many coups a game file lists (none if it is no object or they are no list)."""
    coups = data.get("coups") if isinstance(data, Mapping) else None
    return len(coups) if isinstance(coups, list) else 0


def coups_held(error: GameError, data: object) -> str | None:
    """What the command adds to its one line (it says a file's first fault only): that the
    file's coups could not be checked, when that fault is what holds them (``COUPS_HELD``, in
    English, lowercase after the fault: "…, got 'whist'; the 7 coups of this file cannot be
    checked until its game is put right", "…, got 9; the 7 coups of this file were read, but
    cannot be replayed until the file's faults are put right"); None when it holds none, or
    the file has none."""
    wait = every_fault(error)[0].coups_wait
    count = coups_in(data)
    if wait is None or count == 0:
        return None
    singular, plural = COUPS_HELD[wait]
    said = singular if count == 1 else plural % {"more": count}
    return said[0].lower() + said[1:].rstrip(".")
