"""La Manille (docs/rules/manille.md): hand-computed coups for each rule.

Classique: teams 0 Nous (seats 0, 2) and 1 Eux (seats 1, 3); the first
dealer is seat 0 (Nous), then seat 1 (Eux), and so on.
"""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_cli import run_here

from scorekeeper.rules import kinds
from scorekeeper.rules.errors import GameError
from scorekeeper.rules.kinds import dump_report as dump_manille_report
from scorekeeper.rules.kinds import load_file as load_manille
from scorekeeper.rules.manille.belge import ManillenCoup, ManillenGame, ManillenRules
from scorekeeper.rules.manille.belge import replay as replay_belgian
from scorekeeper.rules.manille.classique import ManilleCoup, ManilleGame, ManilleRules
from scorekeeper.rules.manille.classique import replay as replay_classic

NOUS, EUX = 0, 1
FOUR = ("Anne", "Bruno", "Chloé", "Denis")
THREE = ("Anne", "Bruno", "Chloé")


def classic(*coups, **rules):
    return replay_classic(ManilleGame(FOUR, ManilleRules(**rules), 0, coups))


def belgian(*coups, players=FOUR, **rules):
    rules.setdefault("deals", 20 if len(players) == 4 else 30)
    return replay_belgian(ManillenGame(players, ManillenRules(**rules), 0, coups))


# --- classique ---------------------------------------------------------------


def test_the_team_with_more_marks_its_points_above_34():
    r = classic(ManilleCoup(points=14), ManilleCoup(points=54))
    # the text's example: 10 against 54 → 20; here 14/54 for Eux, then 54/14 for Nous
    assert [c.scored for c in r.coups] == [(0, 20), (20, 0)]
    assert r.totals == (20, 20)


def test_34_all_is_a_coup_nul():
    r = classic(ManilleCoup(points=34))
    assert r.coups[0].scored == (0, 0) and r.totals == (0, 0)


def test_the_retourne_goes_at_once_to_the_dealers_team():
    # coup 1 dealt by Anne (Nous): a king turned, 3 for Nous; Eux then takes 40 of 68
    # coup 2 dealt by Bruno (Eux): a ten turned, 5 for Eux; Nous takes 50
    r = classic(ManilleCoup(retourne=3, points=28), ManilleCoup(retourne=5, points=50))
    assert [c.scored for c in r.coups] == [(3, 6), (16, 5)]
    assert r.totals == (19, 11)


def test_the_retourne_may_win_the_manche_before_the_coup_is_played():
    # Nous reaches 32 (two coups of 50 → 16 each); Anne deals coup 3 and turns the ace: 36
    r = classic(ManilleCoup(points=50), ManilleCoup(points=50), ManilleCoup(retourne=4))
    last = r.coups[-1]
    assert not last.played and last.manche_won == NOUS and last.scored == (4, 0)
    assert r.manches == (1, 0) and r.totals == (0, 0) and r.manche == 2


def test_a_coup_after_a_winning_retourne_is_refused():
    with pytest.raises(GameError) as error:
        classic(ManilleCoup(points=50), ManilleCoup(points=50), ManilleCoup(retourne=4, points=40))
    assert error.value.coup == 3 and error.value.field == "points"


def test_a_played_coup_needs_its_points():
    with pytest.raises(GameError) as error:
        classic(ManilleCoup(points=50), ManilleCoup(points=50), ManilleCoup(retourne=1))
    assert error.value.coup == 3 and error.value.field == "points"


def test_renonce_gives_the_other_team_34_and_keeps_the_retourne():
    r = classic(ManilleCoup(retourne=2, renonce=NOUS))
    assert r.coups[0].scored == (2, 34)
    assert r.coups[0].manche_won == EUX  # 34 reaches the manche at once


def test_a_manche_is_won_by_passing_the_target_and_the_rest_is_not_carried():
    r = classic(ManilleCoup(points=60), ManilleCoup(points=60))  # 26, then 52 ≥ 34
    assert r.coups[0].totals == (26, 0) and r.coups[1].manche_won == NOUS
    assert r.totals == (0, 0) and r.manches == (1, 0)


def test_partie_liee_two_manches_and_a_belle_of_44():
    r = classic(
        ManilleCoup(renonce=EUX),  # manche 1 to Nous (34)
        ManilleCoup(renonce=NOUS),  # manche 2 to Eux
        ManilleCoup(points=68),  # belle: Nous 34, not yet 44
    )
    assert [c.manche for c in r.coups] == [1, 2, 3]
    assert r.coups[2].target == 44 and r.coups[2].manche_won is None
    assert r.totals == (34, 0) and not r.finished
    r = classic(*r.game.coups, ManilleCoup(points=44))  # + 10: 44 wins the belle
    assert r.finished and r.winner == NOUS and r.manches == (2, 1)
    assert r.next_dealer is None


