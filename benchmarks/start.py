"""The start: from ``scorekeeper serve`` launched to ``/health`` answering ok (issue 43).

A restart took about 10 s to ``/health`` on a loaded machine: the imports, the app and the
PDF engine's warm-up before the fork (issue 36). The command now loads only what ``serve``
needs before it holds its signals. Figures, each the median of ``N`` starts on a migrated
database (a restart: the database exists):

- ``ready``: wall time from the launch to the first ``/health`` ok (polled every 10 ms);
- ``cpu``: the CPU seconds the parent had used by then (imports, the app, the fork) and
  the most a forked process had used: on a quiet machine the wall time is about the
  parent's CPU plus a process's, so these say what the start costs whatever the load;
- ``pdf``: how long after ``ready`` every process maps the PDF engine's Pango (0 when the
  processes are forked warm).

``python benchmarks/start.py [N] [--beside DIR]``: ``--beside`` runs the same starts with
the code of another tree (e.g. main's) in the same run, interleaved, for a ratio.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import statistics
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from served import launch

TICK = os.sysconf("SC_CLK_TCK")


def cpu(pid: int) -> float:
    """CPU seconds (user + system) ``pid`` has used."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def children(pid: int) -> list[int]:
    try:
        tasks = list(Path(f"/proc/{pid}/task").glob("*/children"))
        return [int(child) for task in tasks for child in task.read_text().split()]
    except OSError:  # the process ended meanwhile (a worker replaced by a warm one)
        return []


def maps_pango(pid: int) -> bool:
    try:
        return "libpango" in Path(f"/proc/{pid}/maps").read_text()
    except OSError:
        return False


def one_start(database: Path, code: Path | None) -> tuple[float, float, float, float]:
    """(ready, parent cpu, a process's cpu, pdf engine loaded after ready) in seconds."""
    env = {
        **os.environ,
        "SCOREKEEPER_DATABASE": str(database),
        "SCOREKEEPER_SECRET_KEY": "bench",
    }
    started = time.monotonic()
    process, url = launch(env, code)
    try:
        while True:
            try:
                with urllib.request.urlopen(url + "/health", timeout=5) as answer:
                    if answer.read() == b"ok\n":
                        break
            except OSError:
                pass
            time.sleep(0.01)
        ready = time.monotonic() - started
        parent = cpu(process.pid)
        forked = max((cpu(child) for child in children(process.pid)), default=0.0)
        deadline = time.monotonic() + 60
        while not all(maps_pango(p) for p in [process.pid, *children(process.pid)]):
            assert time.monotonic() < deadline, "the PDF engine was never loaded"
            time.sleep(0.02)
        pdf = time.monotonic() - started - ready
        return ready, parent, forked, pdf
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=40)


def load() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("starts", nargs="?", type=int, default=5)
    parser.add_argument(
        "--beside", type=Path, action="append", default=[], help="another tree's code, beside"
    )
    args = parser.parse_args()
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from scorekeeper import db

    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "bench.sqlite"
        db.connect(database, migrate=True).close()
        codes: list[tuple[str, Path | None]] = [("this tree", None)]
        codes += [(str(tree), tree.resolve()) for tree in args.beside]
        figures: dict[str, list[tuple[float, float, float, float]]] = {n: [] for n, _ in codes}
        # each tree its own copy: one may migrate it to a schema the other refuses
        copies = {name: Path(folder) / f"tree{i}.sqlite" for i, (name, _) in enumerate(codes)}
        for copy in copies.values():
            shutil.copy(database, copy)
        before = load()
        for _ in range(args.starts):  # interleaved: the machine's load falls on all alike
            for name, code in codes:
                figures[name].append(one_start(copies[name], code))
        print(f"start to /health ({args.starts} starts, median; 2 processes; load {before})")
        medians = {}
        for name, runs in figures.items():
            ready, parent, forked, pdf = (statistics.median(column) for column in zip(*runs))
            medians[name] = ready
            print(
                f"  {name:>16}: ready {ready:.2f} s (cpu: parent {parent:.2f} s, a process"
                f" {forked:.2f} s); PDF engine in every process {pdf:.2f} s later"
            )
        for name, ready in list(medians.items())[1:]:
            print(f"  ratio this tree / {name}: {medians['this tree'] / ready:.2f}")


if __name__ == "__main__":
    main()
