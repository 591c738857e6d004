"""Expensive answers: drawn once per version whatever the query string, a few at a time.

A PDF of a long game costs seconds of CPU, its ``report.json`` most of one,
``/players`` one replay per game followed (issue 24: 16 PDFs asked for at once
with ``?x=<random>`` took a follower's poll from 4 ms to 35 s). A route marked
``@expensive(key)`` is:

- kept per version: ``key`` names what makes the answer (for a game: its
  version, time of change and table token, the reader's rights), checked from
  rows before anything is drawn; to it are added the language, the database's
  generation (a restore in place replaces it) and the query arguments the
  route declares it reads (``arguments.reads``; none for most: any other
  query string never draws the answer again, issue 36); the answer is kept
  in this process (``EXPENSIVE``, bounded in pages and bytes) and handed out
  again until the version moves.
  Requests for an answer being drawn wait for it rather than draw it again.
- bounded in how many run at once in this process: ``RENDERS`` draw, at most
  ``SLOTS`` hold a server thread (drawing or waiting), so the other threads stay
  free for the table's polls and coups. A request past ``SLOTS``, or one that
  waited ``WAIT_SECONDS`` for its turn, is answered 503 with ``Retry-After``
  (the browser asks again; nothing is lost: these pages only read).

``key`` runs before the view, so access is checked (404) before any work.
A page drawn while a one-time message waits in the session is neither kept
nor taken from the kept ones (it shows the message).
"""

from __future__ import annotations

import functools
import hashlib
import threading
import time
from collections.abc import Callable, Hashable
from typing import Any, TypeVar, cast

from flask import Response, abort, g, make_response, request, session
from flask_babel import gettext

from ... import clubs
from ...db import generation, get_db, rows
from ...i18n import language
from ...rights import access
from ...store.table_locks import table_state
from . import arguments, said
from .memory import Drawn
from .once import SHOWN_ONCE

RENDERS = 2
"""Expensive answers drawn at once in one process (one per core of a small machine)."""
SLOTS = 4
"""Requests for expensive answers in one process at once, drawing or waiting (of its 8
threads: the other 4 always remain for the table)."""
WAIT_SECONDS = 20.0
"""How long a request waits for its turn to draw before a 503."""
RETRY_AFTER = 5
"""Seconds a browser is told to wait before asking again."""
KEPT_HEADERS = ("Content-Type", "Content-Disposition")

EXPENSIVE: Drawn[dict[str, str]] = Drawn(pages=64, size=48 << 20)
"""The expensive answers kept in this process, by key: 48 MB at most, none over 6 MB (a
5,000-coup report.json is 4.7 MB), least recently used out."""

F = TypeVar("F", bound=Callable[..., Any])


class _Gate:
    """The slots and the renders of one process, and one lock per key being drawn."""

    def __init__(self, slots: int, renders: int) -> None:
        self.slots = threading.BoundedSemaphore(slots)
        self.renders = threading.BoundedSemaphore(renders)
        self._drawing: dict[Hashable, threading.Lock] = {}
        self._lock = threading.Lock()

    def drawing(self, key: Hashable) -> threading.Lock:
        with self._lock:
            return self._drawing.setdefault(key, threading.Lock())

    def drawn(self, key: Hashable) -> None:
        with self._lock:
            self._drawing.pop(key, None)


GATE = _Gate(SLOTS, RENDERS)


def busy() -> Response:
    """503: too many expensive answers at once; the browser may ask again shortly."""
    text = gettext("Busy drawing other pages: try again in a few seconds.")
    response = Response(text + "\n", status=503, mimetype="text/plain")
    response.headers["Retry-After"] = str(RETRY_AFTER)
    response.headers["Cache-Control"] = "no-store"
    return response


def _keepable() -> bool:
    return not session.get("_flashes") and not any(k in session for k in SHOWN_ONCE)


def _kept(key: Hashable) -> Response | None:
    found = EXPENSIVE.get(_name(key))
    if found is None:
        return None
    body, headers = found
    return said.kept(Response(body, headers=headers))


def _name(key: Hashable) -> str:
    """The key as kept: a digest (``/players``'s key lists every game the browser sees)."""
    return hashlib.blake2b(repr(key).encode(), digest_size=16).hexdigest()


def _keep(key: Hashable, response: Response) -> None:
    if response.status_code == 200 and not response.is_streamed:
        headers = {k: v for k, v in response.headers.items() if k in KEPT_HEADERS}
        EXPENSIVE.put(_name(key), response.get_data(), headers)


