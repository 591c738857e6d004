"""Draws the search makes (no known design fits these), as they were before its speed-up:
``tests/shape/test_golden_draws.py`` holds the draw to them, round by round.

    .venv/bin/python tests/golden/make_draws.py   # rewrite draws.json (say why in the commit)
"""

from __future__ import annotations

import json
from pathlib import Path

from scorekeeper.draw import Entrant, draw

HERE = Path(__file__).parent

CASES: dict[str, dict] = {
    "13 at tables of 3, 6 rounds": {"n": 13, "seating": "3", "rounds": 6},
    "11 at tables of 4, teams of 4, 5 rounds": {"n": 11, "seating": "4", "rounds": 5, "teams": 4},
    "14 at tables of 4, Swiss, 4 rounds": {"n": 14, "seating": "4", "rounds": 4, "swiss": True},
    "18 in pairs, 2 rounds after 2": {"n": 18, "seating": "pairs", "rounds": 2, "history": 2},
    "22 at tables of 3, a car, 7 rounds": {"n": 22, "seating": "3", "rounds": 7, "car": True},
}


def drawn(case: dict) -> list[dict[str, list]]:
    n = case["n"]
    entrants = [
        Entrant(
            f"P{k:02d}",
            team=f"T{k % case['teams']}" if "teams" in case else None,
            together="car" if case.get("car") and k in (1, 2) else None,
        )
        for k in range(n)
    ]
    extra: dict = {}
    if case.get("swiss"):
        extra["standing"] = [e.name for e in reversed(entrants)]
    if case.get("history"):
        extra["history"] = draw(entrants, case["seating"], case["history"], seed=7).rounds
    made = draw(entrants, case["seating"], case["rounds"], seed=n * 31, **extra)
    return [
        {"tables": [list(table.seats) for table in r.tables], "out": list(r.sitting_out)}
        for r in made.rounds
    ]


def draws() -> dict[str, list[dict[str, list]]]:
    return {name: drawn(case) for name, case in CASES.items()}


if __name__ == "__main__":
    lines = [
        f"  {json.dumps(name)}: [\n"
        + ",\n".join(f"    {json.dumps(r, ensure_ascii=False)}" for r in rounds)
        + "\n  ]"
        for name, rounds in draws().items()
    ]
    text = "{\n" + ",\n".join(lines) + "\n}\n"  # a round a line: a diff shows the round
    (HERE / "draws.json").write_text(text, encoding="utf-8")
