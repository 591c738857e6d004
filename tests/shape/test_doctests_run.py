"""Every doctest of the package runs with the suite (review15).

``--doctest-modules`` collects the doctests of the folders ``testpaths`` names, and they
named the rules engine's only: the hand values written as doctests elsewhere (the cash
box's ``open_items.fees_on`` — "a doctest of hand values" — and ``_by_money``, the purse,
the ratings' ``ranks``, the chains…) never ran with ``make test``. A doctest no run reads
cannot fail.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_every_module_with_a_doctest_is_under_the_suites_paths() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    ini = config["tool"]["pytest"]["ini_options"]
    assert "--doctest-modules" in ini["addopts"].split()
    roots = [ROOT / path for path in ini["testpaths"]]
    with_doctests = [
        path
        for path in sorted((ROOT / "scorekeeper").rglob("*.py"))
        if ">>> " in path.read_text(encoding="utf-8")
    ]
    assert ROOT / "scorekeeper" / "cashbox" / "open_items.py" in with_doctests
    left_out = [
        str(path.relative_to(ROOT))
        for path in with_doctests
        if not any(path.is_relative_to(root) for root in roots)
    ]
    assert left_out == []
