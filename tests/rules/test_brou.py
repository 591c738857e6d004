"""L'Homme de Brou's sheet (docs/rules/brou.md): hand-computed coups for each rule.

Teams: 0 is Nous (seats 0 and 2), 1 is Eux (seats 1 and 3).
"""

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_cli import run_here

from scorekeeper.rules.brou.engine import BrouCoup, BrouGame, BrouRules, Mariage, replay
from scorekeeper.rules.errors import GameError

NOUS, EUX = 0, 1


def play(*coups, **rules):
    return replay(BrouGame(("Anne", "Bruno", "Chloé", "Denis"), BrouRules(**rules), 0, coups))


def test_card_points_are_rounded_to_the_ten():
    r = play(BrouCoup(54), BrouCoup(55))
    assert [c.scored for c in r.coups] == [(50, 70), (60, 70)]  # 66 → 70; 65 → 70: 130 in all
    assert r.totals == (110, 140)


def test_the_coup_that_reaches_301_counts_unrounded():
    # Nous at 230: 65 is rounded to 70 (300, not enough); 71 wins
    start = [BrouCoup(120), BrouCoup(110)]  # 120, then 110 → 230; Eux 0 + 10
    r = play(*start, BrouCoup(65))
    assert r.totals == (300, 70) and r.coups[-1].partie is None  # Eux: 0 + 10 + 60
    r = play(*start, BrouCoup(71))
    last = r.coups[-1]
    assert last.partie == NOUS and last.scored[0] == 71 and last.won == (2, 0)  # Eux < 150
    assert r.totals == (0, 0) and r.parties == (2, 0)


def test_simple_double_quadruple():
    # Eux at 150 or more: a simple partie
    r = play(BrouCoup(0), BrouCoup(120), BrouCoup(120), BrouCoup(70))
    assert r.coups[-1].won == (1, 0)  # Eux 120 + 0 + 0 + 50 = 170
    # Eux below 0: quadruple (a mariage of trump taken on the table: −120 for Eux)
    grand = Mariage(NOUS, grand=True, trump=True, table=True)
    r = play(BrouCoup(120, mariages=(grand,)), BrouCoup(61))
    assert [c.totals for c in r.coups] == [(240, -120), (0, 0)]
    assert r.coups[-1].won == (4, 0)


def test_mariages_announced_and_on_the_table():
    r = play(
        BrouCoup(
            60,
            mariages=(
                Mariage(NOUS),
                Mariage(EUX, trump=True),
                Mariage(NOUS, grand=True, table=True),
            ),
        )
    )
    # Nous: 60 + 20 + 60 (grand on the table); Eux: 60 + 40 − 60
    assert r.totals == (140, 40)


def test_a_vole_gives_three_parties_and_voids_the_coup():
    r = play(BrouCoup(50), BrouCoup(120, vole=NOUS, mariages=(Mariage(NOUS, trump=True),)))
    assert r.coups[-1].won == (3, 0) and r.totals == (50, 70) and r.coups[-1].partie is None


def test_partie_et_vole():
    # Nous at 200 declares partie et vole and makes it: 3 + 2 (Eux at 80 < 150)
    start = [BrouCoup(120), BrouCoup(80)]  # Nous 200, Eux 0 + 40 = 40
    r = play(*start, BrouCoup(120, partie_et_vole=NOUS, made=True))
    assert r.coups[-1].won == (5, 0) and r.totals == (0, 0)
    # failed: Eux marks what Nous would have (3 + 2: Eux's own count 40 < 150)
    r = play(*start, BrouCoup(30, points_eux=0, partie_et_vole=NOUS, made=False))
    assert r.coups[-1].won == (0, 5) and r.coups[-1].partie == EUX
    with pytest.raises(GameError, match="without reaching 301"):
        play(BrouCoup(120, partie_et_vole=NOUS, made=True))


