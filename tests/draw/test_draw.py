"""The competition draw (issue 27): complete, seeded, and as good as the issue asks.

The targets are the issue's "Quality to reach"; the designs are checked
point by point; Hypothesis checks that any draw seats every present player
once a round, at tables of the right size, teammates apart whenever the
numbers allow, and the same draw for the same seed.
"""

import itertools
import json
import os
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from unittest.mock import patch

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.draw import (
    Entrant,
    Round,
    Table,
    best_possible,
    draw,
    next_round,
    plan,
    quality,
)
from scorekeeper.draw.designs import design
from scorekeeper.draw.quality import most_rounds, table_sizes
from scorekeeper.draw.stored import STORED

NONE_TWICE = dict(
    repeated_tablemates=0, repeated_partners=0, repeated_opponents=0, kept_apart_broken=0
)


def players(n, **extra):
    return [Entrant(f"P{k:03d}", **extra) for k in range(n)]


def pairs_met(rounds):
    """Every pair of players at one table, counted over the rounds."""
    return Counter(
        frozenset(p) for r in rounds for t in r.tables for p in itertools.combinations(t.seats, 2)
    )


@pytest.mark.parametrize(
    ("n", "seating", "rounds"),
    [
        (12, "3", 4),  # the most for 12: no nearly Kirkman system of 12
        (16, "4", 5),  # the affine plane AG(2, 4)
        (200, "3", 8),
        (20, "pairs", 5),  # manillen, new pairs: no partner and no opponent twice
        (18, "3", 8),  # the nearly Kirkman system of 18: (18 - 2) / 2 rounds, the most
    ],
)
def test_the_issue_targets_meet_nobody_twice(n, seating, rounds):
    started = time.process_time()
    made = draw(players(n), seating, rounds, seed=27)
    assert time.process_time() - started < 4
    assert vars(made.quality) == NONE_TWICE
    assert max(pairs_met(made.rounds).values()) == 1
    for r in made.rounds:
        assert len({name for t in r.tables for name in t.seats} | set(r.sitting_out)) == n
    assert "nobody meets anyone twice" in made.note


def test_544_manillen_players_in_new_pairs_for_three_rounds_under_5_s():
    started = time.process_time()
    made = draw(players(544), "pairs", 3, seed=2023)
    assert time.process_time() - started < 5
    assert vars(made.quality) == NONE_TWICE
    assert all(len(r.tables) == 136 and not r.sitting_out for r in made.rounds)


@pytest.mark.parametrize(
    ("kind", "n"),
    [("3", n) for n in (9, 15, 18, 24, 27, 36, 39, 48, 81)] + [("4", 16), ("4", 64), *STORED],
)
def test_every_design_seats_everyone_once_a_round_and_no_pair_twice(kind, n):
    rounds = design(kind, n)
    size = int(kind)
    for tables in rounds:
        assert sorted(u for t in tables for u in t) == list(range(n))
        assert {len(t) for t in tables} == {size}
    met = Counter(frozenset(p) for r in rounds for t in r for p in itertools.combinations(t, 2))
    assert max(met.values()) == 1
    # as many rounds as the counting bound allows, (n - 1) / (size - 1), except 18, 24, 36, 48
    # (the pairs of a 1-factor stay unmet: (n - 2) / 2), 12 (4: no nearly Kirkman system of
    # 12) and 20 at 4 (the social golfers' 5 rounds)
    assert len(rounds) == {18: 8, 24: 11, 36: 17, 48: 23, 12: 4, 20: 5}.get(
        n, (n - 1) // (size - 1)
    )
    assert len(rounds) == (most_rounds(n, "3" if size == 3 else "4") or len(rounds))


def test_beyond_the_limit_the_note_says_so_and_gives_the_fewest_repeats_found():
    made = draw(players(12), "3", 5, seed=1)
    assert made.limit == 4
    assert made.quality.repeated_tablemates >= 1
    assert "impossible for 12 players: at most 4 rounds" in made.note
    # 16 at 4 over 6 rounds: 3 meetings a round, 18 > 15 others, so 3 extra each: 16*3/2
    assert best_possible(16, "4", 6) == 24
    assert best_possible(16, "4", 5) == 0
    assert best_possible(12, "3", 5) == 1
    assert best_possible(2, "3", 1) is None


