"""What the store refuses a change with, besides the rules' own ``GameError``.

Both are about the request, not the game: the web answers 404 for the one
and 409 (the form kept as typed) for the other.
"""

from __future__ import annotations


class NotFound(LookupError):
    """No game (or coup, or phone) with that number."""


class Conflict(Exception):
    """The game (or the club) changed since the page that sent this change was shown.

    One exception for every versioned row: a club's changes raise it too.
    """


class Closed(Conflict):
    """The game's coups are locked: a table of a closed evening (until it is reopened), of
    a closed event round, locked by the director, or past its round's deals.

    A Conflict: the page that sent the coup was shown before the closing
    (the coup pages refuse to show a form for a locked table). ``args[1]``: the
    ``table_locks.Lock`` that refused it.
    """
