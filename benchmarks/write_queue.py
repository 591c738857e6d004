"""The writers' queue (scorekeeper/db/write_queue.py) against SQLite's busy loop alone.

Two processes of eight threads each (as ``scorekeeper serve`` runs on two
cores) write transactions of about a deal post's length (BEGIN IMMEDIATE, a
few ms of Python, COMMIT) to one database file, as fast as they can; the
time each waited for its turn is counted, with the queue and without it, in
the same run. Prints the date, the load average and the waits' p50 / p99 /
max, and the ratio. ``WRITES`` (per thread) makes it shorter.
"""

from __future__ import annotations

import multiprocessing
import os
import sqlite3
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper.db import connect

THREADS = 8
PROCESSES = 2
WRITES = int(os.environ.get("WRITES", "40"))
HOLD = 0.002
"""Seconds of work inside each transaction (a deal post holds the lock about that long)."""


def writer(path: str, queue_on: bool, waits: list[float]) -> None:
    db = connect(path)
    if not queue_on:
        db.file = None  # SQLite's busy loop alone
    from scorekeeper.db import transaction

    for _ in range(WRITES):
        asked = time.perf_counter()
        with transaction(db):
            waits.append(time.perf_counter() - asked)
            db.conn.execute("update counter set n = n + 1 where id = 1")
            end = time.perf_counter() + HOLD
            while time.perf_counter() < end:  # the post's Python, holding the lock
                pass
        time.sleep(0.001)


def process(path: str, queue_on: bool, out: multiprocessing.Queue) -> None:  # type: ignore[type-arg]
    waits: list[float] = []
    threads = [
        threading.Thread(target=writer, args=(path, queue_on, waits)) for _ in range(THREADS)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    out.put(waits)


def run(queue_on: bool) -> list[float]:
    with tempfile.TemporaryDirectory() as tmp:
        path = str(Path(tmp) / "w.sqlite")
        db = sqlite3.connect(path)
        db.execute("pragma journal_mode = wal")
        db.execute("create table counter (id integer primary key, n integer)")
        db.execute("insert into counter values (1, 0)")
        db.commit()
        db.close()
        out: multiprocessing.Queue = multiprocessing.Queue()  # type: ignore[type-arg]
        workers = [
            multiprocessing.Process(target=process, args=(path, queue_on, out))
            for _ in range(PROCESSES)
        ]
        for worker in workers:
            worker.start()
        waits = [w for _ in workers for w in out.get()]
        for worker in workers:
            worker.join()
        check = sqlite3.connect(path).execute("select n from counter").fetchone()[0]
        assert check == PROCESSES * THREADS * WRITES, check
        return sorted(waits)


def figures(waits: list[float]) -> tuple[float, float, float]:
    return (
        waits[len(waits) // 2] * 1000,
        waits[int(len(waits) * 0.99)] * 1000,
        waits[-1] * 1000,
    )


def main() -> None:
    print(
        f"writers' queue, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())},"
        f" load {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores;"
        f" {PROCESSES} processes × {THREADS} threads × {WRITES} writes"
    )
    busy = figures(run(queue_on=False))
    queued = figures(run(queue_on=True))
    print(f"{'wait for the lock':<28} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8}")
    print(f"{'SQLite busy loop alone':<28} {busy[0]:8.1f} {busy[1]:8.1f} {busy[2]:8.1f}")
    print(f"{'queued (write_queue)':<28} {queued[0]:8.1f} {queued[1]:8.1f} {queued[2]:8.1f}")
    print(f"p99 queued ÷ busy loop: {queued[1] / busy[1]:.2f}")


if __name__ == "__main__":
    main()