def expensive(key: Callable[..., Hashable | None]) -> Callable[[F], F]:
    """Mark a GET route as expensive: ``key(**view_args)`` names its answer (None: not kept)."""

    def decorate(view: F) -> F:
        @functools.wraps(view)
        def wrapper(**values: Any) -> Any:
            g.kept_answer = True  # its page names its canonical address (conditional.here)
            named = key(**values)  # checks access first: 404 before any work
            whole = None
            if named is not None:
                place = (request.endpoint, arguments.key(), language())
                whole = (*place, generation(get_db()), named)
            keep = whole is not None and _keepable()
            if keep and (found := _kept(whole)) is not None:
                return found
            if not GATE.slots.acquire(blocking=False):
                return busy()
            try:
                if not keep:
                    return _draw(view, values)
                drawing = GATE.drawing(whole)
                if not drawing.acquire(timeout=WAIT_SECONDS):
                    return busy()
                try:
                    found = _kept(whole)  # drawn by the request this one waited for
                    if found is not None:
                        return found
                    response = _draw(view, values)
                    if isinstance(response, Response):
                        _keep(whole, response)
                    return response
                finally:
                    drawing.release()
                    GATE.drawn(whole)
            finally:
                GATE.slots.release()

        return cast(F, wrapper)

    return decorate


def _draw(view: Callable[..., Any], values: dict[str, Any]) -> Response:
    if not GATE.renders.acquire(timeout=WAIT_SECONDS):
        return busy()
    try:
        started = time.perf_counter()
        return said.drawn(make_response(view(**values)), started)
    finally:
        GATE.renders.release()


# --- what names each expensive answer (each checks access first) --------------------------


def game_key(game_id: int, **_: Any) -> Hashable:
    """A game's answer: fixed by its version and time of change, its table token (another
    database's game of the same number never matches), the database's generation and the
    reader's rights."""
    head = access.readable_head(game_id)  # 404 for a game this browser may not see
    # the generation read with the row: the same snapshot (a restore in place, issue 36)
    stamp = (head.generation, head.version, head.updated_at, head.table_token)
    # a club table's settlement shows the cash box's payments: it follows the club's version
    # too, and the evening's money (paid, left, who pays whom) the other tables' coups: their
    # versions (a PDF kept by the club's version alone still asked for the old sums)
    club = access.table_club(game_id)
    room = () if club is None else evening_tables(game_id)
    return (game_id, stamp, access.can_manage(head), table_state(get_db(), game_id).key, club, room)


def evening_tables(game_id: int) -> tuple[tuple[int, int, str], ...]:
    """Every table of the game's evening at its version (what the room's money is made of);
    another table's version or time retyped behind the app: ``rows.Damaged`` naming its row
    (its ``int()`` made every page of the evening's other tables a 500)."""
    found = get_db().query(
        """select games.id, games.version, games.updated_at from evening_games as mine
        join evening_games as theirs on theirs.evening_id = mine.evening_id
        join games on games.id = theirs.game_id where mine.game_id = ? order by games.id""",
        [game_id],
    )
    return tuple(_version_of(row) for row in found)


def _version_of(row: rows.Row) -> tuple[int, int, str]:
    with rows.reading("games", row):
        changed = str(rows.text_or_none(row, "updated_at"))
        return rows.whole(row, "id"), rows.whole(row, "version"), changed


def players_key(**_: Any) -> Hashable:
    """``/players``: the games this browser may see, each at its version (as ``list_games``)."""
    visible = access.visible_ids()
    if visible is None:
        rows = get_db().execute("select id, version, updated_at from games order by id")
    else:
        chosen = sorted(visible)[-1000:]
        marks = ", ".join("?" * len(chosen))
        rows = get_db().execute(
            f"select id, version, updated_at from games where id in ({marks}) order by id", chosen
        )
    return (visible is None, tuple(tuple(row) for row in rows))


def evening_key(evening_id: int, **_: Any) -> None:
    """An evening's PDF: access checked; not kept (its members' names have no version)."""
    found = clubs.evening(get_db(), evening_id) if 1 <= evening_id <= access.MAX_ID else None
    if found is None:
        abort(404)
    access.readable_club(found.club_id)


def club_key(club_id: int, **_: Any) -> None:
    """A club's season: access checked; not kept (it has no version of its own)."""
    access.readable_club(club_id)
