"""The application factory: configuration, database, languages, forms, pages."""

from __future__ import annotations

import sqlite3
from collections import ChainMap
from collections.abc import Callable, Mapping
from datetime import timedelta
from pathlib import Path
from typing import Any

from flask import Flask, Response
from flask_wtf.csrf import CSRFError, CSRFProtect
from jinja2 import BytecodeCache, Template
from jinja2.bccache import Bucket
from jinja2.runtime import Context, new_context
from werkzeug.middleware.proxy_fix import ProxyFix
from werkzeug.routing import IntegerConverter, Rule, ValidationError

from . import db, i18n
from .db import MAX_INTEGER
from .db.folder import data_folder, default_database
from .db.probe import reason, write_trouble
from .db.secret_key import secret_key
from .here import (
    current_application,
    current_request,
    current_session,
)
from .rights.sessions import DailyRefresh
from .web.ops import deployment
from .web.ops.shipped import shipped
from .web.ops.wrappers import ServedRequest, ServedResponse

MAX_BODY = 2 * 1024 * 1024
"""The largest request body the app reads (``MAX_CONTENT_LENGTH``): a game file's import
(512 KB) pasted with room for its line ends, and a full club's fee form."""


class MethodFirstCSRF(CSRFProtect):
    """Flask-WTF's CSRF check, the method looked at first.

    Flask-WTF reads the request's endpoint and its view's exemptions (six reads through
    Flask's proxies) before it sees that a GET is never checked. A request of a method it
    does not check is let through at once, as it would be after those reads; any other is
    checked as before.

    A checked request whose session holds no CSRF token (no session cookie: a phone that
    never opened a form, a script) can only fail, and is refused before its body is read
    (ops18): Flask-WTF looks for the token in the parsed form first, and a 1.8 MB form of
    bad percent-escapes cost 1.4 s of CPU to be refused (docs/security.md).
    """

    def protect(self, apply_exemptions: bool = False) -> None:
        request = current_request()
        config = current_application().config
        if request.method not in config["WTF_CSRF_METHODS"]:
            return
        unchecked = apply_exemptions and (not request.endpoint or self._is_exempt())
        if config["WTF_CSRF_FIELD_NAME"] not in current_session() and not unchecked:
            raise CSRFError("The CSRF session token is missing.")
        super().protect(apply_exemptions)


csrf = MethodFirstCSRF()


MAX_INT = MAX_INTEGER


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


class StartRefused(ValueError):
    """The server cannot start on its data: one line naming the file and why (exit 2)."""


def _open_database(app: Flask) -> None:
    """Create or migrate the database, check it can be written, read its secret key.

    Each refusal is one line naming the path (``cli`` prints it, exit 2): a read-only
    file used to stop the start with a bare traceback, and systemd restarted it forever.
    """
    database = Path(app.config["DATABASE"])
    if database.is_dir():  # SQLite says only "unable to open database file": not the mode
        raise StartRefused(
            f"{database} is a folder, not a database file: name the database file in it"
        )
    try:
        database.parent.mkdir(parents=True, exist_ok=True)
        conn = db.connect(database, migrate=True)
        try:
            said = write_trouble(conn.conn, database)
            if said is not None:
                raise StartRefused(f"cannot write the database {database}: {said}")
            if not app.config.get("SECRET_KEY"):
                app.config["SECRET_KEY"] = secret_key(conn, Path(app.instance_path))
        finally:
            conn.close()  # created 0600
        kept = app.config.get("SHARED_PAGES", app.config["DATABASE"] + "-drawn")
        if kept and Path(kept).parent.is_dir():
            db.private_file(kept)  # the followers' pages file (web/kept/shared.py): 0600 too
    except OSError as error:
        where = error.filename or database
        raise StartRefused(f"cannot use {where}: {error.strerror or error}") from None
    except sqlite3.Error as error:
        said = reason(error, database)
        raise StartRefused(f"cannot use the database {database}: {said} ({error})") from None


class FlatGlobalsTemplate(Template):
    """Jinja's template, the globals put into each of its contexts at C speed.

    Jinja keeps a template's globals as a ChainMap over the environment's and copies
    them into every context it makes (``dict(ChainMap)``): a Python call per name, some
    sixty here, most of the cost of drawing a small template (the one-time messages put
    into every manager's page: holes.py). The same dict is made from the maps themselves,
    read at each call as the ChainMap reads them, the last first so that the first map's
    names win as ChainMap's lookups say; a shared context takes no globals, as before.
    """

    def new_context(
        self,
        vars: dict[str, Any] | None = None,
        shared: bool = False,
        locals: Mapping[str, Any] | None = None,
    ) -> Context:
        names = self.globals
        if shared or not isinstance(names, ChainMap):
            return super().new_context(vars, shared, locals)
        flat: dict[str, Any] = {}
        for layer in reversed(names.maps):
            flat.update(layer)
        return new_context(self.environment, self.name, self.blocks, vars, shared, flat, locals)


