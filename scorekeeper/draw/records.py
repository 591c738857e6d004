"""Base rounds of the cyclic designs (cyclic.py says how they are developed).

Found once by ``tools/find_base.py`` (seeded; it prints these entries) and
kept here as text: a base round is its tables separated by spaces, a
table its points separated by commas. designs.py develops them and counts
every pair's meetings before any draw uses them; tests/draw/test_draw.py checks
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
    # 36, 48, 60 at tables of 4 (4-RGDDs of type 3^12, 3^16, 3^20): Z_m on three rows and
    # three fixed; each base round is its own image under the row rotation (x, r) -> (x, r + 1)
    # (fixed j -> j + 1), found by tools/find_golf4.py rotation
    ("4", 36): (
        "33,0,12,31 34,11,23,9 35,22,1,20 2,26,7,30 13,4,18,8 24,15,29,19 3,5,6,32 14,16,17,10 "
        "25,27,28,21",
    ),
    # 44 at tables of 4 (type 2^22): Z_14 on three rows and two fixed, the base round its own
    # image under (x, r) -> (9x, r + 1) (9^3 = 1 mod 14), found by tools/find_golf4.py rotation
    ("4", 44): (
        "42,0,14,28 43,11,15,37 1,3,30,12 23,27,4,24 39,33,22,34 2,41,26,10 18,5,38,20 "
        "36,17,6,40 7,8,29,31 21,16,9,13 35,32,25,19",
    ),
    ("4", 48): (
        "45,0,23,42 46,15,38,12 47,30,8,27 1,3,9,41 16,18,24,11 31,33,39,26 2,35,6,7 17,5,21,22 "
        "32,20,36,37 4,40,43,29 19,10,13,44 34,25,28,14",
    ),
    # 56 at tables of 4 (type 2^28): Z_18 on three rows and two fixed, the base round its own
    # image under (x, r) -> (7x, r + 1) (7^3 = 1 mod 18), found by tools/find_golf4.py rotation
    ("4", 56): (
        "54,0,18,36 55,4,28,52 1,50,11,22 25,8,23,46 49,20,53,16 2,27,15,17 32,45,33,29 "
        "44,9,51,41 3,34,48,26 21,40,12,38 39,10,30,14 5,24,31,19 35,42,37,43 47,6,7,13",
    ),
    ("4", 60): (
        "57,0,32,41 58,19,51,3 59,38,13,22 1,28,48,17 20,47,10,36 39,9,29,55 2,23,25,56 "
        "21,42,44,18 40,4,6,37 5,11,15,16 24,30,34,35 43,49,53,54 7,46,31,14 26,8,50,33 "
        "45,27,12,52",
    ),
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