def test_round_by_round_with_one_seed_follows_the_design():
    entrants = players(16)
    history = []
    for _ in range(5):
        history.append(next_round(entrants, "4", history, seed=4))
    assert vars(quality(history, "4", entrants)) == NONE_TWICE
    assert history == list(draw(entrants, "4", 5, seed=4).rounds)
    # an event may keep its tables in another order: the design is still followed
    shuffled = [Round(r.tables[::-1], r.sitting_out) for r in history[:2]]
    assert next_round(entrants, "4", shuffled, seed=4) == history[2]


def test_fixed_pairs_stay_together_and_meet_every_other_pair_once():
    entrants = players(20)
    fixed = [(f"P{k:03d}", f"P{k + 1:03d}") for k in range(0, 20, 2)]
    made = draw(entrants, "pairs", 9, seed=5, fixed_pairs=fixed)
    pair_of = {a: (a, b) for a, b in fixed} | {b: (a, b) for a, b in fixed}
    meetings = Counter()
    for r in made.rounds:
        for t in r.tables:
            s = t.seats
            assert pair_of[s[0]] == pair_of[s[2]] and pair_of[s[1]] == pair_of[s[3]]
            meetings[frozenset((pair_of[s[0]], pair_of[s[1]]))] += 1
    assert len(meetings) == 10 * 9 // 2 and set(meetings.values()) == {1}
    assert vars(made.quality) == NONE_TWICE


def test_swiss_seats_neighbours_in_the_standing_and_avoids_repeats():
    entrants = players(16)
    standing = [f"P{k:03d}" for k in reversed(range(16))]
    first = next_round(entrants, "3", [], seed=1, standing=standing)
    # 16 at tables of 3: the lowest in the standing sits out, the rest in blocks of 3,
    # table 1 the top of the standing
    assert first.sitting_out == ("P000",)
    assert [set(t.seats) for t in first.tables] == [
        set(standing[k : k + 3]) for k in range(0, 15, 3)
    ]
    second = next_round(entrants, "3", [first], seed=1, standing=standing)
    assert quality([first, second], "3", entrants).repeated_tablemates == 0
    place = {name: k for k, name in enumerate(standing)}
    spreads = [
        max(place[n] for n in t.seats) - min(place[n] for n in t.seats) for t in second.tables
    ]
    # still neighbours: with place 14 out (the lowest of those who played) and no two of
    # a first-round table together again, 27 is the least total spread (an exhaustive
    # search over the 1.4 million seatings of the 15 said so)
    assert sum(spreads) == 27


def test_who_sits_out_rotates_nobody_twice_before_everybody_once():
    entrants = players(10)  # pairs: 2 tables, 2 out each round
    history = []
    for _ in range(5):
        history.append(next_round(entrants, "pairs", history, seed=3))
    out = Counter(name for r in history for name in r.sitting_out)
    assert sorted(out.values()) == [1] * 10
    late = [*entrants, Entrant("Late")]  # 11 at tables of 4 and 3: nobody out
    assert next_round(late, "4", history, seed=3).sitting_out == ()
    # 7 at tables of 3 after those 5 rounds: a late arrival, who played no round,
    # is not the one sent out
    seven = [*players(6), Entrant("Late")]
    for seed in range(5):
        assert next_round(seven, "3", history, seed=seed).sitting_out != ("Late",)


def test_teammates_and_those_registered_together_are_kept_apart():
    entrants = [
        Entrant(f"P{k:02d}", team=f"T{k % 4}", together="car" if k in (1, 2) else None)
        for k in range(12)
    ]
    made = draw(entrants, "3", 4, seed=8)
    assert made.quality.kept_apart_broken == 0
    for r in made.rounds:
        for t in r.tables:
            teams = [int(name[1:]) % 4 for name in t.seats]
            assert len(set(teams)) == 3
            assert not {"P01", "P02"} <= set(t.seats)


SEATING = st.sampled_from(["3", "4", "pairs"])


