"""The browser's session cookie, sent again once a day rather than on every answer.

A phone's rights (its device token, the games it follows, the admin's
token) live in a permanent session cookie that lasts 400 days from when it
was last sent. Flask sends it again, re-signed and compressed, with every
answer to keep that date moving; the phones following a table ask for the
version every few seconds, so nearly all of that was work for nothing. The
cookie is sent when the session changed, and otherwise at most once a day:
a phone used within 400 days of its last day of use keeps its rights, as
before.

The serializer that signs and reads the cookie is made once per secret
key (and its fallbacks), and its signer derives each key once: Flask makes
both anew on every request, an HMAC and a handful of objects each time.
"""

from __future__ import annotations

import threading
from datetime import date
from typing import Any

from flask import Flask
from flask.sessions import SecureCookieSessionInterface, SessionMixin
from itsdangerous import TimestampSigner, URLSafeTimedSerializer

DAY = "_day"
"""The day the cookie was last sent (a date's ordinal)."""


_DERIVED: dict[tuple[Any, ...], bytes] = {}
"""Derived keys by (secret key, salt, derivation, digest): a handful per process."""


class KeptKeySigner(TimestampSigner):
    """A signer that derives each key once per process (the serializer makes a signer a call)."""

    def derive_key(self, secret_key: str | bytes | None = None) -> bytes:
        key = self.secret_keys[-1] if secret_key is None else secret_key
        known = (key, self.salt, self.key_derivation, self.digest_method)
        found = _DERIVED.get(known)
        if found is None:
            found = _DERIVED[known] = super().derive_key(secret_key)
        return found


class DailyRefresh(SecureCookieSessionInterface):
    def __init__(self) -> None:
        self._kept: tuple[Any, URLSafeTimedSerializer | None] | None = None
        self._lock = threading.Lock()

    def get_signing_serializer(self, app: Flask) -> URLSafeTimedSerializer | None:
        """Flask's serializer, made again only when the secret key or its fallbacks change."""
        keys = (app.secret_key, tuple(app.config.get("SECRET_KEY_FALLBACKS") or ()))
        kept = self._kept
        if kept is not None and kept[0] == keys:
            return kept[1]
        serializer = super().get_signing_serializer(app)
        if serializer is not None:
            serializer.signer = KeptKeySigner
        with self._lock:
            self._kept = (keys, serializer)
        return serializer

    def should_set_cookie(self, app: Flask, session: SessionMixin) -> bool:
        if not session.permanent:
            return session.modified
        today = date.today().toordinal()
        if not session.modified and session.get(DAY) == today:
            return False
        session[DAY] = today  # written into the cookie that is now sent
        return True
