"""What a club's ratings page costs: 200 members, 2,000 tables (docs/performance.md).

Run with ``make bench``. Builds in a temporary database a club of 200
members and 100 evenings of 20 tables each — three in four l'Hombre tables
of 12 random valid coups, one in four a Manille of 4 random coups — and
asks its ratings page through the app (in process, the club link held):

- *cold*: the first answer, every table read, replayed and rated;
- *warm*: the same page again, as every reader after the first gets it
  (kept per version of the club's tables: ``kept.expensive``); the goal is
  under 200 ms;
- *after a coup*: the oldest table's last coup deleted (its version moves),
  the page asked again: that table is read again, the other 1,999 tables'
  matches are kept, every rating is folded again;
- *fold*: the model alone, every rating folded from the club's 2,000
  matches already read (``ratings.model.rate``), median of 5: what a
  correction costs beyond its table, and what the model costs a table.
"""

from __future__ import annotations

import datetime
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from scorekeeper import clubs, create_app, store
from scorekeeper.db import connect
from scorekeeper.ratings.club import club_matches, families
from scorekeeper.ratings.model import rate
from scorekeeper.rules.errors import GameError
from scorekeeper.rules.hombre.engine import Game
from scorekeeper.rules.hombre.ruleset import RuleSet
from scorekeeper.rules.manille.classique import ManilleCoup, ManilleGame, ManilleRules
from scorekeeper.store import replayed

sys.path.insert(0, str(Path(__file__).resolve().parent))
from replay import random_coups

GOAL_MS = 200.0


def build(path: Path, members: int, tables: int, per_evening: int = 20) -> tuple[int, str]:
    """The club's database; its id and club link's key."""
    db = connect(path, migrate=True)
    db.execute("pragma synchronous = off")  # the building only: its 2,000 commits need no fsync
    rng = random.Random(1709)
    club_id = clubs.create(db, "Le Cercle", None, None)
    names = [f"Joueur {n:03d}" for n in range(members)]
    version = 1
    for name in names:
        clubs.add_member(db, club_id, name, "", version)
        version += 1
    evening = None
    for n in range(tables):
        if n % per_evening == 0:
            day = datetime.date(2026, 1, 1) + datetime.timedelta(days=n // per_evening)
            evening = clubs.evening(
                db, clubs.create_evening(db, club_id, day.isoformat(), "", version)
            )
            version += 1
        assert evening is not None
        game: Any
        if n % 4 == 3:
            players = tuple(rng.sample(names, 4))
            game = _manille(rng, players)
        else:
            players = tuple(rng.sample(names, 3))
            coups = tuple(random_coups(12, seed=n))
            game = Game(players, RuleSet(poules_to_play=10**6), 0, coups)
        seated = list(players)
        store.create(
            db, game, then=lambda db, gid, e=evening, p=seated: clubs.add_table(db, e, gid, p)
        )
    found = clubs.club(db, club_id)
    assert found is not None
    db.close()
    return club_id, found.read_token


def _manille(rng: random.Random, players: tuple[str, ...]) -> ManilleGame:
    """A Manille of up to 4 random coups, each one the rules accept where it is played (it
    stops sooner if the partie is over)."""
    game = ManilleGame(players, ManilleRules(), 0, ())
    while len(game.coups) < 4 and not (game.coups and replayed(game).finished):
        coup = ManilleCoup(retourne=rng.choice((0, 1, 2, 3)), points=rng.randint(0, 68))
        try:
            replayed(game.with_coups((*game.coups, coup)))
        except GameError:
            continue
        game = game.with_coups((*game.coups, coup))
    return game


def measure(members: int = 200, tables: int = 2000, repeats: int = 20) -> dict[str, Any]:
    """Milliseconds: the page cold, warm (median), and again after one coup corrected."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "ratings.sqlite"
        start = time.perf_counter()
        club_id, key = build(path, members, tables)
        built = time.perf_counter() - start
        app = create_app({"DATABASE": str(path), "SECRET_KEY": "bench"})
        client = app.test_client()
        client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
        assert client.get(f"/clubs/{club_id}?key={key}").status_code == 200
        page = f"/clubs/{club_id}/ratings"

        def ask() -> tuple[float, str]:
            started = time.perf_counter()
            response = client.get(page)
            took = (time.perf_counter() - started) * 1000
            assert response.status_code == 200, response.status_code
            return took, response.get_data(as_text=True)

        cold, text = ask()
        warm = statistics.median(ask()[0] for _ in range(repeats))
        db = connect(path)
        game_id = int(db.execute("select min(game_id) from evening_games").fetchone()[0])
        stored = store.load(db, game_id)
        # a correction that moves the version (an edit to the same coup changes nothing)
        store.delete_coup(db, game_id, len(stored.game.coups), version=stored.version)
        assert store.load(db, game_id).version != stored.version
        after, _text = ask()
        matches = club_matches(db, club_id)
        folds = []
        for _ in range(5):
            started = time.perf_counter()
            rate(matches, families())
            folds.append((time.perf_counter() - started) * 1000)
        db.close()
    return {
        "members": members,
        "tables": tables,
        "built_s": built,
        "cold_ms": cold,
        "warm_ms": warm,
        "after_coup_ms": after,
        "fold_ms": statistics.median(folds),
        "matches": len(matches),
        "rows": text.count('<tr data-member="'),
    }


def main() -> None:
    print(f"the ratings page, {datetime.date.today().isoformat()}")
    row = measure()
    size = f"{row['members']} members, {row['tables']} tables"
    print(f"a club of {size} (built in {row['built_s']:.0f} s)")
    print("| the ratings page | ms |")
    print("|---|---:|")
    print(f"| cold (every table read and rated) | {row['cold_ms']:.0f} |")
    print(f"| warm (kept per version), median | {row['warm_ms']:.1f} (goal < {GOAL_MS:.0f}) |")
    print(f"| after one coup corrected | {row['after_coup_ms']:.0f} |")
    per_table = row["fold_ms"] * 1000 / max(row["matches"], 1)
    print(
        f"| fold of the {row['matches']} matches alone, median of 5 | {row['fold_ms']:.0f}"
        f" ({per_table:.0f} µs a table) |"
    )


if __name__ == "__main__":
    main()
