"""docs/architecture.md stays a map: short, and naming each layer contract it draws.

It had grown into an 860-line journal whose layers were neither listed nor
drawn (issue 44, point 6); the measurements live in docs/performance.md and
the detail of each part in docs/internals.md.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
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
