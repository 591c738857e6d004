"""``scorekeeper replay --json`` of 100,000 coups: its time ÷ the replay alone, its peak memory.

Run with ``make bench``. Writes a game file of 100,000 random valid coups,
replays it in this process (best of two), then runs the command on it as a
user would (a new process, the report written to /dev/null) and reads the
command's peak resident memory from the kernel (``wait4``).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from scorekeeper.rules import kinds
from scorekeeper.rules.gamefile import json_text
from scorekeeper.rules.hombre.engine import Game
from scorekeeper.rules.hombre.ruleset import RuleSet

sys.path.insert(0, str(Path(__file__).resolve().parent))
from replay import random_coups

SIZE = int(os.environ.get("BENCH_JSON_COUPS", "100000"))


def main() -> None:
    game = Game(
        ("Anne", "Bruno", "Chloé"), RuleSet(poules_to_play=10**9), 0, tuple(random_coups(SIZE))
    )
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.json"
        path.write_text(json_text(kinds.dump_file(game)), encoding="utf-8")
        best = float("inf")
        for _ in range(2):
            start = time.perf_counter()
            kinds.replay(game)
            best = min(best, time.perf_counter() - start)
        del game
        with open(os.devnull, "wb") as sink:
            start = time.perf_counter()
            process = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "scorekeeper.cli",
                    "replay",
                    "--json",
                    "--any-size",
                    str(path),
                ],
                stdout=sink,
            )
            _, status, usage = os.wait4(process.pid, 0)
            seconds = time.perf_counter() - start
        assert status == 0, status
    peak = usage.ru_maxrss / 1024  # KB on Linux
    print(f"\nreplay of {SIZE:,} coups in this process: {best:.2f} s")
    print(f"scorekeeper replay --json: {seconds:.2f} s, peak {peak:,.0f} MB")
    print(f"\n{'issue 15':<46} {'goal':>12} {'today':>22}")
    print(f"{'replay --json, 100,000 coups ÷ replay':<46} {'≤ 2×':>12} {seconds / best:>21.1f}×")
    print(f"{'replay --json, 100,000 coups, peak memory':<46} {'< 250 MB':>12} {peak:>19,.0f} MB")


if __name__ == "__main__":
    main()