@pytest.mark.long
@settings(max_examples=25, deadline=None)
@given(
    n=st.integers(3, 60),
    seating=SEATING,
    rounds=st.integers(1, 6),
    teams=st.integers(0, 8),
    seed=st.integers(0, 2**32),
)
def test_any_draw_seats_everyone_once_and_keeps_teams_apart(n, seating, rounds, teams, seed):
    entrants = [Entrant(f"p{k}", team=f"t{k % teams}" if teams else None) for k in range(n)]
    with patch.object(plan, "MOVES", 20_000):  # what is checked here needs no long search
        made = draw(entrants, seating, rounds, seed=seed)
    sizes = table_sizes(n, seating)
    for r in made.rounds:
        seated = [name for t in r.tables for name in t.seats]
        assert sorted(seated + list(r.sitting_out)) == sorted(e.name for e in entrants)
        assert tuple(len(t.seats) for t in r.tables) == sizes
    out = Counter(name for r in made.rounds for name in r.sitting_out)
    if out:
        # rotation: nobody sits out twice while someone has not sat out at all
        assert max(out.values()) - min(out.get(e.name, 0) for e in entrants) <= 1
    largest = max(Counter(k % teams for k in range(n)).values()) if teams else 0
    if largest <= len(sizes):
        assert made.quality.kept_apart_broken == 0
    if rounds <= 2 and n <= 20:
        with patch.object(plan, "MOVES", 20_000):
            assert draw(entrants, seating, rounds, seed=seed) == made


def test_a_name_twice_or_a_bad_seating_is_refused():
    from scorekeeper.draw import DrawError

    with pytest.raises(DrawError, match="twice: A"):
        draw([Entrant("A"), Entrant("A"), Entrant("B")], "3", 1, seed=1)
    with pytest.raises(DrawError, match="seating"):
        draw(players(6), "5", 1, seed=1)
    assert draw(players(2), "3", 1, seed=1).rounds[0] == Round((), ("P000", "P001"))
    assert Table(("a",)).seats == ("a",)


BIN = Path(sys.executable).parent / "scorekeeper"


def scorekeeper(*args):
    return subprocess.run(
        [str(BIN), *args],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONWARNINGS": "error"},
    )


def test_the_command_prints_the_plan_and_its_json(tmp_path, capsys):
    from scorekeeper.cli import main

    names = ["Anne", "Bruno", "Chloé", "David", "Émile", "Fleur", "Gaston", "Hélène", "Ivo"]
    text = "# the club's evening\n\n" + "\n".join(
        f"{n}\t{('red', 'blue', 'green')[k % 3]}"
        if k % 2
        else f"{n};{('red', 'blue', 'green')[k % 3]}"
        for k, n in enumerate(names)
    )
    path = tmp_path / "players.txt"
    path.write_text(text, encoding="utf-8")
    args = ["draw", str(path), "--rounds", "4", "--seats", "3", "--seed", "9"]
    assert main(args) == 0
    text = capsys.readouterr().out
    assert text.startswith("Draw: tables of 3, seed 9\n\nRound 1\n  Table 1: ")
    assert text.count("  Table ") == 12
    assert main([*args, "--json"]) == 0  # the real process: the test below
    made = json.loads(capsys.readouterr().out)
    assert made["seed"] == 9 and made["seats"] == "3"
    assert [len(r["tables"]) for r in made["rounds"]] == [3, 3, 3, 3]
    assert made["quality"]["kept_apart_broken"] == 0
    seated = sorted(n for r in made["rounds"][:1] for t in r["tables"] for n in t)
    assert seated == sorted(names)
    odd = ["draw", str(path), "--rounds", "1", "--seats", "pairs", "--seed", "1", "--fixed-pairs"]
    assert main(odd) == 2
    assert "even number" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "no players"),
        ("# only a comment\n", "no players"),
        ("Anne\nAnne\n", ":2: Anne is already entered"),
        ("Anne;red;blue\n", ":1: a name and at most one team"),
        (";red\n", ":1: no name before the team"),
        (b"\xff\xfe", "not UTF-8"),
        ("x" * 41, ":1: longer than 40"),  # the app's bound: a name drawn can be registered
    ],
)
def test_a_bad_players_file_is_one_line_and_status_2(tmp_path, capsys, text, message):
    from scorekeeper.cli import main

    path = tmp_path / "players.txt"
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    assert main(["draw", str(path), "--rounds", "2", "--seats", "4", "--seed", "1"]) == 2
    out, err = capsys.readouterr()
    assert message in err and err.count("\n") == 1 and err.startswith("error: ")
    assert out == ""


def test_a_missing_players_file_is_refused_by_the_real_command(tmp_path):
    done = scorekeeper("draw", str(tmp_path / "no"), "--rounds", "1", "--seats", "3", "--seed", "1")
    assert done.returncode == 2 and done.stderr.startswith("error: cannot read")


