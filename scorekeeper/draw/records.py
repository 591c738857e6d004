"""Base rounds of the cyclic designs (cyclic.py says how they are developed).

Found once by ``tools/find_base.py`` (seeded; it prints these entries) and
kept here as text: a base round is its tables separated by spaces, a
table its points separated by commas. designs.py develops them and counts
every pair's meetings before any draw uses them; tests/test_draw.py checks
them all again.
"""

from __future__ import annotations

from .cyclic import Base

TEXT: dict[tuple[str, int], tuple[str, ...]] = {
    ("3", 21): (
        "1,4,19 2,5,9 14,12,3 6,11,10 0,17,20 8,18,15 7,13,16",
        "20,14,6 18,11,4 13,3,19 9,15,7 2,10,8 17,16,12 1,0,5",
    ),
    ("3", 30): ("23,10,8 9,4,16 15,13,19 2,27,28 29,3,25 20,17,18 14,22,5 7,21,26 24,6,0 1,12,11",),
    ("3", 33): (
        "32,0,8 27,25,4 29,18,30 9,10,5 7,24,31 14,20,11",
        "32,16,24 11,31,21 12,14,28 10,25,22 8,19,1 18,5,15",
    ),
    ("3", 51): (
        "50,0,25 1,2,4 3,7,12 5,11,18 6,14,26 8,19,27 9,24,30 10,28,34 13,41,48 15,31,47 "
        "16,45,46 17,39,44 20,29,43 21,35,38 22,33,37 23,36,49 32,40,42",
    ),
    ("3", 54): (
        "39,34,36 24,42,31 37,6,52 15,43,51 4,30,53 38,3,32 14,48,26 19,0,18 5,46,47 50,10,13 "
        "27,7,23 44,1,12 11,9,33 22,2,49 35,28,45 25,8,20 16,29,41 21,17,40",
    ),
    ("4", 24): ("8,20,23,5 0,21,13,16 7,10,18,9 2,14,19,15 1,12,4,3 6,11,17,22",),
    ("4", 52): ("51,0,17,34 35,11,6,32 19,25,7,21 14,3,22,13 50,43,12,27",),
    ("pairs", 8): ("4,6,7,3 2,0,1,5",),
    ("pairs", 12): ("6,9,8,4 5,3,2,10 11,0,7,1",),
    ("pairs", 16): ("11,13,2,12 15,3,10,14 1,4,9,7 5,8,0,6",),
    ("pairs", 20): ("5,4,7,12 1,0,16,14 8,6,17,13 10,19,11,2 3,15,9,18",),
    ("pairs", 21): ("5,2,13,20 12,18,14,4 6,11,16,15 7,19,1,3 9,17,10,8",),
    ("pairs", 24): ("17,20,14,1 3,13,18,7 4,2,6,15 11,19,10,12 16,9,23,21 5,22,0,8",),
    ("pairs", 28): ("20,24,9,4 22,5,16,2 8,13,12,14 18,0,3,10 23,17,25,26 6,27,1,15 7,19,21,11",),
}


def _parsed(rounds: tuple[str, ...]) -> Base:
    return tuple(
        tuple(tuple(int(p) for p in table.split(",")) for table in text.split()) for text in rounds
    )


BASES: dict[tuple[str, int], Base] = {key: _parsed(rounds) for key, rounds in TEXT.items()}
