"""Golden pages: every page of every kind as drawn before the web half's redesign.

``tests/golden/make_pages.py`` drew them; the parts that change on every run
are masked there. A change of what a page shows must be deliberate:
regenerate, read the diff, say why in the commit.
"""

from __future__ import annotations

import pytest
from golden.make_pages import PAGES, pages

NAMES = sorted(str(p.relative_to(PAGES)).removesuffix(".txt") for p in PAGES.rglob("*.txt"))


@pytest.fixture(scope="session")
def drawn() -> dict[str, str]:
    """Every page, its games imported and drawn once per test process.

    Module scope drew them again whenever a worker of ``pytest -n`` came back to this
    module from another one's tests (five seconds each time on a loaded machine)."""
    return dict(pages())


def test_every_page_was_drawn(drawn):
    assert len(NAMES) >= 300
    assert sorted(drawn) == NAMES


@pytest.mark.parametrize("name", NAMES)
def test_page_matches_the_golden_file(drawn, name):
    assert drawn[name] == (PAGES / f"{name}.txt").read_bytes().decode(), name
