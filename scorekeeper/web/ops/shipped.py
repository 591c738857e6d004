"""Where ``templates/`` and ``static/`` are: beside the package, or inside it once installed.

The app factory serves them and a game's web half finds its template folder
here (``hookspecs.shipped_templates``).
"""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2]
"""The package ``scorekeeper/`` (this file is its ``web/ops/shipped.py``)."""
ROOT = PACKAGE.parent


def shipped(name: str) -> str:
    """templates/ or static/: beside the package in a checkout, inside it once installed."""
    checkout = ROOT / name
    in_checkout = checkout.is_dir() and (ROOT / "pyproject.toml").exists()
    return str(checkout if in_checkout else PACKAGE / name)
