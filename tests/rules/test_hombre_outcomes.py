"""Hand-computed coups for each outcome row of hombre.md §4.

Seats A, B, C with A dealing first: in coup 1 B is premier, C second, A
dernier, so between the tiers C and A it is C who has primauté.
"""

import pytest
from notation import coup, game_file, moves

from scorekeeper.rules.hombre.file import dump_report, replay_file

SYSTEMS = ["3-2", "3-1", "2-1"]


def run(*coups, **rules):
    return dump_report(replay_file(game_file(*coups, **rules)))


def stake(system, marks=None):
    return 3 * (marks if marks is not None else int(system[0]))


@pytest.mark.parametrize("system", SYSTEMS)
def test_gagne_takes_the_poule_and_matadors(system):
    s = stake(system)
    r = run(coup("B demande A2 B5 C2", matadors=3), poule_system=system)
    assert moves(r["coups"][0]) == sorted(
        [
            ("A", "B", s, "poule"),
            ("C", "B", s, "poule"),
            ("A", "B", 6, "matadors"),
            ("C", "B", 6, "matadors"),
        ]
    )
    assert r["net"] == {"A": -s - 6, "B": 2 * s + 12, "C": -s - 6}
    assert r["poules_tirees"] == 1
    assert r["betes"] == []
    assert r["next"]["marks_to_add"] == int(system[0])  # fresh again


@pytest.mark.parametrize("system", SYSTEMS)
def test_remise_makes_a_bete_and_pays_occasionals(system):
    enjeu = 9 * int(system[0])
    r = run(coup("B sans_prendre A4 B4 C1", matadors=4), poule_system=system)
    c = r["coups"][0]
    assert c["outcome"] == "remise" and c["codille"] is None
    assert c["bete_made"] == enjeu
    # 4 matadors × 2 + sans prendre 12, to each tiers
    assert r["net"] == {"A": 20, "B": -40, "C": 20}
    assert r["betes"][0]["status"] == "pending" and r["betes"][0]["token"] == 1
    later = int(system[2])
    assert r["next"]["marks_to_add"] == later
    assert r["next"]["enjeu"] == 9 * (int(system[0]) + later) + enjeu
    assert r["next"]["bete_in_play"] == {"owner": "B", "amount": enjeu, "token": 1}


def test_three_three_three_and_four_four_one_are_remises():
    assert run("B demande A3 B3 C3")["coups"][0]["outcome"] == "remise"
    assert run("B demande A4 B1 C4")["coups"][0]["outcome"] == "remise"
    assert run("B demande A3 B4 C2")["coups"][0]["outcome"] == "gagne"


@pytest.mark.parametrize("system", SYSTEMS)
def test_codille_pays_the_tiers(system):
    s = stake(system)
    r = run(coup("B sans_prendre A5 B3 C1"), poule_system=system)
    c = r["coups"][0]
    assert (c["outcome"], c["codille"], c["bete_made"]) == ("codille", "A", 3 * s)
    assert moves(c) == sorted(
        [
            ("B", "A", s, "poule"),
            ("C", "A", s, "poule"),
            ("B", "A", 12, "sans_prendre"),
            ("B", "C", 12, "sans_prendre"),
        ]
    )
    assert r["poules_tirees"] == 0
    # 3-2 normalising exception: after a codille on a fresh poule, 3 marks again
    expected = {"3-2": 3, "3-1": 1, "2-1": 1}[system]
    assert r["next"]["marks_to_add"] == expected
    assert r["next"]["enjeu"] == 9 * expected + 3 * s


def test_codille_renounced_is_scored_as_a_remise():
    r = run(coup("B demande A5 B3 C1", codille_renounced=True), poule_system="3-2")
    c = r["coups"][0]
    assert (c["outcome"], c["codille"], c["bete_made"], c["transfers"]) == ("remise", None, 27, [])
    assert r["next"]["marks_to_add"] == 2  # a remise: no normalising exception


def test_codille_tiers_owning_the_bete_in_play_cancels_it():
    r = run("B demande A4 B4 C1", "B demande A5 B3 C1", poule_system="3-1")
    # coup 2: C premier, A second, B dealer; marks 3+1 = 4 (stake 12), bête B 27 in play
    c = r["coups"][1]
    assert (c["outcome"], c["codille"], c["enjeu"], c["bete_made"]) == ("codille", "A", 63, 63)
    assert moves(c) == sorted(
        [("B", "A", 12, "poule"), ("C", "A", 12, "poule"), ("B", "A", 27, "bete")]
    )
    r = run("A demande A4 B4 C1", "B demande A5 B3 C1", poule_system="3-1")
    assert moves(r["coups"][1]) == sorted([("B", "A", 12, "poule"), ("C", "A", 12, "poule")])
    assert r["betes"][0]["status"] == "cancelled"


