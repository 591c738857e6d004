"""The search's seeded index (``draw.seeded.below``) is ``random.Random.randrange``'s own
number: a seed gives the same draw as it did when the search called ``randrange``."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.draw.seeded import below


@given(st.integers(min_value=0, max_value=2**64), st.integers(min_value=1, max_value=2**70))
def test_below_draws_the_numbers_randrange_draws(seed, n):
    ours, theirs = random.Random(seed), random.Random(seed)
    assert [below(ours, n) for _ in range(20)] == [theirs.randrange(n) for _ in range(20)]
    assert ours.random() == theirs.random()  # the generator left in the same state


@pytest.mark.parametrize("n", [0, -1])
def test_there_is_no_integer_below_zero_or_one_to_draw(n):
    with pytest.raises(ValueError):
        below(random.Random(1), n)
