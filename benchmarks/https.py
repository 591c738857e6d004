"""What ``serve --https`` costs a request, against plain ``serve`` measured in the same run.

Both servers are real (``scorekeeper serve``, one waitress process each, and
for HTTPS the TLS listener process in front of it), on 127.0.0.1. Three
figures, each the median wall time of one client doing one thing at a time:

- ``kept``: a request on a connection kept open (a phone's 3-second poll);
- ``page``: the same for the stylesheet (16 KB through the listener);
- ``new``: a new connection and its first request (for HTTPS, the handshake).

The ratio HTTPS / HTTP is the figure to keep (docs/performance.md); the
milliseconds depend on the machine. ``python benchmarks/https.py [N]``.
"""

from __future__ import annotations

import datetime
import http.client
import os
import re
import signal
import ssl
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SERVE = (sys.executable, "-m", "scorekeeper.cli", "serve", "--port", "0", "--workers", "1")


def start(folder: Path, https: bool) -> tuple[subprocess.Popen[str], int]:
    process = subprocess.Popen(
        [*SERVE, "--no-qr", *(["--https"] if https else [])],
        env={
            **os.environ,
            "SCOREKEEPER_DATABASE": str(folder / "bench.sqlite"),
            "SCOREKEEPER_SECRET_KEY": "bench",
            "SCOREKEEPER_TLS_FOLDER": str(folder / "tls"),
        },
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert process.stdout is not None
    for line in process.stdout:
        found = re.search(r"serves https?://127\.0\.0\.1:(\d+)", line)
        if found:
            return process, int(found.group(1))
    raise RuntimeError("the server did not start")


def connect(port: int, tls: ssl.SSLContext | None) -> http.client.HTTPConnection:
    if tls is None:
        return http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    return http.client.HTTPSConnection("127.0.0.1", port, timeout=10, context=tls)


def fetch(connection: http.client.HTTPConnection, path: str) -> None:
    connection.request("GET", path)
    answer = connection.getresponse()
    answer.read()
    assert answer.status == 200, answer.status


def median_ms(step: object, times: int) -> float:
    assert callable(step)
    spent = []
    for _ in range(times):
        begin = time.perf_counter()
        step()
        spent.append(time.perf_counter() - begin)
    return statistics.median(spent) * 1000


def new_connections_ms(port: int, tls: ssl.SSLContext | None, times: int) -> list[float]:
    """Each time: a new connection and its first request (for HTTPS, with the handshake)."""
    spent = []
    for _ in range(times):
        begin = time.perf_counter()
        connection = connect(port, tls)
        fetch(connection, "/health")
        connection.close()
        spent.append((time.perf_counter() - begin) * 1000)
    return spent


def first_answers_ms(port: int, tls: ssl.SSLContext | None, times: int) -> list[float]:
    """Each time: a new connection made (for HTTPS, its handshake done), then its first
    request alone. An answer written in two pieces without TCP_NODELAY waits for the
    client's delayed ACK here, 40 ms however idle the machine; the handshake, whose time a
    busy machine stretches, is not in the figure."""
    spent = []
    for _ in range(times):
        connection = connect(port, tls)
        connection.connect()
        begin = time.perf_counter()
        fetch(connection, "/health")
        spent.append((time.perf_counter() - begin) * 1000)
        connection.close()
    return spent


def measure(port: int, tls: ssl.SSLContext | None, times: int) -> dict[str, float]:
    kept = connect(port, tls)
    deadline = time.monotonic() + 20
    while True:  # the worker is up once it answers
        try:
            fetch(kept, "/health")
            break
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)
            kept = connect(port, tls)

    for _ in range(20):  # warm: the app's first requests load templates, open the database
        fetch(kept, "/health")
        fetch(kept, "/static/style.css")

    figures = {
        "kept": median_ms(lambda: fetch(kept, "/health"), times),
        "page": median_ms(lambda: fetch(kept, "/static/style.css"), times),
        "new": statistics.median(new_connections_ms(port, tls, max(1, times // 4))),
    }
    kept.close()
    return figures


def run(times: int) -> dict[str, tuple[float, float, float]]:
    """Each figure: (HTTP ms, HTTPS ms, HTTPS / HTTP)."""
    with tempfile.TemporaryDirectory() as folder:
        plain, plain_port = start(Path(folder) / "http", False)
        secure, secure_port = start(Path(folder) / "https", True)
        try:
            tls = ssl.create_default_context(cafile=str(Path(folder) / "https/tls/ca.crt"))
            http_ms = measure(plain_port, None, times)
            https_ms = measure(secure_port, tls, times)
        finally:
            for process in (plain, secure):
                process.send_signal(signal.SIGTERM)
                process.wait(timeout=15)
                assert process.stdout is not None
                process.stdout.close()
    return {k: (http_ms[k], https_ms[k], https_ms[k] / http_ms[k]) for k in http_ms}


def main() -> None:
    times = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    print(f"serve --https against serve, {datetime.date.today()}, median of {times} requests")
    for name, (plain, secure, ratio) in run(times).items():
        print(f"  {name:5} HTTP {plain:7.2f} ms   HTTPS {secure:7.2f} ms   × {ratio:.2f}")


if __name__ == "__main__":
    main()
