"""Every change to the coups explained: what a correction changed, in words, and the notice
the table's phones show once a correction, deletion, undo or redo reached them.

The words of a coup's fields are the game's own (``GamePages.field_words``);
the nets before come from the coups as they were (the change log keeps the
coup before and after each change), checked from the kept report nearest the
change, the nets after from the game's own replay. A
follower's page is drawn once per version and handed to every phone, so the
notice depends only on the game's change log, never on who reads it. Once someone took
a seat at a table that counts per seat, the notice says each person's result (a seat's
net would name its first player on a newcomer's coups), with the seat changes as the log
has them at the change; a team game's counts are its sides', named by no one.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from flask_babel import gettext as _

from ... import store
from ...db import get_db
from ...rules.errors import GameError
from ...rules.kind import Report
from ...rules.ledger import NetChange, person_changes
from ...store import Action, StoredGame
from ...store.changelog import COUP_ACTIONS, Seats
from .. import registry
from ..formats.words import signed
from ..hookspecs import GamePages
from .offers import coup_changes
from .seat_words import named_changes, names_now, seated_now

EXPLAINED = COUP_ACTIONS - {Action.ADD}
"""The changes a phone is told about: an added coup shows itself as the sheet's new line."""


def differences(
    page: GamePages[Any],
    before: Mapping[str, Any],
    after: Mapping[str, Any],
    players: Sequence[str],
    names: Sequence[str] | None = None,
) -> tuple[str, ...]:
    """The fields that differ between two versions of a coup (the game file's shape), in the
    game's words: ("Matadors 3 → 4", "tricks of Anne 5 → 4"); ``names``: who sat at each
    seat in that coup (``StoredGame.seated``), whom the words name."""
    sat = None if names is None else tuple(names)
    old = page.field_words(before, tuple(players), sat)
    new = page.field_words(after, tuple(players), sat)
    return tuple(
        f"{label} {old.get(label, '—')} → {new.get(label, '—')}"
        for label in dict.fromkeys([*old, *new])
        if old.get(label, "—") != new.get(label, "—")
    )


def separator() -> str:
    """Between the parts of what a change did: "; " (French typography: " ; ")."""
    return _("; ")


def net_text(nets: Sequence[NetChange]) -> str:
    """The nets a change moved, signed: "Anne +4, Bruno −2" (or that none moved)."""
    moved = [f"{net.name} {signed(net.delta)}" for net in nets if net.delta]
    # a clause after the fields or the coup's number: no capital, no full stop of its own
    return ", ".join(moved) if moved else _("the nets do not change")


def notice_text(action: str, n: int, fields: Sequence[str], nets: Sequence[NetChange]) -> str:
    """ "Coup 8 corrected: Matadors 3 → 4; Anne +4, Bruno −2, Chloé −2"."""
    what = separator().join([*fields, net_text(nets)])
    if action == Action.EDIT:
        return _("Coup %(n)s corrected: %(what)s", n=n, what=what)
    if action == Action.DELETE:
        return _("Coup %(n)s deleted: %(what)s", n=n, what=what)
    if action == Action.UNDO:
        return _("Coup %(n)s undone: %(what)s", n=n, what=what)
    return _("Coup %(n)s redone: %(what)s", n=n, what=what)


def notice(stored: StoredGame) -> str | None:
    """What the last change to the coups did, when it was not a coup added: the game's
    phones show it until it is dismissed or the next change comes (None: nothing to say).

    The coups now are those after that change (a change of anything else leaves
    them); the coups before it are these with the change taken back.
    """
    row = coup_changes(stored.id).last
    if row is None or row["action"] not in EXPLAINED:
        return None
    page = registry.web_of(stored.kind).pages
    players = stored.game.players
    kind = stored.kind
    named = names_now(stored)  # a club's member by their name now, as the page around it
    n = int(row["position"])
    try:
        older = list(stored.game.coups)
        fields: tuple[str, ...] = ()
        if row["action"] == Action.REDO:
            older.pop(n - 1)
        elif row["action"] == Action.EDIT:
            item = json.loads(row["before"])
            now = kind.dump_coup(older[n - 1], players)
            sat = seated_now(stored, named)(n)  # who played it, by their name now
            fields = differences(page, item, now, players, sat)
            older[n - 1] = kind.load_coup(item, stored.game)
        else:
            older.insert(n - 1, kind.load_coup(json.loads(row["before"]), stored.game))
        # from the kept report nearest before coup n, as the correction's own check
        before = stored.check(older, n)
    except (GameError, IndexError, KeyError, TypeError, ValueError):
        return None  # the log does not match the coups: nothing is said rather than a guess
    names, old = page.counts(before)
    if stored.seat_changes and names == tuple(players):  # per seat: each person's instead
        people = named_changes(_people(stored, older, int(row["id"])), named)
        return None if people is None else notice_text(row["action"], n, fields, people)
    # the coups after the change, not the table's end since (an evening's close stopping it
    # shares the bêtes left): what the change did, the stop's own share apart (smoke25)
    new = page.counts(stored.played())[1]
    nets = [NetChange(name, o, a) for name, o, a in zip(names, old, new, strict=True)]
    seats = names == tuple(players)  # a team game's sides are named by no one
    nets = named_changes(nets, named if seats else None) or []
    return notice_text(row["action"], n, fields, nets)


def _people(stored: StoredGame, older: list[Any], line: int) -> list[NetChange] | None:
    """What the change of log line ``line`` did to each person's result once someone took
    a seat: a seat's net names its first player, whoever played the coup. None: the log
    does not say the seat changes then."""
    then = store.seats_then(get_db(), stored.id, stored.game.players).get(line)
    if then is None:
        return None
    return people_then(stored, then, stored.kind.replay(stored.game.with_coups(older)))


def people_then(
    stored: StoredGame,
    then: tuple[Seats, Seats],
    before: Report,
    after: Report | None = None,
    every: bool = False,
) -> list[NetChange]:
    """What a logged change did to each person's result (the notice after it, its line in
    the change log): each person's result in ``before`` (the replay of the coups before
    it) and ``after`` (after it; None: the game now), with the seat changes as they stood
    then (``store.seats_then`` of its line: a seat taken since moves nothing of this
    change). Only the persons it moved, or ``every`` person (the change log's lines). The
    game now is its coups (``played``): a table stopped since was stopped after the change."""
    seats_before, seats_after = then
    same_seats = tuple(seats_after) == tuple(stored.seat_changes)
    if after is None and same_seats and not stored.stopped:
        now = stored.by_person()  # the game now: its coups, no end since (``played``)
    else:
        now = stored.people_in(stored.played() if after is None else after, seats_after)
    return person_changes(stored.people_in(before, seats_before), now, every)
