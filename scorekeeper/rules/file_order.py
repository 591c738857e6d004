"""A game file's faults in the order the file writes what each names (the import's list), and
what the one that keeps its coups from being checked or replayed says of them (the import's
and the command's words)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

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
    "coup": Nn_(
        "The coup after it was read, but cannot be replayed until coup %(coup)s is put right.",
        "The %(more)s coups after it were read, but cannot be replayed until coup %(coup)s is"
        " put right.",
    ),
}
"""What a file's coups wait for (``GameError.coups_wait``): checked at all, when they were
not read (the players, the game, an l'Hombre money system: "cannot be checked until … is put
right"); replayed, when they were read but the head or a coup as written is refused (its
format, first dealer, rules, a coup's key missing: "were read, but cannot be replayed until
the file's faults are put right", every fault, not one, for the command names only its first
and the page may show only five), and none was replayed; or, the file read whole, replayed
past the coup the replay refused (``coup``: "the 4 coups after it were read, but cannot be
replayed until coup 3 is put right": those before it were, and the replay is a fold of the
money that cannot go on past a coup it refused, docs/formats.md "Refusals"). One sentence a
reason, said by the import page once, after the last refusal that holds them (``web/games``),
and by the command after its one line's fault when that fault holds them
(``coups_held_line``): both by ``coups_held``."""


def coups_in(data: object) -> int:
    """How many coups a game file lists (none if it is no object or they are no list)."""
    coups = data.get("coups") if isinstance(data, Mapping) else None
    return len(coups) if isinstance(coups, list) else 0


def _english(singular: str, plural: str, count: int) -> str:
    return singular if count == 1 else plural


def coups_held(
    error: GameError,
    coups: int,
    ngettext: Callable[[str, str, int], str] = _english,
    number: Callable[[int], str] = str,
) -> str | None:
    """What the coups of a file of ``coups`` wait for, when ``error`` (its first fault) is
    what holds them (``COUPS_HELD``), a sentence in the words ``ngettext`` gives (the page's
    catalog; English by default, the command's), its count written by ``number`` (the
    reader's groups on a page): all the file's coups, or those after the coup the replay
    refused ("The 4 coups after it were read, but cannot be replayed until coup 3 is put
    right.", 7 − 3 = 4: its coup number as the pages say one, never grouped). None when
    it holds none, or there are none to hold (no coup, or the last one refused)."""
    fault = every_fault(error)[0]
    wait = fault.coups_wait
    if wait is None:
        return None
    count = coups - (fault.coup or 0) if wait == "coup" else coups
    if count <= 0:
        return None
    template = ngettext(*COUPS_HELD[wait], count)
    return template % {"more": number(count), "coup": fault.coup}


def coups_held_line(error: GameError, coups: int) -> str:
    """The command's one line of ``error`` (its first fault, in the engine's words), and after
    it, when that fault holds the file's ``coups``, what they wait for (``coups_held``, in
    English, lowercase after the fault, without its full stop): "…, got 'whist'; the 7 coups
    of this file cannot be checked until its game is put right", "coup 3: tricks sum to 10,
    expected 9; the 4 coups after it were read, but cannot be replayed until coup 3 is put
    right"."""
    said = coups_held(error, coups)
    if said is None:
        return str(error)
    return f"{error}; {said[0].lower()}{said[1:].rstrip('.')}"
