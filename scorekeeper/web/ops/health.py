"""``GET /health`` for the reverse proxy and the monitoring: is this server able to serve?

200 ``ok`` when the database opens, answers a query, has every migration of
this version applied and none of a newer one, can be written, and its disk has
room (``db/probe.py``); otherwise 503 ``unavailable: <reason>``, the reason one of
a few fixed words (``disk full``, ``database read-only``, ``migrations
pending``…). Unauthenticated and cheap (a read and a change rolled back, no
session, no page), and it tells nothing else: no version, no path, no count, no
error text.
"""

from __future__ import annotations

from flask import Blueprint, Response, current_app

from ...db.probe import trouble

bp = Blueprint("health", __name__)


@bp.get("/health")
def health() -> Response:
    said = trouble(current_app.config["DATABASE"])
    body, status = ("ok\n", 200) if said is None else (f"unavailable: {said}\n", 503)
    response = Response(body, status)
    response.mimetype = "text/plain"
    response.headers["Cache-Control"] = "no-store"
    return response
