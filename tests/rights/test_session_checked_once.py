"""A session cookie's signature is checked once per process (rights/sessions.py, ``_verified``).

The same cookie sent again (a phone's poll) is read from what the first check
kept; what itsdangerous would refuse is still refused: a cookie past its
lifetime (its signed time, not when it was kept), one signed with another key,
one forged. Nothing that fails the check is kept.
"""

from __future__ import annotations

from scorekeeper.rights import sessions


def interface(app) -> sessions.DailyRefresh:
    found = app.session_interface
    assert isinstance(found, sessions.DailyRefresh)
    return found


def cookie_of(app, **data) -> str:
    """A session cookie this app signed, holding ``data``."""
    with app.test_request_context("/"):
        serializer = interface(app).get_signing_serializer(app)
        assert serializer is not None
        return serializer.dumps(dict(data))


def opened(app, value: str) -> dict:
    """The session the app opens for a request sending ``value`` as its cookie."""
    with app.test_request_context("/", headers={"Cookie": f"session={value}"}) as ctx:
        found = interface(app).open_session(app, ctx.request)
        assert found is not None
        return dict(found)


def test_the_same_cookie_gives_the_same_session_and_is_checked_once(app, monkeypatch):
    value = cookie_of(app, games=[1, 2], device="abc")
    checks = []
    real = sessions.URLSafeTimedSerializer.loads

    def counted(self, *args, **kwargs):
        checks.append(1)
        return real(self, *args, **kwargs)

    monkeypatch.setattr(sessions.URLSafeTimedSerializer, "loads", counted)
    first, second = opened(app, value), opened(app, value)
    assert first == second == {"games": [1, 2], "device": "abc"}
    assert len(checks) == 1
    second["games"].append(3)  # a request that changes its session changes only its own
    assert opened(app, value)["games"] == [1, 2]


def test_a_kept_cookie_past_its_lifetime_is_refused(app, monkeypatch):
    value = cookie_of(app, device="abc")
    assert opened(app, value) == {"device": "abc"}  # checked, kept
    lifetime = app.permanent_session_lifetime.total_seconds()
    later = sessions.time.time() + lifetime + 5
    monkeypatch.setattr(sessions.time, "time", lambda: later)
    assert opened(app, value) == {}  # as itsdangerous says: too old


def test_a_forged_or_foreign_cookie_is_refused_and_not_kept(app, make_app):
    value = cookie_of(app, device="abc")
    forged = value[:-2] + ("AA" if not value.endswith("AA") else "BB")
    assert opened(app, forged) == {}
    assert forged not in interface(app)._checked
    other = make_app(SECRET_KEY="another key")
    assert opened(other, value) == {}  # signed with another key


def test_a_new_secret_key_forgets_the_checked_cookies(app):
    value = cookie_of(app, device="abc")
    assert opened(app, value) == {"device": "abc"}
    app.secret_key = "rotated"
    app.config["SECRET_KEY"] = "rotated"
    assert opened(app, value) == {}  # not this key's: refused, and the kept ones forgotten
    assert value not in interface(app)._checked
