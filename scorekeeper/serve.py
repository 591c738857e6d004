"""``scorekeeper serve``: the one server of ``make run``, the systemd unit and the container.

waitress, pre-forked (prefork.py): one process per core, each with a few
threads, so that both cores of a small machine answer pages; waitress reads
each request whole before a thread answers it, so a slow or idle client
costs a socket, not a thread (issue 24). The app is created once before the
processes are forked (secret key, database created and migrated), so they
never race at start.

At start it prints the address the phones must open — the machine's
address on the local network when it serves the network, never
127.0.0.1 then — and its QR code, for the manager's phone to scan.
"""

from __future__ import annotations

import io
import ipaddress
import os
import socket
import sys
from typing import TextIO

import segno

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 5000
DEFAULT_THREADS = 8

# RFC 5737's documentation address: a UDP socket "connected" to it sends no
# packet, yet the kernel picks the route and so the address this machine
# would use on its network. No route (no network) raises OSError.
ROUTE_PROBE = ("198.51.100.1", 9)


def cores() -> int:
    """The cores this process may run on (a container or a CPU set may allow fewer)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


def is_wildcard(host: str) -> bool:
    return host in ("", "0.0.0.0", "::")


def is_loopback(host: str) -> bool:
    if host.lower() in ("localhost", "localhost.localdomain"):
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def lan_address() -> str | None:
    """This machine's address on its local network, or None when it has no route.

    ``SCOREKEEPER_LAN_ADDRESS`` overrides the guess (a machine with several
    networks, or a test on 127.0.0.2).
    """
    override = os.environ.get("SCOREKEEPER_LAN_ADDRESS", "").strip()
    if override:
        return override
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(ROUTE_PROBE)
            address = str(probe.getsockname()[0])
    except OSError:
        return None
    if is_wildcard(address) or is_loopback(address):
        return None
    return address


def http_url(host: str, port: int) -> str:
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"  # an IPv6 address
    return f"http://{host}:{port}/" if port != 80 else f"http://{host}/"


def phone_url(host: str, port: int, public_url: str | None = None) -> tuple[str, str | None]:
    """The address to print for the phones, and a warning when they cannot use it."""
    if public_url:
        return public_url.rstrip("/") + "/", None
    if is_wildcard(host):
        lan = lan_address()
        if lan is None:
            return http_url("127.0.0.1", port), (
                "No network address found (is this machine on the Wi-Fi?): the phones "
                "need this machine's address on the local network — `hostname -I` lists "
                "them — or set SCOREKEEPER_LAN_ADDRESS."
            )
        return http_url(lan, port), None
    if is_loopback(host) and host != os.environ.get("SCOREKEEPER_LAN_ADDRESS", "").strip():
        return http_url(host, port), (
            "Local only: phones cannot open this address. To let the phones on your "
            "Wi-Fi in, serve the local network: make run HOST=0.0.0.0"
        )
    return http_url(host, port), None


def qr_text(url: str) -> str:
    """The address as a QR code drawn with block characters, for a terminal."""
    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True)
    return out.getvalue()


def banner(url: str, warning: str | None, bound: str, workers: int, threads: int, qr: bool) -> str:
    lines = [
        f"Scorekeeper serves {bound} with {workers} processes of {threads} threads.",
        "",
        "Open on the phones:" if warning is None else "Open:",
        "",
        f"    {url}",
        "",
    ]
    if warning is not None:
        lines += [warning, ""]
    elif qr:
        lines += [qr_text(url).rstrip("\n"), "", "(scan it with the manager's phone)", ""]
    return "\n".join(lines) + "\n"


def serve(
    host: str = DEFAULT_HOST,
    port: int = DEFAULT_PORT,
    workers: int | None = None,
    threads: int = DEFAULT_THREADS,
    qr: bool | None = None,
    access_log: bool = False,
    out: TextIO | None = None,
) -> None:
    """Create the app (secret key, database, migrations), then serve it until stopped."""
    from . import create_app, prefork

    stream = out or sys.stdout
    workers = workers or cores()
    show_qr = stream.isatty() if qr is None else qr
    app = create_app()
    public_url = app.config.get("PUBLIC_URL") or None
    try:
        listener = prefork.bind(host, port)
    except OSError as error:  # in use, or not an address of this machine: one line, no trace
        raise ValueError(f"cannot listen on {http_url(host, port)}: {error.strerror}") from None
    # The port is bound now: print the address it really has (port 0 picks one).
    bound_host, bound_port = listener.getsockname()[:2]
    url, warning = phone_url(host, int(bound_port), public_url)
    if warning is None and not public_url:
        # Pages opened on this machine as 127.0.0.1 still give the phones this address.
        app.config["LAN_URL"] = url.rstrip("/")
    bound = http_url(str(bound_host), int(bound_port)).rstrip("/")
    text = banner(url, warning, bound, workers, threads, show_qr)
    try:
        stream.write(text)
    except UnicodeEncodeError:  # a terminal that cannot draw the blocks: the address alone
        stream.write(banner(url, warning, bound, workers, threads, False))
    stream.flush()
    prefork.run(app, listener, workers, threads, access_log)
