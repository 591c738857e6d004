"""``/sw.js``: the service worker, served from the root so that its scope is every page;
and ``/favicon.ico``, the app's icon where a browser asks it without a ``<link rel="icon">``
(a PDF, a JSON file, an error page: no 404 in the console).

A browser takes a service worker only from a secure context (HTTPS, or
localhost), and only for the pages under the folder it is served from: from
``/static/`` it could keep nothing but the static files. So it is served here,
from the file ``static/sw.js``, as JavaScript, asked again on every visit
(``no-cache``: a new version reaches the phones at once). What it keeps and
why is said at the top of static/sw.js and in docs/security.md.
"""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Response, current_app, request, send_from_directory, url_for

bp = Blueprint("offline", __name__)


@bp.get("/sw.js")
def service_worker() -> Response:
    assert current_app.static_folder is not None
    response = Response(
        (Path(current_app.static_folder) / "sw.js").read_bytes(), mimetype="text/javascript"
    )
    response.headers["Cache-Control"] = "no-cache"
    response.add_etag()
    response.make_conditional(request)
    response.headers["Service-Worker-Allowed"] = url_for("games.home")
    return response


@bp.get("/favicon.ico")
def favicon() -> Response:
    """The icon the pages declare (``static/icons/icon-192.png``, a PNG: every browser reads
    a PNG under that name), kept a day."""
    assert current_app.static_folder is not None
    return send_from_directory(
        current_app.static_folder, "icons/icon-192.png", mimetype="image/png", max_age=86400
    )
