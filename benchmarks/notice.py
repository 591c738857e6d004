"""What the change notice costs a game page after a correction, ÷ a whole replay.

Run with ``make bench``. Builds l'Hombre games of 300 and 3,000 random valid
coups in a temporary database, corrects the middle coup, and times
``explain.notice`` (what the page draws once per version: the coups before
the correction checked from the kept report nearest it) against the baseline
measured in the same run: replaying the whole game before the correction, as
a notice would without the kept reports. The machine is shared and noisy, so
the figure that matters is the ratio.
"""

from __future__ import annotations

import datetime
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from scorekeeper import create_app, store
from scorekeeper.db import get_db
from scorekeeper.rules.hombre.engine import Game
from scorekeeper.rules.hombre.ruleset import RuleSet
from scorekeeper.web.table import explain

sys.path.insert(0, str(Path(__file__).resolve().parent))
from replay import random_coups


def median_ms(step: Callable[[], Any], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        step()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def measure(count: int, repeats: int = 5) -> dict[str, Any]:
    """The notice and the whole-replay baseline (ms) after coup ``count // 2`` is corrected."""
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"DATABASE": str(Path(tmp) / "n.sqlite"), "SECRET_KEY": "bench"})
        with app.test_request_context(headers={"Accept-Language": "en"}):
            db = get_db()
            rules = RuleSet(poules_to_play=10**6)
            game_id = store.create(
                db, Game(("Anne", "Bruno", "Chloé"), rules, 0, tuple(random_coups(count)))
            )
            stored = store.load(db, game_id)
            n = count // 2
            coups = list(stored.game.coups)
            changed = random_coups(count, seed=1802)[n - 1]
            store.edit_coup(db, game_id, n, changed, version=stored.version)
            stored = store.load(db, game_id)
            stored.replay()  # the page has it: only the notice's own work is timed
            text = explain.notice(stored)
            notice = median_ms(lambda: explain.notice(stored), repeats)
            whole = median_ms(lambda: store.replayed(stored.game.with_coups(coups)), repeats)
    return {"coups": count, "notice_ms": notice, "whole_ms": whole, "text": text}


def main() -> None:
    print(f"change notice after a correction, {datetime.date.today().isoformat()}")
    print("| coups | notice (ms) | whole replay (ms) | notice ÷ whole replay |")
    print("|---:|---:|---:|---:|")
    for count in (300, 3000):
        row = measure(count)
        ratio = row["notice_ms"] / row["whole_ms"]
        print(f"| {count} | {row['notice_ms']:.1f} | {row['whole_ms']:.1f} | {ratio:.2f} |")


if __name__ == "__main__":
    main()