def test_a_failed_partie_et_vole_needs_a_team_that_could_declare_it():
    """Source §8.2: "cette équipe au moment de la déclaration doit avoir au moins 190
    points" (190 + 120 ≥ 301). Failed or made, a team that 120 points leave under 301
    could not have declared it."""
    with pytest.raises(GameError, match="nous could not declare partie et vole") as refused:
        play(BrouCoup(0, points_eux=11, partie_et_vole=NOUS, made=False))  # Nous at 0
    assert refused.value.field == "partie_et_vole" and refused.value.coup == 1
    assert refused.value.message == (
        "nous could not declare partie et vole: 0 and the 120 card points stay under 301"
    )
    # Eux at 180 (0 + 120 + 60): 180 + 120 = 300, one short
    eux_180 = [BrouCoup(120), BrouCoup(0), BrouCoup(60)]
    assert play(*eux_180).totals == (180, 180)
    with pytest.raises(GameError, match="180 and the 120 card points stay under 301"):
        play(*eux_180, BrouCoup(120, points_eux=0, partie_et_vole=EUX, made=False))
    # at 190 it may: Nous stops it and marks 3 + 1 (Nous's own 180 ≥ 150)
    eux_190 = [BrouCoup(120), BrouCoup(0), BrouCoup(70, mariages=(Mariage(EUX),))]
    assert play(*eux_190).totals == (190, 190)  # Eux 0 + 120 + 50 + 20
    failed = play(*eux_190, BrouCoup(10, points_eux=40, partie_et_vole=EUX, made=False))
    assert failed.coups[-1].won == (4, 0) and failed.coups[-1].partie == NOUS
    # the declarer's mariages made with its tricks before count: Nous at 150 with the
    # trump mariage (40) reaches 150 + 40 + 120 = 310
    nous_150 = [BrouCoup(80), BrouCoup(70)]  # Nous 80 + 70 = 150; Eux 40 + 50 = 90
    trump = (Mariage(NOUS, trump=True),)
    failed = play(*nous_150, BrouCoup(40, points_eux=0, mariages=trump, partie_et_vole=NOUS))
    assert failed.coups[-1].won == (0, 5)  # Eux marks 3 + 2 (its own 90 < 150)
    with pytest.raises(GameError, match="150 and the 120"):
        play(*nous_150, BrouCoup(40, points_eux=0, partie_et_vole=NOUS, made=False))


def test_possible_mariages_and_voles_are_accepted():
    # one trump and three other mariages, one per suit; Eux's vole with Nous at 0 points
    r = play(
        BrouCoup(
            60, mariages=(Mariage(NOUS, trump=True), Mariage(EUX), Mariage(NOUS), Mariage(EUX))
        ),
        BrouCoup(0, vole=EUX, mariages=(Mariage(EUX, grand=True),)),
    )
    # 60 + 40 + 20 = 120 for Nous, 60 + 20 + 20 = 100 for Eux; the vole voids its coup
    assert r.coups[0].scored == (120, 100) and r.totals == (120, 100) and r.parties == (0, 3)


def test_partie_et_vole_scored_counts_the_table_mariage_deduction():
    # Nous 100 + 100 = 200, Eux 20 + 20 = 40. Nous declares partie et vole and takes the
    # queen and king of trumps on the table: 80 to Nous, 80 off Eux.
    start = (BrouCoup(100), BrouCoup(100))
    table = (Mariage(NOUS, trump=True, table=True),)
    made = play(*start, BrouCoup(120, mariages=table, partie_et_vole=NOUS, made=True)).coups[-1]
    # Nous 200 + 120 + 80 = 400; Eux 40 - 80 = -40 < 0: 3 + 4 = 7 parties; the line shows
    # what each count moved: Nous +200, Eux -80 (the deduction the parties reckoned on)
    assert made.won == (7, 0) and made.scored == (200, -80)
    failed = play(
        *start,
        BrouCoup(40, points_eux=0, mariages=table, partie_et_vole=NOUS, made=False),
    ).coups[-1]
    # Eux stops the coup and marks what Nous would have: 3 + 4 (its count 40 - 80 = -40);
    # the trick points do not count, the mariage does: Nous +80, Eux -80
    assert failed.won == (0, 7) and failed.scored == (80, -80)


def test_a_failed_partie_et_vole_stops_the_count_before_the_trick_that_stopped_it():
    before = (BrouCoup(100), BrouCoup(100, mariages=(Mariage(EUX, grand=True, trump=True),)))
    assert play(*before).totals == (200, 100)  # Nous 100 + 100; Eux 20 + 20 + 60 (grand trump)
    # Nous declares partie et vole; Eux takes the fifth trick announcing the trump mariage
    # (40) and taking Nous's queen and king of hearts on the table (2 × 20). Source §8.2.2:
    # Eux's count stops at the trick before: neither counts. Eux at 100 < 150: 3 + 2.
    eux = (Mariage(EUX, trump=True), Mariage(EUX, table=True))
    failed = play(
        *before, BrouCoup(50, points_eux=10, mariages=eux, partie_et_vole=NOUS, made=False)
    )
    assert failed.coups[-1].won == (0, 5) and failed.coups[-1].scored == (0, 0)
    # counted, Eux would have been at 100 + 40 + 40 = 180 ≥ 150: only 3 + 1
    assert failed.parties == (0, 5) and failed.totals == (0, 0)


