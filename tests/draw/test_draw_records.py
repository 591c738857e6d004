"""The draw at the records (issue 37): every round without a repeat that is known possible,
whist tournaments for manillen pairs, and notes that tell the truth about the limits.

Every design is counted again here, pair by pair, independently of designs.check.
"""

import itertools
import time
from collections import Counter
from collections.abc import Sequence
from unittest.mock import patch

import pytest

from scorekeeper.draw import Entrant, draw, kirkman, quality, whist
from scorekeeper.draw import designs as designs_module
from scorekeeper.draw.designs import WHIST_FIELDS
from scorekeeper.draw.quality import FOURS, most_rounds, record
from scorekeeper.draw.records import BASES
from scorekeeper.draw.stored import STORED
from scorekeeper.draw.whist import SIZES as WHIST_SIZES


def players(n):
    return [Entrant(f"P{k:03d}") for k in range(n)]


def counted(rounds):
    """(table-mates, partners) of every pair over the rounds, partners at seats 1&3, 2&4."""
    met, partners = Counter(), Counter()
    for r in rounds:
        for t in r.tables:
            for a, b in itertools.combinations(t.seats, 2):
                met[frozenset((a, b))] += 1
            if len(t.seats) == 4:
                partners[frozenset(t.seats[0::2])] += 1
                partners[frozenset(t.seats[1::2])] += 1
    return met, partners


THREES = [9, 15, 18, 21, 24, 27, 30, 33, 36, 39, 42, 45, 48, 51, 54, 63, 66, 81, 90, 99]
KIRKMAN_LATE = [57, 60, 69, 72, 75, 78, 84, 87, 93, 96]
"""Tables of 3 from scorekeeper/draw/kirkman.py: with them every n = 3 (mod 6) up to 99 and
every n = 0 (mod 6) from 18 to 96."""
THREES += KIRKMAN_LATE
"""Tables of 3 whose record the draw reaches (docs/competitions.md lists the others)."""
FOURS_DONE = [16, 24, 28, 32, 36, 40, 44, 48, 52, 56, 60, 64]
"""Tables of 4 whose record the draw reaches (docs/competitions.md lists the others)."""
WHIST = sorted({n for seating, n in BASES if seating == "pairs"} | set(WHIST_FIELDS))
WHIST = sorted(set(WHIST) | WHIST_SIZES | {64})  # 32 to 60: whist.py; 64: AG(3, 4) thrice


def _is_whist_tournament(n: int, rounds: Sequence[Sequence[Sequence[int]]]) -> bool:
    """Every two of n players partners once and opponents twice; each round seats each
    player at most once (n = 4t + 1: one out a round, each once)."""
    met, partners, out = Counter(), Counter(), Counter()
    for tables in rounds:
        seated = [p for t in tables for p in t]
        assert len(set(seated)) == len(seated) == n - n % 4
        out.update(set(range(n)) - set(seated))
        for t in tables:
            met.update(frozenset(p) for p in itertools.combinations(t, 2))
            partners.update((frozenset(t[0::2]), frozenset(t[1::2])))
    every = [frozenset(p) for p in itertools.combinations(range(n), 2)]
    once_out = n % 4 == 0 or all(out[p] == 1 for p in range(n))
    return once_out and all(partners[p] == 1 and met[p] == 3 for p in every)


def test_every_design_is_what_it_claims_counted_pair_by_pair():
    """All designs, each built from scratch and counted: a few seconds at most in all."""
    started = time.process_time()
    kinds = {("3", n) for n in THREES} | {("4", n) for n in FOURS_DONE} | set(STORED)
    kinds |= {(s, n) for s, n in BASES if s != "pairs"}
    for kind, n in sorted(kinds):
        rounds = designs_module._construct(kind, n)
        assert rounds is not None, (kind, n)
        size = int(kind)
        met = Counter()
        for tables in rounds:
            assert sorted(u for t in tables for u in t) == list(range(n)), (kind, n)
            assert {len(t) for t in tables} == {size}
            for t in tables:
                met.update(frozenset(p) for p in itertools.combinations(t, 2))
        assert max(met.values()) == 1, (kind, n)
        seating = "3" if size == 3 else "4"
        if (kind, n) != ("3", 12):
            assert len(rounds) == most_rounds(n, seating), (kind, n)
    for n in WHIST:
        rounds = designs_module._construct("whist", n)
        # partners once and opponents twice: three meetings at a table, one as partners
        assert _is_whist_tournament(n, rounds), n
        assert len(rounds) == (n - 1 if n % 4 == 0 else n)
    assert time.process_time() - started < 8


