"""Each round keeps what its draw was asked, so that anyone can draw it again.

``event_rounds.asked``: the JSON of the draw's request but the rounds before
(``events.drawing.asked``: the players of the round with their teams, the
seating, the seed, the fixed pairs, a Swiss round's standing as it was read,
the design's seed and the rounds planned), published in results.json. Only
the seed was kept before, and a Swiss round's standing changes with every
result corrected after its draw: the docs said anyone could re-run a round,
and nobody could. NULL for the rounds drawn before.
"""

from __future__ import annotations

import sqlite_utils


def migrate(db: sqlite_utils.Database) -> None:
    db.execute("alter table event_rounds add column asked text")
