"""The TLS listener of ``serve --https``: HTTPS from the phones, plain HTTP to waitress.

waitress speaks no TLS (its documentation sends HTTPS to a proxy in front),
and gunicorn's TLS workers would bring back the slow-client stall of issue 24
(prefork.py). So one more process of the server, beside the waitress ones,
holds the public port: asyncio reads each TLS connection (the handshake and
the first request bounded in time, idle connections closed, their number
bounded in all and per address, the idlest dropped first: ``Front``) and passes
its requests to waitress over a Unix socket only this user can open — the
way a reverse proxy does on a club server, in the same program.

It reads each request's head (bounded in bytes) to say who asked: the
client's ``X-Forwarded-*`` headers are dropped and its address and the
scheme are written in their place, which waitress trusts from this listener
alone (prefork.TRUST_THE_FRONT), so rate limits count per phone and links
say ``https``.
The body follows by its ``Content-Length``; browsers never send a chunked
request, and one is refused (411) rather than passed on unread.

A phone that has not trusted the CA yet, or whose user typed ``http://``,
speaks plain HTTP to the same port: the first byte tells (a TLS connection
opens with a handshake record, 0x16). Plain HTTP gets only what a phone
needs to trust the CA — ``/trust``, ``/trust/ca.crt``, the static files
and the language links — and a redirect to ``https://`` for anything else,
so that no game page nor form is ever served in the clear.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
import socket
import ssl
import time
from collections.abc import Awaitable, Callable, Iterable

from .prefork import CHANNEL_TIMEOUT, CONNECTIONS, GRACEFUL_SECONDS, MAX_HEAD
from .request_head import BadRequest, answer, forwarded, plain_refusal

HANDSHAKE_SECONDS = 10
"""From the connection to the end of the TLS handshake (a plain HTTP client: to its first
byte): a phone on a weak Wi-Fi takes a second; one that says nothing is closed."""
FIRST_REQUEST_SECONDS = 10
"""From the handshake to the first request's whole head (a browser's preconnected socket
may wait that long; then it opens another)."""
PER_ADDRESS = 32
"""Connections from one address at once: a phone's browser opens six to a site, a
laptop's a few more; past that, its own longest idle connection makes room."""
TLS_RECORD = b"\x16"
"""The first byte of a TLS connection (a handshake record)."""
UpstreamOpener = Callable[[], Awaitable[asyncio.StreamWriter | None]]
"""The client's connection to waitress, opened with its first request."""


class Held:
    """One client's connection as the listener holds it: whose, and since when it is idle.

    ``waiting``: a request was passed on and its answer has not begun (never dropped
    then); ``active``: when a byte last went either way (the idle ones longest
    silent are dropped first when the listener, or the client's address, is full).
    """

    __slots__ = ("active", "address", "connection", "started", "task", "waiting")

    def __init__(self, address: str) -> None:
        self.address = address
        self.active = time.monotonic()
        self.waiting = False
        self.task: asyncio.Future[None] | None = None
        self.connection: socket.socket | None = None
        self.started = False
        """Whether its task runs: one cancelled before its first step never runs its
        ``finally``, so the socket is closed by whoever drops it."""

    def touch(self) -> None:
        self.active = time.monotonic()


async def _requests(
    reader: asyncio.StreamReader,
    writer: asyncio.StreamWriter,
    upstream: UpstreamOpener,
    held: Held,
    scheme: str,
    port: int,
) -> None:
    """Pass the client's requests on, one head at a time, until it stops or errs.

    The first head must come within ``FIRST_REQUEST_SECONDS`` of the handshake;
    the next ones within ``CHANNEL_TIMEOUT`` (a phone's keep-alive between polls).
    """
    first = True
    while True:
        try:
            wait = FIRST_REQUEST_SECONDS if first else CHANNEL_TIMEOUT
            head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), wait)
            held.touch()
            if scheme == "http" and (refusal := plain_refusal(head, port)) is not None:
                if first:
                    writer.write(refusal)
                return
            head, length = forwarded(head, held.address, scheme)
        except asyncio.LimitOverrunError:
            if first:
                writer.write(answer("431 Request Header Fields Too Large"))
            return
        except BadRequest as error:
            if first:  # later, an answer might fall between two of waitress's
                writer.write(answer(error.status))
            return
        first = False
        up = await upstream()
        if up is None:
            writer.write(answer("503 Service Unavailable"))
            return
        held.waiting = True
        up.write(head)
        while length > 0:
            chunk = await asyncio.wait_for(reader.read(min(length, 1 << 16)), CHANNEL_TIMEOUT)
            if not chunk:
                return
            held.touch()
            up.write(chunk)
            length -= len(chunk)
            await up.drain()
        await up.drain()
        if scheme == "http":
            return