def test_a_claim_right_or_wrong():
    start = [BrouCoup(120), BrouCoup(110)]  # Nous 230, Eux 10
    right = play(*start, BrouCoup(71, points_eux=10, claim=NOUS))
    assert right.coups[-1].partie == NOUS and right.coups[-1].won == (2, 0)
    wrong = play(*start, BrouCoup(60, points_eux=10, claim=NOUS))
    # Eux wins as if it had reached 301; Nous counts nothing of the coup: 230 ≥ 150, simple
    assert wrong.coups[-1].partie == EUX and wrong.coups[-1].won == (0, 1)
    assert wrong.coups[-1].scored == (0, 10)


def test_abandon_needs_the_other_team_at_301():
    start = [BrouCoup(120), BrouCoup(110)]
    r = play(*start, BrouCoup(71, points_eux=0, abandon=EUX))
    assert r.coups[-1].partie == NOUS
    with pytest.raises(GameError, match="needs the other team"):
        play(*start, BrouCoup(10, points_eux=0, abandon=EUX))


def test_the_match_ends_at_its_parties():
    r = play(BrouCoup(120, vole=NOUS), parties_to_win=3)
    assert r.finished and r.next_dealer is None
    with pytest.raises(GameError, match="the game ended with coup 1"):
        play(BrouCoup(120, vole=NOUS), BrouCoup(60), parties_to_win=3)


def test_dealers_turn_round_four_seats():
    r = play(BrouCoup(60), BrouCoup(60), BrouCoup(60), BrouCoup(60))
    assert [c.dealer for c in r.coups] == [0, 1, 2, 3] and r.next_dealer == 0


@pytest.mark.parametrize(
    ("coup", "message"),
    [
        (BrouCoup(121), "between 0 and 120"),
        (BrouCoup(60, points_eux=50), "only for a coup cut short"),
        (BrouCoup(60, vole=NOUS, claim=EUX), "one ending"),
        # one pack of 32 cards: four suits, one of them trumps, one mariage a suit
        (
            BrouCoup(60, mariages=(Mariage(NOUS, trump=True), Mariage(EUX, trump=True))),
            "two trump mariages in one coup: there is one trump suit",
        ),
        (
            BrouCoup(60, mariages=(Mariage(NOUS, trump=True),) + (Mariage(EUX),) * 4),
            "5 mariages in one coup: the pack has four suits",
        ),
        (BrouCoup(60, mariages=(Mariage(NOUS),) * 4), "four mariages outside trumps"),
        # a vole takes every trick: all 120 card points, and the other team has no mariage
        (BrouCoup(100, vole=NOUS), "a vole takes all the card points: points (Nous's) must be 120"),
        (BrouCoup(120, vole=EUX), "points (Nous's) must be 0"),
        (BrouCoup(110, partie_et_vole=NOUS, made=True), "must be 120"),
        (
            BrouCoup(120, vole=NOUS, mariages=(Mariage(EUX),)),
            "eux took no trick in the vole: it has no mariage",
        ),
        (
            BrouCoup(0, vole=EUX, mariages=(Mariage(EUX), Mariage(NOUS, table=True))),
            "nous took no trick in the vole",
        ),
    ],
)
def test_refusals(coup, message):
    with pytest.raises(GameError, match=re.escape(message)):
        play(coup)


def test_the_game_file_and_the_command(tmp_path, capsys):
    import json

    data = {
        "format": "scorekeeper-game/1",
        "game": "brou",
        "players": ["Anne", "Bruno", "Chloé", "Denis"],
        "coups": [
            {"points": 120},
            {"points": 110, "mariages": [{"team": "eux", "trump": True}]},
            {"points": 71},
        ],
    }
    path = tmp_path / "brou.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    done = run_here(capsys, "replay", str(path), "--json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    # 230 + 71 = 301 unrounded; Eux 40 (mariage) + 10 + 30 = 80 < 150: two parties
    assert report["parties"] == {"nous": 2, "eux": 0}
    assert report["teams"] == {"nous": ["Anne", "Chloé"], "eux": ["Bruno", "Denis"]}
    assert [c["totals"] for c in report["coups"]] == [
        {"nous": 120, "eux": 0},
        {"nous": 230, "eux": 50},
        {"nous": 0, "eux": 0},
    ]
    data["coups"].append({"points": 130})
    path.write_text(json.dumps(data), encoding="utf-8")
    done = run_here(capsys, "replay", str(path))
    assert done.returncode == 2
    assert done.stderr.strip() == "error: coup 4: card points are between 0 and 120"
    data["coups"][3] = {"points": 60, "mariages": [{"team": "nous", "trump": True}] * 2}
    path.write_text(json.dumps(data), encoding="utf-8")
    done = run_here(capsys, "replay", str(path))
    assert done.returncode == 2
    assert done.stderr == (
        "error: coup 4: two trump mariages in one coup: there is one trump suit\n"
    )
    data["coups"][3] = {"points": 90, "vole": "nous"}
    path.write_text(json.dumps(data), encoding="utf-8")
    done = run_here(capsys, "replay", str(path))
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert "coup 4: a vole takes all the card points" in done.stderr
    data["players"] = ["Anne", "Bruno", "Chloé"]
    path.write_text(json.dumps(data), encoding="utf-8")
    done = run_here(capsys, "replay", str(path))
    assert done.returncode == 2 and "four distinct" in done.stderr


