"""Golden pages: every page of every kind as drawn before the web half's redesign.

``tests/golden/make_pages.py`` drew them; the parts that change on every run
are masked there. A change of what a page shows must be deliberate:
regenerate, read the diff, say why in the commit.
"""

from __future__ import annotations

import fcntl
import json

import pytest
from golden.make_pages import PAGES, pages

NAMES = sorted(str(p.relative_to(PAGES)).removesuffix(".txt") for p in PAGES.rglob("*.txt"))


@pytest.fixture(scope="session")
def drawn(tmp_path_factory, worker_id) -> dict[str, str]:
    """Every page, its games imported and drawn once per run of the suite.

    Module scope drew them again whenever a worker of ``pytest -n`` came back to this
    module from another one's tests (five seconds each time on a loaded machine); once
    per process, each worker that took some of the 300 tests drew them all (two or three
    with ``--dist worksteal``: 3.5 CPU-s each). Under xdist the first worker writes them
    into the run's own temporary folder (shared by its workers, new every run), under a
    lock, and the others read them there."""
    if worker_id == "master":  # not distributed: the folder's parent outlives the run
        return dict(pages())
    kept = tmp_path_factory.getbasetemp().parent / "golden-pages.json"
    with (kept.parent / "golden-pages.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not kept.is_file():
            kept.write_text(json.dumps(dict(pages())), encoding="utf-8")
        found: dict[str, str] = json.loads(kept.read_text(encoding="utf-8"))
    return found


def test_every_page_was_drawn(drawn):
    assert len(NAMES) >= 300
    assert sorted(drawn) == NAMES


@pytest.mark.parametrize("name", NAMES)
def test_page_matches_the_golden_file(drawn, name):
    assert drawn[name] == (PAGES / f"{name}.txt").read_bytes().decode(), name
