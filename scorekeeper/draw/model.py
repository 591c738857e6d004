"""The draw's values: who plays, how a table is seated, a round, a whole draw.

Frozen dataclasses and tuples only, so a draw can be compared, hashed and
written out the same way on every machine.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..names import tidy

Seating = Literal["3", "4", "pairs"]
"""Tables of 3; tables of 4 (the dealer sits out each deal); 4 as two pairs.

In ``"pairs"`` seats 1 and 3 are one side, 2 and 4 the other: partners face
to face, as the game files seat them.
"""

SEATINGS: tuple[Seating, ...] = ("3", "4", "pairs")


def line_parts(line: str) -> list[str] | None:
    """A players line's parts, each stripped: parted at each ``;`` or tab (a spreadsheet's
    columns pasted); None for a blank line or a ``#`` comment. The one reading of a line
    for ``scorekeeper draw``'s players file and an event's registration box, which take
    the same lines: the box read a tab as part of the name ("Anne Brugge", no team) and a
    file's comment as a player ("# club Gent").

    Blank and ``#`` are read past invisible characters (``names.tidy``): a comment after a
    byte-order mark or a zero-width space registered a player "# club Brugge". A line is
    not stripped before it is parted: a spreadsheet's row with an empty name column
    ("<tab>Gent") lost its empty first part and registered its team as a player "Gent";
    its first part is empty now, which the box and the draw refuse naming the line.

    Each part is tidied as a name is kept (``names.tidy``: invisible characters out, inner
    spaces one): stripped only, "Bruno;<zero-width space>Gent" was another team than
    Anne's "Gent" that read the same in the team ranking, and the draw kept such
    teammates apart no more."""
    shown = tidy(line)
    if not shown or shown.startswith("#"):
        return None
    return [tidy(part) for part in line.rstrip().replace("\t", ";").split(";")]


PAIR = "&"
"""What joins a fixed pair's two names in a line's first part: ``Anne & Bert``."""


def line_names(first: str) -> list[str]:
    """The names of a line's first part (``line_parts``), each stripped: one player, or a
    fixed pair's two (``Anne & Bert``). The one reading of ``&`` for the registration box
    and ``scorekeeper draw``'s players file; each refuses, naming the line, more than two
    (``A & B & C`` was a player A partnered with a player "B & C") and an empty one
    (``A &``, ``& B``: a player with no name): ``pair_fault``."""
    return [name.strip() for name in first.split(PAIR)]


def pair_fault(names: list[str]) -> Literal["names", "empty"] | None:
    """What is wrong with a line's names (``line_names``): more than a pair's two, an
    empty one beside ``&``, or nothing."""
    if len(names) > 2:
        return "names"
    if len(names) == 2 and not all(names):
        return "empty"
    return None


class DrawError(ValueError):
    """A request the draw cannot make sense of (unknown seating, a name twice, ...)."""


@dataclass(frozen=True)
class Entrant:
    """One player of the event."""

    name: str
    team: str | None = None
    """Teammates are never seated at one table (when the numbers allow it)."""
    together: str | None = None
    """Registered together (a couple, a car): kept apart exactly like teammates."""


@dataclass(frozen=True)
class Table:
    """One table: the names in seat order."""

    seats: tuple[str, ...]


@dataclass(frozen=True)
class Round:
    """One round: its tables, and who sits out (the byes)."""

    tables: tuple[Table, ...]
    sitting_out: tuple[str, ...] = ()


@dataclass(frozen=True)
class Quality:
    """How good a whole draw is (history and new rounds together); 0 is best everywhere.

    Each count is an excess: a pair that met three times counts 2.
    """

    repeated_tablemates: int
    """Pairs of players at one table more than once (fixed partners not counted)."""
    repeated_partners: int
    """Pairs seated as partners more than once (``"pairs"`` only; fixed pairs not counted)."""
    repeated_opponents: int
    """Pairs of opponents more than once; at tables of 3 or 4 everyone is an opponent."""
    kept_apart_broken: int
    """Teammates or players registered together seated at one table, one per pair per round."""


@dataclass(frozen=True)
class Draw:
    """A whole draw: the new rounds, their quality with the history, and what to know."""

    rounds: tuple[Round, ...]
    quality: Quality
    seed: int
    seating: Seating
    note: str
    """Plain words: whether the request was possible, how far from the best."""
    limit: int | None = None
    """The most rounds known possible without any pair meeting twice (None: not known)."""
