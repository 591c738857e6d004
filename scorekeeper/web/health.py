"""``GET /health`` for the reverse proxy and the monitoring: is this server able to serve?

200 ``ok`` when the database opens, answers a query and has every migration
applied; 503 otherwise. Unauthenticated and cheap (one read-only look at the
database, no session, no page), and it tells nothing else: no version, no
path, no count, no error text.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import sqlite_utils
from flask import Blueprint, Response, current_app

from ..db.migrations import migrations

bp = Blueprint("health", __name__)


def healthy(database: str) -> bool:
    try:
        # mode=rw: a missing database is unhealthy, not silently created empty
        conn = sqlite3.connect(Path(database).absolute().as_uri() + "?mode=rw", uri=True, timeout=2)
        try:
            conn.execute("select 1").fetchone()
            return not migrations.pending(sqlite_utils.Database(conn))
        finally:
            conn.close()
    except (sqlite3.Error, OSError, ValueError):
        return False


@bp.get("/health")
def health() -> Response:
    ok = healthy(current_app.config["DATABASE"])
    response = Response("ok\n" if ok else "unavailable\n", 200 if ok else 503)
    response.mimetype = "text/plain"
    response.headers["Cache-Control"] = "no-store"
    return response
