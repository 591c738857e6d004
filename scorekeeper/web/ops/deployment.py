"""Settings for serving beyond one machine: the public address and the reverse proxy.

``SCOREKEEPER_PUBLIC_URL`` (e.g. ``https://scores.example.org``) is the
address the phones open; when set, the manager and table links and their QR
codes use it whatever address a page was opened with. ``SCOREKEEPER_PROXY_FIX``
is the number of reverse proxies in front of the server whose
``X-Forwarded-*`` headers are trusted (0 or unset: none).
"""

from __future__ import annotations

import ipaddress
from typing import Any
from urllib.parse import urlsplit

from flask import Flask, current_app, request, url_for
from werkzeug.middleware.proxy_fix import ProxyFix


def is_loopback(host: str) -> bool:
    """The serving machine itself (127.0.0.1, ::1, localhost): no phone can open it."""
    if host.lower() in ("localhost", "localhost.localdomain"):
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def configure(app: Flask) -> None:
    """Check the settings at start (a wrong one stops the server, never a page)."""
    public = app.config.get("PUBLIC_URL") or None
    if public is not None:
        parts = urlsplit(str(public))
        if parts.scheme not in ("http", "https") or not parts.hostname or parts.query:
            raise ValueError(
                f"SCOREKEEPER_PUBLIC_URL={public!r}: expected the address the phones open, "
                "like https://scores.example.org"
            )
        app.config["PUBLIC_URL"] = str(public).rstrip("/")
    proxies = app.config.get("PROXY_FIX") or 0
    if isinstance(proxies, bool) or not isinstance(proxies, int) or proxies < 0:
        raise ValueError(f"SCOREKEEPER_PROXY_FIX={proxies!r}: expected a number of proxies")
    if proxies:
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies, x_prefix=proxies
        )


def external_url(endpoint: str, **values: Any) -> str:
    """A full URL for another phone: a link to show as text and as a QR code.

    The public address when one is set; else the address this page was opened
    with — except that a page opened on the serving machine itself (127.0.0.1,
    localhost) gives the address on the local network that the server printed,
    since a phone cannot open 127.0.0.1.
    """
    base = current_app.config.get("PUBLIC_URL")
    if not base and is_loopback(urlsplit("//" + request.host).hostname or ""):
        base = current_app.config.get("LAN_URL")
    if base:
        return str(base) + url_for(endpoint, **values)
    return url_for(endpoint, _external=True, **values)
