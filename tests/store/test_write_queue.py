"""The writers' queue: threads and processes take their turn, and no write is lost."""

from __future__ import annotations

import multiprocessing
import sys
import threading
import time
from pathlib import Path
from typing import Any

from scorekeeper.db import connect, transaction
from scorekeeper.db.write_queue import queued

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))


def _hold(path: str, held: Any, seconds: float, released: Any) -> None:
    """Hold ``path``'s turn ``seconds``; ``released`` is when it let go (the system's
    monotonic clock, which every process reads alike)."""
    with queued(path):
        held.set()
        time.sleep(seconds)
        released.value = time.monotonic()


def test_another_process_waits_for_the_holder(tmp_path: Path) -> None:
    path = str(tmp_path / "q.sqlite")
    fork = multiprocessing.get_context("fork")
    held, released = fork.Event(), fork.Value("d", 0.0)
    child = fork.Process(target=_hold, args=(path, held, 0.4, released))
    child.start()
    assert held.wait(30)
    with queued(path):
        got = time.monotonic()
    child.join()
    # our turn came after the child let go, however late this process was scheduled (a
    # measured wait of "more than 0.2 s" failed when it ran late on a loaded machine)
    assert got >= released.value > 0


def test_threads_take_turns_and_a_nested_change_does_not_deadlock(tmp_path: Path) -> None:
    path = str(tmp_path / "q.sqlite")
    inside: list[int] = []
    most = [0]

    def work() -> None:
        for _ in range(20):
            with queued(path), queued(path):  # nested: the same thread again
                inside.append(1)
                most[0] = max(most[0], len(inside))
                time.sleep(0.0005)
                inside.pop()

    threads = [threading.Thread(target=work) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    assert most[0] == 1


def test_a_connection_queues_on_its_file_and_every_write_is_kept(tmp_path: Path) -> None:
    db = connect(tmp_path / "w.sqlite")
    assert db.file == str(tmp_path / "w.sqlite")  # type: ignore[attr-defined]
    assert connect(":memory:").file is None  # type: ignore[attr-defined]
    db.execute("create table counter (id integer primary key, n integer)")
    db.execute("insert into counter values (1, 0)")

    def work() -> None:
        mine = connect(tmp_path / "w.sqlite")
        for _ in range(25):
            with transaction(mine):
                mine.execute("update counter set n = n + 1 where id = 1")

    threads = [threading.Thread(target=work) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(20)
    assert db.execute("select n from counter").fetchone()[0] == 100  # 4 threads × 25


def test_the_benchmark_runs_small(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import write_queue

    monkeypatch.setattr(write_queue, "WRITES", 3)
    monkeypatch.setattr(write_queue, "THREADS", 2)
    waits = write_queue.run(queue_on=True)
    assert len(waits) == 2 * 2 * 3  # processes × threads × writes, each counted once


def test_holding_one_database_does_not_hold_another(tmp_path: Path) -> None:
    first, second = str(tmp_path / "a.sqlite"), str(tmp_path / "b.sqlite")
    fork = multiprocessing.get_context("fork")
    held, released = fork.Event(), fork.Value("d", 0.0)
    child = fork.Process(target=_hold, args=(second, held, 0.4, released))
    child.start()
    assert held.wait(30)
    with queued(first), queued(second):  # another file: its own queue, held by the child
        got = time.monotonic()
    child.join()
    assert got >= released.value > 0
