"""Rate limits on what an anonymous client can repeat: admin logins, new games, imports, clubs,
events and their registrations.

Flask-Limiter with in-memory storage: each server process counts on its own,
so with several worker processes a client gets the limit once per worker.
That is enough to turn 300 password tries a second into a handful a minute.
The limits count per client address (behind a TLS proxy, the address the
proxy forwards: see ``BEHIND_TLS``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Flask, Response, request
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from limits.storage import MemoryStorage

from ...rights import access

LOGIN = "5 per minute; 30 per hour"
CREATE = "10 per minute; 60 per hour"
IMPORT = "10 per minute; 30 per hour"
TAKEOVER = "5 per minute; 20 per hour"
CLUB = "5 per minute; 20 per hour"
EVENING = "10 per minute; 60 per hour"
MEMBER = "30 per minute; 300 per hour"
CASH = "60 per minute; 600 per hour"
"""The treasurer's entries and an evening's closing (which replays the room): a manager's
hand at the table, not a script filling the ledger."""
EVENT = "5 per minute; 20 per hour"
REGISTER = "30 per minute; 300 per hour"
REFUSED = "60 per minute; 600 per hour"
"""A form's refusals (a 4xx answer: a field mistyped, a stale version), counted apart from
what it makes: a founder who mistypes their competition five times still makes it (each
refusal took one of the 5 a minute, and the sixth try was 429). A refusal stores nothing
and reads a form: this bound only keeps a script from repeating them without end."""
EVERY_TRY = frozenset(("login", "takeover", "import"))
"""The counts every try adds to, refused or not: a password's and a handover code's
(a refused try is the guess the limit is there to slow), and an import's (a file is read
and replayed whole before it is refused: the cost is the same)."""


def client_and_game() -> str:
    """Handover codes are counted per client and per game."""
    return f"{get_remote_address()}/{(request.view_args or {}).get('game_id')}"


COUNTS: dict[str, tuple[str, Callable[[], str] | None]] = {
    "login": (LOGIN, None),
    "create": (CREATE, None),
    "import": (IMPORT, None),
    "takeover": (TAKEOVER, client_and_game),
    "club": (CLUB, None),
    "evening": (EVENING, None),
    "member": (MEMBER, None),
    "cash": (CASH, None),
    "event": (EVENT, None),
    "register": (REGISTER, None),
}
"""Each count: its limit on POST and what it counts by (the client's address unless said),
stated once for the routes that share it (``LIMITS``)."""

LIMITS: dict[str, str] = {
    "/admin": "login",
    "/games/new": "create",
    "/games/new/<name>": "create",
    "/games/import": "import",
    "/games/<int:game_id>/takeover": "takeover",
    "/clubs/new": "club",
    "/clubs/<int:club_id>/evenings": "evening",
    "/clubs/<int:club_id>/members": "member",
    "/clubs/<int:club_id>/cash/entries": "cash",
    "/clubs/<int:club_id>/cash/fees": "cash",
    "/clubs/<int:club_id>/cash/entries/<int:entry_id>/reverse": "cash",
    "/clubs/<int:club_id>/cash/pay": "cash",
    "/evenings/<int:evening_id>/close": "cash",
    "/evenings/<int:evening_id>/reopen": "cash",
    "/events/new": "event",
    "/events/<int:event_id>/players": "register",
}
"""URL rule: the count it adds to (``COUNTS``), shared by the routes that name it.

By address rather than by view, so that the limits follow the public addresses
whichever module serves them (a rule no route has any more is refused at start:
its form would go unlimited). The admin is exempt, but from the login."""


def init_app(app: Flask) -> None:
    """Limit the routes of ``LIMITS``; off when ``RATELIMIT_ENABLED`` is false (tests)."""
    limiter = Limiter(get_remote_address, storage_uri="memory://", default_limits=[])
    limiter.init_app(app)
    if not app.config.get("RATELIMIT_ENABLED", True):
        return
    storage = limiter.storage
    assert isinstance(storage, MemoryStorage)  # memory://, as made above
    made_scopes: set[str] = set()
    limited = [r for r in app.url_map.iter_rules() if "POST" in (r.methods or ())]
    unknown = set(LIMITS) - {rule.rule for rule in limited}
    if unknown:
        raise RuntimeError(f"rate limits for no form: {sorted(unknown)}")
    for rule in limited:
        if rule.rule not in LIMITS:
            continue
        scope = LIMITS[rule.rule]
        limit, key = COUNTS[scope]
        exempt = None if rule.rule == "/admin" else access.is_admin
        view: Any = app.view_functions[rule.endpoint]
        if scope in EVERY_TRY:
            app.view_functions[rule.endpoint] = limiter.shared_limit(
                limit, scope=scope, key_func=key, methods=["POST"], exempt_when=exempt
            )(view)
            continue
        # a try takes its place in the count at once and gives it back if refused
        # (``give_back``): counted only once made (``deduct_when``), tries sent at once all
        # passed a count of none, and a burst on a server's 8 threads made 8 of 5
        made = limiter.shared_limit(
            limit, scope, key_func=key, methods=["POST"], exempt_when=exempt
        )
        made_scopes.add(scope)
        refused = limiter.shared_limit(
            REFUSED,
            f"{scope}-refused",
            key_func=key,
            methods=["POST"],
            exempt_when=exempt,
            deduct_when=_refused,
        )
        app.view_functions[rule.endpoint] = made(refused(view))

    def give_back(response: Response) -> Response:
        """A refused form's try gives back its place in the count of things made."""
        if not _made(response):
            for counted in limiter.current_limits:
                if counted.request_args[-1] in made_scopes:
                    storage.decr(counted.key)
        return response

    app.after_request(give_back)


def _made(response: Response) -> bool:
    """What a limited form's answer keeps in its count: a thing made (a redirect to it)."""
    return response.status_code < 400


def _refused(response: Response) -> bool:
    return not _made(response)
