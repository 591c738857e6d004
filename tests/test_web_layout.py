"""web/ is laid out by concern, as the package root is (issue 44, point 5).

A reader of the pages finds a concern by its folder (table/, formats/, ops/,
printing/, starting/, kept/, and each game's web half beside its kind), not
among dozens of loose modules whose names do not say what they serve.
"""

from __future__ import annotations

import ast
from pathlib import Path

import scorekeeper.web

WEB = Path(scorekeeper.web.__file__).parent

MOST_LOOSE = 8
"""Loose modules web/ may hold, ``__init__.py`` counted (manille's two may be gone)."""


def loose_modules() -> list[str]:
    return sorted(path.name for path in WEB.glob("*.py"))


def test_web_has_at_most_eight_loose_modules() -> None:
    loose = loose_modules()
    assert len(loose) <= MOST_LOOSE, f"{len(loose)} loose modules in web/: {loose}"


def test_each_package_of_web_says_its_concern() -> None:
    """Every folder of web/ is a package whose ``__init__.py`` opens with a docstring."""
    folders = [p for p in WEB.iterdir() if p.is_dir() and p.name != "__pycache__"]
    assert len(folders) >= 5  # brou, clubs, events, formats, hombre, kept, ops, ...
    for folder in folders:
        init = folder / "__init__.py"
        assert init.is_file(), f"web/{folder.name}/ is no package"
        docstring = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8")))
        assert docstring and len(docstring.split()) >= 8, f"web/{folder.name}/ says no concern"
