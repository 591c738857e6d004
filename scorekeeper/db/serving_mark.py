"""The mark a running server keeps on its database, so that ``restore`` sees it (ops18).

``scorekeeper serve`` holds a shared ``flock`` on ``<database>-serving`` from its start
until its last process ends (the forked processes share it: a process left serving after
its parent died still holds it), and writes its pid in the file. ``restore`` tries the lock
exclusive and non-blocking, and refuses while a server holds it: the server's connections
would go on with the file swapped under them (docs/deploy.md says to stop the server
first; nothing made sure). The kernel releases the lock when the processes end, killed
too, so a server killed with SIGKILL never blocks a restore; the file itself is left
there, and says nothing once no one holds it.

Beside the database, as ``<database>-writer`` (write_queue.py): the database may be
outside the data folder (``SCOREKEEPER_DATABASE``), and two servers of two databases may
share one folder.
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

SUFFIX = "-serving"


def mark_of(database: str | os.PathLike[str]) -> Path:
    """The file whose lock says that a server runs on ``database``."""
    return Path(f"{os.fspath(database)}{SUFFIX}")


def hold(database: str | os.PathLike[str]) -> int | None:
    """Mark ``database`` as served by this process (and the processes it forks) until they
    end; returns the open file (kept open for that long), None where it cannot be made (a
    read-only folder, where the server cannot write the database either). Waits while a
    restore holds it: the server then starts on the restored file."""
    try:
        handle = os.open(mark_of(database), os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
    except OSError:
        return None
    fcntl.flock(handle, fcntl.LOCK_SH)
    os.ftruncate(handle, 0)
    os.pwrite(handle, f"{os.getpid()}\n".encode(), 0)
    return handle


@contextmanager
def unserved(database: str | os.PathLike[str]) -> Iterator[str | None]:
    """While the body runs, no server may start on ``database``; yields None, or when a
    server runs on it, what names that server (``scorekeeper serve (pid 1234)``) and the
    body must do nothing. A database without a mark was never served by this version."""
    try:
        handle = os.open(mark_of(database), os.O_RDONLY | os.O_CLOEXEC)
    except OSError:  # no mark (no server since this version), or no folder
        yield None
        return
    try:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            pid = os.pread(handle, 32, 0).decode("ascii", "replace").strip()
            yield f"scorekeeper serve (pid {pid})" if pid.isdigit() else "scorekeeper serve"
            return
        yield None
    finally:
        os.close(handle)  # the lock with it
