"""This request's ``g``, request, session and app themselves, not through Flask's proxies.

``flask.g``, ``request``, ``session`` and ``current_app`` are proxies (werkzeug.local):
every attribute read through one first fails on the proxy itself (an AttributeError
made, its message formatted, then dropped) and then finds the context again in three
Python calls, some 5,000 instructions. The coup cycle (the coup posted, the manager's
page, the first phone's page) read them about 470 times. The helpers a request calls
many times (the connection, the catalog, the visit of the game, the kept pieces' scope,
the reader's parts, the conditional check) take the object itself here and read it
directly: what they read is the object the proxy would have found.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, current_app, g, request, session
from flask.sessions import SessionMixin
from flask.wrappers import Request


def request_globals() -> dict[str, Any]:
    """This context's ``g`` as the dict of its attributes (``g.name`` is ``[name]``)."""
    found: dict[str, Any] = vars(g._get_current_object())  # no cast: asked 30 times a page
    return found


def current_application() -> Flask:
    """This request's app itself."""
    found: Flask = current_app._get_current_object()  # type: ignore[attr-defined]
    return found


def current_request() -> Request:
    """This request itself."""
    found: Request = request._get_current_object()  # type: ignore[attr-defined]
    return found


def current_session() -> SessionMixin:
    """This request's session itself."""
    found: SessionMixin = session._get_current_object()  # type: ignore[attr-defined]
    return found
