"""The ranking of an event (scorekeeper/events/ranking.py), by hand and as properties."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.events.ranking import Penalty, RoundPlay, TableResult, rank, team_ranking
from scorekeeper.events.settings import settings_from
from scorekeeper.rules.errors import GameError

# Six players at two tables of three, two rounds (l'Hombre nets).
SMALL = [
    RoundPlay(
        1,
        (
            TableResult(1, 1, ("A", "B", "C"), (10, -4, -6)),
            TableResult(1, 2, ("D", "E", "F"), (5, 5, -10)),
        ),
    ),
    RoundPlay(
        2,
        (
            TableResult(2, 1, ("A", "D", "E"), (-3, 0, 3)),
            TableResult(2, 2, ("B", "C", "F"), (2, 2, -4)),
        ),
    ),
]
PLAYERS = ["A", "B", "C", "D", "E", "F"]
FINE = [Penalty("E", 1, "late at the table", 2)]


def places(lines):
    return [(line.place, line.player, line.figure) for line in lines]


def test_rank_points_by_hand():
    # Round 1: A beats 2 → 2, B 1, C 0; D and E level on top → 1 + ½ = 1.5 each, F 0.
    # Round 2: E 2, D 1, A 0; B and C level → 1.5 each, F 0.
    # Sums: A 2, B 1 + 1.5 = 2.5, C 1.5, D 2.5, E 3.5 − 1 (penalty) = 2.5, F 0.
    # B, D, E level at 2.5; wins: E ½ + 1 = 1.5, D ½, B ½;
    # raw: D 5 + 0 = 5, B −4 + 2 = −2: E, D, B.
    lines = rank(PLAYERS, SMALL, FINE, method="rank_points")
    assert places(lines) == [
        (1, "E", Fraction(5, 2)),
        (2, "D", Fraction(5, 2)),
        (3, "B", Fraction(5, 2)),
        (4, "A", Fraction(2)),
        (5, "C", Fraction(3, 2)),
        (6, "F", Fraction(0)),
    ]
    assert lines[0].rounds == (Fraction(3, 2), Fraction(2)) and lines[0].penalty == 1


def test_total_by_hand():
    # A 10 − 3 = 7; E 5 + 3 − 1 = 7 (wins 1.5 against A's 1: E first); D 5; B −2; C −4; F −14.
    lines = rank(PLAYERS, SMALL, FINE, method="total")
    assert [(line.place, line.player, int(line.figure)) for line in lines] == [
        (1, "E", 7),
        (2, "A", 7),
        (3, "D", 5),
        (4, "B", -2),
        (5, "C", -4),
        (6, "F", -14),
    ]


def test_win_percentage_and_shared_place():
    # A wins round 1 (100) and loses round 2 (0): 50. B: 0 and 50 (level with C): 25, as C.
    lines = rank(PLAYERS, SMALL, method="win_pct")
    by = {line.player: line for line in lines}
    assert by["A"].figure == 50 and by["B"].figure == 25 and by["C"].figure == 25
    # B and C: same figure, same wins (½), raw B −2, C −4: not shared.
    assert not by["B"].shared and by["B"].place < by["C"].place


def test_bye_credit_average_fixed_and_none():
    play = [RoundPlay(1, (TableResult(1, 1, ("A", "B", "C"), (6, 3, -9)),), ("D",))]
    # The round's average: (6 + 3 − 9) / 3 = 0.
    assert {line.player: line.figure for line in rank("ABCD", play)}["D"] == 0
    fixed = rank("ABCD", play, bye="fixed", credit=2)
    assert {line.player: line.figure for line in fixed}["D"] == 2
    nothing = rank("ABCD", play, method="rank_points", bye="none")
    assert {line.player: line.rounds for line in nothing}["D"] == (Fraction(0),)
    # Rank points average: (2 + 1 + 0) / 3 = 1.
    average = rank("ABCD", play, method="rank_points")
    assert {line.player: line.figure for line in average}["D"] == 1


def test_pairs_share_their_side_and_level_players_share_a_place():
    # Manillen: seats 1 & 3 (A, C) against 2 & 4 (B, D); the tally is one number a side.
    play = [RoundPlay(1, (TableResult(1, 1, ("A", "B", "C", "D"), (12, 20)),))]
    lines = rank("ABCD", play, method="rank_points")
    assert places(lines) == [(1, "B", 1), (1, "D", 1), (3, "A", 0), (3, "C", 0)]
    assert all(line.shared for line in lines)
    teams = team_ranking(lines, {"A": "Gent", "C": "Gent", "B": "Brugge", "D": "Brugge"})
    assert teams == [(1, False, "Brugge", 2), (2, False, "Gent", 0)]


def test_settings_ask_the_kind():
    assert settings_from({"kind": "manillen", "seating": "pairs"}).seats() == 4
    with pytest.raises(GameError) as refused:
        settings_from({"kind": "hombre", "seating": "pairs"})  # l'Hombre has no sides
    assert refused.value.field == "seating"
    with pytest.raises(GameError):
        settings_from({"kind": "brou", "seating": "3"})
    with pytest.raises(GameError):
        settings_from({"kind": "hombre", "rounds": 0})


names = st.lists(st.sampled_from("ABCDEFGHIJKL"), min_size=3, max_size=12, unique=True)


@st.composite
def events(draw):
    players = draw(names)
    rounds = []
    for number in range(1, draw(st.integers(1, 3)) + 1):
        order = draw(st.permutations(players))
        tables = []
        for t in range(len(order) // 3):
            seated = tuple(order[3 * t : 3 * t + 3])
            tally = tuple(draw(st.lists(st.integers(-50, 50), min_size=3, max_size=3)))
            tables.append(TableResult(number, t + 1, seated, tally))
        rounds.append(RoundPlay(number, tuple(tables), tuple(order[3 * len(tables) :])))
    fines = draw(
        st.lists(
            st.builds(
                Penalty, st.sampled_from(players), st.integers(-9, 9), st.just("r"), st.just(1)
            )
        )
    )
    method = draw(st.sampled_from(["total", "rank_points", "win_pct"]))
    return players, rounds, fines, method


@given(events())
def test_ranking_is_a_permutation_and_corrections_subtract_exactly(event):
    # a correction's points are taken off: a penalty (positive) lowers the figure, a credit
    # (negative) raises it by as much
    players, rounds, fines, method = event
    lines = rank(players, rounds, fines, method=method)
    assert sorted(line.player for line in lines) == sorted(players)
    assert [line.place for line in lines] == sorted(line.place for line in lines)
    clean = {line.player: line.figure for line in rank(players, rounds, method=method)}
    for line in lines:
        owed = sum(f.points for f in fines if f.player == line.player)
        assert line.figure == clean[line.player] - owed
