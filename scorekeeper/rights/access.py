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
import secrets

from flask import abort, current_app, g, request, session
from werkzeug.wrappers import Response

from .. import clubs, store
from ..db import get_db
from ..store import grants

MANAGE, FOLLOW, ADMIN, DEVICE = "manage", "follow", "admin", "device"
MAX_ID = 2**63 - 1
"""SQLite's largest integer: a game or coup number above it names nothing."""


def new_token() -> str:
    return secrets.token_urlsafe(18)


def _bytes(text: str) -> bytes:
    return text.encode("utf-8", "surrogatepass")


def token_hash(token: str) -> str:
    return hashlib.sha256(_bytes(token)).hexdigest()


def same_secret(given: str, expected: str | None) -> bool:
    """Constant-time comparison of a secret sent by a browser (any text) with the stored one."""
    if not given or not expected:
        return False
    return hmac.compare_digest(_bytes(given), _bytes(expected))


HANDOVER_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
"""Crockford's base 32: no I, L, O or U, so a code read aloud or typed is not misread."""
_READ_AS = str.maketrans({"O": "0", "I": "1", "L": "1"})


def new_handover_code() -> str:
    """A handover code, 8 characters (40 bits) grouped ``XXXX-XXXX``."""
    chars = "".join(secrets.choice(HANDOVER_ALPHABET) for _ in range(8))
    return f"{chars[:4]}-{chars[4:]}"


def handover_hash(code: str) -> str:
    """The hash of a code as typed: case, spaces and dashes do not count; O is 0, I and L are 1."""
    cleaned = re.sub(r"[^0-9A-Z]", "", code.upper().translate(_READ_AS))
    return token_hash(cleaned)


def _ids(key: str) -> list[int]:
    value = session.get(key, [])
    if not isinstance(value, list):
        return []
    return [v for v in value if isinstance(v, int) and 1 <= v <= MAX_ID]


def device(create: bool = False) -> str | None:
    """This browser's device token (made on first need), or None."""
    token = session.get(DEVICE)
    if isinstance(token, str) and 16 <= len(token) <= 64:
        return token
    if not create:
        return None
    token = new_token()
    session[DEVICE] = token
    session.permanent = True
    return token


def device_hash() -> str | None:
    token = device()
    return None if token is None else token_hash(token)


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
    key = _bytes(str(current_app.config["SECRET_KEY"]))
    return hmac.new(key, _bytes(password), hashlib.sha256).hexdigest()


def is_admin() -> bool:
    if "is_admin" not in g:
        token = session.get(ADMIN)
        g.is_admin = (
            isinstance(token, str)
            and bool(current_app.config.get("ADMIN_PASSWORD"))
            and grants.admin_open(get_db(), token_hash(token), _password_tag())
        )
    return bool(g.is_admin)


def admin_login(password: str) -> bool:
    wanted = str(current_app.config.get("ADMIN_PASSWORD") or "")
    if wanted and hmac.compare_digest(_bytes(password), _bytes(wanted)):
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


def grant_of(game_id: int) -> grants.Grant | None:
    """This browser's standing right to change the game, if any."""
    held = device_hash()
    return None if held is None else grants.active(get_db(), game_id, held)


Acting = tuple[int, int, int | None]
"""The change a request makes: the game, its version when it began, the grant making it."""


def _acting(found: object) -> Acting | None:
    """What ``managed`` kept on ``g`` for this request (None: it changes no game)."""
    if not isinstance(found, tuple) or len(found) != 3:
        return None
    game_id, version, grant_id = found
    if not isinstance(game_id, int) or not isinstance(version, int):
        return None
    return game_id, version, grant_id if isinstance(grant_id, int) else None


def acting_grant() -> int | None:
    """The grant making the change of this request (for the change log), if any."""
    acting = _acting(g.get("acting"))
    return None if acting is None else acting[2]


def can_manage(stored: Game) -> bool:
    return is_admin() or grant_of(stored.id) is not None


def can_read(stored: Game) -> bool:
    if stored.id in _ids(FOLLOW) or can_manage(stored):
        return True
    key = request.args.get("key", "")
    return same_secret(key, stored.table_token) or (
        bool(key) and same_secret(token_hash(key), stored.manager_hash)
    )


def visible_ids() -> set[int] | None:
    """The games this browser may list; None means all (the admin)."""
    if is_admin():
        return None
    held = device_hash()
    managed_ids = set() if held is None else grants.games_of(get_db(), held)
    return managed_ids | set(_ids(FOLLOW))


def head(game_id: int) -> store.GameHead:
    """The game's row, or 404 (a number SQLite cannot hold names no game)."""
    if not 1 <= game_id <= MAX_ID:
        abort(404)
    try:
        return store.head(get_db(), game_id)
    except store.NotFound:
        abort(404)


def readable_head(game_id: int) -> store.GameHead:
    """The game's row, if this browser may see it; else 404, as for a game that does not exist."""
    game = head(game_id)
    if not can_read(game):
        abort(404)
    return game


def _load(game_id: int) -> store.StoredGame:
    try:
        return store.load(get_db(), game_id)
    except store.NotFound:  # deleted meanwhile
        abort(404)


def readable(game_id: int) -> store.StoredGame:
    """The game, if this browser may see it: its coups are read only once that is known."""
    readable_head(game_id)
    return _load(game_id)


def managed(game_id: int) -> store.StoredGame:
    """The game, if this browser may change it; 403 for one who only follows it.

    On a change, remembers which grant made it: ``note_change`` then records
    the time on that grant if the game's version moved.
    """
    game = readable_head(game_id)
    if not can_manage(game):
        abort(403)
    if request.method == "POST":
        grant = grant_of(game_id)
        g.acting = (game_id, game.version, None if grant is None else grant.id)
    return _load(game_id)


def note_change(response: Response) -> Response:
    """After a request: if a device's grant changed its game, say when (the links page shows it)."""
    acting = _acting(g.pop("acting", None))
    if acting is not None:
        game_id, version, grant_id = acting
        if grant_id is None:
            return response
        try:
            now = store.head(get_db(), game_id)
        except store.NotFound:
            return response
        recorded = grants.last_change(get_db(), grant_id)
        # a change logged with its grant recorded the time in its own transaction
        if now.version > version and (recorded is None or recorded < now.updated_at):
            grants.changed(get_db(), grant_id)
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