@pytest.mark.parametrize(
    ("system", "enjeu", "half_c", "half_a"),
    [("3-2", 27, 14, 13), ("3-1", 27, 14, 13), ("2-1", 18, 9, 9)],
)
def test_vole_without_pending_bete_doubles_the_enjeu(system, enjeu, half_c, half_a):
    s = stake(system)
    r = run("B vole A0 B9 C0", poule_system=system)
    c = r["coups"][0]
    assert c["outcome"] == "vole"
    # the odd chip of half the enjeu is paid by C, who has primauté over A
    assert moves(c) == sorted(
        [
            ("A", "B", s, "poule"),
            ("C", "B", s, "poule"),
            ("C", "B", half_c, "vole"),
            ("A", "B", half_a, "vole"),
            ("A", "B", 12, "sans_prendre"),
            ("C", "B", 12, "sans_prendre"),
        ]
    )
    assert half_c + half_a == enjeu
    assert r["poules_tirees"] == 1


def test_vole_takes_every_pending_bete():
    # 3-1: B remise (B 27); C remise with 4 marks: enjeu 36 + 27 = 63; A vole with 5 marks
    r = run("B demande A4 B4 C1", "C demande A3 B3 C3", "A vole A9 B0 C0", poule_system="3-1")
    c = r["coups"][2]
    assert (c["poule"], c["enjeu"]) == (45, 72)
    assert moves(c) == sorted(
        [
            ("B", "A", 15, "poule"),
            ("C", "A", 15, "poule"),
            ("B", "A", 27, "bete"),
            ("C", "A", 63, "bete"),
            ("B", "A", 12, "sans_prendre"),
            ("C", "A", 12, "sans_prendre"),
        ]
    )
    assert r["net"] == {"A": 144, "B": -54, "C": -90}
    assert [b["status"] for b in r["betes"]] == ["won", "won"]
    assert r["next"]["marks_to_add"] == 3 and r["next"]["enjeu"] == 27


def test_vole_manquee_tiers_share_everything():
    # coup 3: A premier (hombre), B second (primauté), C dernier
    r = run("B demande A4 B4 C1", "C demande A3 B3 C3", "A vole A8 B1 C0", poule_system="3-1")
    c = r["coups"][2]
    assert (c["outcome"], c["bete_made"]) == ("vole_manquee", 72)
    assert moves(c) == sorted(
        [
            ("A", "B", 8, "poule"),
            ("A", "C", 7, "poule"),  # A's stake 15 split, odd chip to B
            ("B", "C", 13, "bete"),  # B's own 27: C's half paid, B's half (14) cancelled
            ("C", "B", 32, "bete"),  # C's 63: B's half (32) paid, C's half cancelled
            ("A", "B", 12, "sans_prendre"),
            ("A", "C", 12, "sans_prendre"),
        ]
    )
    assert r["net"] == {"A": -39, "B": 39, "C": 0}
    assert [b["status"] for b in r["betes"]] == ["shared", "shared", "pending"]


def test_vole_manquee_shares_the_hombres_own_bete():
    # coup 2: C premier (primauté), A second, B dealer is the hombre; stake 12, bête B 27
    r = run("B demande A4 B4 C1", "B vole A1 B8 C0", poule_system="3-1")
    assert moves(r["coups"][1]) == sorted(
        [
            ("B", "C", 6, "poule"),
            ("B", "A", 6, "poule"),
            ("B", "C", 14, "bete"),
            ("B", "A", 13, "bete"),
            ("B", "C", 12, "sans_prendre"),
            ("B", "A", 12, "sans_prendre"),
        ]
    )
    assert r["coups"][1]["bete_made"] == 63


def test_vole_manquee_on_a_fresh_3_2_poule_is_normalised():
    r = run("B vole A1 B8 C0", poule_system="3-2")
    assert r["net"] == {"A": 16, "B": -33, "C": 17}
    assert r["next"]["marks_to_add"] == 3 and r["next"]["enjeu"] == 54


def test_vole_engagee_reussie_pays_like_a_vole():
    r = run(coup("B sans_prendre A0 B9 C0", matadors=3, vole_engagee=True))
    c = r["coups"][0]
    assert c["outcome"] == "vole_engagee"
    assert r["net"] == {"A": -40, "B": 81, "C": -41}
    assert r["poules_tirees"] == 1


def test_vole_engagee_on_demande_has_no_sans_prendre():
    r = run(coup("B demande A0 B9 C0", vole_engagee=True))
    reasons = {t["reason"] for t in r["coups"][0]["transfers"]}
    assert reasons == {"poule", "vole"}


