"""This request's ``g``, request, session and app themselves, not through Flask's proxies.

``flask.g``, ``request``, ``session`` and ``current_app`` are proxies (werkzeug.local):
every attribute read through one first fails on the proxy itself (an AttributeError
made, its message formatted, then dropped) and then finds the context again in three
Python calls, some 5,000 instructions. The coup cycle (the coup posted, the manager's
page, the first phone's page) read them about 470 times. The helpers a request calls
many times (the connection, the catalog, the visit of the game, the kept pieces' scope,
the reader's parts, the conditional check) take the object itself here and read it
directly: what they read is the object the proxy would have found. They read Flask's
context variables themselves (what the proxies read): a proxy's ``_get_current_object``
is one more Python call, and ``g`` alone is asked some 180 times a cycle.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from flask import Flask
from flask.globals import _cv_app, _cv_request, _no_app_msg, _no_req_msg
from flask.sessions import SessionMixin
from flask.wrappers import Request


def request_globals() -> dict[str, Any]:
    """This context's ``g`` as the dict of its attributes (``g.name`` is ``[name]``)."""
    try:  # the context variable itself: the proxy's own lookup is a closure's call more
        found: dict[str, Any] = vars(_cv_app.get().g)  # no cast: asked 30 times a page
    except LookupError:
        raise RuntimeError(_no_app_msg) from None  # as the proxy says
    return found


def current_application() -> Flask:
    """This request's app itself."""
    try:
        found: Flask = _cv_app.get().app
    except LookupError:
        raise RuntimeError(_no_app_msg) from None
    return found


def application_or_none() -> Flask | None:
    """The app of this context, None outside one (where Flask's ``if current_app`` is false)."""
    context = _cv_app.get(None)
    return None if context is None else context.app


def current_request() -> Request:
    """This request itself."""
    try:
        found: Request = _cv_request.get().request
    except LookupError:
        raise RuntimeError(_no_req_msg) from None
    return found


def request_or_none() -> Request | None:
    """The request of this context, None outside one (where Flask's ``bool(request)`` is
    false)."""
    context = _cv_request.get(None)
    return None if context is None else context.request


def current_session() -> SessionMixin:
    """This request's session itself (marked accessed, as through ``flask.session``)."""
    try:
        found: SessionMixin = _cv_request.get().session
    except LookupError:
        raise RuntimeError(_no_req_msg) from None
    return found


def flashed_messages(
    with_categories: bool = False, category_filter: Iterable[str] = ()
) -> list[str] | list[tuple[str, str]]:
    """Flask's ``get_flashed_messages``, step by step, on the request's context itself (Flask's
    reads its proxies four or five times a call; the manager's page after a coup asks it
    twice, from its template and from the kept page's hole, holes.py)."""
    try:
        context = _cv_request.get()
    except LookupError:
        raise RuntimeError(_no_req_msg) from None
    flashes = context.flashes
    if flashes is None:
        session = context.session
        flashes = session.pop("_flashes") if "_flashes" in session else []
        context.flashes = flashes
    if category_filter:
        flashes = [f for f in flashes if f[0] in category_filter]
    if not with_categories:
        return [x[1] for x in flashes]
    return flashes
