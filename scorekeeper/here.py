"""This request's ``g``, request and session themselves, not through Flask's proxies.

``flask.g``, ``request`` and ``session`` are proxies (werkzeug.local): every
attribute read through one finds the context again in three Python calls,
about half a microsecond. The coup cycle (the coup posted, the manager's
page, the first phone's page) read them some 470 times, a tenth of the
manager's page. The helpers a request calls many times (the connection, the
catalog, the visit of the game, the kept pieces' scope, the reader's parts)
take the object itself once per call here and read it directly: what they
read is the same object the proxy would have found.
"""

from __future__ import annotations

from typing import Any, cast

from flask import Flask, current_app, g, request, session
from flask.sessions import SessionMixin
from flask.wrappers import Request


def request_globals() -> dict[str, Any]:
    """This context's ``g`` as the dict of its attributes (``g.name`` is ``[name]``)."""
    return cast(dict[str, Any], vars(g._get_current_object()))


def current_application() -> Flask:
    """This request's app itself."""
    return cast(Flask, current_app._get_current_object())  # type: ignore[attr-defined]


def current_request() -> Request:
    """This request itself."""
    return cast(Request, request._get_current_object())  # type: ignore[attr-defined]


def current_session() -> SessionMixin:
    """This request's session itself."""
    return cast(SessionMixin, session._get_current_object())  # type: ignore[attr-defined]