def test_a_seed_gives_this_draw_on_any_machine():
    """Pinned: a change of the search, its budget or its order of moves shows here."""
    teams = {"A": "x", "C": "x", "B": "y", "D": "y"}
    entrants = [Entrant(c, team=teams.get(c)) for c in "ABCDEFGHIJ"]
    made = draw(entrants, "3", 4, seed=42)
    written = [
        " ".join("".join(t.seats) for t in r.tables) + " / " + "".join(r.sitting_out)
        for r in made.rounds
    ]
    assert written == ["HEI BJC AFD / G", "HBG FIJ DCE / A", "GID JEA HCF / B", "IBA DJH EGF / C"]
    assert vars(made.quality) == NONE_TWICE


def test_the_benchmark_side_by_side_ours_is_never_worse():
    sys.path.insert(0, str(Path(__file__).parents[2] / "benchmarks"))
    import draw as bench

    for case, results in bench.compare([(12, "3", 4), (18, "3", 8)], swap_seconds=0.5):
        random_, swaps, alone, ours = results
        assert (ours.repeats, ours.partners) == (0, 0), case
        assert alone.repeats <= random_.repeats and ours.repeats <= swaps.repeats
        assert ours.seconds < 2


def test_who_sits_out_is_chosen_to_keep_teammates_apart():
    # 4 players, one table of 3: Anne and Bruno (one team) can only be apart if one of
    # them sits out; over two rounds each does once (the rotation stays fair)
    entrants = [Entrant("Anne", "x"), Entrant("Bruno", "x"), Entrant("Chloé"), Entrant("David")]
    for seed in range(4):
        made = draw(entrants, "3", 2, seed=seed)
        assert made.quality.kept_apart_broken == 0
        assert sorted(r.sitting_out for r in made.rounds) == [("Anne",), ("Bruno",)]


def test_a_design_is_renumbered_to_keep_teammates_apart():
    # 16 players from 4 clubs of 4 at tables of 4: each can meet the 12 of other clubs,
    # 3 a round, so 4 rounds at most; AG(2,4) renumbered so the clubs are one parallel
    # class, kept for a fifth round never drawn, gives them; round by round the same
    clubs = [Entrant(f"P{k:02d}", team=f"club{k % 4}") for k in range(16)]
    whole = draw(clubs, "4", 4, seed=6)
    assert vars(whole.quality) == NONE_TWICE
    history = []
    for _ in range(4):
        history.append(next_round(clubs, "4", history, seed=6))
    assert history == list(whole.rounds)


def test_the_note_says_why_teammates_share_a_table():
    # 12 at tables of 3 is 4 tables: a team of 5 cannot be split, one pair a round
    entrants = [Entrant(f"P{k:02d}", team="A" if k < 5 else None) for k in range(12)]
    made = draw(entrants, "3", 2, seed=1)
    assert made.quality.kept_apart_broken == 2
    assert made.note.endswith(
        "Players to keep apart share a table 2 times: team A has more players than the 4 tables."
    )


def test_the_cyclic_search_finds_the_stored_base_rounds():
    sys.path.insert(0, str(Path(__file__).parents[2] / "tools"))
    import find_cyclic

    from scorekeeper.draw import designs

    assert sorted(find_cyclic.base_round(11, 2)) == sorted(designs.NEARLY_KIRKMAN_24)
    assert {frozenset(t) for t in find_cyclic.base_round(7, 1)} == {
        frozenset(t) for t in designs.KIRKMAN_15
    }


def test_a_fixed_pair_in_the_players_file_is_seated_as_partners(tmp_path, capsys):
    """``Anne & Bert`` in the players file is a fixed pair, as in the registration box (the
    file read it as one player "Anne & Bert"); with ``--fixed-pairs`` the other lines are
    paired in file order around it."""
    from scorekeeper.cli import main

    path = tmp_path / "players.txt"
    path.write_text("Carl\nAnne & Bert\nDora\nEmil & Fien\nGert\nHeidi\n", encoding="utf-8")
    args = ["draw", str(path), "--rounds", "3", "--seats", "pairs", "--seed", "3", "--json"]
    assert main([*args, "--fixed-pairs"]) == 0
    made = json.loads(capsys.readouterr().out)
    # 8 players, 4 pairs: (Anne, Bert), (Emil, Fien) as typed, (Carl, Dora), (Gert, Heidi) in
    # file order; seats 1 & 3 and 2 & 4 are partners
    fixed = {
        frozenset(p)
        for p in (("Anne", "Bert"), ("Emil", "Fien"), ("Carl", "Dora"), ("Gert", "Heidi"))
    }
    for round_ in made["rounds"]:
        for seats in round_["tables"]:
            assert {frozenset(seats[0::2]), frozenset(seats[1::2])} <= fixed