@given(
    st.lists(
        st.tuples(
            st.integers(0, 120),
            st.lists(
                st.tuples(st.integers(0, 1), st.booleans(), st.booleans(), st.booleans()),
                max_size=2,
            ),
            st.sampled_from([None, "vole"]),
        ),
        max_size=40,
    )
)
def test_sheet_invariants(coups):
    """Played-out coups: the sheet adds up, a partie resets the count, the match ends in time."""
    game = []
    for p, ms, v in coups:
        if v:  # Nous's vole: all the card points, and Eux took no trick for a mariage
            p, ms = 120, [m for m in ms if m[0] == 0]
        if sum(m[2] for m in ms) > 1:  # one trump suit: one trump mariage
            ms = ms[:1]
        game.append(BrouCoup(p, mariages=tuple(Mariage(*m) for m in ms), vole=0 if v else None))
    try:
        r = play(*game, parties_to_win=5)
    except GameError as error:  # only coups after the end of the match are refused
        assert "no coup can follow" in str(error)
        return
    totals, parties = (0, 0), (0, 0)
    for line in r.coups:
        if line.partie is None and not any(line.won):
            assert line.totals == (totals[0] + line.scored[0], totals[1] + line.scored[1])
            assert max(line.totals) < 301 or line.totals[0] == line.totals[1]
        if line.partie is not None:
            assert line.totals == (0, 0) and line.won[line.partie] in (1, 2, 4)
        assert all(p >= q for p, q in zip(line.parties, parties))
        totals, parties = line.totals, line.parties
    assert r.finished == (max(r.parties) >= 5)


@pytest.mark.parametrize(
    "language, words",
    [
        ("fr", "l’équipe nous ne pouvait pas annoncer partie et vole\u202f: 0 et les 120 points"),
        ("en", "nous could not declare partie et vole: 0 and the 120 card points stay under 301"),
        ("da", "nous kunne ikke melde parti og tout: 0 og kortenes 120 point når ikke 301"),
        ("nl", "nous kon geen partie et vole aankondigen: 0 en de 120 kaartpunten"),
    ],
)
def test_the_issues_failed_partie_et_vole_is_refused_on_import(client, language, words):
    """Issue 24: as the first coup, Eux would have marked 5 parties."""
    import json

    from markupsafe import escape

    coup = {"points": 0, "points_eux": 11, "partie_et_vole": "nous", "made": False}
    data = {
        "format": "scorekeeper-game/1",
        "game": "brou",
        "players": ["Anne", "Bruno", "Chloé", "Denis"],
        "coups": [coup],
    }
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = language
    response = client.post("/games/import", data={"text": json.dumps(data)})
    assert response.status_code == 422
    assert str(escape(words)) in response.data.decode()
    assert client.get("/games/1").status_code == 404  # nothing stored


def test_the_replay_shows_the_count_a_partie_reached_as_the_sheet_does():
    """play8: ``scorekeeper replay`` printed 0 0 as the total on the line that won a partie,
    where the page prints the count reached (docs/rules/brou.md §7): the same game read two
    ways. The file's ``totals`` stay 0–0 (docs/formats.md); the text reads as the sheet."""
    from scorekeeper.rules.brou.file import render_brou

    r = play(BrouCoup(120), BrouCoup(110), BrouCoup(71))
    lines = {
        x.split()[0]: x.split() for x in render_brou(r).splitlines() if x[:4].strip().isdigit()
    }
    # 120 + 110 = 230 for Nous, Eux 0 + 10; then 71 unrounded → 301, Eux 49 → 50 → 60;
    # each line names its dealer, as the page's "donne …": Anne first (seat 0), then
    # Bruno, then Chloé
    assert lines["3"][:6] == ["3", "Chloé", "71", "50", "301", "60"]
    assert lines["2"][:6] == ["2", "Bruno", "110", "10", "230", "10"]
    assert lines["1"][1] == "Anne"
