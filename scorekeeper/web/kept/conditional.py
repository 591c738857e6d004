"""Conditional requests: a phone that re-reads an unchanged game gets "304 Not Modified".

Every change of a game increments its version, so what a follower sees of
a game is fixed by the page asked for (path and query), the game's version
and the time of its last change (a backup restored in place can bring back
a version number that then goes on with other coups),
the reader's language and rights, and by the game's random table token (a
game of the same number and version in another database — a new or a
restored one — never matches). That is the page's ETag; it is checked
from the game's row alone (``readable_head``), before the game is loaded.
``Cache-Control: private, no-cache`` makes the browser keep the page and
ask each time whether it is still current: the table link's poll and the
reload after a change cost a row read when nothing changed.

The same tag keys the page as drawn: the four phones of a table ask for it
after each coup, and only the first draws it (``DRAWN``, a bounded map per
process, memory.py; and the file every process of the server shares,
shared.py, so the page is drawn once, not once per process).
The manager's game page is kept too, with holes for their CSRF token and their
one-time messages (``MANAGED``, holes.py): they reload it after every coup.

Not made conditional: a page that carries forms or a one-time message —
anything seen by one who may change the game (manager or admin), and any
page while a flash message waits in the session — and every non-GET
request. The version poll has no form: it is conditional for everyone.
"""

from __future__ import annotations

import hashlib
import time
from importlib.metadata import PackageNotFoundError, version

from flask import Flask, Response

from ...db import get_db
from ...here import current_request, current_session, request_globals
from ...i18n import language
from ...rights.access import can_manage, can_manage_club, readable_head, table_club, visit
from ...store.table_locks import TableState, table_state
from . import arguments, said, shared
from .expensive import evening_tables
from .holes import filled, keepable, with_holes
from .memory import DRAWN, MANAGED
from .readers import Followers, draw_for_followers, followers_tag, reader_part, split

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
MONEY_PAGES = frozenset({"settlement.settlement", "settlement.settlement_pdf"})
"""The pages of a club table that show its evening's money, read from the cash box."""
NAMED_PAGES = frozenset(
    {"table.game", "table.journal", "table.full_fiche", "table.history", "settlement.story"}
)
"""The pages of a club table that name its members by their names now (``seat_words.
names_now``): a rename or a merge moves the club's version, not the game's."""
POLL = "links.version"
"""The table link's poll: the version itself."""
MANAGED_PAGES = frozenset({"table.game"})
"""The pages a manager reloads after each coup: kept as drawn with holes (holes.py)."""


def _release() -> str:
    """This server's code: a new release (or restart) draws every page again."""
    try:
        number = version("scorekeeper")
    except PackageNotFoundError:  # pragma: no cover - run from a source tree
        number = "0"
    # imported before the server forks (prefork.py): one value for all its processes
    return f"{number}-{int(time.time())}"


RELEASE = _release()


KEPT_HEADERS = ("Content-Type", "Content-Disposition")


def _tag(generation: str, *parts: object) -> str:
    """A page's tag: the release, the database's generation (read with the game's row: a
    restore in place replaces it, ``db.generation``) and what else makes the page."""
    text = "\x1f".join(str(p) for p in (RELEASE, generation, *parts))
    return hashlib.blake2b(text.encode(), digest_size=12).hexdigest()


def page_key() -> str:
    """What makes a follower's page besides the game: its path and the arguments it reads.

    Each route declares the query arguments it reads (``arguments.reads``: the
    journal's and the history's ``page``, the CSV files' ``sep``); any other
    (``?n=1``, ``?x=<random>``, ``?page=`` on a page without pages) draws the same page.
    Never the raw query string: a stranger's junk arguments would make each its own kept
    copy of the same page (issue 24: 200 requests stored 941 MB).
    """
    return arguments.key()


def here() -> str:
    """The address a page's language links bring the reader back to.

    A kept page (a follower's page, an expensive answer) is drawn once for every
    request its key matches, so it names its canonical address (its path and the
    arguments it reads, as ``page_key``), never the raw query string of whichever
    request drew it: junk arguments would be served to every later reader.
    Other pages come back to the address as asked.
    """
    asked = current_request()  # the request itself, not its proxy
    if asked.endpoint not in PAGES and not request_globals().get("kept_answer"):
        return asked.full_path.rstrip("?")
    return arguments.address()


def table_state_of(game_id: int) -> TableState:
    """The table's locks: for a GET, as this request's visit read them with the game's row
    (the ETag and the page both ask; a GET changes no lock); read afresh for any other
    request, which may have changed them."""
    if current_request().method != "GET":
        return table_state(get_db(), game_id)
    return visit(game_id).table_state()


