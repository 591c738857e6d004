"""Resolvable designs found once by a long seeded search (tools/find_design.py) and kept.

Key: (table size, players); value: rounds of tables of player numbers.
"""

from __future__ import annotations

STORED: dict[tuple[str, int], tuple[tuple[tuple[int, ...], ...], ...]] = {
    # 12 at tables of 3 over 4 rounds: the most for 12 (no nearly Kirkman system of 12)
    ("3", 12): (
        ((9, 5, 3), (11, 10, 4), (2, 1, 0), (6, 8, 7)),
        ((6, 2, 11), (5, 10, 8), (4, 0, 9), (7, 3, 1)),
        ((2, 8, 9), (10, 6, 3), (1, 5, 4), (0, 7, 11)),
        ((6, 5, 0), (8, 3, 11), (4, 2, 7), (1, 10, 9)),
    ),
    # 20 at tables of 4 over 5 rounds (social golfers 5-4-5); as two pairs: 20 manillen
    # players in new pairs, no partner and no opponent twice
    ("4", 20): (
        ((17, 1, 8, 10), (14, 0, 3, 2), (13, 4, 7, 15), (11, 18, 6, 9), (12, 16, 5, 19)),
        ((11, 19, 0, 7), (10, 15, 12, 6), (3, 13, 1, 16), (17, 9, 2, 4), (18, 8, 5, 14)),
        ((14, 16, 11, 4), (6, 17, 3, 19), (15, 5, 1, 9), (13, 0, 10, 18), (2, 12, 7, 8)),
        ((11, 12, 17, 13), (10, 3, 4, 5), (14, 7, 1, 6), (16, 0, 8, 9), (2, 15, 19, 18)),
        ((11, 8, 15, 3), (16, 17, 7, 18), (1, 0, 12, 4), (5, 13, 6, 2), (10, 14, 9, 19)),
    ),
}
