"""The TLS listener of ``serve --https``: HTTPS from the phones, plain HTTP to waitress.

waitress speaks no TLS (its documentation sends HTTPS to a proxy in front),
and gunicorn's TLS workers would bring back the slow-client stall of issue 24
(prefork.py). So one more process of the server, beside the waitress ones,
holds the public port: asyncio reads each TLS connection (the handshake
bounded in time, idle connections closed, their number bounded) and passes
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
import re
import signal
import socket
import ssl

from .prefork import CHANNEL_TIMEOUT, CONNECTIONS, GRACEFUL_SECONDS, MAX_HEAD

HANDSHAKE_SECONDS = 10
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


TLS_RECORD = b"\x16"
"""The first byte of a TLS connection (a handshake record)."""
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
    last (tests/test_https.py).
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


def _answer(status: str, *headers: bytes) -> bytes:
    lines = [f"HTTP/1.1 {status}".encode(), *headers, b"Content-Length: 0", b"Connection: close"]
    return b"\r\n".join(lines) + b"\r\n\r\n"


def plain_refusal(head: bytes) -> bytes | None:
    """On plain HTTP: None for what may be served so, else the answer (a redirect to https).

    >>> plain_refusal(b"GET /trust HTTP/1.1\\r\\nHost: 10.0.0.2:5000\\r\\n\\r\\n") is None
    True
    """
    request_line, *fields = head.removesuffix(b"\r\n\r\n").split(b"\r\n")
    parts = request_line.split(b" ")
    if len(parts) != 3:
        return _answer("400 Bad Request")
    method, target, _version = parts
    if method in (b"GET", b"HEAD") and PLAIN.match(target):
        return None
    hosts = [v.strip() for n, _, v in (f.partition(b":") for f in fields) if n.lower() == b"host"]
    if len(hosts) != 1 or not HOST.match(hosts[0]) or not target.startswith(b"/"):
        return _answer("400 Bad Request")
    return _answer("301 Moved Permanently", b"Location: https://" + hosts[0] + target)


async def _requests(
    reader: asyncio.StreamReader,
    writer: asyncio.StreamWriter,
    upstream: asyncio.StreamWriter,
    client: str,
    scheme: str,
) -> None:
    """Pass the client's requests on, one head at a time, until it stops or errs."""
    first = True
    while True:
        try:
            head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), CHANNEL_TIMEOUT)
            if scheme == "http" and (refusal := plain_refusal(head)) is not None:
                if first:
                    writer.write(refusal)
                return
            head, length = forwarded(head, client, scheme)
        except asyncio.LimitOverrunError:
            if first:
                writer.write(_answer("431 Request Header Fields Too Large"))
            return
        except BadRequest as error:
            if first:  # later, an answer might fall between two of waitress's
                writer.write(_answer(error.status))
            return
        first = False
        upstream.write(head)
        while length > 0:
            chunk = await asyncio.wait_for(reader.read(min(length, 1 << 16)), CHANNEL_TIMEOUT)
            if not chunk:
                return
            upstream.write(chunk)
            length -= len(chunk)
            await upstream.drain()
        await upstream.drain()
        if scheme == "http":
            return


async def _answers(upstream: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    """waitress's answers, as they come, back to the client."""
    while chunk := await upstream.read(1 << 16):
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
    """The listener's state in its process: where waitress is, how many clients are open."""

    def __init__(self, upstream_path: str, tls: ssl.SSLContext) -> None:
        self.upstream_path = upstream_path
        self.tls = tls
        self.open = 0
        self.arriving: set[asyncio.Future[None]] = set()

    async def accept(self, listener: socket.socket) -> None:
        loop = asyncio.get_running_loop()
        while True:
            connection, _address = await loop.sock_accept(listener)
            if self.open >= CONNECTIONS:
                connection.close()
                continue
            task = asyncio.ensure_future(self.arrive(connection))
            self.arriving.add(task)
            task.add_done_callback(self.arriving.discard)

    async def arrive(self, connection: socket.socket) -> None:
        """TLS or plain HTTP, by the first byte; then the requests."""
        self.open += 1
        try:
            connection.setblocking(False)
            # an answer comes in pieces (head, body): without this, the second waits for
            # the phone's delayed ACK, 40 ms (benchmarks/https.py)
            connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            try:
                first = await asyncio.wait_for(_first_byte(connection), HANDSHAKE_SECONDS)
            except (TimeoutError, OSError):
                connection.close()
                return
            secure = first == TLS_RECORD
            loop = asyncio.get_running_loop()
            reader = asyncio.StreamReader(limit=MAX_HEAD)
            protocol = asyncio.StreamReaderProtocol(reader)
            try:
                transport, _ = await loop.connect_accepted_socket(
                    lambda: protocol,
                    connection,
                    ssl=self.tls if secure else None,
                    ssl_handshake_timeout=HANDSHAKE_SECONDS if secure else None,
                )
            except (OSError, ssl.SSLError, TimeoutError):  # a failed or silent handshake
                connection.close()
                return
            writer = asyncio.StreamWriter(transport, protocol, reader, loop)
            await self.client(reader, writer, "https" if secure else "http")
        finally:
            self.open -= 1

    async def client(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, scheme: str
    ) -> None:
        peer = writer.get_extra_info("peername")
        client = str(peer[0]) if peer else "-"
        try:
            up_reader, up_writer = await asyncio.open_unix_connection(self.upstream_path)
        except OSError:
            writer.close()
            return
        asking = asyncio.ensure_future(_requests(reader, writer, up_writer, client, scheme))
        answering = asyncio.ensure_future(_answers(up_reader, writer))
        try:
            await asyncio.wait({asking, answering}, return_when=asyncio.FIRST_COMPLETED)
            if asking.done() and not answering.done():
                with contextlib.suppress(OSError):
                    up_writer.write_eof()  # no more requests: let the answers in flight finish
                await asyncio.wait({answering}, timeout=CHANNEL_TIMEOUT)
        finally:
            for task in (asking, answering):
                task.cancel()
            await asyncio.gather(asking, answering, return_exceptions=True)
            for stream in (up_writer, writer):
                stream.close()
                with contextlib.suppress(OSError, ssl.SSLError, asyncio.CancelledError):
                    await asyncio.wait_for(stream.wait_closed(), 2)


async def _serve(listener: socket.socket, upstream_path: str, tls: ssl.SSLContext) -> None:
    front = Front(upstream_path, tls)
    accepting = asyncio.ensure_future(front.accept(listener))
    stopping = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
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
