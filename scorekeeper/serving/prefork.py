"""The server's processes: waitress, forked once per core, sharing one listening socket.

Why waitress and not gunicorn's gthread workers (issue 24): a gthread worker
gives a thread to a connection as soon as its first byte arrives, and the
thread then reads the request head itself; 20 connections sending their
headers one byte every 2 s held all 16 threads of ``serve --host 0.0.0.0``
and took ``/health`` from 1.5 ms to an 18 s median. gunicorn's documentation
says to put a buffering proxy in front of it; a home table has none.
waitress reads every request whole in its event loop (``wasyncore``) and
hands a thread only a complete request: a slow or idle client costs a
socket, not a thread. Its limits bound what such clients hold:
``channel_timeout`` closes a connection silent for that long (also the
keep-alive of an idle phone), ``connection_limit`` bounds the sockets of a
process, and the request's head and body are bounded in bytes (a body past
``MAX_BODY`` is refused before it is buffered, so nothing spills to disk).

waitress has no processes of its own: the socket is bound here, the app
created once (secret key, database, migrations), then one process per core
is forked, each serving the same socket with its threads. The parent only
watches: a process that dies is started again, and SIGTERM, SIGINT or SIGHUP stops
them all, each finishing its requests in flight (at most ``GRACEFUL_SECONDS``), and
ends with 0. A child gets SIGTERM if its parent dies any other way (``_orphan_guard``).
The first processes serve before the PDF engine is loaded; the parent then loads it and
replaces them by processes forked warm, retiring each gently (``RETIRE``, ``_retire``).
The parent takes those signals one at a time, held until it asks for them
(``hold_signals``), never in a handler that interrupts it wherever it is.
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import socket
import sys
import threading
import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any, TextIO
from urllib.parse import quote

CHANNEL_TIMEOUT = 75
"""Seconds a connection may stay silent (an idle phone's keep-alive, a stalled request)."""
CONNECTIONS = 500
"""Open connections per process (a table's phones keep one each between polls)."""
MAX_HEAD = 64 << 10
"""Bytes of a request's line and headers."""
MAX_BODY = 4 << 20
"""Bytes of a request's body (the app refuses more than 2 MB itself, with a page)."""
GRACEFUL_SECONDS = 10
QUIET_SECONDS = 0.5
"""A retired process closes a connection once it has been silent this long (``_retire``)."""


STOPS = frozenset({signal.SIGTERM, signal.SIGINT, signal.SIGHUP})
"""Each ends the server whole, exit 0: SIGHUP too (a closed terminal, a ``kill -HUP``), which
used to end the parent alone and leave its processes serving as orphans on the port."""
WATCHED = STOPS | {signal.SIGCHLD}
RETIRE = signal.SIGUSR1
"""To a waitress process: accept no new connection, finish what it holds, then end (0)."""
PR_SET_PDEATHSIG = 1
"""Linux's prctl(2) option: the signal a process gets when its parent dies."""


def hold_signals() -> None:
    """From now on SIGTERM, SIGINT, SIGHUP and SIGCHLD wait, blocked, until ``run`` takes them.

    ``serve`` calls it before the slow start (the PDF engine's warm-up): a stop
    sent then (``podman stop`` at once) is kept, and ``run`` ends at once with
    exit 0 instead of the process dying half-started. The parent takes its
    signals one by one (``sigtimedwait``) instead of in a handler that raises
    wherever the parent happens to be: a handler's exception can land between
    a fork and its child's record (the child then serves on, orphaned), and a
    stop delivered to another thread of the parent (``create_app`` starts some:
    flask-limiter's timer) only flags it while the main thread sleeps in
    ``waitpid``, which that signal does not wake (once in CI: the stop lost, the
    children serving on). Threads started after this inherit the blocked mask.
    """
    signal.pthread_sigmask(signal.SIG_BLOCK, WATCHED)


def bind(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listener = socket.socket(family, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind((host.strip("[]"), port))
    listener.listen(1024)
    listener.setblocking(False)
    return listener


def access_line(
    environ: dict[str, Any], status: str, size: int, began: float, seconds: float
) -> str:
    """One request as one line of ``key=value`` fields (logfmt), values without spaces:

    ``time=2026-11-28T12:05:04.123Z addr=127.0.0.1 method=GET path=/health status=200
    bytes=3 ms=1.9`` — when it began (UTC), who asked, what, the answer's status, the
    bytes of its body and how long it took until its last byte was handed to the server.
    The path is percent-encoded as it came (a space, a quote or a newline in it cannot
    break the line) and cut at 1,000 characters.
    """
    when = datetime.fromtimestamp(began, UTC).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3]
    raw = str(environ.get("PATH_INFO", "")).encode("latin-1", "replace")  # WSGI's bytes
    path = quote(raw, safe="/:@!$&'()*+,;=-._~")[:1000]
    method = quote(str(environ.get("REQUEST_METHOD", "-")), safe="")[:20]
    address = quote(str(environ.get("REMOTE_ADDR", "-")), safe=".:")[:64]
    return (
        f"time={when}Z addr={address} method={method} path={path or '/'} "
        f"status={status.split(' ', 1)[0] or '-'} bytes={size} ms={seconds * 1000:.1f}\n"
    )


class _Counted:
    """An answer's body passed on as it is, counted; its line written when the server closes it."""

    def __init__(self, body: Any, done: Callable[[int], None]) -> None:
        self.body, self.done, self.size = body, done, 0

    def __iter__(self) -> Any:
        for chunk in self.body:
            self.size += len(chunk)
            yield chunk

    def close(self) -> None:
        try:
            close = getattr(self.body, "close", None)
            if close is not None:
                close()
        finally:
            self.done(self.size)


def _logged(app: Any, out: TextIO) -> Any:
    """The app, writing one line per request once it is answered (``--access-log``)."""
    lock = threading.Lock()

    def write(line: str) -> None:
        with lock:  # one write per line: lines of several processes never interleave
            out.write(line)
            out.flush()

    def logging_app(environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        began, clock = time.time(), time.perf_counter()
        answered = ["500 (no answer)"]

        def start(status: str, headers: Any, *rest: Any) -> Any:
            answered[0] = status
            return start_response(status, headers, *rest)

        def done(size: int) -> None:
            write(access_line(environ, answered[0], size, began, time.perf_counter() - clock))

        try:
            body = app(environ, start)
        except BaseException:
            done(0)
            raise
        return _Counted(body, done)

    return logging_app


class QueueDepthEvery(logging.Filter):
    """waitress's "Task queue depth is N" (a request waiting for a thread), at most once per
    ``every`` seconds, saying how many there were and the deepest: under load it wrote one
    bare line per queued request."""

    def __init__(self, every: float = 10.0, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.every, self.clock = every, clock
        self.last: float | None = None
        self.count = self.deepest = 0
        self.lock = threading.Lock()

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args if isinstance(record.args, tuple) else ()
        depth = args[0] if args and isinstance(args[0], int) else 0
        with self.lock:
            self.count += 1
            self.deepest = max(self.deepest, depth)
            now = self.clock()
            if self.last is not None and now - self.last < self.every:
                return False
            since = 0.0 if self.last is None else now - self.last
            record.msg = "Task queue depth %d (deepest %d, %d times in the last %.0f s)"
            record.args = (depth, self.deepest, self.count, since)
            self.last, self.count, self.deepest = now, 0, 0
            return True


TRUST_THE_FRONT = {
    "trusted_proxy": "*",
    "trusted_proxy_count": 1,
    "trusted_proxy_headers": {"x-forwarded-for", "x-forwarded-proto"},
}
"""Behind the TLS listener (``serve --https``): the phone's address and the scheme are the
ones it writes. Only it can reach waitress then (a Unix socket in a 0700 folder), so
trusting whoever connects is trusting it; it drops what a phone claims (tls_front.py)."""


def _child(app: Any, listener: socket.socket, threads: int, fronted: bool = False) -> None:
    """One process: waitress on the shared socket until SIGTERM."""
    from waitress.server import create_server  # type: ignore[import-untyped]

    server = create_server(
        app,
        sockets=[listener],
        threads=threads,
        channel_timeout=CHANNEL_TIMEOUT,
        connection_limit=CONNECTIONS,
        max_request_header_size=MAX_HEAD,
        max_request_body_size=MAX_BODY,
        asyncore_use_poll=True,  # select() stops at 1,024 sockets
        ident="scorekeeper",
        **(TRUST_THE_FRONT if fronted else {}),
    )

    def stop(_signum: int, _frame: Any) -> None:
        raise SystemExit(0)  # waitress's loop ends and waits for its threads

    for number in STOPS:
        signal.signal(number, stop)
    signal.signal(RETIRE, lambda _signum, _frame: _retire(server))
    logging.getLogger("waitress.queue").addFilter(QueueDepthEvery())
    server.run()


def _retire(server: Any) -> None:
    """Stop ``server`` gently: it accepts no new connection (the other processes on the
    shared socket take them), closes each connection once idle, and ends when none is
    left, at most ``GRACEFUL_SECONDS`` later. SIGTERM would end it at once: waitress
    then drops the requests it has queued or half read (a retired process of the
    start's replacement answered "connection closed without response").

    Done in waitress's own loop (its ``maintenance``, asked for on every turn), as its
    own idle timeout closes connections; a connection that has a request in progress,
    queued, being answered or half read, is left to finish.
    """
    deadline = time.monotonic() + GRACEFUL_SECONDS

    def drain(now: float) -> None:
        server.next_channel_cleanup = 0  # again on the loop's next turn
        channels = list(server.active_channels.values())
        for channel in channels:
            busy = channel.requests or channel.request is not None or channel.total_outbufs_len
            # silent for a while: not a connection whose first request is still on its way
            if not busy and now - channel.last_activity >= QUIET_SECONDS:
                channel.will_close = True
        if not channels or time.monotonic() > deadline:
            raise SystemExit(0)

    server.accepting = False
    server.maintenance = drain
    server.next_channel_cleanup = 0
    server.pull_trigger()  # the loop turns now, not at its next poll's timeout


def _raise_exit(_signum: int, _frame: Any) -> None:
    raise SystemExit(0)


def _orphan_guard() -> Callable[[int], None]:
    """What a child calls first: SIGTERM to it the moment its parent dies, whatever kills the
    parent (even SIGKILL), so that no process ever serves on as an orphan (Linux)."""
    try:
        import ctypes

        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):  # pragma: no cover - not Linux
        return lambda _parent: None

    def guard(parent: int) -> None:
        prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
        if os.getppid() != parent:  # the parent died before the guard was set
            raise SystemExit(0)

    return guard


def _ended(children: dict[int, Callable[[], None]]) -> list[int]:
    """The children that have ended, reaped (none waited for; one already gone counts)."""
    ended = []
    for pid in list(children):
        try:
            done, _status = os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:
            done = pid
        if done:
            ended.append(pid)
    return ended


def run(
    app: Any,
    listener: socket.socket,
    workers: int,
    threads: int,
    log: bool,
    front: Callable[[], None] | None = None,
    warm: Callable[[], None] | None = None,
) -> None:
    """Fork ``workers`` processes serving ``listener``; return once they are all stopped.

    ``front``: one more process, in front of them (``serve --https``: the TLS
    listener, tls_front.py), started and restarted as they are; waitress then
    trusts the headers it writes (``TRUST_THE_FRONT``).

    ``warm``: what the processes should start with loaded (the PDF engine, issue 36),
    too slow to wait for before serving (issue 43: ``/health`` within 2 s of the
    start). The first processes are forked without it and serve at once; the parent
    then calls ``warm`` and replaces each of them by a process forked warm (the new
    one first, then the old one accepts no new connection and ends once the requests it
    holds are answered: ``_retire``).
    """
    if log:
        app = _logged(app, sys.stdout)
    children: dict[int, Callable[[], None]] = {}
    parent = os.getpid()
    guard = _orphan_guard()

    def waitress() -> None:
        _child(app, listener, threads, fronted=front is not None)

    def start(target: Callable[[], None]) -> None:
        pid = os.fork()
        if pid == 0:  # the child: a stop ends it with 0 until it sets its own, then serves
            code = 0
            try:
                for number in (*STOPS, RETIRE):  # until the process sets its own
                    signal.signal(number, _raise_exit)
                signal.pthread_sigmask(signal.SIG_UNBLOCK, WATCHED)
                guard(parent)
                target()
            except SystemExit as leaving:
                code = leaving.code if isinstance(leaving.code, int) else 0
            except BaseException:
                code = 1
            finally:
                os._exit(code)
        children[pid] = target  # signals are held: nothing comes between the fork and this

    hold_signals()
    stopped = bool(STOPS & signal.sigpending())  # a stop sent during the start: none forked
    if not stopped:
        for _ in range(workers):
            start(waitress)
        if front is not None:
            start(front)
    retiring: set[int] = set()
    if warm is not None and not stopped:
        warm()  # while the first processes serve; a stop meanwhile is held until it is done
        stopped = bool(STOPS & signal.sigpending())
        for cold in [] if stopped else [p for p, t in children.items() if t is waitress]:
            start(waitress)
            retiring.add(cold)
            with contextlib.suppress(ProcessLookupError):
                os.kill(cold, RETIRE)
    while children and not stopped:
        taken = signal.sigtimedwait(WATCHED, 1.0)  # a child ended, a stop, or a second passed
        stopped = taken is not None and taken.si_signo in STOPS
        for pid in [] if stopped else _ended(children):
            target = children.pop(pid, waitress)
            if pid in retiring:  # replaced by a warm process already
                retiring.discard(pid)
                continue
            if not stopped:
                time.sleep(0.5)  # a process that dies at once must not be forked in a loop
                stopped = bool(STOPS & signal.sigpending())
            if not stopped:
                start(target)
    for pid in children:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + GRACEFUL_SECONDS
    while children and time.monotonic() < deadline:
        for pid in _ended(children):
            children.pop(pid, None)
        time.sleep(0.05)
    for pid in children:  # past the graceful time
        with contextlib.suppress(ProcessLookupError, ChildProcessError):
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
    for number in STOPS:  # the stops taken (a second one pending is dropped, not fatal)
        signal.signal(number, signal.SIG_IGN)
    listener.close()
