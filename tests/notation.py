"""Game files written the way a table speaks: "B demande A4 B4 C1"."""

from __future__ import annotations

from typing import Any

PLAYERS = ["A", "B", "C"]


def coup(text: str, **extra: Any) -> dict[str, Any]:
    """``"pass"`` or ``"B demande A4 B4 C1"`` as a game-file coup."""
    if text == "pass":
        return {"pass": True, **extra}
    hombre, contract, *tricks = text.split()
    return {
        "hombre": hombre,
        "contract": contract,
        "tricks": {t[0]: int(t[1:]) for t in tricks},
        **extra,
    }


def game_file(*coups: dict[str, Any] | str, **rules: Any) -> dict[str, Any]:
    return {
        "format": "scorekeeper-game/1",
        "game": "hombre",
        "players": list(PLAYERS),
        "rules": rules,
        "coups": [coup(c) if isinstance(c, str) else c for c in coups],
    }


def moves(report_coup: dict[str, Any]) -> list[tuple[str, str, int, str]]:
    """The transfers of a JSON report coup as (from, to, amount, reason), sorted."""
    return sorted((t["from"], t["to"], t["amount"], t["reason"]) for t in report_coup["transfers"])


# The worked example of the seed (hombre.md §10).
SEED = game_file(
    "A demande A4 B4 C1",  # 1: A remise
    "B demande A4 B4 C1",  # 2: B remise
    "pass",  # 3
    "B demande A3 B3 C3",  # 4: B remise
    "C demande A2 B2 C5",  # 5: C wins
    "B demande A2 B5 C2",  # 6: B wins, their bête cancelled
    "B demande A2 B5 C2",  # 7: B wins, their bête cancelled
    poule_system="3-2",
)