def check() -> Response | None:
    """Before the view: answer 304 when the phone already has this version of the page."""
    asked = current_request()  # the request itself: read a dozen times here
    if asked.method != "GET":
        return None
    endpoint = asked.endpoint
    game_id = (asked.view_args or {}).get("game_id")
    if game_id is None or (endpoint not in PAGES and endpoint != POLL):
        return None
    head = readable_head(game_id)  # 404 for a game this browser may not see
    # the table token is random per game: another database (a restored or new one) with a
    # game of the same number and version never shares a tag (the tag is a hash: the
    # token is not disclosed)
    if endpoint == POLL:
        tag = _tag(head.generation, POLL, game_id, head.version, head.updated_at, head.table_token)
    elif can_manage(head):
        # a manager's page shows why a locked table takes no coup: kept per lock too (an
        # evening or an event round closes without the game's version moving)
        lock = table_state_of(game_id).key
        stamp = f"{head.version}@{head.updated_at}@{lock}"
        if endpoint in MANAGED_PAGES:  # the followers' tag too: the same stamp as theirs
            stamp += _names(endpoint, game_id)
        answer = _managed(endpoint, head.generation, stamp, head.table_token)
        if answer is None and request_globals().get("keep_managed") is not None:
            # the manager's page drawn to be kept: the followers' one of the same version too
            tag = _tag(head.generation, page_key(), stamp, head.table_token, language(), "follow")
            if DRAWN.get(tag) is None:
                draw_for_followers(Followers(tag, game_id, head.version))
        return answer
    elif current_session().get("_flashes"):  # a follower's page is kept whole: not with one
        return None
    else:
        # a locked table's pages say so (no PROVISIONAL once its evening is closed)
        stamp = f"{head.version}@{head.updated_at}@{table_state_of(game_id).key}"
        if endpoint in MONEY_PAGES and (club := table_club(game_id)) is not None:
            if can_manage_club(club[0]):  # the club's treasurer: its pay forms, never kept
                return None
            # the evening's money (paid, left, who pays whom): the club's version and the
            # versions of the evening's other tables make it too, as for its kept PDF
            stamp += f"@{club}@{evening_tables(game_id)}"
        else:
            stamp += _names(endpoint, game_id)
        tag = _tag(head.generation, page_key(), stamp, head.table_token, language(), "follow")
    here = request_globals()
    here["etag"] = tag
    if tag in asked.if_none_match:
        response = Response(status=304)
        _headers(response, tag)
        return response
    if endpoint == POLL:
        return None
    drawn = DRAWN.get(tag)
    if drawn is None:  # drawn by another process of this server?
        pages = shared.pages()
        drawn = None if pages is None else pages.get(tag)
        if drawn is not None:
            DRAWN.put(tag, *drawn)
    if drawn is not None:  # another follower's phone asked for this version already
        body, headers = drawn
        response = Response(body, headers=headers)
        _headers(response, tag)
        return said.kept(response)
    here["draw"] = (game_id, head.version)
    here["draw_started"] = time.perf_counter()
    return None


def _names(endpoint: str, game_id: int) -> str:
    """What a page of ``NAMED_PAGES`` adds to its stamp: at a club's table, the club, its
    version (a rename or a merge moves it, not the game's) and the table's seats as read
    with them (``store.table_club``); else nothing."""
    if endpoint not in NAMED_PAGES:
        return ""
    club = visit(game_id).club  # as stored: a club row retyped behind the app still keys
    return "" if club is None else f"@{club}"  # the page (drawn with the names as typed)


def _managed(
    endpoint: str, generation: str, version: str, table_token: str | None
) -> Response | None:
    """The manager's page as kept for this version, filled in for them; else mark it to keep."""
    if endpoint not in MANAGED_PAGES or not keepable():
        return None
    tag = _tag(generation, page_key(), version, table_token, language(), "manage")
    kept = MANAGED.get(tag)
    if kept is not None:
        body, headers = kept
        return said.kept(Response(filled(body), headers=headers))
    here = request_globals()
    here["keep_managed"] = tag
    here["draw_started"] = time.perf_counter()
    return None


def _headers(response: Response, tag: str) -> None:
    response.set_etag(tag)
    response.headers["Cache-Control"] = "private, no-cache"


def mark(response: Response) -> Response:
    """After the view: the ETag on a page that can be asked for again conditionally."""
    here = request_globals()  # g itself: read a dozen times here
    if here.get("followers") is not None:
        _keep_followers(response)
    tag = here.pop("etag", None)
    if tag is not None and response.status_code == 200:
        _headers(response, tag)
        draw = here.pop("draw", None)
        if draw is not None:
            said.drawn(response, here.get("draw_started", time.perf_counter()))
        if draw is not None and not response.is_streamed:
            headers = {k: v for k, v in response.headers.items() if k in KEPT_HEADERS}
            page = response.get_data()
            DRAWN.put(tag, page, headers)
            pages = shared.pages()
            if pages is not None:
                game_id, version = draw
                pages.put(tag, game_id, version, page, headers)
    managed = here.pop("keep_managed", None)
    if managed is not None and response.status_code == 200 and not response.is_streamed:
        said.drawn(response, here.get("draw_started", time.perf_counter()))
        body = with_holes(response.get_data())
        if body is not None:
            headers = {k: v for k, v in response.headers.items() if k in KEPT_HEADERS}
            MANAGED.put(managed, body, headers)
    return response


def _keep_followers(response: Response) -> None:
    """The manager's page drawn with the followers' parts beside the manager's (readers.py):
    that page without the marks is sent, the followers' is kept as if the first phone drew it."""
    followers: Followers = request_globals().pop("followers")
    if response.is_streamed:
        return
    mine, theirs = split(response.get_data())
    response.set_data(mine)
    if theirs is None or response.status_code != 200:
        return
    headers = {k: v for k, v in response.headers.items() if k in KEPT_HEADERS}
    DRAWN.put(followers.tag, theirs, headers)
    pages = shared.pages()
    if pages is not None:
        pages.put(followers.tag, followers.game_id, followers.version, theirs, headers)


def init_app(app: Flask) -> None:
    shared.init_app(app)
    app.jinja_env.globals.update(reader_part=reader_part, followers_tag=followers_tag)
    app.before_request(check)
    app.after_request(mark)
