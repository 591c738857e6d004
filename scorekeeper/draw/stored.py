"""Resolvable designs found once by a long seeded search (tools/find_design.py) and kept.

Key: (table size, players); value: rounds of tables of player numbers.
"""

from __future__ import annotations

STORED: dict[tuple[str, int], tuple[tuple[tuple[int, ...], ...], ...]] = {}
