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
"""

from __future__ import annotations

import asyncio
import contextlib
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


class BadRequest(ValueError):
    """A request head this listener will not pass on; ``status`` is the answer."""

    def __init__(self, status: str) -> None:
        super().__init__(status)
        self.status = status


def forwarded(head: bytes, client: str) -> tuple[bytes, int]:
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
        if lower in DROPPED:
            continue
        if lower == b"transfer-encoding":
            raise BadRequest("411 Length Required")
        if lower == b"content-length":
            value = value.strip()
            if not value.isdigit() or length not in (None, value):
                raise BadRequest("400 Bad Request")
            length = value
        kept.append(line)
    kept += [b"X-Forwarded-For: " + client.encode("ascii"), b"X-Forwarded-Proto: https"]
    return b"\r\n".join(kept) + b"\r\n\r\n", int(length or 0)


def _answer(status: str) -> bytes:
    return f"HTTP/1.1 {status}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".encode()


async def _requests(
    reader: asyncio.StreamReader,
    writer: asyncio.StreamWriter,
    upstream: asyncio.StreamWriter,
    client: str,
) -> None:
    """Pass the client's requests on, one head at a time, until it stops or errs."""
    first = True
    while True:
        try:
            head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), CHANNEL_TIMEOUT)
            head, length = forwarded(head, client)
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


async def _answers(upstream: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    """waitress's answers, as they come, back to the client."""
    while chunk := await upstream.read(1 << 16):
        writer.write(chunk)
        await writer.drain()


class Front:
    """The listener's state in its process: where waitress is, how many clients are open."""

    def __init__(self, upstream_path: str) -> None:
        self.upstream_path = upstream_path
        self.open = 0

    async def client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        peer = writer.get_extra_info("peername")
        connection = writer.get_extra_info("socket")
        if connection is not None and connection.family in (socket.AF_INET, socket.AF_INET6):
            # an answer comes in pieces (head, body): without this, the second waits for
            # the phone's delayed ACK, 40 ms (benchmarks/https.py)
            connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        client = str(peer[0]) if peer else "-"
        if self.open >= CONNECTIONS:
            writer.close()
            return
        self.open += 1
        try:
            up_reader, up_writer = await asyncio.open_unix_connection(self.upstream_path)
        except OSError:
            self.open -= 1
            writer.close()
            return
        asking = asyncio.ensure_future(_requests(reader, writer, up_writer, client))
        answering = asyncio.ensure_future(_answers(up_reader, writer))
        try:
            await asyncio.wait({asking, answering}, return_when=asyncio.FIRST_COMPLETED)
            if asking.done() and not answering.done():
                with contextlib.suppress(OSError):
                    up_writer.write_eof()  # no more requests: let the answers in flight finish
                await asyncio.wait({answering}, timeout=CHANNEL_TIMEOUT)
        finally:
            self.open -= 1
            for task in (asking, answering):
                task.cancel()
            await asyncio.gather(asking, answering, return_exceptions=True)
            for stream in (up_writer, writer):
                stream.close()
                with contextlib.suppress(OSError, ssl.SSLError, asyncio.CancelledError):
                    await asyncio.wait_for(stream.wait_closed(), 2)


async def _serve(listener: socket.socket, upstream_path: str, context: ssl.SSLContext) -> None:
    front = Front(upstream_path)
    server = await asyncio.start_server(
        front.client,
        sock=listener,
        ssl=context,
        limit=MAX_HEAD,
        ssl_handshake_timeout=HANDSHAKE_SECONDS,
    )
    stopping = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stopping.set)
    await stopping.wait()
    server.close()
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(server.wait_closed(), GRACEFUL_SECONDS)


def context(cert_file: str, key_file: str) -> ssl.SSLContext:
    """TLS 1.2 and up, with this machine's certificate."""
    tls = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    tls.minimum_version = ssl.TLSVersion.TLSv1_2
    tls.load_cert_chain(cert_file, key_file)
    return tls


def serve(listener: socket.socket, upstream_path: str, tls: ssl.SSLContext) -> None:
    """The listener's process: until SIGTERM."""
    asyncio.run(_serve(listener, upstream_path, tls))
