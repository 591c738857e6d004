"""Who may see and change a game: the manager link, the table link, the admin.

A game's *manager link* carries a secret whose hash alone is stored. The
browser that opens it (or created the game) gets a *grant*: a row in the
database naming the game and the hash of the browser's device token, the only
thing its signed, HttpOnly cookie carries. Every change checks that row, so a
new manager link, *remove this phone* on the links page, or the admin's
logout end a right at once, whatever copies of the cookie exist. The *table
link* lets the other players follow the game read-only (kept in the cookie:
it gives no right a new link could take back). Without either, a game is not
shown: it answers 404, as if it did not exist, and is refused from its row
alone, before its coups are read.
"""

from __future__ import annotations

import hashlib
import hmac
import re
from dataclasses import dataclass, field
from typing import Any

from flask import abort, current_app, g, request, session
from werkzeug.wrappers import Response

from .. import clubs, store
from ..db import MAX_INTEGER, get_db
from ..here import current_request, current_session, request_globals
from ..store import grants
from .tokens import new_token, same_secret, secret_bytes, token_hash

MANAGE, FOLLOW, ADMIN, DEVICE = "manage", "follow", "admin", "device"
MAX_ID = MAX_INTEGER
"""SQLite's largest integer: a game or coup number above it names nothing."""


def _ids(key: str) -> list[int]:
    value = current_session().get(key, [])
    if not isinstance(value, list):
        return []
    return [v for v in value if isinstance(v, int) and 1 <= v <= MAX_ID]


def device(create: bool = False) -> str | None:
    """This browser's device token (made on first need), or None."""
    token = current_session().get(DEVICE)  # asked by every check: the session itself
    if isinstance(token, str) and 16 <= len(token) <= 64:
        return token
    if not create:
        return None
    token = new_token()
    session[DEVICE] = token
    session.permanent = True
    return token


def device_hash(here: dict[str, Any] | None = None) -> str | None:
    """This browser's device token's hash (once per request and token); ``here``: g's own."""
    token = device()
    if token is None:
        return None
    here = request_globals() if here is None else here  # g itself, not its proxy
    known = here.get("device_hash")
    if isinstance(known, tuple) and known[0] == token:
        return str(known[1])
    hashed = token_hash(token)
    here["device_hash"] = (token, hashed)
    return hashed


_PLATFORMS = [("iPhone", "iPhone"), ("iPad", "iPad"), ("Android", "Android")]
_PLATFORMS += [("Windows", "Windows"), ("Mac OS", "Mac"), ("CrOS", "ChromeOS"), ("Linux", "Linux")]
_BROWSERS = [("Firefox/", "Firefox"), ("FxiOS", "Firefox"), ("Edg", "Edge")]
_BROWSERS += [("CriOS", "Chrome"), ("Chrome/", "Chrome"), ("Safari/", "Safari")]


def device_label() -> str:
    """What the browser says it is, in two words (for the list of phones on the links page)."""
    agent = request.headers.get("User-Agent", "")
    platform = next((name for key, name in _PLATFORMS if key in agent), "")
    browser = next((name for key, name in _BROWSERS if key in agent), "")
    label = " · ".join(part for part in (platform, browser) if part)
    return label or re.sub(r"[^\w .;:/()-]", "", agent)[:40] or "?"


def grant_manage(game_id: int) -> None:
    """This browser may change the game (a grant) and follow it, as the table link lets it.

    Following stays when the right to change is taken back: the table link is
    shared with the whole table anyway.
    """
    grant_follow(game_id)
    token = device(create=True)
    assert token is not None
    grants.give(get_db(), game_id, token_hash(token), device_label())


def grant_follow(game_id: int) -> None:
    ids = _ids(FOLLOW)
    if game_id not in ids:
        session[FOLLOW] = [*ids[-199:], game_id]  # the cookie stays small
    session.permanent = True


def adopt_old_cookie() -> None:
    """A cookie of before server-side grants lists the games it manages: turn them into grants.

    They then show on each game's links page, where they can be removed, and a
    new manager link ends them, like any other; the list leaves the cookie.
    """
    claimed = session.pop(MANAGE, None)
    if session.get(ADMIN) is True:
        session.pop(ADMIN)  # an old admin cookie: log in again
    if not isinstance(claimed, list):
        return
    db = get_db()
    for game_id in {v for v in claimed if isinstance(v, int) and 1 <= v <= MAX_ID}:
        try:
            store.head(db, game_id)
        except store.NotFound:
            continue
        grant_manage(game_id)


def _password_tag() -> str:
    """Which admin password a session was opened with: changing it ends every session."""
    password = str(current_app.config.get("ADMIN_PASSWORD") or "")
    key = secret_bytes(str(current_app.config["SECRET_KEY"]))
    return hmac.new(key, secret_bytes(password), hashlib.sha256).hexdigest()


