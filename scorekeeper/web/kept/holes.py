"""The manager's game page kept with two holes: their CSRF token and their one-time messages.

The manager's game page is the page the bête manager reloads after every
coup, so it is kept once per version (``memory.MANAGED``), with two holes
for what is theirs alone: the CSRF token of its forms (signed per session,
valid for a limited time) and the one-time messages (a flash such as
"Coup 12 saved", between the markers of ``_flashes.html``). Anything else
the page shows is fixed by the game's version (a redo, the four-seat
dealer, the coup form's defaults), its language and its address; a page
that shows something once (a new manager link, a handover code:
``once.SHOWN_ONCE``) is drawn afresh and not kept.
"""

from __future__ import annotations

from flask import get_flashed_messages
from flask_wtf.csrf import generate_csrf
from itsdangerous import URLSafeTimedSerializer

from ...here import current_application, current_session, request_globals
from ...rights.sessions import KeptKeySigner
from .once import SHOWN_ONCE

TOKEN_HOLE = b"\x00csrf\x00"
START, END = b"<!--flashes-->", b"<!--/flashes-->"
SALT = "wtf-csrf-token"
"""Flask-WTF's salt of its CSRF tokens (``generate_csrf``)."""
PAYLOADS = 4096
"""Sessions' CSRF payloads (a few dozen bytes each), and secret keys' serializers, kept."""

_SIGNING: dict[object, URLSafeTimedSerializer] = {}
_PAYLOADS: dict[str, bytes] = {}


def signed_token() -> str:
    """Flask-WTF's ``generate_csrf()``: this request's signed CSRF token, the same text.

    Every manager's page filled from a kept one signs a token: Flask-WTF makes a
    serializer, its signer and its key, and serializes the session's token (JSON, a zlib
    attempt, base64) each time, though only the time stamp and its signature change.
    Here the serializer is kept per secret key (its signer deriving the key once) and
    each session token's payload is made once, then signed as ``dumps`` signs it; the
    token is kept for the request where ``generate_csrf`` keeps it, so the forms drawn
    after it carry the same, and a second call (the page kept, then filled) gives it
    back from there as ``generate_csrf`` does, without its reads through the proxies.
    A session without a token yet is Flask-WTF's own case.

    Kept as a copy on purpose (copies21): calling ``generate_csrf`` itself here cost the
    coup cycle 0.26 M instructions, 1.8 % (``benchmarks/cycle_instructions.py``, 14.53
    → 14.79 M), over the 1 % a removal may cost. It signs with itsdangerous' public API
    exactly as Flask-WTF does (its salt, ``SALT``), and it cannot drift from the library
    unnoticed: ``tests/web/test_bound_forms.py`` asserts the text equals
    ``generate_csrf``'s at the same second, for both secrets, and that ``validate_csrf``
    takes it; ``tests/web/test_kept_page_tokens.py`` that a kept page's token is its
    session's own, another session's and none refused.
    """
    app = current_application()
    field = app.config.get("WTF_CSRF_FIELD_NAME", "csrf_token")
    secret = app.config.get("WTF_CSRF_SECRET_KEY", app.secret_key)
    here = request_globals()
    if secret is not None and isinstance(field, str) and isinstance(here.get(field), str):
        return str(here[field])  # signed already: what generate_csrf gives back from g
    raw = current_session().get(field) if isinstance(field, str) else None
    if field in here or not isinstance(raw, str) or secret is None:
        return generate_csrf()
    serializer = _SIGNING.get(secret)
    if serializer is None:
        if len(_SIGNING) >= PAYLOADS:
            _SIGNING.clear()
        serializer = _SIGNING[secret] = URLSafeTimedSerializer(
            secret, salt=SALT, signer=KeptKeySigner
        )
    payload = _PAYLOADS.get(raw)
    if payload is None:
        if len(_PAYLOADS) >= PAYLOADS:
            _PAYLOADS.clear()
        payload = _PAYLOADS[raw] = serializer.dump_payload(raw)
    token = here[field] = serializer.make_signer().sign(payload).decode("utf-8")
    return token


def keepable() -> bool:
    """Whether this request's page may be kept or taken from the kept ones."""
    held = current_session()
    return not any(key in held for key in SHOWN_ONCE)


def with_holes(body: bytes) -> bytes | None:
    """The page as drawn for this request, its token and its messages taken out.

    None when the page cannot be kept: no marked place for the messages.
    """
    start, end = body.find(START), body.find(END)
    if start < 0 or end < start or body.find(START, start + 1) >= 0:
        return None
    body = body[: start + len(START)] + body[end:]
    token = signed_token().encode()
    return body.replace(token, TOKEN_HOLE)


def filled(kept: bytes) -> bytes:
    """A kept page with this request's token and messages put in."""
    page = kept.replace(TOKEN_HOLE, signed_token().encode())
    if not get_flashed_messages():  # waiting, or taken already by what this request drew
        return page
    # the messages alone read no context processor: the template itself, without Flask's
    templates = current_application().jinja_env
    messages = templates.get_template("_flashes.html").render().encode()
    messages = messages[messages.find(START) :]  # from its marker: not the template's first line
    start, end = page.find(START), page.find(END)
    return page[:start] + messages + page[end + len(END) :]
