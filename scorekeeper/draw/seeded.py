"""``below``: the seeded search's random index, ``random.Random.randrange(n)``'s own number.

The search draws tens of millions of indexes in a large draw; ``randrange`` spends most of
its time checking its arguments (start, stop, step) before drawing. ``below`` draws the same
number from the same generator the way CPython's ``randrange(n)`` does (``getrandbits`` of
n's bit length until one falls below n), so a seed still gives the same draw as before,
on any machine.
"""

from __future__ import annotations

import random


def below(rng: random.Random, n: int) -> int:
    """A seeded integer in [0, n): ``rng.randrange(n)``'s, drawn without its checks."""
    if n <= 0:
        raise ValueError(f"no integer below {n} to draw")
    bits = n.bit_length()
    r = rng.getrandbits(bits)
    while r >= n:
        r = rng.getrandbits(bits)
    return r
