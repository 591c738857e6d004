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
from types import TracebackType
from urllib.parse import urlsplit

HEAD = b"GET /health HTTP/1.1\r\nHost: slow\r\nX-Slow: " + b"a" * 4000


class SlowClients:
    """``clients`` connections, each sending a request head one byte every ``interval``
    seconds and never finishing it, from entering the ``with`` until leaving it (then
    closed at once). ``sent[i]``: the bytes client ``i`` has sent; ``closed[i]``: the
    server closed it (it may)."""

    def __init__(self, url: str, clients: int, interval: float) -> None:
        parts = urlsplit(url)
        self.address = (parts.hostname or "127.0.0.1", parts.port or 80)
        self.interval = interval
        self.sent = [0] * clients
        self.closed = [False] * clients
        self.leaving = threading.Event()
        self.threads = [
            threading.Thread(target=self.dribble, args=(i,), daemon=True) for i in range(clients)
        ]

    def dribble(self, index: int) -> None:
        """One slow client: a byte of its head every ``interval`` seconds until left."""
        try:
            with socket.create_connection(self.address, timeout=5) as sock:
                for i in range(len(HEAD)):
                    sock.send(HEAD[i : i + 1])
                    self.sent[index] += 1
                    if self.leaving.wait(self.interval):
                        return
        except OSError:
            self.closed[index] = True  # closed by the server: it may

    def started(self) -> bool:
        """Every client has sent its first bytes (or was closed)."""
        return all(sent or closed for sent, closed in zip(self.sent, self.closed, strict=True))

    def __enter__(self) -> SlowClients:
        for thread in self.threads:
            thread.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.leaving.set()
        for thread in self.threads:
            thread.join(timeout=10)


def health_time(url: str, timeout: float) -> float:
    """The time the server took to answer /health once (``timeout``: it did not)."""
    began = time.monotonic()
    try:
        with urllib.request.urlopen(url.rstrip("/") + "/health", timeout=timeout) as answer:
            answer.read()
        return time.monotonic() - began
    except OSError:
        return timeout


def health_times(url: str, seconds: float, pause: float, timeout: float) -> list[float]:
    """For ``seconds``, the times the server took to answer /health (``timeout``: it did not)."""
    times: list[float] = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        times.append(health_time(url, timeout))
        time.sleep(pause)
    return times


def under_slow_clients(
    url: str, clients: int, interval: float, seconds: float, timeout: float = 10.0
) -> list[float]:
    """/health's times while ``clients`` slow clients hold their connections."""
    with SlowClients(url, clients, interval) as slow:
        while not slow.started():  # every slow client has sent its first bytes
            time.sleep(0.01)
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
