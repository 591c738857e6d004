"""Who took a seat from which coup, in the reader's words: the game page, the settlement,
the change log, the seat page and a refused deletion share them (a plain module: no
blueprint)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from flask_babel import gettext as _

from ...clubs.room import names_now as club_names_now
from ...db import get_db, rows
from ...here import current_request
from ...rights.access import table_club, visit
from ...rules.errors import GameError, SeatName
from ...rules.ledger import NetChange
from ...rules.seat_names import seat_sitters
from ...rules.seating import PLAYS_FOR, Sitting, taken
from ...store import StoredGame
from ..formats.words import elide, error_text, refusal_text, refusal_words


def seat_text(sitting: Sitting) -> str:
    """One stretch in words: "From coup 5, Denis plays for Bruno"."""
    if sitting.back:
        return _(
            "From coup %(n)s, %(player)s is back at their own seat.",
            n=sitting.first,
            player=sitting.player,
        )
    if sitting.way == PLAYS_FOR:
        return _(
            "From coup %(n)s, %(player)s plays for %(absent)s.",
            n=sitting.first,
            player=sitting.player,
            absent=sitting.payer,
        )
    return elide(  # "la place d’Anne", as docs/translations.md has it
        _(
            "From coup %(n)s, %(player)s has taken over the seat of %(seat)s.",
            n=sitting.first,
            player=sitting.player,
            seat=sitting.replaced,
        ),
        sitting.replaced or "",
    )


def seat_lines(stored: StoredGame, names: Mapping[str, str] | None = None) -> list[str]:
    """Who took a seat from which coup, in words (none: nobody did); ``names`` says each
    name played as it reads now (a club's member renamed since: ``Table.names_now``)."""
    if not stored.seat_changes:
        return []
    now = names or {}

    def named(s: Sitting) -> Sitting:
        replaced = None if s.replaced is None else now.get(s.replaced, s.replaced)
        return replace(
            s,
            player=now.get(s.player, s.player),
            payer=now.get(s.payer, s.payer),
            replaced=replaced,
        )

    return [seat_text(named(s)) for s in taken(stored.game.players, stored.seat_changes)]


def seat_names(stored: StoredGame, now: Mapping[str, str] | None = None) -> tuple[str, ...]:
    """Each seat as who sat there in turn ("Bruno → Denis", ``seating.seat_sitters``): a
    sheet that counts per seat (nets, the fiche's columns) names the seat so once someone
    took it, as the commands do. Each is named by ``now`` where it has them (a club's member
    by their name now)."""
    said = now or {}
    return tuple(
        " → ".join(said.get(p, p) for p in sitters)
        for sitters in seat_sitters(stored.game.players, stored.seat_changes)
    )


def logged_seat_text(after: Any, now: Mapping[str, str] | None = None) -> str | None:
    """A change log line's seat change (its ``after``, store/seat_changes.py), in words;
    each name as ``now`` says (a club's member by their name now)."""
    if not isinstance(after, dict):
        return None
    said = now or {}
    try:
        player = str(after["player"])
        payer = str(after.get("for", after.get("leaving", "")))
        leaving = str(after.get("leaving", ""))
        sitting = Sitting(
            -1,
            said.get(player, player),
            int(after["coup"]),
            None,
            str(after["way"]),
            said.get(payer, payer),
            said.get(leaving, leaving),
            player == payer,
        )
    except (KeyError, TypeError, ValueError):
        return None
    return seat_text(sitting)


def named_changes(
    changes: Sequence[NetChange] | None, now: Mapping[str, str] | None
) -> list[NetChange] | None:
    """What a change did to each net, each named as ``now`` says (a club's member by their
    name now, ``names_now``); None stays None (the seats' nets are the persons')."""
    if changes is None:
        return None
    said = now or {}
    return [replace(c, name=said.get(c.name, c.name)) for c in changes]


def seats_named(stored: StoredGame, error: GameError, coup: int) -> GameError:
    """The engine's refusal with each seat it names (a ``SeatName``: the seat's first
    player, as the engine knows the table) named at drawing time: whoever sits at that seat
    in coup ``coup``, by their name now (a club's member renamed or merged, ``names_now``)."""
    if not any(isinstance(v, SeatName) for v in error.params.values()):
        return error
    now = names_now(stored)
    sitting = dict(zip(stored.game.players, stored.seated(coup), strict=True))
    params = {
        k: now.get(sitting.get(v, v), sitting.get(v, v)) if isinstance(v, SeatName) else v
        for k, v in error.params.items()
    }
    shown = GameError(error.field, error.source, error.coup, **params)
    shown.led = error.led
    return shown


def refused_text(stored: StoredGame, error: GameError, coup: int, numbered: bool) -> str:
    """A refusal of coup ``coup`` beside a form, its seats named (``seats_named``);
    ``numbered``: with its coup's number (a later coup refusing a correction)."""
    shown = seats_named(stored, error, coup)
    return error_text(shown) if numbered else refusal_text(shown)


def deletion_refused(stored: StoredGame, error: GameError, n: int) -> str:
    """Why coup ``n`` cannot be deleted. A coup after it is refused under the number it
    would take (the engine replays the game without coup ``n``): the page names it by its
    number now, and the one it would become, since the dealers move up with it (at four, the
    one who sits out: "Coup 6, which would become coup 5: Anne deals and sits out"), and
    names whoever sits at a seat in that coup, as its page does (the engine names the seat
    by its first player, a ``SeatName``: "Denis deals" where Émile took Denis's seat), by
    their name now (``seats_named``)."""
    if error.coup is None or error.coup < n:
        return error_text(error)
    now = error.coup + 1  # a seat change stays with its coup: who sat there sits there still
    shown = seats_named(stored, error, now)
    lead = _("Coup %(now)s, which would become coup %(then)s: ", now=now, then=error.coup)
    return lead + refusal_words(shown)


def renamed(now: Mapping[str, str]) -> list[str]:
    """Each name typed at a club's table that its member no longer bears, said once where
    the page names them by their name now (``clubs.room.names_now``): the game file, its
    replay and its hash keep the name typed, and a treasurer holding both reads one man."""
    return [
        _(
            "%(typed)s, as typed at this table, is the member now named %(name)s.",
            typed=typed,
            name=name,
        )
        for typed, name in now.items()
    ]


NAMES_KEPT = 512
"""How many tables' names now this process keeps (``names_now``), least recently used out."""
NAMES: OrderedDict[tuple[object, ...], dict[str, str]] = OrderedDict()
"""The names now of the tables (``names_now``), by what they are made of."""
NAMES_LOCK = threading.Lock()


def names_now(stored: StoredGame) -> dict[str, str]:
    """A club evening's table: each name typed there that its member no longer bears → their
    name now (``clubs.room.names_now``); none elsewhere. A page that names by it is kept
    by the club's version too (``kept.conditional.NAMED_PAGES``): a rename moves it.

    Kept in this process by what they are made of: the database's generation, the table,
    its club and the club's version (a rename or a merge moves it), its seats' members (a
    set-up change relinks them, and does not move the club's version), the names typed and
    the seat changes (a newcomer's member is kept with theirs). The manager's page asked them up to
    three times a request, each reading the seats and every member (five SELECTs), and again
    at every coup though none of them changed."""
    try:
        found = table_club(stored.id)
        if found is None:
            return {}
        read = visit(stored.id)  # the club, its version and the seats, read with the row
        seats = None if read.club is None else read.club[2]  # a set-up change relinks them
        generation = read.head.generation
        key = (generation, stored.id, found, seats, stored.game.players, stored.seat_changes)
        with NAMES_LOCK:
            kept = NAMES.get(key)
            if kept is not None:
                NAMES.move_to_end(key)
                return kept
        names = club_names_now(get_db(), stored, found[0])
    except rows.Damaged:  # a seat's or the club's row changed behind the app: the names as
        return {}  # typed (the table plays on; the club's pages and verify name the row)
    with NAMES_LOCK:
        NAMES[key] = names
        while len(NAMES) > NAMES_KEPT:
            NAMES.popitem(last=False)
    return names


def entry_position(stored: StoredGame) -> int:
    """The number of the coup being entered: the one corrected, else the next."""
    asked = current_request()  # asked twice a page: the request itself, not its proxy
    n = (asked.view_args or {}).get("n")
    if not n and asked.method == "POST":  # the live check of a correction (``?position=``)
        n = asked.args.get("position", type=int)
    return int(n) if n else len(stored.game.coups) + 1


def entry_seated(stored: StoredGame, now: Mapping[str, str]) -> tuple[str, ...]:
    """Who sits at each seat in the coup being entered or corrected (``entry_position``),
    each by their name now (``now``: ``names_now``): the one way a coup form names a seat (the
    l'Hombre hombre's buttons, Manille's renonce at three), as that coup's line, its message
    and the seat's total do. A form naming the seat's first player said "Bruno" for Denis's
    renonce once Denis had taken Bruno's seat."""
    return tuple(now.get(name, name) for name in stored.seated(entry_position(stored)))


def seated_now(stored: StoredGame, now: Mapping[str, str]) -> Callable[..., tuple[str, ...]]:
    """``stored.seated`` with each name as ``now`` says it: who sat in coup n (default: who
    sits now), a club's member by their name now."""

    def seated(coup: int | None = None) -> tuple[str, ...]:
        return tuple(now.get(name, name) for name in stored.seated(coup))

    return seated
