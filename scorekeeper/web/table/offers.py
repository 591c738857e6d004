"""What the manager's game page offers besides the next coup: to stop here, to redo; and
whether there is a next coup at all (``takes_deals``), and what stopped a stopped table
(``stopped_by``, said by ``stopped_text`` on every page of a stopped table).

Template globals (web/__init__.py) that the pages' frames read too (kept/frames.py:
a game page's frame is kept only where neither is offered, or by whether it is).
"""

from __future__ import annotations

from flask_babel import gettext as _
from flask_babel import ngettext

from ... import store
from ...db import get_db
from ...here import request_globals
from ...rights import access
from ...rules import stopping
from ...rules.errors import GameError
from ...store.table_locks import Lock
from ..formats.words import error_text
from ..kept.conditional import table_state_of


def refused(stored: store.StoredGame) -> str | None:
    """Why this table cannot stop here now, in the reader's words; None: it can."""
    state = table_state_of(stored.id)  # read once for a GET (kept/conditional.py)
    if state.event is not None:
        return error_text(GameError(stopping.KEY, store.stops.EVENT_TABLE))
    if state.lock is Lock.STOPPED or stored.replay().finished:
        return _("The game is over: there is nothing to stop.")
    if state.lock is not None:  # a closed evening's table: its coups are frozen as they stand
        return _("This table takes no more coups: it cannot stop here.")
    refusal = stopping.refusal(stored.game, stored.seat_changes)
    return None if refusal is None else error_text(refusal)


def takes_deals(stored: store.StoredGame) -> bool:
    """Whether the table takes another deal: its game is not over and nothing locks it (a
    closed evening or round, a locked result, the round's deals played, a stop:
    store/table_locks.py). Every page says the next deal (who deals, chooses the trump,
    what is still owed) only then: a closed table has none."""
    return not stored.replay().finished and table_state_of(stored.id).lock is None


def can_stop(stored: store.StoredGame) -> bool:
    """Whether the manager's pages offer "We stop here…" (a template global)."""
    return access.can_manage(stored) and refused(stored) is None


def stopped_by(stored: store.StoredGame) -> str | None:
    """What stopped this table, if it stopped (``store.stops.stopped_by``: its evening's
    close, its round's, the director's lock; None: its manager), a template global."""
    return store.stops.stopped_by(get_db(), stored.id) if stored.stopped else None


def stopped_text(stored: store.StoredGame) -> str:
    """The sentence of a stopped table on every page that says it (its game page, its sheet,
    its settlement and the PDF drawn from it: ``_stopped.html``, a template global), its
    subject who stopped it (``stopped_by``), as its history's line says it
    (``changelog.ENDED_WORDS``): "The table stopped here" is its manager's stop only. The
    game page of a table that the evening's close stopped read "Bordet stoppede her" beside
    the history's "aftenens lukning stoppede bordet" (smoke25)."""
    n = len(stored.game.coups)
    by = stopped_by(stored)
    if by == store.stops.EVENING:
        return ngettext(
            "The evening's close stopped the table after its %(num)s coup: the game ended as"
            " it stood.",
            "The evening's close stopped the table after its %(num)s coups: the game ended as"
            " it stood.",
            n,
        )
    if by == store.stops.ROUND:
        return ngettext(
            "The close of its competition round stopped the table after its %(num)s coup:"
            " the game ended as it stood.",
            "The close of its competition round stopped the table after its %(num)s coups:"
            " the game ended as it stood.",
            n,
        )
    if by == store.stops.LOCK:
        return ngettext(
            "The director locked the table after its %(num)s coup: the game ended as it stood.",
            "The director locked the table after its %(num)s coups: the game ended as it stood.",
            n,
        )
    return ngettext(
        "The table stopped here, after its %(num)s coup: the game ended as it stood.",
        "The table stopped here, after its %(num)s coups: the game ended as it stood.",
        n,
    )


def redoable(stored: store.StoredGame) -> int | None:
    """The coup a redo would put back on this game's page (a template global)."""
    row = coup_changes(stored.id).redo
    return None if row is None else int(row["position"])


def coup_changes(game_id: int) -> store.CoupChanges:
    """The change log's end for the game (``store.coup_changes``), read once per request:
    the redo offered and the change notice both ask (read again after a write)."""
    db = get_db()
    known: dict[tuple[int, int], store.CoupChanges] = request_globals().setdefault(
        "coup_changes", {}
    )
    key = (game_id, db.conn.total_changes)
    found = known.get(key)
    if found is None:
        found = known[key] = store.coup_changes(db, game_id)
    return found
