"""The CPU of a command and of every process under it, Chromium's renderers included.

    python3 benchmarks/tree_cpu.py env -u PYTHONDONTWRITEBYTECODE .venv/bin/pytest -q -n 3 ...

prints ``wall user sys`` (seconds) on stderr when the command ends.

``/usr/bin/time`` counts only the processes its command's own chain waited for. Chromium's
renderers, GPU and utility processes are forked by its zygote and are orphaned when the
browser ends: init reaps them and their CPU is counted nowhere. The suite's browser tests
measured that way missed a third of their CPU (test_browser_reach alone: 14.7 CPU-s by
``/usr/bin/time``, 22.8 for the whole tree; docs/performance.md, "The suite, 2026-11-29
afternoon"). This process makes itself a child subreaper (``prctl``), so every orphan under
it is reaped here, and counts what it reaped.
"""

from __future__ import annotations

import ctypes
import os
import resource
import sys
import time

PR_SET_CHILD_SUBREAPER = 36


def main(command: list[str]) -> int:
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_CHILD_SUBREAPER)")
    start = time.monotonic()
    pid = os.fork()
    if pid == 0:
        os.execvp(command[0], command)
    code = 0
    while True:  # until every descendant, the orphans too, has ended and been reaped
        try:
            ended, status = os.wait()
        except ChildProcessError:
            break
        if ended == pid:
            code = os.waitstatus_to_exitcode(status)
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    wall = time.monotonic() - start
    print(f"{wall:.1f} {used.ru_utime:.1f} {used.ru_stime:.1f}", file=sys.stderr)
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