def test_a_design_that_breaks_its_promise_is_refused_when_built():
    broken = {**BASES, ("3", 21): (BASES[("3", 21)][0], BASES[("3", 21)][0])}
    designs_module._built.cache_clear()
    try:
        with (
            patch.object(designs_module, "BASES", broken),
            pytest.raises(designs_module.BrokenDesign, match="3 21: a pair meets twice"),
        ):
            designs_module.design("3", 21)
    finally:
        designs_module._built.cache_clear()


@pytest.mark.parametrize(
    ("n", "seating", "rounds"),
    [
        *[(21, "3", 10), (30, "3", 14), (33, "3", 16), (45, "3", 22), (99, "3", 49)],
        *[(24, "4", 7), (28, "4", 9), (40, "4", 13)],
    ],
)
def test_the_issue_instances_reach_the_record_with_nobody_twice_under_2_s(n, seating, rounds):
    started = time.process_time()  # the draw's own CPU, not the neighbours' on a shared machine
    made = draw(players(n), seating, rounds, seed=37)
    assert time.process_time() - started < 2
    met, _ = counted(made.rounds)
    assert max(met.values()) == 1 and len(made.rounds) == rounds
    # each player meets (size - 1) a round: 2 * 10 = 20 = all others at 21 (Kirkman); at 30,
    # 2 * 14 = 28 of 29 (the one left is a nearly Kirkman system's partner)
    assert len(met) == n * rounds * (int(seating) - 1) // 2
    assert made.quality.repeated_tablemates == 0 and made.limit == rounds
    assert "nobody meets anyone twice" in made.note


def test_manillen_pairs_get_a_whist_tournament_under_2_s():
    for n in WHIST:
        whole = n - 1 if n % 4 == 0 else n
        started = time.process_time()  # CPU seconds: a loaded machine does not fail it
        made = draw(players(n), "pairs", whole, seed=n)
        assert time.process_time() - started < 2, n
        met, partners = counted(made.rounds)
        names = [e.name for e in players(n)]
        every = [frozenset(p) for p in itertools.combinations(names, 2)]
        assert all(partners[p] == 1 and met[p] == 3 for p in every), n
        # opponents twice each: n(n-1)/2 pairs, one repeat each; 28 at 8, 190 at 20
        assert made.quality.repeated_opponents == n * (n - 1) // 2
        assert made.quality.repeated_partners == 0
        out = Counter(name for r in made.rounds for name in r.sitting_out)
        assert sorted(out.values()) == ([] if n % 4 == 0 else [1] * n)
        assert "whist tournament" in made.note


def test_every_whist_tournament_up_to_64_players_is_there():
    # a whist tournament exists for every n = 0 or 1 (mod 4) (Baker 1975; Wilson 1974): the
    # draw has each from 5 up to 64, its largest draw, each counted in the tests above
    assert [n for n in range(5, 65) if n % 4 in (0, 1)] == WHIST


def test_three_pairings_of_a_resolvable_design_make_a_whist_tournament():
    # AG(2, 4): 16 players, 5 rounds, every two at one table once; thrice with the three
    # pairings of each table: 15 rounds, partners once (one pairing) and opponents twice
    rounds = whist.three_pairings(designs_module.affine_space(4, 2))
    assert len(rounds) == 15
    met, partners = Counter(), Counter()
    for tables in rounds:
        for t in tables:
            met.update(frozenset(p) for p in itertools.combinations(t, 2))
            partners.update((frozenset(t[0::2]), frozenset(t[1::2])))
    every = [frozenset(p) for p in itertools.combinations(range(16), 2)]
    assert all(partners[p] == 1 and met[p] == 3 for p in every)
    first = Counter(
        frozenset(p) for r in rounds[:5] for t in r for p in itertools.combinations(t, 2)
    )
    assert max(first.values()) == 1  # the first 5 rounds are AG(2, 4) itself