def is_admin() -> bool:
    here = request_globals()  # asked by every check: g itself, not its proxy
    if "is_admin" not in here:
        token = current_session().get(ADMIN)
        here["is_admin"] = (
            isinstance(token, str)
            and bool(current_app.config.get("ADMIN_PASSWORD"))
            and grants.admin_open(get_db(), token_hash(token), _password_tag())
        )
    return bool(here["is_admin"])


def admin_login(password: str) -> bool:
    wanted = str(current_app.config.get("ADMIN_PASSWORD") or "")
    if wanted and hmac.compare_digest(secret_bytes(password), secret_bytes(wanted)):
        token = new_token()
        grants.open_admin(get_db(), token_hash(token), _password_tag(), device_label())
        session[ADMIN] = token
        session.permanent = True
        g.pop("is_admin", None)
        return True
    return False


def admin_logout() -> None:
    """End this admin session on the server: a copy of the cookie no longer works either."""
    token = session.pop(ADMIN, None)
    if isinstance(token, str):
        grants.close_admin(get_db(), token_hash(token))
    g.pop("is_admin", None)


Game = store.StoredGame | store.GameHead


@dataclass
class Visit:
    """What one request knows of one game, read once: its row, this browser's grant on it,
    the game whole (from that same row: ``store.row_game`` takes the kept game of this
    version, no coup read) and the table's locks.

    The first check of a request builds it (``visit``: one statement, the row and the
    grant); every later check, the page and the change ask it instead of the database.
    The change takes its grant (``acting_grant``: the store records the phone's time in
    the change's own transaction), and the after-request hook (``note_change``) reads it.
    A request that writes anything (the connection's ``total_changes`` moved) reads the
    game afresh: what it knew may be what it has just changed.
    """

    row: store.GamesRow
    grant: int | None
    device: str | None
    writes: int
    """The connection's ``total_changes`` when it was read."""
    stored: store.StoredGame | None = None
    state: store.TableState | None = None
    club: tuple[object, object, object] | None = None
    """The club of the table's evening, its version and the table's seats as stored, read
    with the row (``table_club`` reads the first two)."""
    acting: bool = False
    """A change of this request was given the grant (its time recorded with the change)."""
    began: tuple[int, int] = (0, 0)
    """The game's version and the connection's ``total_changes`` when the request first
    read it (a visit read again after a write keeps them: ``note_change`` compares)."""
    head: store.GameHead = field(init=False)

    def __post_init__(self) -> None:
        self.head = store.head_of_row(self.row)
        if self.began == (0, 0):
            self.began = (self.row.version, self.writes)

    @property
    def version(self) -> int:
        return self.row.version

    def game(self) -> store.StoredGame:
        if self.stored is None:
            self.stored = store.row_game(get_db(), self.row)
        return self.stored

    def table_state(self) -> store.TableState:
        if self.state is None:
            self.state = store.table_state(get_db(), self.row.id, self.row.stopped)
        return self.state


def visit(game_id: int) -> Visit:
    """This request's visit of the game (read on first need); 404 for a game that is not
    there (a number SQLite cannot hold names no game)."""
    if not 1 <= game_id <= MAX_ID:
        abort(404)
    here = request_globals()  # asked 25 times a coup's cycle: g itself, read once here
    visits: dict[int, Visit] = here.setdefault("visits", {})
    db = here.get("db") or get_db()  # the request's connection, as get_db finds it
    held = device_hash(here)
    known = visits.get(game_id)
    if known is not None and known.writes == db.conn.total_changes and known.device == held:
        return known
    try:
        row, grant, state, club = store.row_and_grant(db, game_id, held)
    except store.NotFound:
        abort(404)
    found = visits[game_id] = Visit(row, grant, held, db.conn.total_changes, state=state, club=club)
    if known is not None:  # read again after a write: what the request began from stays
        found.acting, found.began = known.acting, known.began
    return found


def table_club(game_id: int) -> tuple[int, int] | None:
    """The club of the table's evening and the club's version (what a club table's kept
    pages follow: its members' names now, its evening's money), as this request's visit
    read them with the game's row: no statement of its own (``store.table_club``). A club
    version retyped behind the app: ``rows.Damaged`` naming the club's row."""
    found = visit(game_id).club
    return None if found is None else store.club_of(*found[:2])


def grant_of(game_id: int) -> grants.Grant | None:
    """This browser's standing right to change the game, if any."""
    held = device_hash()
    return None if held is None else grants.active(get_db(), game_id, held)


def acting_grant() -> int | None:
    """The grant making the change of this request (for the change log), if any: the
    change records its time, so the after-request hook has nothing left to do."""
    found = _visiting()
    if found is None:
        return None
    found.acting = True
    return found.grant


def _visiting() -> Visit | None:
    """The game this request changes (``managed``), if any."""
    here = request_globals()
    game_id = here.get("managing")
    visits: dict[int, Visit] = here.get("visits", {})
    return visits.get(game_id) if isinstance(game_id, int) else None


