"""``scorekeeper serve`` started as a real process by a benchmark, and the address it prints.

The one way the start benchmarks (first_pdf, start, large_pdfs) launch the server:
two processes on a free port, no QR code; ``code``, another tree's code run instead
(a comparison in the same run).
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

SERVE = ("-m", "scorekeeper.cli", "serve", "--port", "0", "--no-qr", "--workers", "2")


def launch(env: Mapping[str, str], code: Path | None) -> tuple[subprocess.Popen[str], str]:
    """The server started with ``env`` (the whole environment), once it printed its address."""
    settings = dict(env)
    if code is not None:
        settings["PYTHONPATH"] = str(code)
    process = subprocess.Popen(
        [sys.executable, *SERVE],
        env=settings,
        cwd=str(code) if code is not None else None,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert process.stdout is not None
    for line in process.stdout:
        if found := re.search(r"^    (http://\S+)/$", line):
            return process, found.group(1)
    process.kill()
    process.wait()
    raise AssertionError("the server said no address")
