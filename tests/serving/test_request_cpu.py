"""A tiny run of benchmarks/request_cpu.py's load-test sequence (``make bench`` runs it whole).

Each coup is posted and answered 302, the manager's page and the phones' pages
200 (asserted inside ``evening``); every kind of request gets a time.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from request_cpu import evening


def test_the_load_tests_sequence_runs_and_is_timed(csrf_app):
    figures = evening(csrf_app, coups=6)
    assert list(figures) == [
        "coup posted",
        "manager's page after it (drawn)",
        "first phone's page after it (drawn)",
        "next phone's page (kept)",
    ]
    assert all(ms > 0 for ms in figures.values())


def test_the_counted_cycle_runs(monkeypatch):
    """A tiny run of benchmarks/cycle_instructions.py's sequence, in process and without
    valgrind (``make bench``'s reader runs it under callgrind): one cycle not counted, one
    inside ``sys.call_tracing``, each answer checked inside ``cycles``."""
    from cycle_instructions import cycles

    traced = []
    monkeypatch.setattr(sys, "call_tracing", lambda step, args: traced.append(1) or step(*args))
    cycles(coups=1, warm=1)
    assert len(traced) == 3  # the coup posted, the manager's page, the first phone's page
