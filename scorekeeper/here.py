"""This request's ``g``, request, session and app themselves, not through Flask's proxies.

``flask.g``, ``request``, ``session`` and ``current_app`` are proxies (werkzeug.local):
every attribute read through one first fails on the proxy itself (an AttributeError
made, its message formatted, then dropped) and then finds the context again in three
Python calls, some 5,000 instructions. The coup cycle (the coup posted, the manager's
page, the first phone's page) read them about 470 times. The helpers a request calls
many times (the connection, the catalog, the visit of the game, the kept pieces' scope,
the reader's parts, the conditional check) take the object itself here and read it
directly: what they read is the object the proxy would have found, through the proxy's
own public ``_get_current_object`` (Werkzeug documents it for this: "useful for
performance if you are accessing the object multiple times"), which raises Flask's own
RuntimeError outside a context. Nothing here reads Flask's private context variables.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, current_app, g, has_app_context, request, session
from flask.sessions import SessionMixin
from flask.wrappers import Request

# Each proxy's own getter (Werkzeug's LocalProxy; Flask types the proxies as what they stand
# for, hence the ignores): the object itself, or Flask's RuntimeError outside a context.
_g = g._get_current_object
_app = current_app._get_current_object  # type: ignore[attr-defined]
_request = request._get_current_object  # type: ignore[attr-defined]
_session = session._get_current_object  # type: ignore[attr-defined]


def request_globals() -> dict[str, Any]:
    """This context's ``g`` as the dict of its attributes (``g.name`` is ``[name]``)."""
    found: dict[str, Any] = vars(_g())  # no cast: asked 30 times a page
    return found


def current_application() -> Flask:
    """This request's app itself."""
    found: Flask = _app()
    return found


def application_or_none() -> Flask | None:
    """The app of this context, None outside one (where Flask's ``if current_app`` is false)."""
    return _app() if has_app_context() else None


def current_request() -> Request:
    """This request itself."""
    found: Request = _request()
    return found


def current_session() -> SessionMixin:
    """This request's session itself (marked accessed, as through ``flask.session``)."""
    found: SessionMixin = _session()
    return found