def test_past_a_whist_tournament_the_note_names_it():
    with patch("scorekeeper.draw.plan.MOVES", 2_000):  # the words are checked, not the search
        twenty = draw(players(20), "pairs", 20, seed=1)
        twenty_one = draw(players(21), "pairs", 22, seed=1)
    # 20 rounds of 10 partnerships: 200 among 190 pairs, at least 10 twice; 21 players over
    # 22 rounds of 5 tables: 220 among 210 pairs, at least 10 twice
    assert twenty.quality.repeated_partners >= 10
    assert twenty_one.quality.repeated_partners >= 10
    assert (
        "Past 19 rounds partners must repeat: a whist tournament of 20 players (every two "
        "partners exactly once, opponents exactly twice) is the most." in twenty.note
    )
    assert "Past 21 rounds partners must repeat: a whist tournament of 21 players" in (
        twenty_one.note
    )
    within = draw(players(20), "pairs", 19, seed=1)
    assert "Past" not in within.note and "whist tournament" in within.note


def test_within_the_no_repeat_limit_pairs_still_meet_nobody_twice():
    # 16 manillen players over 5 rounds: AG(2, 4), not the whist tournament's first rounds
    made = draw(players(16), "pairs", 5, seed=1)
    assert made.quality.repeated_tablemates == 0


def test_past_a_proven_record_the_draw_says_impossible_and_gives_the_most():
    with patch("scorekeeper.draw.plan.MOVES", 5_000):  # the words are checked, not the search
        made = draw(players(20), "4", 6, seed=1)
    assert made.limit == 5
    assert "6 rounds without a repeat are impossible for 20 players: at most 5 rounds" in (
        made.note
    )
    with patch("scorekeeper.draw.plan.MOVES", 5_000):
        made = draw(players(21), "3", 11, seed=1)
    assert made.limit == 10 and "impossible for 21 players: at most 10 rounds" in made.note
    assert record(24, "4") == (7, True) and record(32, "4") == (10, True)


def test_past_a_record_not_known_to_be_the_most_the_note_says_so():
    # (the design of 44 switched off too: a draw with no repeat says so, whatever the record)
    with (
        patch.dict(FOURS, {44: (13, False)}),
        patch("scorekeeper.draw.plan.MOVES", 5_000),
        patch("scorekeeper.draw.plan.design", lambda kind, n: None),
    ):
        made = draw(players(44), "4", 14, seed=1)
    assert made.limit == 13
    assert "beyond the best known for 44 players: 13 rounds" in made.note
    assert "impossible" not in made.note


def test_within_the_record_the_note_never_says_not_known():
    # Swiss rounds use no design: if the search leaves a repeat, the note says that a draw
    # without one exists (15 at tables of 3: 7 rounds, Kirkman) rather than "not known"
    standing = [f"P{k:03d}" for k in range(15)]
    with patch("scorekeeper.draw.plan.MOVES", 2_000):
        made = draw(players(15), "3", 7, seed=2, standing=standing)
    assert made.limit == 7
    assert "not known" not in made.note
    if made.quality.repeated_tablemates:
        assert "draws with none exist up to 7 rounds" in made.note
    got = quality(made.rounds, "3", players(15))
    assert got == made.quality


def test_the_records_table_of_the_benchmark_puts_ours_beside_the_search_alone():
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parents[2] / "benchmarks"))
    import draw as bench

    with patch("scorekeeper.draw.plan.MOVES", 20_000):
        (three, rounds3, ours3, alone3), (pairs, rounds8, ours8, alone8) = bench.records(
            [(21, "3"), (8, "pairs")]
        )
    assert (three, rounds3, ours3.repeats) == ("21 at 3", 10, 0)
    assert alone3.repeats > 0  # the search alone does not find a Kirkman system of 21
    # 8 in pairs over 7 rounds: partners never twice, each of the 28 pairs opponents twice
    assert (pairs, rounds8, ours8.partners, ours8.repeats) == ("8 in pairs", 7, 0, 28)
    assert (alone8.partners, alone8.repeats) >= (0, 28)


