"""The competition draw (issue 27): seeded, complete, and as good as the issue asks."""

import time

import pytest

from scorekeeper.draw import Entrant, draw, next_round, quality

NONE_TWICE = dict(
    repeated_tablemates=0, repeated_partners=0, repeated_opponents=0, kept_apart_broken=0
)


def players(n, **extra):
    return [Entrant(f"P{k:03d}", **extra) for k in range(n)]


@pytest.mark.parametrize(
    ("n", "seating", "rounds"),
    [(12, "3", 4), (16, "4", 5), (200, "3", 8), (30, "3", 10), (544, "pairs", 3)],
)
def test_the_issue_targets_meet_nobody_twice(n, seating, rounds):
    started = time.perf_counter()
    made = draw(players(n), seating, rounds, seed=27)
    assert time.perf_counter() - started < 4
    assert vars(made.quality) == NONE_TWICE
    assert len(made.rounds) == rounds


def test_round_by_round_follows_the_affine_plane():
    entrants = players(16)
    history = []
    for _ in range(5):
        history.append(next_round(entrants, "4", history, seed=4))
    assert vars(quality(history, "4", entrants)) == NONE_TWICE
