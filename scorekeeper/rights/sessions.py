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

The one-time messages (Flask's flashes: "Coup 12 saved") ride beside it in
a cookie of their own, signed too (``FLASHES``): a coup saved sets it and
the page after it deletes it, and the session cookie is sent again only
when something else in it changed. Carried in the session, a flash made
the session be signed and sent twice a coup (set, then taken), a seventh
of a coup's POST. A flashes cookie that is not signed by this server is no
message: it is dropped.

A cookie's signature is checked once per process (``_verified``): the phones
of a table send the same cookie with every poll, and checking it (base64,
zlib, the HMAC, the tagged JSON) was a sixth of a poll's answer.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from datetime import date
from typing import Any

from flask import Flask, Request, Response
from flask.json.tag import TaggedJSONSerializer
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface, SessionMixin
from itsdangerous import (
    BadSignature,
    Serializer,
    Signer,
    TimestampSigner,
    URLSafeSerializer,
    URLSafeTimedSerializer,
)
from itsdangerous.encoding import base64_encode

from ..here import application_or_none

DAY = "_day"
"""The day the cookie was last sent (a date's ordinal)."""
FLASHES = "_flashes"
"""Flask's key of the one-time messages in the session, and the name of their own cookie."""
CHECKED = 4096
"""Session cookies kept once their signature is checked (a few hundred bytes each)."""
SHORT = 1024
"""A flashes cookie's payload up to this many bytes is not compressed."""


_DERIVED: dict[tuple[Any, ...], bytes] = {}
"""Derived keys by (secret key, salt, derivation, digest): a handful per process."""


def _derived(signer: Signer, secret_key: str | bytes | None) -> bytes:
    """The signer's key, derived once per process (the serializer makes a signer a call)."""
    key = signer.secret_keys[-1] if secret_key is None else secret_key
    known = (key, signer.salt, signer.key_derivation, signer.digest_method)
    found = _DERIVED.get(known)
    if found is None:
        found = _DERIVED[known] = Signer.derive_key(signer, secret_key)
    return found


class KeptKeySigner(TimestampSigner):
    """The session's signer, deriving each key once per process."""

    def derive_key(self, secret_key: str | bytes | None = None) -> bytes:
        return _derived(self, secret_key)


class KeptKeyFlashSigner(Signer):
    """The flashes cookie's signer (no time: the cookie lives until the browser closes)."""

    def derive_key(self, secret_key: str | bytes | None = None) -> bytes:
        return _derived(self, secret_key)


class FlashesSerializer(URLSafeSerializer):
    """The flashes cookie's serializer: a short payload (a coup's message) is not tried
    with zlib, whose set-up alone cost a POST 45 µs for a cookie that shrank by a few
    bytes. A long one still is; either reads back as itsdangerous reads it."""

    def dump_payload(self, obj: Any) -> bytes:
        json = Serializer.dump_payload(self, obj)
        if len(json) > SHORT:
            return super().dump_payload(obj)
        return base64_encode(json)


class FlashesAside(SecureCookieSession):
    """A session whose one-time messages are not its own: setting or taking them marks the
    flashes changed (``flashes_changed``), not the session (its cookie is not sent again)."""

    flashes_changed = False

    def __setitem__(self, key: str, value: Any) -> None:
        if key != FLASHES:
            super().__setitem__(key, value)
            return
        self.accessed = self.flashes_changed = True
        dict.__setitem__(self, key, value)

    def __delitem__(self, key: str) -> None:
        if key != FLASHES:
            super().__delitem__(key)
            return
        self.accessed = self.flashes_changed = True
        dict.__delitem__(self, key)

    def pop(self, key: str, *default: Any) -> Any:
        if key != FLASHES:
            return super().pop(key, *default)
        self.accessed = True
        self.flashes_changed = self.flashes_changed or key in self
        return dict.pop(self, key, *default)


class AppJSON(TaggedJSONSerializer):
    """Flask's session serializer (tagged JSON), its app's JSON provider read from the
    app itself: ``flask.json``'s ``dumps`` and ``loads`` find it through ``current_app``'s
    proxy, twice a call, and every request reads its session (a POST writes its
    flashes too). Outside an app's context, Flask's own."""

    def dumps(self, value: Any) -> str:
        app = application_or_none()
        if app is None:
            return super().dumps(value)
        return app.json.dumps(self.tag(value), separators=(",", ":"))

    def loads(self, value: str) -> Any:
        app = application_or_none()
        if app is None:
            return super().loads(value)
        return self._untag_scan(app.json.loads(value))


class DailyRefresh(SecureCookieSessionInterface):
    session_class = FlashesAside
    serializer = AppJSON()

    def __init__(self) -> None:
        self._checked: OrderedDict[str, tuple[int, str]] = OrderedDict()
        self._checked_by: URLSafeTimedSerializer | None = None
        self._kept: tuple[Any, URLSafeTimedSerializer | None] | None = None
        self._flash_signers: tuple[Any, URLSafeSerializer] | None = None
        self._lock = threading.Lock()

    def flash_serializer(self, app: Flask) -> URLSafeSerializer:
        """The flashes cookie's serializer, made again only when the secret key changes."""
        kept = self._flash_signers
        if kept is not None and kept[0] == app.secret_key:
            return kept[1]
        serializer = FlashesSerializer(  # the session's own JSON: tuples and Markup kept
            app.secret_key or "",
            salt="scorekeeper.flashes",
            serializer=self.serializer,
            signer=KeptKeyFlashSigner,
        )
        self._flash_signers = (app.secret_key, serializer)
        return serializer

    def _verified(self, app: Flask, request: Request) -> SecureCookieSession | None:
        """Flask's ``open_session``, each cookie checked once: a cookie whose signature was
        checked is kept (bounded, least recently used out) with its time and its payload's
        text, so the same cookie sent again (a phone's poll every three seconds) is read
        from that text, its age checked against the lifetime as itsdangerous checks it. A
        new secret key empties it; a cookie that fails is never kept."""
        serializer = self.get_signing_serializer(app)
        if serializer is None:
            return None
        value = request.cookies.get(self.get_cookie_name(app))
        if not value:
            return self.session_class()
        max_age = int(app.permanent_session_lifetime.total_seconds())
        with self._lock:
            if self._checked_by is not serializer:
                self._checked.clear()
                self._checked_by = serializer
            found = self._checked.get(value)
            if found is not None:
                self._checked.move_to_end(value)
        if found is not None:
            signed_at, text = found
            if 0 <= int(time.time()) - signed_at <= max_age:
                return self.session_class(self.serializer.loads(text))
            return self.session_class()  # too old now, as itsdangerous would say
        try:
            data, stamp = serializer.loads(value, max_age=max_age, return_timestamp=True)
        except BadSignature:
            return self.session_class()
        with self._lock:
            self._checked[value] = (int(stamp.timestamp()), self.serializer.dumps(data))
            while len(self._checked) > CHECKED:
                self._checked.popitem(last=False)
        return self.session_class(data)

    def open_session(self, app: Flask, request: Request) -> SecureCookieSession | None:
        session = self._verified(app, request)
        if not isinstance(session, FlashesAside):
            return session
        if FLASHES in session:  # signed with its messages inside: both cookies sent again
            session.modified = session.flashes_changed = True
        sent = request.cookies.get(FLASHES)
        if sent:
            try:
                messages = self.flash_serializer(app).loads(sent)
            except BadSignature:  # not this server's: no message (and the cookie dropped)
                messages = None
            if messages and FLASHES not in session:
                dict.__setitem__(session, FLASHES, messages)
            else:  # forged, empty or beside older messages: dropped when the page is answered
                session.flashes_changed = True
        return session

    def save_session(self, app: Flask, session: SessionMixin, response: Response) -> None:
        if not isinstance(session, FlashesAside):
            super().save_session(app, session, response)
            return
        messages = dict.pop(session, FLASHES, None)  # never signed into the session's cookie
        super().save_session(app, session, response)
        if not session.flashes_changed:
            return
        options: dict[str, Any] = {
            "domain": self.get_cookie_domain(app),
            "path": self.get_cookie_path(app),
            "secure": self.get_cookie_secure(app),
            "samesite": self.get_cookie_samesite(app),
            "httponly": True,
        }
        if messages:
            value = self.flash_serializer(app).dumps(messages)
            response.set_cookie(FLASHES, value, **options)
        else:
            response.delete_cookie(FLASHES, **options)
        response.vary.add("Cookie")

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
