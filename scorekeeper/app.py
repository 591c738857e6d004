"""The application factory: configuration, database, languages, forms, pages."""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping
from datetime import timedelta
from pathlib import Path
from typing import Any

from flask import Flask, Response, current_app, session
from flask_wtf.csrf import CSRFProtect
from werkzeug.middleware.proxy_fix import ProxyFix
from werkzeug.routing import IntegerConverter, ValidationError

from . import db, i18n
from .rights.sessions import DailyRefresh
from .web import deployment
from .web.shipped import shipped

csrf = CSRFProtect()
MAX_INT = 2**63 - 1


class BoundedInt(IntegerConverter):
    """``<int:…>`` in every route: at most SQLite's largest integer, else 404.

    A number of a hundred digits in a path would otherwise reach SQLite (which
    cannot bind it) or ``int()`` (which refuses more than 4,300 digits).
    """

    regex = r"[0-9]{1,19}"  # ASCII digits only: "٣" is a digit to Python

    def __init__(self, map: Any, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("max", MAX_INT)
        super().__init__(map, *args, **kwargs)

    def to_python(self, value: str) -> int:
        if len(value) > 19:
            raise ValidationError()
        number: int = super().to_python(value)
        return number


def _secret_key(instance: Path) -> str:
    """The instance's own secret key, generated on first run and never committed.

    Several processes may start at once (server workers, a backup): the key is
    written whole into a file of its own, then linked into place, which fails
    if another process got there first — so all of them read the one key.
    """
    path = instance / "secret_key"
    if not path.exists():
        draft = instance / f".secret_key.{os.getpid()}.{secrets.token_hex(4)}"
        fd = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as handle:
            handle.write(secrets.token_hex(32))
        try:
            os.link(draft, path)
        except FileExistsError:
            pass  # another process wrote the key first: use its key
        finally:
            draft.unlink()
    return path.read_text().strip()


def _check_intervals(config: Mapping[str, Any]) -> None:
    """Every phone of every table asks this often: a setting of 0 or less would have them ask
    without a pause, so a wrong value stops the start with its name, not the server later."""
    for name in ("FOLLOW_EVERY_MS", "OUTBOX_RETRY_MS"):
        value = config[name]
        if isinstance(value, bool) or not isinstance(value, int) or not 10 <= value <= 600_000:
            raise ValueError(f"{name} is milliseconds, a whole number from 10 to 600000: {value!r}")


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    app = Flask(
        __name__,
        instance_relative_config=True,
        template_folder=shipped("templates"),
        static_folder=shipped("static"),
    )
    instance = Path(app.instance_path)
    app.session_interface = DailyRefresh()
    app.config.from_mapping(
        DATABASE=str(instance / "scorekeeper.sqlite"),
        BABEL_DEFAULT_LOCALE="fr",
        BABEL_TRANSLATION_DIRECTORIES=str(Path(__file__).parent / "translations"),
        WTF_CSRF_TIME_LIMIT=None,  # a table plays for hours on one page
        MAX_CONTENT_LENGTH=2 * 1024 * 1024,
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_HTTPONLY=True,
        PERMANENT_SESSION_LIFETIME=timedelta(days=400),  # the phone keeps its links
        ADMIN_PASSWORD=None,
        BEHIND_TLS=False,  # SCOREKEEPER_BEHIND_TLS=1: served through an HTTPS reverse proxy
        FOLLOW_EVERY_MS=3000,  # how often a following page asks for news (static/follow.js)
        OUTBOX_RETRY_MS=3000,  # how often a phone's outbox tries the server again (outbox.js)
    )
    # The instance's config.py, then SCOREKEEPER_* variables, then the caller's own
    # settings: a WSGI file that passes a few settings keeps the others, and the rate
    # limits stay on unless some setting says RATELIMIT_ENABLED false.
    app.config.from_pyfile("config.py", silent=True)
    app.config.from_prefixed_env("SCOREKEEPER")  # SCOREKEEPER_ADMIN_PASSWORD, _DATABASE…
    app.config.from_mapping(test_config or {})
    deployment.configure(app)  # SCOREKEEPER_PUBLIC_URL, _PROXY_FIX
    _check_intervals(app.config)
    if not app.config.get("SECRET_KEY"):
        instance.mkdir(parents=True, exist_ok=True)
        app.config["SECRET_KEY"] = _secret_key(instance)
    Path(app.config["DATABASE"]).parent.mkdir(parents=True, exist_ok=True)
    db.connect(app.config["DATABASE"], migrate=True).close()  # created 0600
    kept = app.config.get("SHARED_PAGES", app.config["DATABASE"] + "-drawn")
    if kept and Path(kept).parent.is_dir():
        db.private_file(kept)  # the followers' pages file (web/kept/shared.py): 0600 too
    if app.config["BEHIND_TLS"]:
        # The proxy speaks HTTPS to the phones: cookies only over HTTPS, the client's
        # address and scheme as the proxy forwards them (one proxy in front).
        app.config["SESSION_COOKIE_SECURE"] = True
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=1, x_proto=1, x_host=1)  # type: ignore[method-assign]
    app.url_map.converters["int"] = BoundedInt

    db.init_app(app)
    i18n.init_app(app)
    csrf.init_app(app)

    from .web import register

    # first of all: an old cookie's rights become grants before any page checks them
    app.before_request(old_cookie)
    register(app)
    from .rights import access
    from .web import limits

    limits.init_app(app)
    app.after_request(access.note_change)
    app.after_request(security_headers)
    return app


def old_cookie() -> None:
    """A cookie of before server-side grants: its rights become grants (see access)."""
    from .rights import access

    if access.MANAGE in session or session.get(access.ADMIN) is True:
        access.adopt_old_cookie()


CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'; "
    "object-src 'none'"
)


def security_headers(response: Response) -> Response:
    """No inline script, no framing, no sniffing, no link sent to another site."""
    response.headers.setdefault("Content-Security-Policy", CSP)
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Referrer-Policy"] = "same-origin"
    response.headers["X-Frame-Options"] = "DENY"
    if current_app.config.get("BEHIND_TLS"):
        response.headers["Strict-Transport-Security"] = "max-age=31536000"
    return response