def test_partie_liee_ends_at_two_manches_to_nil():
    r = classic(ManilleCoup(renonce=NOUS), ManilleCoup(renonce=NOUS))
    assert r.finished and r.winner == EUX and r.manches == (0, 2)
    with pytest.raises(GameError) as error:
        classic(*r.game.coups, ManilleCoup(points=40))
    assert error.value.coup == 3


def test_partie_seche_in_44():
    r = classic(ManilleCoup(renonce=EUX), partie="seche", manche=44)
    assert not r.finished and r.totals == (34, 0) and r.target == 44
    r = classic(ManilleCoup(renonce=EUX), ManilleCoup(points=44), partie="seche", manche=44)
    assert r.finished and r.winner == NOUS and r.manches == (1, 0)


def test_classic_refusals():
    for coup, field in [
        (ManilleCoup(retourne=6, points=30), "retourne"),
        (ManilleCoup(points=69), "points"),
        (ManilleCoup(points=30, renonce=NOUS), "points"),
    ]:
        with pytest.raises(GameError) as error:
            classic(coup)
        assert error.value.field == field


# --- belge, four players -----------------------------------------------------


def test_belgian_marks_above_30_without_trick_points():
    r = belgian(ManillenCoup("coeur", points=41), ManillenCoup("pique", points=12))
    assert [c.scored for c in r.coups] == [(11, 0), (0, 18)]
    assert r.totals == (11, 18)


def test_belgian_multipliers_combine():
    r = belgian(
        ManillenCoup("sans-atout", points=40),  # ×2: 20
        ManillenCoup("coeur", 1, points=40),  # contré ×2: 20
        ManillenCoup("coeur", 2, points=40),  # sur-contré ×4: 40
        ManillenCoup("sans-atout", 2, points=40),  # ×8: 80
    )
    assert [c.multiplier for c in r.coups] == [2, 2, 4, 8]
    assert [c.scored[0] for c in r.coups] == [20, 20, 40, 80]


def test_30_all_doubles_the_next_deal_and_ties_compound():
    r = belgian(
        ManillenCoup("pique", points=30),
        ManillenCoup("pique", points=30),
        ManillenCoup("sans-atout", points=35),  # ×4 carried, ×2 sans-atout: 5 × 8
        ManillenCoup("pique", points=35),  # carry over: 5
    )
    assert [c.scored for c in r.coups] == [(0, 0), (0, 0), (40, 0), (5, 0)]
    assert [c.multiplier for c in r.coups] == [1, 2, 8, 1]


def test_belgian_renonce_gives_the_other_side_60_times_the_deal():
    r = belgian(ManillenCoup("sans-atout", 1, renonce=NOUS))
    assert r.coups[0].scored == (0, 30 * 4)


def test_sans_atout_is_tracked_and_compulsory_at_the_end():
    # 8 deals: Nous chooses on deals 1, 3, 5, 7 (Anne, Chloé deal); 2 sans-atout owed
    coups = [ManillenCoup("pique", points=31) for _ in range(4)]
    r = belgian(*coups, deals=8)
    assert r.owed == (2, 2) and r.left == (2, 2) and r.must_sans_atout
    with pytest.raises(GameError) as error:
        belgian(*coups, ManillenCoup("coeur", points=31), deals=8)
    assert error.value.field == "trump" and error.value.coup == 5
    assert error.value.params == {"owed": 2, "left": 2}
    r = belgian(*coups, ManillenCoup("sans-atout", points=31), deals=8)
    assert r.owed == (1, 2) and r.must_sans_atout  # Eux deals next: 2 owed, 2 left
    with pytest.raises(GameError) as error:
        belgian(*r.game.coups, ManillenCoup("pique", points=31), deals=8)
    assert error.value.coup == 6
    r = belgian(*r.game.coups, ManillenCoup("sans-atout", points=31), deals=8)
    assert r.owed == (1, 1) and r.left == (1, 1) and r.must_sans_atout


