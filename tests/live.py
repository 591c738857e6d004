"""The tests' servers, in one place, and a browser-less client that keeps cookies and CSRF.

``served_in_thread``: an app served by Werkzeug in a thread of the test (the
``live_server`` fixture, a LAN address); ``start_server``: waitress in a process;
``start_serve``: ``scorekeeper serve`` as deployed (pre-forked), ``warm_children`` its
processes; ``stop``: a process ended, its pipes closed.
"""

from __future__ import annotations

import http.cookiejar
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from apps import fresh_database
from werkzeug.serving import make_server


@contextmanager
def served_in_thread(app: Any, host: str = "127.0.0.1") -> Iterator[str]:
    """``app`` served by Werkzeug's threaded server on ``host`` and a free port, in a thread
    of the test: its address (``http://127.0.0.1:port``) until the block ends."""
    server = make_server(host, 0, app, threaded=True)
    # its shutdown waits for the loop's next look at the flag: 0.5 s by default, per test
    thread = threading.Thread(target=server.serve_forever, args=(0.02,), daemon=True)
    thread.start()
    try:
        yield f"http://{host}:{server.server_port}"
    finally:
        server.shutdown()
        thread.join()
        server.server_close()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(database: Path, port: int, **settings: str) -> subprocess.Popen[bytes]:
    """waitress serving the app on ``database`` (a copy of the migrated one if it is not
    there yet: ``apps.fresh_database``); ``settings`` are more SCOREKEEPER_ variables."""
    env = {
        **os.environ,
        "SCOREKEEPER_DATABASE": fresh_database(database),
        "SCOREKEEPER_SECRET_KEY": "durability",
        **{f"SCOREKEEPER_{name}": value for name, value in settings.items()},
    }
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "waitress",
            "--host=127.0.0.1",
            f"--port={port}",
            "--threads=8",
            "--call",
            "scorekeeper:create_app",
        ],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 60  # returns as soon as it answers; a loaded machine is slow
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=1)
            return process
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("the server did not start")


class Phone:
    """What a phone does: keeps its cookie, sends the CSRF token and version of the page it saw."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.jar), NoRedirect()
        )

    def get(self, path: str) -> tuple[int, str]:
        return self._open(urllib.request.Request(self.base + path))

    def post(
        self, path: str, data: dict[str, Any], token_from: str | None = None
    ) -> tuple[int, str]:
        _status, page = self.get(token_from or path)
        token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
        fields = {**data, "csrf_token": token.group(1) if token else ""}
        version = re.search(r'name="version" type="hidden" value="([^"]*)"', page)
        if version and "version" not in data:  # the version the page showed, as its form sends
            fields["version"] = version.group(1)
        body = urllib.parse.urlencode(fields).encode()
        return self._open(urllib.request.Request(self.base + path, data=body))

    def _open(self, request: urllib.request.Request) -> tuple[int, str]:
        try:
            with self.opener.open(request, timeout=10) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


def start_serve(
    database: Path, workers: int = 2, **settings: str
) -> tuple[subprocess.Popen[str], str]:
    """``scorekeeper serve`` (pre-forked waitress, as deployed) on 127.0.0.1 and a free port,
    once ``/health`` answers: it and its address (no slash at the end).

    ``database`` is first a copy of the migrated one if it is not there yet, as every test's
    database is (``apps.fresh_database``): a server migrating an empty file cost its start
    0.3 CPU-s more (2.81-3.05 against 3.25-3.38 CPU-s, three of each, one process); the
    migration from an empty file is test_durability's subject, and the deploy's and the
    wheel's, which start their servers themselves."""
    env = {
        **os.environ,
        "SCOREKEEPER_DATABASE": fresh_database(database),
        "SCOREKEEPER_SECRET_KEY": "live",
        "SCOREKEEPER_RATELIMIT_ENABLED": "false",
        **{f"SCOREKEEPER_{name}": value for name, value in settings.items()},
    }
    serve = ("-m", "scorekeeper.cli", "serve", "--port", "0", "--no-qr")
    process = subprocess.Popen(
        [sys.executable, *serve, "--workers", str(workers)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert process.stdout is not None
    base = ""
    for line in process.stdout:
        found = re.search(r"^    (http://127\.0\.0\.1:\d+)/$", line)
        if found:
            base = found.group(1)
            break
    deadline = time.monotonic() + 60
    while base and time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(base + "/health", timeout=5) as answer:
                if answer.read() == b"ok\n":
                    return process, base
        except OSError:
            time.sleep(0.05)
    process.kill()
    raise RuntimeError("the server did not start")


def ended(pid: int) -> bool:
    """The process ``pid`` has ended: gone, or a zombie nobody reaped yet whose every thread
    has ended. Only then are its files closed (its locks released, its listening socket
    gone): a process's first thread shows "Z" as soon as it has exited while the others
    still run (waitress's threads, ending on a kill). Read as ended then, a restore found
    the serving lock still held (1 run in 12; 40 kills probed: the first thread "Z" at
    1.2 ms, the lock free at 22.3 ms with the last thread)."""
    try:
        threads = list(Path(f"/proc/{pid}/task").iterdir())
    except OSError:  # gone whole
        return True
    for thread in threads:
        try:
            state = (thread / "stat").read_text().rpartition(")")[2].split()[0]
        except (OSError, IndexError):
            continue  # this thread is gone
        if state not in ("Z", "X"):
            return False
    return True


def _warm(pid: int) -> bool:
    """A live process holding the PDF engine: forked warm, not one being replaced."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
        return state != "Z" and "libpango" in Path(f"/proc/{pid}/maps").read_text()
    except OSError:
        return False


def warm_children(pid: int, workers: int | None = None, seconds: float = 60) -> list[int]:
    """The processes ``scorekeeper serve`` (``pid``) forked, once warm ones have replaced the
    first ones (it forks processes at once, then processes with the PDF engine loaded, and
    retires the first: serving/prefork.py), so that no fork is under way.
    ``workers``: how many to wait for."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            children = [
                int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
            ]
        except OSError:  # not there (yet, or any more)
            children = []
        counted = workers is None or len(children) == workers
        if children and counted and all(_warm(child) for child in children):
            return children
        if time.monotonic() > deadline:
            raise AssertionError(f"no warm processes under {pid}: {children}")
        time.sleep(0.05)


def stop(process: subprocess.Popen[str]) -> None:
    """``process`` (a server) asked to end, killed if it has not in 15 s; its pipe closed."""
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
    if process.stdout is not None:
        process.stdout.close()
