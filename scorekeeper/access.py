"""Who may see and change a game: the manager link, the table link, the admin.

A game's *manager link* carries a secret whose hash alone is stored; the
browser that opens it (or created the game) keeps the right to change the
game in its signed, HttpOnly session cookie. The *table link* lets the other
players follow the game read-only. Without either, a game is not shown: it
answers 404, as if it did not exist.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from flask import abort, current_app, request, session

from . import store
from .db import get_db

MANAGE, FOLLOW, ADMIN = "manage", "follow", "admin"


def new_token() -> str:
    return secrets.token_urlsafe(18)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _ids(key: str) -> list[int]:
    value = session.get(key, [])
    return [int(v) for v in value] if isinstance(value, list) else []


def _grant(key: str, game_id: int) -> None:
    ids = _ids(key)
    if game_id not in ids:
        session[key] = [*ids[-199:], game_id]  # the cookie stays small
    session.permanent = True


def grant_manage(game_id: int) -> None:
    _grant(MANAGE, game_id)


def grant_follow(game_id: int) -> None:
    _grant(FOLLOW, game_id)


def is_admin() -> bool:
    return session.get(ADMIN) is True and bool(current_app.config.get("ADMIN_PASSWORD"))


def admin_login(password: str) -> bool:
    wanted = current_app.config.get("ADMIN_PASSWORD") or ""
    if wanted and hmac.compare_digest(password.encode(), str(wanted).encode()):
        session[ADMIN] = True
        session.permanent = True
        return True
    return False


Game = store.StoredGame | store.GameHead


def can_manage(stored: Game) -> bool:
    return is_admin() or stored.id in _ids(MANAGE)


def can_read(stored: Game) -> bool:
    if can_manage(stored) or stored.id in _ids(FOLLOW):
        return True
    key = request.args.get("key", "")
    return bool(key) and (
        hmac.compare_digest(key, stored.table_token or "")
        or (
            stored.manager_hash is not None
            and hmac.compare_digest(token_hash(key), stored.manager_hash)
        )
    )


def visible_ids() -> set[int] | None:
    """The games this browser may list; None means all (the admin)."""
    return None if is_admin() else set(_ids(MANAGE)) | set(_ids(FOLLOW))


def readable(game_id: int) -> store.StoredGame:
    """The game, if this browser may see it; else 404, as for a game that does not exist."""
    try:
        stored = store.load(get_db(), game_id)
    except store.NotFound:
        abort(404)
    if not can_read(stored):
        abort(404)
    return stored


def readable_head(game_id: int) -> store.GameHead:
    """Like ``readable`` without loading the coups (the table link's poll)."""
    try:
        game = store.head(get_db(), game_id)
    except store.NotFound:
        abort(404)
    if not can_read(game):
        abort(404)
    return game


def managed(game_id: int) -> store.StoredGame:
    """The game, if this browser may change it; 403 for one who only follows it."""
    stored = readable(game_id)
    if not can_manage(stored):
        abort(403)
    return stored