def test_within_the_no_repeat_record_pairs_are_not_given_a_whist_tournament_s_first_rounds():
    # 24 manillen players over 4 rounds (7 are possible with no pair twice): the whist
    # tournament's first rounds would repeat table-mates; the search or a design is used
    with patch("scorekeeper.draw.plan.MOVES", 20_000):
        made = draw(players(24), "pairs", 4, seed=5)
    assert "whist" not in made.note
    assert made.quality.repeated_partners == 0


GOLF4 = [(32, 10), (36, 11), (44, 14), (48, 15), (56, 18), (60, 19)]
"""Tables of 4 reached by the base rounds of tools/find_golf4.py rotation, and 32 by the
published solution of the social golfer instance 8-4-10 (stored.py): players, record."""


@pytest.mark.parametrize(("n", "most"), GOLF4)
def test_tables_of_4_reach_the_record_with_nobody_twice_and_say_so_past_it(n, most):
    # the counting bound: a player meets 3 new players a round, n - 1 others, so
    # (n - 1) // 3 rounds at most: 31 // 3 = 10, 35 // 3 = 11, 43 // 3 = 14, 47 // 3 = 15,
    # 55 // 3 = 18, 59 // 3 = 19
    assert most == (n - 1) // 3 == most_rounds(n, "4") and record(n, "4") == (most, True)
    started = time.process_time()
    made = draw(players(n), "4", most, seed=n)
    assert time.process_time() - started < 2
    met, _ = counted(made.rounds)
    assert len(made.rounds) == most and max(met.values()) == 1
    # each player meets 3 * most others, all different: 33 of 35 at 36 (never the two of their
    # group of three), 42 of 43 at 44 and 30 of 31 at 32 (never their one partner of a group
    # of two)
    by_player = Counter(p for pair in met for p in pair)
    assert set(by_player.values()) == {3 * most} and len(by_player) == n
    assert len(met) == n * most * 3 // 2
    assert made.quality.repeated_tablemates == 0 and made.limit == most
    assert "nobody meets anyone twice" in made.note
    with patch("scorekeeper.draw.plan.MOVES", 2_000):  # the words are checked, not the search
        past = draw(players(n), "4", most + 1, seed=n)
    assert past.limit == most
    assert (
        f"{most + 1} rounds without a repeat are impossible for {n} players: at most {most} rounds"
        in past.note
    )


def test_tables_of_3_reach_the_record_for_every_multiple_of_3_up_to_99_but_6_and_12():
    wanted = set(range(9, 100, 6)) | set(range(18, 97, 6))
    assert wanted <= set(THREES)
    # Kirkman: (n - 1) / 2 rounds; nearly Kirkman: (n - 2) / 2 (57: 28, 96: 47)
    assert [most_rounds(n, "3") for n in (57, 60, 93, 96)] == [28, 29, 46, 47]


@pytest.mark.parametrize("n", KIRKMAN_LATE)
def test_57_to_96_at_tables_of_3_reach_the_record_with_nobody_twice_under_2_s(n):
    rounds = (n - 1) // 2  # 3 mod 6: (n - 1) / 2; 0 mod 6: (n - 2) / 2
    started = time.process_time()
    made = draw(players(n), "3", rounds, seed=n)
    assert time.process_time() - started < 2
    met, _ = counted(made.rounds)
    assert len(made.rounds) == rounds and max(met.values()) == 1
    # every player meets 2 a round: all n - 1 others (Kirkman), all but one (nearly Kirkman)
    assert len(met) == n * 2 * rounds // 2
    everyone = {f"P{k:03d}" for k in range(n)}
    for name in everyone:
        seen = {x for pair in met if name in pair for x in pair} - {name}
        assert len(seen) == 2 * rounds
    assert made.limit == rounds and "nobody meets anyone twice" in made.note


@pytest.mark.parametrize("n", KIRKMAN_LATE)
def test_past_the_record_from_57_to_96_the_draw_names_it(n):
    most = (n - 1) // 2
    with patch("scorekeeper.draw.plan.MOVES", 5_000):  # the words are checked, not the search
        made = draw(players(n), "3", most + 1, seed=1)
    assert made.limit == most
    assert f"impossible for {n} players: at most {most} rounds" in made.note


