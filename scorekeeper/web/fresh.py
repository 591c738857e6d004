"""Conditional requests: a phone that re-reads an unchanged game gets "304 Not Modified".

Every change of a game increments its version, so what a follower sees of
a game is fixed by the page asked for (path and query), the game's version,
the reader's language and rights, and by the game's random table token (a
game of the same number and version in another database — a new or a
restored one — never matches). That is the page's ETag; it is checked
from the game's row alone (``readable_head``), before the game is loaded.
``Cache-Control: private, no-cache`` makes the browser keep the page and
ask each time whether it is still current: the table link's poll and the
reload after a change cost a row read when nothing changed.

The same tag keys the page as drawn: the four phones of a table reload it
after each coup, and only the first draws it (``DRAWN``, a bounded map per
process, for the follower pages only).

Not made conditional: a page that carries forms or a one-time message —
anything seen by one who may change the game (manager or admin), and any
page while a flash message waits in the session — and every non-GET
request. The version poll has no form: it is conditional for everyone.
"""

from __future__ import annotations

import hashlib
import threading
import time
from collections import OrderedDict
from importlib.metadata import PackageNotFoundError, version

from flask import Flask, Response, g, request, session
from flask_babel import get_locale

from ..access import can_manage, readable_head

PAGES = frozenset(
    {
        "table.game",
        "table.journal",
        "table.full_fiche",
        "table.history",
        "settlement.settlement",
        "settlement.settlement_pdf",
        "settlement.journal",
        "settlement.standings",
        "settlement.story",
        "games.game_file",
        "games.report_file",
    }
)
"""The pages a follower reads, each fixed by the game's version."""
POLL = "links.version"
"""The table link's poll: the version itself."""


def _release() -> str:
    """This server's code: a new release (or restart) draws every page again."""
    try:
        number = version("scorekeeper")
    except PackageNotFoundError:  # pragma: no cover - run from a source tree
        number = "0"
    # imported before gunicorn forks (preload): one value for all its processes
    return f"{number}-{int(time.time())}"


RELEASE = _release()


class Drawn:
    """Follower pages as drawn, by tag: bounded in pages and bytes, least recently used out."""

    def __init__(self, pages: int = 512, size: int = 64 << 20) -> None:
        self.pages, self.size = pages, size
        self._held = 0
        self._pages: OrderedDict[str, tuple[bytes, dict[str, str]]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, tag: str) -> tuple[bytes, dict[str, str]] | None:
        with self._lock:
            page = self._pages.get(tag)
            if page is not None:
                self._pages.move_to_end(tag)
            return page

    def put(self, tag: str, body: bytes, headers: dict[str, str]) -> None:
        if len(body) > self.size // 8:
            return
        with self._lock:
            if tag in self._pages:
                return
            self._pages[tag] = (body, headers)
            self._held += len(body)
            while len(self._pages) > self.pages or self._held > self.size:
                _, (old, _) = self._pages.popitem(last=False)
                self._held -= len(old)


DRAWN = Drawn()
KEPT_HEADERS = ("Content-Type", "Content-Disposition")


def _tag(*parts: object) -> str:
    text = "\x1f".join(str(p) for p in (RELEASE, *parts))
    return hashlib.blake2b(text.encode(), digest_size=12).hexdigest()


def check() -> Response | None:
    """Before the view: answer 304 when the phone already has this version of the page."""
    if request.method != "GET":
        return None
    endpoint = request.endpoint
    game_id = (request.view_args or {}).get("game_id")
    if game_id is None or (endpoint not in PAGES and endpoint != POLL):
        return None
    if endpoint != POLL and session.get("_flashes"):
        return None
    head = readable_head(game_id)  # 404 for a game this browser may not see
    # the table token is random per game: another database (a restored or new one) with a
    # game of the same number and version never shares a tag (the tag is a hash: the
    # token is not disclosed)
    if endpoint == POLL:
        tag = _tag(POLL, game_id, head.version, head.table_token)
    elif can_manage(head):
        return None
    else:
        tag = _tag(request.full_path, head.version, head.table_token, get_locale(), "follow")
    g.etag = tag
    if tag in request.if_none_match:
        response = Response(status=304)
        _headers(response, tag)
        return response
    drawn = DRAWN.get(tag) if endpoint != POLL else None
    if drawn is not None:  # another follower's phone asked for this version already
        body, headers = drawn
        response = Response(body, headers=headers)
        _headers(response, tag)
        return response
    g.draw = endpoint != POLL
    return None


def _headers(response: Response, tag: str) -> None:
    response.set_etag(tag)
    response.headers["Cache-Control"] = "private, no-cache"


def mark(response: Response) -> Response:
    """After the view: the ETag on a page that can be asked for again conditionally."""
    tag = g.pop("etag", None)
    if tag is not None and response.status_code == 200:
        _headers(response, tag)
        if g.pop("draw", False) and not response.is_streamed:
            headers = {k: v for k, v in response.headers.items() if k in KEPT_HEADERS}
            DRAWN.put(tag, response.get_data(), headers)
    return response


def init_app(app: Flask) -> None:
    app.before_request(check)
    app.after_request(mark)
