"""The instructions of one coup cycle, counted by callgrind: a figure the neighbours do not move.

``request_cpu.py`` times the load test's coup cycle (the coup posted, the
manager's page after it, the first phone's page after it) in CPU time, which
the other processes of a shared machine move by a tenth or more within
minutes. This counts the machine instructions of the same three requests
under valgrind's callgrind, collected only while they run (inside
``sys.call_tracing``, which nothing else calls): two runs of the same code
agree to 0.1 %, so two versions of the code can be told apart by a few
per cent in one run each. Instructions are not time (a cache miss costs
more than an addition), so a cut is measured in CPU time too.

Run it with ``PYTHONPATH`` pointing at the tree to count (as request_cpu.py
is run against another checkout); it needs valgrind and a Python whose
library keeps its symbols (pyenv's does). ``BENCH_COUPS`` sets how many
cycles are counted (default 10, after 5 not counted); hashing is fixed
(``PYTHONHASHSEED=0``) so that the runs take the same paths.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
INSIDE = "CYCLE_INSTRUCTIONS_INSIDE"
COUPS = int(os.environ.get("BENCH_COUPS", "10"))
WARM = 5


def cycles(coups: int = COUPS, warm: int = WARM) -> None:
    """The load test's sequence in process, its coup cycles run inside ``sys.call_tracing``."""
    sys.path.insert(0, str(HERE))
    from evening import COUPS as FORMS
    from evening import table, token, version

    from scorekeeper import create_app

    with tempfile.TemporaryDirectory() as tmp:
        app = create_app(
            {
                "DATABASE": str(Path(tmp) / "bench.sqlite"),
                "SECRET_KEY": "bench",
                "ADMIN_PASSWORD": "bench",
                "RATELIMIT_ENABLED": False,
            }
        )
        manager, game, phones, page = table(app, 2)
        for n in range(warm + coups):
            data = {**FORMS[n % len(FORMS)], "csrf_token": token(page), "version": version(page)}
            steps = [
                lambda data=data: manager.post(game + "/coups", data=data),
                lambda: manager.get(game),
                lambda: phones[0].get(game),
            ]
            answers = [sys.call_tracing(step, ()) if n >= warm else step() for step in steps]
            phones[1].get(game)  # the next phone's page, as the sequence has it: not counted
            assert answers[0].status_code == 302, answers[0].status_code
            assert all(answer.status_code == 200 for answer in answers[1:])
            page = answers[1].text


def main() -> int:
    if os.environ.get(INSIDE):
        cycles()
        return 0
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        print("valgrind is not installed: nothing counted")
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        counted = subprocess.run(
            [
                valgrind,
                "--tool=callgrind",
                f"--callgrind-out-file={Path(tmp) / 'callgrind.out'}",
                "--collect-atstart=no",
                "--toggle-collect=sys_call_tracing",
                sys.executable,
                __file__,
            ],
            env={**os.environ, INSIDE: "1", "PYTHONHASHSEED": "0"},
            capture_output=True,
            text=True,
            check=False,
        )
    found = re.search(r"Collected : (\d+)", counted.stderr)
    if counted.returncode != 0 or found is None or int(found.group(1)) == 0:
        print(counted.stderr[-2000:])
        print("nothing counted (a Python without its symbols has no sys_call_tracing to toggle)")
        return 1
    per_cycle = int(found.group(1)) / COUPS
    print(f"coup cycle: {per_cycle / 1e6:.2f} million instructions ({COUPS} cycles counted)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