@pytest.mark.parametrize("q", [7, 13, 19, 31])
def test_ray_chaudhuri_and_wilson_s_3q_is_a_kirkman_system_for_each_prime_q(q):
    rounds = kirkman.three_q(q)
    met = Counter(frozenset(p) for r in rounds for t in r for p in itertools.combinations(t, 2))
    # (3q - 1) / 2 rounds, each seating all 3q; every one of the 3q(3q - 1)/2 pairs once
    assert len(rounds) == (3 * q - 1) // 2
    assert all(sorted(u for t in r for u in t) == list(range(3 * q)) for r in rounds)
    assert len(met) == 3 * q * (3 * q - 1) // 2 and set(met.values()) == {1}


def test_the_pbd_behind_69_holds_every_pair_of_its_34_points_once():
    blocks = kirkman.pbd_34()
    met = Counter(frozenset(p) for b in blocks for p in itertools.combinations(b, 2))
    assert sorted(Counter(len(b) for b in blocks).items()) == [(4, 90), (7, 1)]
    assert len(met) == 34 * 33 // 2 and set(met.values()) == {1}  # 561 = 90 * 6 + 21


def test_find_kirkman_c_still_finds_what_kirkman_py_develops(tmp_path):
    """The tool that found the stored base rounds, compiled and run on two small sizes: what
    it prints, developed as kirkman.py and cyclic.py do, is a (nearly) Kirkman system."""
    import ast
    import shutil
    import subprocess
    from pathlib import Path

    from scorekeeper.draw import cyclic

    if shutil.which("gcc") is None:
        pytest.skip("no gcc")
    tool = tmp_path / "find_kirkman"
    source = Path(__file__).parents[2] / "tools" / "find_kirkman.c"
    subprocess.run(["gcc", "-O2", "-o", str(tool), str(source), "-lm"], check=True)

    def found(mode, n):
        out = subprocess.run([str(tool), mode, str(n), "1"], capture_output=True, text=True)
        assert out.returncode == 0, out.stderr
        return ast.literal_eval(out.stdout.split(": ", 1)[1].strip().rstrip(","))

    (text,) = found("kts", 57)
    kts = kirkman.one_rotational(57, [[int(p) for p in t.split(",")] for t in text.split()])
    (text,) = found("nkts", 30)
    base = (tuple(tuple(int(p) for p in t.split(",")) for t in text.split()),)
    nkts = cyclic.developed(cyclic.shape_for("3", 30), base)
    for rounds, n, most in ((kts, 57, 28), (nkts, 30, 14)):
        met = Counter(frozenset(p) for r in rounds for t in r for p in itertools.combinations(t, 2))
        assert len(rounds) == most and set(met.values()) == {1}
        assert all(sorted(u for t in r for u in t) == list(range(n)) for r in rounds)
        # Kirkman: all 57 * 56 / 2 pairs; nearly Kirkman: all but the 15 partner pairs
        assert len(met) == n * (n - 1) // 2 - (0 if n % 2 else n // 2)


def test_find_whist_c_still_finds_base_rounds_that_develop_into_whist_tournaments(tmp_path):
    """The tool that found whist.py's base rounds, compiled and run on 20 and 21 players
    (milliseconds; 32 to 52 take seconds to minutes, so the suite does not redo them): what
    it prints, developed as whist.py does, is a whist tournament, counted pair by pair."""
    import shutil
    import subprocess
    from pathlib import Path

    from scorekeeper.draw import cyclic

    if shutil.which("gcc") is None:
        pytest.skip("no gcc")
    tool = tmp_path / "find_whist"
    source = Path(__file__).parents[2] / "tools" / "find_whist.c"
    subprocess.run(["gcc", "-O2", "-o", str(tool), str(source), "-lm"], check=True)
    for n in (20, 21):
        out = subprocess.run(
            [str(tool), str(n), "1", "30", "3.0", "0.2", "5000000"], capture_output=True, text=True
        )
        assert out.returncode == 0, out.stderr
        size, *tables = out.stdout.split()
        base = (tuple(tuple(int(p) for p in t.split(",")) for t in tables),)
        rounds = cyclic.developed(cyclic.shape_for("pairs", n), base)
        assert int(size) == n and len(rounds) == (19 if n == 20 else 21)
        assert _is_whist_tournament(n, rounds)


