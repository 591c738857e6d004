"""docs/architecture.md stays a map: short, and naming each layer contract it draws.

It had grown into an 860-line journal whose layers were neither listed nor
drawn (issue 44, point 6); the measurements live in docs/performance.md and
the detail of each part in docs/internals.md.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MAP = ROOT / "docs" / "architecture.md"


def contracts() -> list[dict[str, object]]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    found: list[dict[str, object]] = config["tool"]["importlinter"]["contracts"]
    return found


def test_the_map_is_at_most_300_lines() -> None:
    assert len(MAP.read_text(encoding="utf-8").splitlines()) <= 300


def test_the_map_names_each_contract_and_each_layer() -> None:
    text = MAP.read_text(encoding="utf-8")
    assert len(contracts()) >= 3
    for contract in contracts():
        assert f'"{contract["name"]}"' in text, contract["name"]
        layers = contract.get("layers", [])
        assert isinstance(layers, list)
        for layer in layers:  # "scorekeeper.cli | scorekeeper.games": each drawn
            for package in str(layer).split("|"):
                short = package.strip().removeprefix("scorekeeper.")
                assert f"| {short}" in text or f"|  {short}" in text, short


def test_the_map_names_each_folder_of_web() -> None:
    web = ROOT / "scorekeeper" / "web"
    text = MAP.read_text(encoding="utf-8")
    for folder in web.iterdir():
        if folder.is_dir() and folder.name != "__pycache__":
            assert f"`{folder.name}/`" in text, folder.name


def test_the_maps_kinds_are_the_kinds() -> None:
    """Each kind's row says its key, its game, its seats and what it counts as the kind
    does: the seats column said 3 for l'Hombre's kinds, which seat 3 or 4."""
    from scorekeeper.rules.kinds import KINDS

    text = MAP.read_text(encoding="utf-8")
    for kind in KINDS:
        row = next(line for line in text.splitlines() if line.startswith(f"| `{kind.key}` |"))
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        counts = "chips" if kind.chips else "points"
        assert cells[1] == f"`{kind.game}`", row
        assert cells[3].split(" (")[0] == " or ".join(str(n) for n in kind.seats), row
        assert cells[4].split(",")[0] == counts and ("bêtes" in cells[4]) == kind.betes, row
