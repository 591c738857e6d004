"""Slow clients against a running server: /health while connections dribble their headers.

    python benchmarks/slow_clients.py http://127.0.0.1:5000/ [clients] [interval] [seconds]

Opens ``clients`` connections (default 20) that each send a request head one
byte every ``interval`` seconds (default 2) and never finish it, then asks
``/health`` once every 0.2 s for ``seconds`` (default 30) and prints its median,
p95 and worst time. Loopback or your own LAN only.
"""

from __future__ import annotations

import socket
import statistics
import sys
import threading
import time
import urllib.request
from urllib.parse import urlsplit

HEAD = b"GET /health HTTP/1.1\r\nHost: slow\r\nX-Slow: " + b"a" * 4000


def dribble(host: str, port: int, interval: float, until: float) -> None:
    """One slow client: a byte of its head every ``interval`` seconds until ``until``."""
    try:
        with socket.create_connection((host, port), timeout=5) as sock:
            for i in range(len(HEAD)):
                if time.monotonic() >= until:
                    return
                sock.send(HEAD[i : i + 1])
                time.sleep(interval)
    except OSError:
        return  # closed by the server: it may


def health_times(url: str, seconds: float, pause: float, timeout: float) -> list[float]:
    """For ``seconds``, the times the server took to answer /health (``timeout``: it did not)."""
    times: list[float] = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        began = time.monotonic()
        try:
            with urllib.request.urlopen(url.rstrip("/") + "/health", timeout=timeout) as answer:
                answer.read()
            times.append(time.monotonic() - began)
        except OSError:
            times.append(timeout)
        time.sleep(pause)
    return times


def under_slow_clients(
    url: str, clients: int, interval: float, seconds: float, timeout: float = 10.0
) -> list[float]:
    """/health's times while ``clients`` slow clients hold their connections."""
    parts = urlsplit(url)
    host, port = parts.hostname or "127.0.0.1", parts.port or 80
    until = time.monotonic() + seconds + timeout + 5
    threads = [
        threading.Thread(target=dribble, args=(host, port, interval, until), daemon=True)
        for _ in range(clients)
    ]
    for thread in threads:
        thread.start()
    time.sleep(min(2 * interval, 2.0))  # every slow client has sent its first bytes
    return health_times(url, seconds, 0.2, timeout)


def main() -> None:
    url = sys.argv[1]
    clients = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    interval = float(sys.argv[3]) if len(sys.argv) > 3 else 2.0
    seconds = float(sys.argv[4]) if len(sys.argv) > 4 else 30.0
    baseline = health_times(url, 5.0, 0.2, 10.0)
    times = under_slow_clients(url, clients, interval, seconds)
    for name, got in (("alone", baseline), (f"{clients} slow clients", times)):
        p95 = statistics.quantiles(got, n=20)[-1]
        print(
            f"/health {name}: median {statistics.median(got) * 1000:.1f} ms, "
            f"p95 {p95 * 1000:.1f} ms, worst {max(got) * 1000:.1f} ms ({len(got)} requests)"
        )


if __name__ == "__main__":
    main()
