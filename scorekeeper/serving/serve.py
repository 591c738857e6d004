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

``--https`` (issue 26): the port speaks HTTPS, with a certificate of this
machine signed by a local CA made once (certs.py); a TLS listener process
(tls_front.py) passes the requests to the waitress processes over a private
Unix socket. The banner says where a phone learns to trust the CA (/trust).

Once its first processes serve, the parent draws a tiny PDF and replaces them by
processes forked with the PDF engine and its fonts loaded (web/printing/pdf.py, issue
36), so that ``/health`` answers without waiting for the engine (issue 43).
"""

from __future__ import annotations

import io
import os
import shutil
import socket
import sys
import tempfile
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

import segno

from ..db.connection import shut
from ..db.serving_mark import hold
from ..web.ops.ca_file import folder_of
from ..web.ops.deployment import is_loopback
from . import DEFAULT_HOST, DEFAULT_PORT, DEFAULT_THREADS

if TYPE_CHECKING:
    from .certs import Served


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


def host_addresses() -> list[str]:
    """This machine's IPv4 addresses but loopback: each interface's (Linux) and the route's.

    The certificate of ``serve --https`` names them all, so that a phone may
    open any of them (a laptop on the Wi-Fi and on a cable).
    """
    found: list[str] = []
    try:
        import fcntl
        import struct

        interfaces = [name for _index, name in socket.if_nameindex()]
    except (ImportError, OSError, AttributeError):  # pragma: no cover - not Linux
        interfaces = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        for name in interfaces:
            try:  # SIOCGIFADDR: the interface's IPv4 address
                packed = fcntl.ioctl(
                    probe.fileno(), 0x8915, struct.pack("256s", name.encode()[:15])
                )
            except OSError:  # down, or no IPv4 address
                continue
            found.append(socket.inet_ntoa(packed[20:24]))
    lan = lan_address()
    if lan is not None:
        found.append(lan)
    return [a for a in dict.fromkeys(found) if not is_loopback(a) and not is_wildcard(a)]


def http_url(host: str, port: int, scheme: str = "http") -> str:
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"  # an IPv6 address
    default = 443 if scheme == "https" else 80
    return f"{scheme}://{host}:{port}/" if port != default else f"{scheme}://{host}/"


def phone_url(
    host: str, port: int, public_url: str | None = None, scheme: str = "http"
) -> tuple[str, str | None]:
    """The address to print for the phones, and a warning when they cannot use it."""
    if public_url:
        return public_url.rstrip("/") + "/", None
    if is_wildcard(host):
        lan = lan_address()
        if lan is None:
            return http_url("127.0.0.1", port, scheme), (
                "No network address found (is this machine on the Wi-Fi?): the phones "
                "need this machine's address on the local network — `hostname -I` lists "
                "them — or set SCOREKEEPER_LAN_ADDRESS."
            )
        return http_url(lan, port, scheme), None
    if is_loopback(host) and host != os.environ.get("SCOREKEEPER_LAN_ADDRESS", "").strip():
        return http_url(host, port, scheme), (
            "Local only: phones cannot open this address. To let the phones on your "
            "Wi-Fi in, serve the local network: make run HOST=0.0.0.0"
        )
    return http_url(host, port, scheme), None


def qr_text(url: str) -> str:
    """The address as a QR code drawn with block characters, for a terminal."""
    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True)
    return out.getvalue()


def data_lines(config: Mapping[str, Any]) -> list[str]:
    """Where the data is: the data folder, and the database when a setting put it elsewhere."""
    folder = Path(config["DATA_FOLDER"])
    database = Path(config["DATABASE"]).absolute()
    lines = [f"Data folder: {folder} (database, secret key, TLS files)"]
    if database.parent != folder:
        lines.append(f"Database: {database}")
    return lines


def banner(
    url: str,
    warning: str | None,
    bound: str,
    workers: int,
    threads: int,
    qr: bool,
    served: Served | None = None,
    data: Sequence[str] = (),
) -> str:
    lines = [
        f"Scorekeeper serves {bound} with {workers} process{'es' * (workers != 1)}"
        f" of {threads} thread{'s' * (threads != 1)}.",
        *data,
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
    if served is not None:
        lines += [
            f"HTTPS for {', '.join(served.names)}, signed by the CA {served.ca_file}.",
            "Each phone trusts it once: " + url.replace("https://", "http://", 1) + "trust",
            f"(its SHA-256 fingerprint: {served.fingerprint})",
            "",
        ]
        if served.left_out:
            lines += [
                "Not in the certificate (its CA signs only private addresses and local names): "
                + ", ".join(served.left_out),
                "",
            ]
    return "\n".join(lines) + "\n"


def _https(
    app: Any, listener: socket.socket
) -> tuple[Served, socket.socket, Callable[[], None], str]:
    """The certificate, waitress's private socket, the TLS listener's process and its folder.

    waitress reads the phone's address and the scheme from the headers the
    listener writes (prefork.TRUST_THE_FRONT); the session cookie goes over
    HTTPS only.
    """
    from . import certs, tls_front

    folder_tls = folder_of(app.config, app.instance_path)
    served = certs.ensure(folder_tls, host_addresses(), socket.gethostname())
    tls = tls_front.context(str(served.cert_file), str(served.key_file))  # a bad file stops here
    folder = tempfile.mkdtemp(prefix="scorekeeper-")  # 0700: only this user reaches waitress
    path = os.path.join(folder, "waitress.sock")
    inner = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    inner.bind(path)
    inner.listen(1024)
    inner.setblocking(False)
    app.config["SESSION_COOKIE_SECURE"] = True

    def front() -> None:
        tls_front.serve(listener, path, tls)

    return served, inner, front, folder


def serve(
    host: str = DEFAULT_HOST,
    port: int = DEFAULT_PORT,
    workers: int | None = None,
    threads: int = DEFAULT_THREADS,
    qr: bool | None = None,
    access_log: bool = False,
    out: TextIO | None = None,
    https: bool = False,
) -> None:
    """Create the app (secret key, database, migrations), then serve it until stopped."""
    from .. import create_app
    from ..web.printing.pdf import warm
    from . import prefork

    stream = out or sys.stdout
    workers = workers or cores()
    prefork.hold_signals()  # a stop during the start is kept for ``run``: it then forks none
    show_qr = stream.isatty() if qr is None else qr
    app = create_app()
    # held by every process of the server until the last ends (killed too): `restore` sees it
    mark = hold(app.config["DATABASE"])
    public_url = app.config.get("PUBLIC_URL") or None
    scheme = "https" if https else "http"
    try:
        listener = prefork.bind(host, port)
    except OSError as error:  # in use, or not an address of this machine: one line, no trace
        where = http_url(host, port, scheme)
        raise ValueError(f"cannot listen on {where}: {error.strerror}") from None
    # The port is bound now: print the address it really has (port 0 picks one).
    bound_host, bound_port = listener.getsockname()[:2]
    url, warning = phone_url(host, int(bound_port), public_url, scheme)
    if warning is None and not public_url:
        # Pages opened on this machine as 127.0.0.1 still give the phones this address.
        app.config["LAN_URL"] = url.rstrip("/")
    bound = http_url(str(bound_host), int(bound_port), scheme).rstrip("/")
    served: Served | None = None
    inner, front, folder = listener, None, None
    if https:
        served, inner, front, folder = _https(app, listener)
    data = data_lines(app.config)
    text = banner(url, warning, bound, workers, threads, show_qr, served, data)
    try:
        stream.write(text)
    except UnicodeEncodeError:  # a terminal that cannot draw the blocks: the address alone
        stream.write(banner(url, warning, bound, workers, threads, False, served, data))
    stream.flush()
    # the PDF engine and its fonts, loaded once for every process: the first PDF after a
    # start took 2.6–2.9 s (web/printing/pdf.py); loaded once the first processes serve, which
    # are then replaced by processes forked with it (prefork.run)
    try:
        prefork.run(app, inner, workers, threads, access_log, front, warm=lambda: warm(app))
    finally:
        if folder is not None:
            shutil.rmtree(folder, ignore_errors=True)
    shut(str(app.config["DATABASE"]))  # every process stopped: the file alone holds all
    if mark is not None:
        os.close(mark)  # restores may run
