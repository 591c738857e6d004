"""The PDF engine is loaded without a look-up process per library name (web/printing/pdf.py,
``load_engine``), and still loads where only the look-up finds a library.

Each case runs in a new interpreter: WeasyPrint is imported once per process.
"""

from __future__ import annotations

import subprocess
import sys

LOADED = """
import subprocess
started = []
real = subprocess.Popen.__init__
def counted(self, args, *rest, **named):
    started.append(args)
    real(self, args, *rest, **named)
subprocess.Popen.__init__ = counted
{before}
from scorekeeper.web.printing.pdf import load_engine
load_engine()
from weasyprint import HTML
pdf = HTML(string="<p>Anne −3,5</p>").write_pdf()
print(len(started), pdf[:5].decode())
"""


def run(before: str = "") -> tuple[int, str]:
    answer = subprocess.run(
        [sys.executable, "-c", LOADED.format(before=before)],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    started, head = answer.stdout.split()
    return int(started), head


def test_the_engine_loads_without_starting_a_process():
    # WeasyPrint's own import ran ldconfig, gcc and ld 54 times on Debian (18 names of
    # its libraries not found directly, three look-ups each)
    assert run() == (0, "%PDF-")


PANGO_ONLY_LOOKED_UP = """
import cffi.api
real_load = cffi.api._load_backend_lib
def load(backend, name, flags):
    if name == "libpango-1.0.so.0":  # as if Pango's file had another name here
        raise OSError(name)
    return real_load(backend, name, flags)
cffi.api._load_backend_lib = load
"""


def test_a_library_only_the_look_up_finds_still_loads():
    # the direct names fail, so the import is made again with the look-up, which finds
    # Pango by "pango-1.0" (ldconfig's cache): the processes it runs are counted
    started, head = run(PANGO_ONLY_LOOKED_UP)
    assert head == "%PDF-"
    assert started > 0
