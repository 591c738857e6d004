"""The competition draw: who sits with whom, round after round (pure Python, seeded).

``draw`` and ``next_round`` seat the entrants at tables of 3, of 4, or of
two pairs, keeping teammates and those registered together apart, with as
few repeated table-mates (pairs: partners first, then opponents) as the
search finds (where a design is known, none: Kirkman and nearly Kirkman
systems, resolvable designs, whist tournaments for new pairs), and say in
the ``Draw``'s note when a request exceeds what is possible or known. See
docs/competitions.md, "The draw".
"""

from .model import Draw, DrawError, Entrant, Quality, Round, Seating, Table
from .plan import draw, next_round
from .quality import best_possible, quality

__all__ = [
    "Draw",
    "DrawError",
    "Entrant",
    "Quality",
    "Round",
    "Seating",
    "Table",
    "best_possible",
    "draw",
    "next_round",
    "quality",
]