class Compiled:
    """What an app compiles that the next app of the same process may reuse:
    ``create_app(settings, compiled=Compiled())``, the same object for every app.

    A server makes one app per process and has no use for it. The test suite makes an
    app per test, and each new app compiled every template it drew (a third of the CPU
    of the tests that draw pages) and a Python function per URL rule to build its links
    (about 25 ms of create_app's 34). Every app made by ``create_app`` has the same Jinja
    options, so a template's code is found again by its name, file and source's checksum
    (a changed template is compiled again); a rule's builder depends only on the rule's
    parts and converters' types, the key it is kept under here.
    """

    def __init__(self) -> None:
        self.templates = _KeptTemplates()
        builders: dict[tuple[Any, ...], Callable[..., tuple[str, str]]] = {}

        class KeptBuilderRule(Rule):
            """Werkzeug's rule, its link builder compiled once per shape (Flask's
            ``url_rule_class``, the one Werkzeug method it changes: ``_compile_builder``)."""

            def _compile_builder(
                self, append_unknown: bool = True
            ) -> Callable[..., tuple[str, str]]:
                key = (
                    self.rule,
                    tuple(self._trace),
                    repr(sorted((self.defaults or {}).items())),
                    tuple((name, type(kind)) for name, kind in self._converters.items()),
                    append_unknown,
                )
                if key not in builders:
                    builders[key] = super()._compile_builder(append_unknown)
                return builders[key]

        self.rule_class: type[Rule] = KeptBuilderRule

    def install(self, app: Flask) -> None:
        """``app`` (new, no template drawn, no route added yet) reuses what is kept here."""
        app.jinja_options = {**app.jinja_options, "bytecode_cache": self.templates}
        app.url_rule_class = self.rule_class


class _KeptTemplates(BytecodeCache):
    """The templates' compiled code, in memory (Jinja's own cache interface)."""

    def __init__(self) -> None:
        self.compiled: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        if bucket.key in self.compiled:
            bucket.bytecode_from_string(self.compiled[bucket.key])

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.compiled[bucket.key] = bucket.bytecode_to_string()


def _check_intervals(config: Mapping[str, Any]) -> None:
    """Every phone of every table asks this often: a setting of 0 or less would have them ask
    without a pause, so a wrong value stops the start with its name, not the server later."""
    for name in ("FOLLOW_EVERY_MS", "OUTBOX_RETRY_MS"):
        value = config[name]
        if isinstance(value, bool) or not isinstance(value, int) or not 10 <= value <= 600_000:
            raise ValueError(f"{name} is milliseconds, a whole number from 10 to 600000: {value!r}")


def create_app(
    test_config: dict[str, Any] | None = None, *, compiled: Compiled | None = None
) -> Flask:
    """The app on its data folder (``db/folder.py``: ``DATA_FOLDER`` or the rule there);
    ``compiled``: templates and link builders kept from the apps made before (``Compiled``)."""
    folder = data_folder((test_config or {}).get("DATA_FOLDER"))
    app = Flask(
        __name__,
        instance_path=str(folder),
        instance_relative_config=True,
        template_folder=shipped("templates"),
        static_folder=shipped("static"),
    )
    if compiled is not None:
        compiled.install(app)
    app.session_interface = DailyRefresh()
    app.config.from_mapping(
        DATA_FOLDER=str(folder),
        DATABASE=str(default_database(folder)),
        BABEL_DEFAULT_LOCALE="fr",
        BABEL_TRANSLATION_DIRECTORIES=str(Path(__file__).parent / "translations"),
        WTF_CSRF_TIME_LIMIT=None,  # a table plays for hours on one page
        MAX_CONTENT_LENGTH=MAX_BODY,
        # a multipart field as large as the body: the import's pasted file is bounded by the
        # import (rules.importing.MAX_BYTES, said on its form, 422); Flask's 500 KB a field
        # answered a paste of 500-512 KB with a bare 413 page (smoke23)
        MAX_FORM_MEMORY_SIZE=MAX_BODY,
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
    _open_database(app)
    if app.config["BEHIND_TLS"]:
        # The proxy speaks HTTPS to the phones: cookies only over HTTPS, the client's
        # address and scheme as the proxy forwards them (one proxy in front).
        app.config["SESSION_COOKIE_SECURE"] = True
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=1, x_proto=1, x_host=1)  # type: ignore[method-assign]
    app.url_map.converters["int"] = BoundedInt

    # the environment made once the settings are read, as before; before any template
    app.jinja_env.template_class = FlatGlobalsTemplate
    db.init_app(app)
    i18n.init_app(app)
    app.request_class = ServedRequest
    app.response_class = ServedResponse
    csrf.init_app(app)

    from .web import register

    # first of all: an old cookie's rights become grants before any page checks them
    app.before_request(old_cookie)
    register(app)
    from .rights import access
    from .web.ops import limits

    limits.init_app(app)
    app.after_request(access.note_change)
    app.after_request(security_headers)
    return app


def old_cookie() -> None:
    """A cookie of before server-side grants: its rights become grants (see access)."""
    from .rights import access

    held = current_session()  # every request asks: the session itself, not its proxy
    if access.MANAGE in held or held.get(access.ADMIN) is True:
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
    if current_application().config.get("BEHIND_TLS"):
        response.headers["Strict-Transport-Security"] = "max-age=31536000"
    return response
