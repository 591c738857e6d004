"""Shared fixtures: an app on a real SQLite file, its client, a live server for Chromium.

``notation`` (beside this file) writes games the way the table speaks.
"""

from __future__ import annotations

import os
import re
import threading

import pytest
from web import PageClient
from werkzeug.serving import make_server

from scorekeeper import create_app

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    # no look-up leaves the machine; 127.0.0.2 stands for the LAN address in test_serve
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1, EXCLUDE 127.0.0.2,"
    " EXCLUDE localhost",
]


@pytest.fixture
def app(tmp_path):
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test",
            "DATABASE": str(tmp_path / "scorekeeper.sqlite"),
            "WTF_CSRF_ENABLED": False,
            "RATELIMIT_ENABLED": False,  # the limits are tested on their own
        }
    )
    app.test_client_class = PageClient
    return app


@pytest.fixture
def client(app):
    """A client whose browser asks for English (the default language is French)."""
    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    return client


@pytest.fixture
def csrf_app(tmp_path):
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test",
            "DATABASE": str(tmp_path / "csrf.sqlite"),
            "RATELIMIT_ENABLED": False,
        }
    )
    app.test_client_class = PageClient
    return app


def csrf_token(html: str) -> str:
    match = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', html)
    assert match, "no CSRF token in the form"
    return match.group(1)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {
        **browser_type_launch_args,
        "executable_path": os.environ.get("CHROMIUM", "/usr/bin/chromium"),
        "args": CHROMIUM_ARGS,
    }


@pytest.fixture
def live_server(tmp_path):
    """The app served by a real HTTP server on 127.0.0.1 (CSRF on, as in production)."""
    app = create_app(
        {
            "SECRET_KEY": "live",
            "DATABASE": str(tmp_path / "live.sqlite"),
            "RATELIMIT_ENABLED": False,
        }
    )
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join()