@pytest.mark.parametrize(
    ("players", "deals", "owed", "refused"),
    [
        # four players, 3 deals: the teams choose 2 and 1; the one with 1 cannot call 2
        (FOUR, 3, 2, True),
        (FOUR, 3, 1, False),
        (FOUR, 20, 10, False),  # 10 deals each: all ten sans-atout is possible
        (FOUR, 20, 11, True),
        (THREE, 30, 10, False),  # 10 deals each
        (THREE, 31, 11, True),  # 11, 10, 10: the two with 10 cannot call 11
    ],
)
def test_a_rule_set_owing_more_sans_atout_than_deals_is_refused(players, deals, owed, refused):
    game = ManillenGame(players, ManillenRules(deals=deals, sans_atout=owed))
    if not refused:
        replay_belgian(game)
        return
    with pytest.raises(GameError) as error:
        replay_belgian(game)
    assert error.value.field == "rules.sans_atout" and error.value.coup is None
    fewest = deals // game.sides  # the deals the chooser who chooses least chooses
    assert str(error.value) == (
        f"each chooser owes {owed} sans-atout, but one of them chooses the trump in only "
        f"{fewest} deal{'' if fewest == 1 else 's'} of {deals}"
    )


def test_the_command_refuses_such_a_game_file_in_one_line(tmp_path, capsys):
    data = {
        "format": "scorekeeper-game/1",
        "game": "manille",
        "players": list(FOUR),
        "rules": {"variant": "belge", "deals": 3, "sans_atout": 2},
        "coups": [],
    }
    path = tmp_path / "m.json"
    path.write_text(json.dumps(data))
    run = run_here(capsys, "replay", str(path), "--json")
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr == (
        "error: each chooser owes 2 sans-atout, but one of them chooses the trump in only "
        "1 deal of 3\n"
    )


def test_belgian_game_ends_after_its_deals_and_may_be_drawn():
    r = belgian(
        ManillenCoup("sans-atout", points=40),
        ManillenCoup("sans-atout", points=20),
        deals=2,
        sans_atout=1,
    )
    assert r.finished and r.totals == (20, 20) and r.winners == (0, 1)
    with pytest.raises(GameError) as error:
        belgian(*r.game.coups, ManillenCoup("pique", points=30), deals=2, sans_atout=1)
    assert error.value.coup == 3


# --- belge, three players ----------------------------------------------------


def test_three_players_the_dealer_alone_doubled_zero_sum():
    # Anne deals and takes 38: she marks 2 × 8 = 16, Bruno and Chloé −8 each
    r = belgian(ManillenCoup("coeur", points=38), players=THREE)
    assert r.coups[0].scored == (16, -8, -8)
    # Bruno deals sans-atout contré and takes 20: −20 × 4 = −40; the others 10 × 4
    r = belgian(
        ManillenCoup("coeur", points=38), ManillenCoup("sans-atout", 1, points=20), players=THREE
    )
    assert r.coups[1].scored == (40, -80, 40) and r.totals == (56, -88, 32)


def test_three_players_renonce_by_the_dealer_or_an_opponent():
    r = belgian(ManillenCoup("pique", renonce=0), players=THREE)  # Anne deals and renounces
    assert r.coups[0].scored == (-60, 30, 30)
    r = belgian(ManillenCoup("pique", renonce=2), players=THREE)  # Chloé renounces
    assert r.coups[0].scored == (60, -30, -30)


def test_three_players_each_owes_his_own_sans_atout():
    r = belgian(ManillenCoup("sans-atout", points=30), players=THREE)
    assert r.owed == (1, 2, 2) and r.carry == 2 and r.left == (9, 10, 10)


@given(
    st.lists(
        st.tuples(
            st.sampled_from(["pique", "sans-atout"]),
            st.integers(0, 2),
            st.integers(0, 60),
        ),
        max_size=12,
    )
)
def test_three_players_always_sum_to_zero(deals):
    coups = [ManillenCoup(t, c, points=p) for t, c, p in deals]
    r = belgian(*coups, players=THREE, sans_atout=0)
    assert all(sum(c.scored) == 0 for c in r.coups) and sum(r.totals) == 0


# --- the game file -----------------------------------------------------------


def test_game_file_round_trip_and_report_keys(tmp_path, capsys):
    data = {
        "format": "scorekeeper-game/1",
        "game": "manille",
        "players": list(FOUR),
        "rules": {"variant": "classique", "partie": "liee"},
        "coups": [{"retourne": 3, "points": 28}, {"renonce": "nous"}],
    }
    game = load_manille(data)
    assert kinds.dump_file(game)["coups"] == data["coups"]
    report = dump_manille_report(kinds.replay(game))
    assert report["totals"] == {"nous": 0, "eux": 0}  # Eux's 6 + 34 won manche 1
    assert report["manches"] == {"nous": 0, "eux": 1}
    assert report["coups"][1]["manche_won"] == "eux"
    path = tmp_path / "m.json"
    path.write_text(json.dumps(data))
    run = run_here(capsys, "replay", "--json", str(path))
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert json.loads(out) == report


