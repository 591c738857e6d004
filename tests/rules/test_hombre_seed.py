"""The worked example of the seed (hombre.md §10), coup by coup."""

import pytest
from notation import SEED

from scorekeeper.rules.hombre.file import dump_report, replay_file

# coup, marks added, poule, bête in play, enjeu, bête made, nets A B C (hombre.md §10)
TABLE = [
    (1, 3, 27, None, 27, 27, (0, 0, 0)),
    (2, 2, 45, ("A", 27), 72, 72, (0, 0, 0)),
    (3, 2, 63, ("A", 27), 90, None, (0, 0, 0)),
    (4, 2, 81, ("A", 27), 108, 108, (0, 0, 0)),
    (5, 2, 99, ("A", 27), 126, None, (-60, -33, 93)),
    (6, 2, 18, ("B", 108), 126, None, (-66, -21, 87)),
    (7, 2, 18, ("B", 72), 90, None, (-72, -9, 81)),
]


@pytest.fixture(scope="module")
def report():
    return dump_report(replay_file(SEED))


@pytest.mark.parametrize(("n", "added", "poule", "in_play", "enjeu", "made", "nets"), TABLE)
def test_each_coup_of_the_worked_example(report, n, added, poule, in_play, enjeu, made, nets):
    c = report["coups"][n - 1]
    assert c["n"] == n
    assert c["marks_added"] == added
    assert c["poule"] == poule
    bete = (
        None
        if c["bete_in_play"] is None
        else (c["bete_in_play"]["owner"], c["bete_in_play"]["amount"])
    )
    assert bete == in_play
    assert c["enjeu"] == enjeu
    assert c["bete_made"] == made
    assert tuple(c["net"].values()) == nets


def test_coup_five_payments_are_those_of_the_seed(report):
    transfers = [
        (t["from"], t["to"], t["amount"], t["reason"]) for t in report["coups"][4]["transfers"]
    ]
    assert sorted(transfers) == [
        ("A", "C", 27, "bete"),
        ("A", "C", 33, "poule"),
        ("B", "C", 33, "poule"),
    ]


def test_after_the_example(report):
    assert report["net"] == {"A": -72, "B": -9, "C": 81}
    assert sum(report["net"].values()) == 0
    assert report["poules_tirees"] == 3
    assert report["next"]["marks_to_add"] == 3
    assert report["next"]["poule"] == 27
    assert report["next"]["enjeu"] == 27
    assert report["next"]["bete_in_play"] is None
    # the three bêtes are n° 1, 3 and 5 of the 3-2 series
    assert [(b["owner"], b["amount"], b["token"]) for b in report["betes"]] == [
        ("A", 27, 1),
        ("B", 72, 3),
        ("B", 108, 5),
    ]
    assert [b["status"] for b in report["betes"]] == ["won", "cancelled", "cancelled"]