def test_find_whist_tabu_c_finds_z_cyclic_whist_tournaments(tmp_path):
    """The tabu search that found 60 (tools/find_whist_tabu.c's header), run on 24 and 21
    players (n = 4t on Z_23 and a fixed player, n = 4t + 1 on Z_21 with 0 out; milliseconds):
    its base round developed is a whist tournament."""
    import subprocess

    from scorekeeper.draw import cyclic

    tool = _compiled(tmp_path, "find_whist_tabu")
    for n in (24, 21):
        out = subprocess.run(
            [str(tool), str(n), "1", "30", "10", "10"], capture_output=True, text=True
        )
        assert out.returncode == 0, out.stderr
        size, *tables = out.stdout.split()
        base = (tuple(tuple(int(p) for p in t.split(",")) for t in tables),)
        rounds = cyclic.developed(cyclic.shape_for("pairs", n), base)
        assert int(size) == n and len(rounds) == (23 if n == 24 else 21)
        assert _is_whist_tournament(n, rounds)
    bad = subprocess.run([str(tool), "22", "1", "1"], capture_output=True, text=True)
    assert bad.returncode == 2  # 22 = 2 (mod 4): no whist tournament, said, nothing searched


def _compiled(tmp_path, name: str):
    import shutil
    import subprocess
    from pathlib import Path

    if shutil.which("gcc") is None:
        pytest.skip("no gcc")
    tool = tmp_path / name
    source = Path(__file__).parents[2] / "tools" / f"{name}.c"
    subprocess.run(["gcc", "-O2", "-o", str(tool), str(source), "-lm"], check=True)
    return tool


def test_find_whist_rot_c_finds_one_rotational_whist_tournaments(tmp_path):
    """The 1-rotational shape tried for 57 (tools/find_whist_rot.c's header), run on 21 and
    29 players: its fixed round of the cosets of {0, m/4, m/2, 3m/4}, and its base round
    moved by each s of Z_m, the fixed player m staying, are a whist tournament."""
    import subprocess

    tool = _compiled(tmp_path, "find_whist_rot")
    for n in (21, 29):
        run = [str(tool), str(n), "1", "30", "3.0", "0.2", "5000000"]
        out = subprocess.run(run, capture_output=True, text=True)
        assert out.returncode == 0, out.stderr
        size, _out, *tables = out.stdout.split()
        m, q = n - 1, (n - 1) // 4
        base = [tuple(int(p) for p in t.split(",")) for t in tables]
        fixed = [(x, x + q, x + 2 * q, x + 3 * q) for x in range(q)]
        moved = [[tuple(p if p == m else (p + s) % m for p in t) for t in base] for s in range(m)]
        assert int(size) == n and _is_whist_tournament(n, [fixed, *moved])


def test_find_whist_group_c_finds_whist_tournaments_on_a_group(tmp_path):
    """The group shape tried for 56 (tools/find_whist_group.c's header), run on the groups of
    order 19 and 23 (q = 1: Z_p itself, milliseconds; the nonabelian group of order 39 takes
    about 20 s): its base round multiplied by each g, the fixed player staying, is a whist
    tournament."""
    import os
    import subprocess

    tool = _compiled(tmp_path, "find_whist_group")
    for p in (19, 23):
        n = p + 1
        env = {**os.environ, "GP": str(p), "GQ": "1", "GR": "1"}
        run = [str(tool), str(n), "1", "30", "3.0", "0.2", "5000000"]
        out = subprocess.run(run, capture_output=True, text=True, env=env)
        assert out.returncode == 0, out.stderr
        size, _group, *tables = out.stdout.split()
        base = [tuple(int(x) for x in t.split(",")) for t in tables]
        rounds = [[tuple(x if x == p else (g + x) % p for x in t) for t in base] for g in range(p)]
        assert int(size) == n and _is_whist_tournament(n, rounds)
