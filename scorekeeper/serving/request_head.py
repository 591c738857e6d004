"""A request's head as the TLS listener reads it (``tls_front.py``): what it passes on, what
it refuses, where it sends plain HTTP.

The client's ``X-Forwarded-*`` lines are dropped and the listener's written in
their place (waitress trusts them from the listener alone); a chunked body is
refused (411); plain HTTP gets only what a phone needs to trust the CA, else a
redirect to ``https://``.
"""

from __future__ import annotations

import re

DROPPED = frozenset(
    {
        b"forwarded",
        b"x-forwarded-for",
        b"x-forwarded-proto",
        b"x-forwarded-host",
        b"x-forwarded-port",
        b"x-forwarded-prefix",
    }
)
"""What only the proxy may say (a phone's own would pass for the proxy's)."""

PLAIN = re.compile(rb"^/(trust|trust/ca\.crt|static/(?!.*\.\.)[^?#%]*|lang/[a-z]{2})(\?[^#]*)?$")
"""What plain HTTP may ask: how to trust the CA, and what that page loads and links."""
HOST = re.compile(rb"^[A-Za-z0-9.:\[\]-]{1,255}$")


class BadRequest(ValueError):
    """A request head this listener will not pass on; ``status`` is the answer."""

    def __init__(self, status: str) -> None:
        super().__init__(status)
        self.status = status


def forwarded(head: bytes, client: str, scheme: str = "https") -> tuple[bytes, int]:
    """The head as waitress gets it, and the length of the body that follows.

    The client's own ``X-Forwarded-*`` lines are dropped, the listener's added
    last (tests/serving/test_https.py).
    """
    request_line, *fields = head.removesuffix(b"\r\n\r\n").split(b"\r\n")
    kept = [request_line]
    length: bytes | None = None
    for line in fields:
        name, colon, value = line.partition(b":")
        if not colon or not name or name != name.strip():
            raise BadRequest("400 Bad Request")
        lower = name.lower()
        if lower in DROPPED or (scheme == "http" and lower == b"connection"):
            continue
        if lower == b"transfer-encoding":
            raise BadRequest("411 Length Required")
        if lower == b"content-length":
            value = value.strip()
            if not value.isdigit() or length not in (None, value):
                raise BadRequest("400 Bad Request")
            length = value
        kept.append(line)
    kept += [
        b"X-Forwarded-For: " + client.encode("ascii"),
        b"X-Forwarded-Proto: " + scheme.encode("ascii"),
    ]
    if scheme == "http":  # one request per plain connection: a redirect never waits its turn
        kept.append(b"Connection: close")
    return b"\r\n".join(kept) + b"\r\n\r\n", int(length or 0)


def answer(status: str, *headers: bytes) -> bytes:
    lines = [f"HTTP/1.1 {status}".encode(), *headers, b"Content-Length: 0", b"Connection: close"]
    return b"\r\n".join(lines) + b"\r\n\r\n"


def with_port(host: bytes, port: int | None) -> bytes:
    """The host as the client named it, with the port it connected to when it named none.

    HTTPS is on the same port as the plain HTTP it was asked by: a redirect to the
    host alone would send the phone to port 443, where nothing listens.

    >>> with_port(b"10.0.0.2", 5000), with_port(b"[fe80::1]", 5000), with_port(b"a:8", 5000)
    (b'10.0.0.2:5000', b'[fe80::1]:5000', b'a:8')
    """
    named = b":" in host.rsplit(b"]", 1)[-1]
    return host if named or port is None or port == 443 else host + b":" + str(port).encode()


def plain_refusal(head: bytes, port: int | None = None) -> bytes | None:
    """On plain HTTP: None for what may be served so, else the answer (a redirect to https).

    The redirect keeps the host, the port (``port``: the one connected to, when the
    ``Host`` names none), the path and the query.

    >>> plain_refusal(b"GET /trust HTTP/1.1\\r\\nHost: 10.0.0.2:5000\\r\\n\\r\\n") is None
    True
    """
    request_line, *fields = head.removesuffix(b"\r\n\r\n").split(b"\r\n")
    parts = request_line.split(b" ")
    if len(parts) != 3:
        return answer("400 Bad Request")
    method, target, _version = parts
    if method in (b"GET", b"HEAD") and PLAIN.match(target):
        return None
    hosts = [v.strip() for n, _, v in (f.partition(b":") for f in fields) if n.lower() == b"host"]
    if len(hosts) != 1 or not HOST.match(hosts[0]) or not target.startswith(b"/"):
        return answer("400 Bad Request")
    location = b"https://" + with_port(hosts[0], port) + target
    return answer("301 Moved Permanently", b"Location: " + location)