def test_vole_engagee_manquee_tiers_share_but_pay_the_contract():
    r = run(coup("B demande A1 B7 C1", matadors=3, vole_engagee=True))
    c = r["coups"][0]
    assert (c["outcome"], c["bete_made"]) == ("vole_engagee_manquee", None)
    assert moves(c) == sorted(
        [
            ("B", "C", 5, "poule"),
            ("B", "A", 4, "poule"),
            ("C", "B", 6, "matadors"),
            ("A", "B", 6, "matadors"),
        ]
    )
    assert r["net"] == {"A": -2, "B": 3, "C": -1}
    assert r["poules_tirees"] == 0
    assert r["next"]["marks_to_add"] == 3  # nothing left: fresh poule


def test_vole_engagee_manquee_on_sans_prendre_keeps_the_sans_prendre():
    r = run(coup("B sans_prendre A1 B7 C1", vole_engagee=True))
    assert ("A", "B", 12, "sans_prendre") in moves(r["coups"][0])


@pytest.mark.parametrize(
    ("payments", "sp", "mat", "ret"), [("double", 12, 2, 6), ("simple", 6, 1, 3)]
)
def test_payment_rates(payments, sp, mat, ret):
    r = run(coup("B retourne A2 B5 C2", matadors=5), payments=payments)
    assert ("A", "B", ret, "retourne") in moves(r["coups"][0])
    assert ("A", "B", 5 * mat, "matadors") in moves(r["coups"][0])
    r = run("B sans_prendre A2 B5 C2", payments=payments)
    assert ("C", "B", sp, "sans_prendre") in moves(r["coups"][0])


def test_espadille_forcee_is_played_as_a_demande():
    r = run("B espadille_forcee A2 B5 C2", espadille_forcee=True, retourne=False)
    assert {t["reason"] for t in r["coups"][0]["transfers"]} == {"poule"}


def test_pass_leaves_everything_and_passes_the_deal():
    r = run("pass", "pass", poule_system="3-2")
    assert [c["dealer"] for c in r["coups"]] == ["A", "B"]
    assert [c["marks_added"] for c in r["coups"]] == [3, 3]  # normalising exception
    assert r["next"]["marks_to_add"] == 2 and r["next"]["poule"] == 72
    assert r["next"]["dealer"] == "C"
    assert r["net"] == {"A": 0, "B": 0, "C": 0}


def test_first_dealer_sets_the_rotation():
    data = game_file("pass")
    data["first_dealer"] = "C"
    r = dump_report(replay_file(data))
    assert (r["coups"][0]["dealer"], r["coups"][0]["premier"], r["next"]["dealer"]) == (
        "C",
        "A",
        "A",
    )


def test_any_a_b_system():
    r = run("pass", "B demande A4 B4 C1", poule_system="4-2")
    assert [c["poule"] for c in r["coups"]] == [36, 54]
    assert r["betes"][0]["token"] == 2  # 36, 54, 72…


def test_a_negative_stack_takes_a_new_cave():
    r = run("B vole A1 B8 C0", cave=10)
    assert r["net"]["B"] == -33
    assert r["caves"] == {"A": 1, "B": 4, "C": 1}
    assert r["stacks"]["B"] == {"chips": 7, "fiches": 0, "loose": 7}


END = ("B demande A4 B4 C1", "C demande A3 B3 C3", "A demande A5 B2 C2")


def test_end_share_splits_the_remaining_betes_in_three():
    r = run(*END, poule_system="3-1", poules_to_play=1, end="share")
    c = r["coups"][2]
    assert moves(c) == sorted(
        [
            ("B", "A", 15, "poule"),
            ("C", "A", 15, "poule"),
            ("B", "A", 27, "bete"),
            ("C", "A", 21, "final_share"),
            ("C", "B", 21, "final_share"),
        ]
    )
    assert r["net"] == {"A": 78, "B": -21, "C": -57}
    assert r["finished"] is True and c["finished"] is True
    assert r["next"] is None
    assert r["poule"] == {"marks": 0, "chips": 0}
    assert r["betes"][1]["status"] == "shared"


def test_end_continue_plays_until_no_bete_is_left():
    r = run(*END, poule_system="3-1", poules_to_play=1, end="continue")
    assert r["finished"] is False
    assert r["next"]["enjeu"] == 9 + 63
    r = run(*END, "B demande A2 B5 C2", poule_system="3-1", poules_to_play=1)
    assert r["finished"] is True
    assert ("C", "B", 63, "bete") in moves(r["coups"][3])
