"""The browser's session cookie, sent again once a day rather than on every answer.

A phone's rights (its device token, the games it follows, the admin's
token) live in a permanent session cookie that lasts 400 days from when it
was last sent. Flask sends it again, re-signed and compressed, with every
answer to keep that date moving; the phones following a table ask for the
version every few seconds, so nearly all of that was work for nothing. The
cookie is sent when the session changed, and otherwise at most once a day:
a phone used within 400 days of its last day of use keeps its rights, as
before.
"""

from __future__ import annotations

from datetime import date

from flask import Flask
from flask.sessions import SecureCookieSessionInterface, SessionMixin

DAY = "_day"
"""The day the cookie was last sent (a date's ordinal)."""


class DailyRefresh(SecureCookieSessionInterface):
    def should_set_cookie(self, app: Flask, session: SessionMixin) -> bool:
        if not session.permanent:
            return session.modified
        today = date.today().toordinal()
        if not session.modified and session.get(DAY) == today:
            return False
        session[DAY] = today  # written into the cookie that is now sent
        return True