def test_belgian_three_player_file():
    data = {
        "format": "scorekeeper-game/1",
        "game": "manille",
        "players": list(THREE),
        "rules": {"variant": "belge"},
        "coups": [
            {"trump": "sans-atout", "contre": "contre", "points": 20},
            {"trump": "pique", "renonce": "Anne"},
        ],
    }
    game = load_manille(data)
    assert game.rules.deals == 30
    assert kinds.dump_file(game)["coups"] == data["coups"]
    report = dump_manille_report(kinds.replay(game))
    # deal 1: Anne alone, sans-atout contré (×4), 20 points: −80, +40, +40
    # deal 2: Bruno deals, Anne renounces: 60 for Bruno, +60, −30 each
    assert report["totals"] == {"Anne": -110, "Bruno": 100, "Chloé": 10}
    assert report["sans_atout_owed"] == {"Anne": 1, "Bruno": 2, "Chloé": 2}


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"rules": {"variant": "espagnole"}}, "rules.variant"),
        ({"rules": {"partie": "longue"}}, "rules.partie"),
        ({"rules": {"bonus": 1}}, "rules.bonus"),
        ({"players": ["A", "B", "C"]}, "players"),
        ({"coups": [{"points": "forty"}]}, "points"),
        ({"coups": [{"points": 30, "renonce": "them"}]}, "renonce"),
    ],
)
def test_file_refusals(change, field):
    data = {"format": "scorekeeper-game/1", "game": "manille", "players": list(FOUR), **change}
    with pytest.raises(GameError) as error:
        kinds.replay(kinds.load_file(data))
    assert error.value.field == field


def test_the_command_prints_the_sheet(tmp_path, capsys):
    data = {
        "format": "scorekeeper-game/1",
        "game": "manille",
        "players": list(FOUR),
        "rules": {"variant": "belge"},
        "coups": [
            {"trump": "coeur", "contre": "surcontre", "points": 41},
            {"trump": "pique", "points": 25},
        ],
    }
    assert load_manille(data).rules.deals == 20  # four players: 20 deals
    path = tmp_path / "m.json"
    path.write_text(json.dumps(data))
    run = run_here(capsys, "replay", str(path))
    assert run.returncode == 0, run.stderr
    lines = {x.split()[0]: x.split() for x in run.stdout.splitlines() if x[:4].strip().isdigit()}
    # Anne deals first (the first dealer, seat 0), then Bruno (seat 1), then Chloé
    # 11 × 4 for Nous; the trump and the contre as the pages say them (rules/manille/words.py)
    assert lines["1"] == ["1", "Anne", "♥", "cœur", "4", "44", "0", "44", "0", "sur-contré"]
    # Bruno's team (Eux) chose; Nous took 25 of 60: Eux mark 30 − 25 = 5
    assert lines["2"] == ["2", "Bruno", "♠", "pique", "1", "0", "5", "44", "5"]
    assert "Next dealer: Chloé" in run.stdout
    run = run_here(capsys, "settle", str(path))
    assert run.returncode == 2 and "no payments" in run.stderr


@given(st.sampled_from([FOUR, THREE]), st.integers(0, 3), st.integers(1, 40), st.integers(1, 42))
def test_choices_left_counts_the_chooser_deals(players, first, deals, n):
    from scorekeeper.rules.manille.belge import _choices_left

    game = ManillenGame(players, ManillenRules(deals=deals), first % len(players))
    for chooser in range(game.sides):
        direct = sum(1 for k in range(n, deals + 1) if game.chooser(game.dealer(k)) == chooser)
        assert _choices_left(game, n, chooser) == direct


@given(
    st.lists(
        st.tuples(st.integers(0, 5), st.one_of(st.none(), st.integers(0, 68)), st.integers(0, 2)),
        max_size=30,
    ),
    st.sampled_from(["liee", "seche"]),
)
def test_classique_invariants(coups, partie):
    """Whatever is entered: refused with a reason, or a sheet whose counts add up."""
    game = [
        ManilleCoup(
            retourne=r, points=None if x != 2 and p is None else p, renonce=x if x < 2 else None
        )
        for r, p, x in coups
    ]
    try:
        r = classic(*game, partie=partie)
    except GameError as error:
        assert error.coup is not None and error.field in ("points", "retourne", "coup")
        return
    totals = (0, 0)
    for line in r.coups:
        assert line.scored[(line.dealer + 1) % 2] <= 34  # the non-dealer team: the coup only
        assert sum(line.scored) <= 34 + 5
        if line.manche_won is None:
            assert line.totals == (totals[0] + line.scored[0], totals[1] + line.scored[1])
        else:
            assert totals[line.manche_won] + line.scored[line.manche_won] >= line.target
            assert line.totals == (0, 0)
        totals = line.totals
    assert r.finished == (max(r.manches) == (2 if partie == "liee" else 1))