def can_manage(stored: Game) -> bool:
    return is_admin() or visit(stored.id).grant is not None


def can_read(stored: Game) -> bool:
    if stored.id in _ids(FOLLOW) or can_manage(stored):
        return True
    key = request.args.get("key", "")
    if same_secret(key, stored.table_token) or (
        bool(key) and same_secret(token_hash(key), stored.manager_hash)
    ):
        return True
    return _held_it(stored.id)


def _held_it(game_id: int) -> bool:
    """A phone whose right to change the game was taken back (a takeover, a new manager
    link, a removal) follows it still, as ``grant_manage`` lets it: its grant, revoked, says
    so where the cookie's list of followed games may not (a cookie copied or put back from
    before the game, one that two requests at once wrote over). The list is mended."""
    held = device_hash()
    if held is None or not grants.ever_held(get_db(), game_id, held):
        return False
    grant_follow(game_id)
    return True


def visible_ids() -> set[int] | None:
    """The games this browser may list; None means all (the admin)."""
    if is_admin():
        return None
    held = device_hash()
    managed_ids = set() if held is None else grants.games_of(get_db(), held)
    return managed_ids | set(_ids(FOLLOW))


def head(game_id: int) -> store.GameHead:
    """The game's row, or 404 (a number SQLite cannot hold names no game)."""
    return visit(game_id).head


def readable_head(game_id: int) -> store.GameHead:
    """The game's row, if this browser may see it; else 404, as for a game that does not exist."""
    game = head(game_id)
    if not can_read(game):
        abort(404)
    return game


def _load(game_id: int) -> store.StoredGame:
    try:
        return visit(game_id).game()
    except store.NotFound:  # deleted meanwhile
        abort(404)


def readable(game_id: int) -> store.StoredGame:
    """The game, if this browser may see it: its coups are read only once that is known."""
    readable_head(game_id)
    return _load(game_id)


def managed(game_id: int) -> store.StoredGame:
    """The game, if this browser may change it; 403 for one who only follows it.

    On a change, remembers which game it changes: ``note_change`` then records the time
    on the grant that made it if the game's version moved and the change did not.
    """
    game = readable_head(game_id)
    if not can_manage(game):
        abort(403)
    if current_request().method == "POST":
        request_globals()["managing"] = game_id
    return _load(game_id)


def note_change(response: Response) -> Response:
    """After a request: if a device's grant changed its game, say when (the links page shows it).

    Nothing to read when the request wrote nothing, or when its change took the grant
    (``acting_grant``: the time was recorded in the change's own transaction)."""
    found = _visiting()
    request_globals().pop("managing", None)
    if found is None or found.grant is None or found.acting:
        return response
    db = get_db()
    version, writes = found.began
    if db.conn.total_changes == writes:
        return response
    try:
        now = store.head(db, found.row.id)
    except store.NotFound:
        return response
    recorded = grants.last_change(db, found.grant)
    if now.version > version and (recorded is None or recorded < now.updated_at):
        grants.changed(db, found.grant)
    return response


CLUBS = "clubs"
"""The clubs whose club link this browser opened (read only, kept in the cookie)."""


def can_manage_club(club_id: int) -> bool:
    """The admin, or a device that opened the club's manager link (or created the club)."""
    if is_admin():
        return True
    held = device_hash()
    return held is not None and clubs.holds(get_db(), club_id, held)


def grant_club(club_id: int) -> None:
    token = device(create=True)
    assert token is not None
    clubs.give(get_db(), club_id, token_hash(token))
    follow_club(club_id)


def follow_club(club_id: int) -> None:
    ids = _ids(CLUBS)
    if club_id not in ids:
        session[CLUBS] = [*ids[-49:], club_id]
    session.permanent = True


def readable_club(club_id: int) -> clubs.Club:
    """The club's row if this browser may read it (club link, manager, admin), else 404.

    The club link (``?key=``) is remembered, like a table link.
    """
    found = clubs.club(get_db(), club_id) if 1 <= club_id <= MAX_ID else None
    if found is None:
        abort(404)
    if club_id in _ids(CLUBS) or can_manage_club(club_id):
        return found
    if same_secret(request.args.get("key", ""), found.read_token):
        follow_club(club_id)
        return found
    abort(404)


def managed_club(club_id: int) -> clubs.Club:
    """The club's row if this browser may change it; 403 for a reader, 404 for a stranger."""
    found = readable_club(club_id)
    if not can_manage_club(club_id):
        abort(403)
    return found


def visible_clubs() -> set[int] | None:
    """The clubs this browser may list; None means all (the admin)."""
    if is_admin():
        return None
    held = device_hash()
    managed_ids = set() if held is None else clubs.managed_by(get_db(), held)
    return managed_ids | set(_ids(CLUBS))
