"""A stand-in for the draw (scorekeeper/draw, another branch), in the store's plain shapes.

Deterministic from the seed: the players shuffled, seated in order; those
left over sit out. It keeps fixed pairs together (partners face to face).
Only for the tests, until the real draw is merged.
"""

from __future__ import annotations

import random

from scorekeeper.store.event_rounds import Drawn, DrawRequest


def standin_draw(request: DrawRequest) -> Drawn:
    seats = 3 if request.seating == "3" else 4
    names = [p.name for p in request.players]
    if request.standing is not None:
        names = [n for n in request.standing if n in names]
    else:
        random.Random(request.seed).shuffle(names)
    units: list[list[str]] = []
    paired = {a: b for a, b in request.fixed_pairs} | {b: a for a, b in request.fixed_pairs}
    seen: set[str] = set()
    for name in names:
        if name in seen:
            continue
        partner = paired.get(name)
        unit = [name] if partner is None or partner not in names else [name, partner]
        seen.update(unit)
        units.append(unit)
    flat = [n for unit in units for n in unit]
    tables = []
    while len(flat) >= seats:
        seated, flat = flat[:seats], flat[seats:]
        if seats == 4 and request.fixed_pairs:
            seated = [seated[0], seated[2], seated[1], seated[3]]  # partners face to face
        tables.append(tuple(seated))
    return Drawn(tuple(tables), tuple(flat))