@given(
    st.sampled_from([("A", "B", "C"), ("A", "B", "C", "D")]),
    st.integers(1, 60),
    st.data(),
)
def test_the_choices_left_count_the_deals_each_chooser_is_dealt(players, deals, data):
    # ``_choices_left`` counts in constant time the deals from n to the last whose trump
    # ``chooser`` chooses; it reverses the deal's rotation by hand. Held to the one home of
    # who deals (``dealer_of``, through the game's own ``dealer`` and ``chooser``) by
    # counting them one by one.
    from scorekeeper.rules.manille.belge import _choices_left

    first = data.draw(st.integers(0, len(players) - 1))
    game = ManillenGame(players, ManillenRules(deals=deals), first)
    n = data.draw(st.integers(1, deals))
    for chooser in range(game.sides):
        counted = sum(1 for k in range(n, deals + 1) if game.chooser(game.dealer(k)) == chooser)
        assert _choices_left(game, n, chooser) == counted


def test_the_replay_shows_the_count_a_manche_reached_as_the_sheet_does():
    """play8: six deals of a café table, a manche won on the sixth. The page's line 6 reads
    36 18 (the count reached, docs/rules/manille.md §5); ``scorekeeper replay`` printed 0 0,
    the count the next manche starts from. The file's ``totals`` stay 0–0 (docs/formats.md)."""
    data = {
        "format": "scorekeeper-game/1",
        "game": "manille",
        "players": list(FOUR),
        "rules": {"variant": "classique"},
        "coups": [{"points": p} for p in (40, 30, 44, 50, 20, 38)],
    }
    game = kinds.load_file(data)  # the command's text (test_the_command_prints_the_sheet)
    text = kinds.kind_of(game).text(kinds.replay(game))
    lines = {x.split()[0]: x.split() for x in text.splitlines() if x[:4].strip().isdigit()}
    # marks: Nous 40-34 = 6, Eux 34-30 = 4, Nous 10, 16, Eux 34-20 = 14, Nous 4:
    # Nous 6, 6, 16, 32, 32, 36 (≥ 34: manche 1); Eux 0, 4, 4, 4, 18, 18
    assert lines["5"][4:8] == ["14", "32", "18", "0"]
    assert lines["6"][1:] == [
        "Bruno",
        "0",
        "4",
        "0",
        "36",
        "18",
        "1",
        "/",
        "0",
        "manche",
        "1",
        "to",
        "Nous",
    ]


def test_the_replay_keeps_its_columns_with_wide_and_long_names():
    """A name of East-Asian wide characters takes two columns a character in a terminal:
    the dealer column was padded by characters (str.ljust), so a deal dealt by 王小明
    (3 characters, 6 columns) printed its trump and figures 3 columns right of the others',
    and their side's name 3 columns right of its figures. A 40-character name stays whole in
    the dealer column (as the page's "donne …" says it)."""
    from scorekeeper.names import columns

    long = "Élodie-Marguerite de la Tour-Saint-Amand"  # 40 characters, the most a name has
    assert len(long) == 40
    data = {
        "format": "scorekeeper-game/1",
        "game": "manille",
        "players": ["A", "王小明", long],
        "rules": {"variant": "belge"},
        "coups": [{"trump": "coeur", "points": 41}, {"trump": "pique", "points": 25}],
    }
    game = kinds.load_file(data)
    lines = kinds.kind_of(game).text(kinds.replay(game)).splitlines()
    head = next(x for x in lines if x.startswith("deal"))
    deals = [x for x in lines if x[:4].strip().isdigit()]
    assert [x.split()[:2] for x in deals] == [["1", "A"], ["2", "王小明"]]  # A deals, then 王小明
    assert long in lines[-1]  # the next dealer, whole
    # the trump column starts at one terminal column on every line: 4 + 2 + 40 + 2 = 48
    starts = [columns(x[: x.index(word)]) for x, word in zip([head, *deals], ["trump", "♥", "♠"])]
    assert starts == [48, 48, 48]
    # the sides' names (cut to 8 columns) end where their figures end
    figures_end = {columns(x.rsplit(maxsplit=3)[0]) for x in deals}
    assert figures_end == {columns(head.split("   totals")[0])}