async def _answers(
    upstream: asyncio.StreamReader, writer: asyncio.StreamWriter, held: Held
) -> None:
    """waitress's answers, as they come, back to the client."""
    while chunk := await upstream.read(1 << 16):
        held.waiting = False
        held.touch()
        writer.write(chunk)
        await writer.drain()


def _settle(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)


async def _first_byte(connection: socket.socket) -> bytes:
    """The connection's first byte, left in place (MSG_PEEK) for TLS or HTTP to read."""
    loop = asyncio.get_running_loop()
    while True:
        readable: asyncio.Future[None] = loop.create_future()
        loop.add_reader(connection.fileno(), _settle, readable)
        try:
            await readable
        finally:
            loop.remove_reader(connection.fileno())
        try:
            return connection.recv(1, socket.MSG_PEEK)
        except BlockingIOError:
            continue


class Front:
    """The listener's state in its process: where waitress is, the clients' connections.

    At most ``CONNECTIONS`` connections in all and ``PER_ADDRESS`` from one
    address. A new connection past either bound takes the place of the idle
    connection silent the longest (of its address, else of all): 500
    connections that never say a word (issue 36: they took /health over TLS
    down 14 times in 15) cost their sender their own oldest ones, never a phone
    its poll. Only when every connection has a request in flight is a new one
    refused.
    """

    def __init__(self, upstream_path: str, tls: ssl.SSLContext) -> None:
        self.upstream_path = upstream_path
        self.tls = tls
        self.held: dict[Held, None] = {}
        """Every connection open, oldest first (a dict: ordered, and a set)."""
        self.by_address: dict[str, dict[Held, None]] = {}
        self.arriving: set[asyncio.Future[None]] = set()
        self.dropped = 0
        """Idle connections dropped to make room (for the tests and the curious)."""

    @property
    def open(self) -> int:
        return len(self.held)

    def _idlest(self, among: Iterable[Held]) -> Held | None:
        idle = [held for held in among if not held.waiting]
        return min(idle, key=lambda held: held.active) if idle else None

    def _drop(self, held: Held) -> None:
        self._forget(held)
        self.dropped += 1
        if held.task is not None:
            held.task.cancel()
        if not held.started and held.connection is not None:
            held.connection.close()  # accepted in the same burst: its task never ran

    def _forget(self, held: Held) -> None:
        self.held.pop(held, None)
        mine = self.by_address.get(held.address)
        if mine is not None:
            mine.pop(held, None)
            if not mine:
                del self.by_address[held.address]

    def admit(self, address: str) -> Held | None:
        """Room for one more connection from ``address``, an idle one dropped if need be."""
        mine = self.by_address.get(address, {})
        if len(mine) >= PER_ADDRESS:
            idlest = self._idlest(mine)
            if idlest is None:
                return None
            self._drop(idlest)
        if len(self.held) >= CONNECTIONS:
            idlest = self._idlest(self.held)
            if idlest is None:
                return None
            self._drop(idlest)
        held = Held(address)
        self.held[held] = None
        self.by_address.setdefault(address, {})[held] = None
        return held

    async def accept(self, listener: socket.socket) -> None:
        loop = asyncio.get_running_loop()
        while True:
            connection, address = await loop.sock_accept(listener)
            held = self.admit(str(address[0]) if address else "-")
            if held is None:
                connection.close()
                continue
            held.connection = connection
            task = asyncio.ensure_future(self.arrive(connection, held))
            held.task = task
            self.arriving.add(task)
            task.add_done_callback(self.arriving.discard)

    async def arrive(self, connection: socket.socket, held: Held) -> None:
        """TLS or plain HTTP, by the first byte; then the requests."""
        held.started = True
        transport: asyncio.Transport | None = None
        try:
            connection.setblocking(False)
            # an answer comes in pieces (head, body): without this, the second waits for
            # the phone's delayed ACK, 40 ms (benchmarks/https.py)
            connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            port = int(connection.getsockname()[1])
            loop = asyncio.get_running_loop()
            started = loop.time()
            try:  # the first byte and the handshake: one deadline for both
                first = await asyncio.wait_for(_first_byte(connection), HANDSHAKE_SECONDS)
            except (TimeoutError, OSError):
                return
            secure = first == TLS_RECORD
            reader = asyncio.StreamReader(limit=MAX_HEAD)
            protocol = asyncio.StreamReaderProtocol(reader)
            left = max(0.1, HANDSHAKE_SECONDS - (loop.time() - started))
            try:
                transport, _ = await loop.connect_accepted_socket(
                    lambda: protocol,
                    connection,
                    ssl=self.tls if secure else None,
                    ssl_handshake_timeout=left if secure else None,
                )
            except (OSError, ssl.SSLError, TimeoutError):  # a failed or silent handshake
                return
            held.touch()
            writer = asyncio.StreamWriter(transport, protocol, reader, loop)
            await self.client(reader, writer, held, "https" if secure else "http", port)
        finally:
            self._forget(held)
            if transport is not None:
                transport.abort()  # idle and dropped, or done: the socket is the transport's
            else:
                connection.close()

    async def client(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        held: Held,
        scheme: str,
        port: int,
    ) -> None:
        """The client's requests to waitress and its answers back, until either ends.

        The connection to waitress is opened with the first request: a client
        that never asks holds none of waitress's connections.
        """
        upstream: list[asyncio.StreamWriter] = []
        answering: list[asyncio.Future[None]] = []
        closed: asyncio.Future[None] = asyncio.get_running_loop().create_future()

        async def opener() -> asyncio.StreamWriter | None:
            if upstream:
                return upstream[0]
            try:
                up_reader, up_writer = await asyncio.open_unix_connection(self.upstream_path)
            except OSError:
                return None
            upstream.append(up_writer)
            answers = asyncio.ensure_future(_answers(up_reader, writer, held))
            answers.add_done_callback(lambda _done: _settle(closed))
            answering.append(answers)
            return up_writer

        asking = asyncio.ensure_future(_requests(reader, writer, opener, held, scheme, port))
        try:
            # waitress closing its side (its own timeout, an error) ends the client's too
            await asyncio.wait({asking, closed}, return_when=asyncio.FIRST_COMPLETED)
            if asking.done() and answering and not answering[0].done():
                with contextlib.suppress(OSError):
                    upstream[0].write_eof()  # no more requests: let the answers in flight finish
                await asyncio.wait({answering[0]}, timeout=CHANNEL_TIMEOUT)
        finally:
            for task in (asking, *answering, closed):
                task.cancel()
            await asyncio.gather(asking, *answering, return_exceptions=True)
            for stream in (*upstream, writer):
                stream.close()
                with contextlib.suppress(OSError, ssl.SSLError, asyncio.CancelledError):
                    await asyncio.wait_for(stream.wait_closed(), 2)


async def _serve(listener: socket.socket, upstream_path: str, tls: ssl.SSLContext) -> None:
    front = Front(upstream_path, tls)
    accepting = asyncio.ensure_future(front.accept(listener))
    stopping = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        loop.add_signal_handler(signum, stopping.set)
    await stopping.wait()
    accepting.cancel()  # no new connection; those open finish their answers
    pending = [task for task in front.arriving if not task.done()]
    if pending:
        await asyncio.wait(pending, timeout=GRACEFUL_SECONDS)


def context(cert_file: str, key_file: str) -> ssl.SSLContext:
    """TLS 1.2 and up, with this machine's certificate."""
    tls = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    tls.minimum_version = ssl.TLSVersion.TLSv1_2
    tls.load_cert_chain(cert_file, key_file)
    return tls


def serve(listener: socket.socket, upstream_path: str, tls: ssl.SSLContext) -> None:
    """The listener's process: until SIGTERM."""
    asyncio.run(_serve(listener, upstream_path, tls))
