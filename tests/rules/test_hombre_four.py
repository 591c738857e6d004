"""Four at a l'Hombre table: the dealer sits out each deal (issue 17).

Hand-computed games of each money system, refusals, and properties over
random four-seat games. The decisions about the one who sits out are in
docs/rules.md ("Four at the table"), docs/rules/jetons.md §8 and
docs/rules/danois.md §8.
"""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.rules import kinds
from scorekeeper.rules.errors import GameError
from scorekeeper.rules.hombre import danois, jetons
from scorekeeper.rules.hombre.engine import (
    MATADOR_COUNTS,
    Contract,
    Coup,
    Game,
    playing_order,
)
from scorekeeper.rules.hombre.ruleset import RuleSet

PLAYERS = ["Anne", "Bruno", "Chloé", "Denis"]


def game_file(rules, coups, players=PLAYERS):
    return {
        "format": "scorekeeper-game/1",
        "game": "hombre",
        "players": players,
        "first_dealer": players[0],
        "rules": rules,
        "coups": coups,
    }


def nets(report):
    return dict(zip(PLAYERS, report.net))


def replay_file(data):
    return kinds.replay(kinds.load_file(data))


# ---------------------------------------------------------------- 1709 (3-1, mark 3, double)

POULE_COUPS = [
    # 1: Anne deals and sits out; Bruno, Chloé, Denis play. Fresh: 3 marks each,
    #    all four mark: poule 4 × 3 × 3 = 36, stake 9. Bruno wins: each of the three
    #    others pays them 9 (Anne too: she marked). Anne −9, Bruno +27, Chloé −9, Denis −9.
    {"hombre": "Bruno", "contract": "demande", "tricks": {"Bruno": 5, "Chloé": 2, "Denis": 2}},
    # 2: Bruno sits out. Fresh again: poule 36. Chloé 4-4-1: remise, bête of Chloé 36
    #    (token n°1 of 3-1 with four: 36, then +12). Nothing moves.
    {"hombre": "Chloé", "contract": "demande", "tricks": {"Chloé": 4, "Denis": 4, "Anne": 1}},
    # 3: Chloé sits out; her bête 36 goes into play. +1 mark: 4 marks, poule 4 × 4 × 3 = 48,
    #    stake 12; enjeu 84. Denis wins sans prendre with 3 matadors:
    #    poule 12 from Anne, Bruno and Chloé; Chloé's bête 36 to Denis;
    #    matadors 3 × 2 = 6 and sans prendre 12 from each tiers (Anne, Bruno) — not Chloé.
    #    Denis +36 +36 +12 +24 = +108; Anne −30, Bruno −30, Chloé −48.
    #    Nets: Anne −39, Bruno −3, Chloé −57, Denis +99.
    {
        "hombre": "Denis",
        "contract": "sans_prendre",
        "matadors": 3,
        "tricks": {"Denis": 6, "Anne": 2, "Bruno": 1},
    },
    # 4: Denis sits out. Fresh: poule 36, stake 9, enjeu 36. Anne fails her vole annoncée:
    #    the tiers (Bruno with primauté, Chloé) share the stakes of Anne AND of Denis:
    #    9 = 5 + 4 each; Anne pays sans prendre 12 to each tiers; Anne makes a bête of 36.
    #    Anne −5 −4 −12 −12 = −33; Bruno +5 +5 +12 = +22; Chloé +4 +4 +12 = +20; Denis −9.
    #    Nets: Anne −72, Bruno +19, Chloé −37, Denis +90.
    {"hombre": "Anne", "contract": "vole", "tricks": {"Anne": 8, "Bruno": 1, "Chloé": 0}},
]


def test_poule_four_seats_by_hand():
    report = replay_file(game_file({"poule_system": "3-1"}, POULE_COUPS))
    steps = [dict(zip(PLAYERS, r.net)) for r in report.coups]
    assert steps == [
        {"Anne": -9, "Bruno": 27, "Chloé": -9, "Denis": -9},
        {"Anne": -9, "Bruno": 27, "Chloé": -9, "Denis": -9},
        {"Anne": -39, "Bruno": -3, "Chloé": -57, "Denis": 99},
        {"Anne": -72, "Bruno": 19, "Chloé": -37, "Denis": 90},
    ]
    first, second, third, fourth = report.coups
    assert first.deal.poule == 36 and first.deal.out == 0
    assert second.bete_made.amount == 36 and second.bete_made.token == 1
    assert (third.deal.poule, third.deal.enjeu, third.deal.out) == (48, 84, 2)
    assert [(t.payer, t.payee, t.amount, str(t.reason)) for t in fourth.transfers] == [
        (0, 1, 5, "poule"),
        (0, 2, 4, "poule"),
        (3, 1, 5, "poule"),
        (3, 2, 4, "poule"),
        (0, 1, 12, "sans_prendre"),
        (0, 2, 12, "sans_prendre"),
    ]
    assert report.next.dealer == 0 and report.next.out == 0 and report.next.premier == 1


def test_poule_four_seats_share_at_the_end_gives_a_quarter_to_each():
    # 1 (Anne out): Bruno remise 4-4-1: bête of Bruno 36. 2 (Bruno out): +1 mark,
    # poule 48, enjeu 84; Chloé wins: 12 from each of Anne, Bruno, Denis and Bruno's
    # bête 36: Chloé +72. One poule: the game ends (share); no bête left.
    # 3-seat sharing is checked elsewhere; here a bête still pending at the end:
    coups = [
        {"hombre": "Bruno", "contract": "demande", "tricks": {"Bruno": 4, "Chloé": 4, "Denis": 1}},
        {"hombre": "Chloé", "contract": "demande", "tricks": {"Chloé": 4, "Denis": 4, "Anne": 1}},
        # 3 (Chloé out): +1 mark → 5, poule 60; Bruno's bête 36 in play, Chloé's 84 pending.
        # Denis wins: 15 from Anne, Bruno, Chloé; Bruno's bête 36 to Denis. One poule: end;
        # Chloé's bête 84 is shared: 84 // 4 = 21 to each of the three others.
        {"hombre": "Denis", "contract": "demande", "tricks": {"Denis": 5, "Anne": 2, "Bruno": 2}},
    ]
    report = replay_file(game_file({"poules_to_play": 1, "end": "share"}, coups))
    assert report.finished
    last = report.coups[-1]
    shares = [(t.payer, t.payee, t.amount) for t in last.transfers if t.reason == "final_share"]
    assert shares == [(2, 0, 21), (2, 1, 21), (2, 3, 21)]
    # Anne −15 +21 = +6; Bruno −15 −36 +21 = −30; Chloé −15 −63 = −78; Denis 45 + 36 + 21 = 102
    assert nets(report) == {"Anne": 6, "Bruno": -30, "Chloé": -78, "Denis": 102}


# ---------------------------------------------------------------- jetons (3 / 2 / 1-6-12 / 10)

JETONS_COUPS = [
    # 1 (Anne out): empty poule, all four stake 3 (12); Bruno, Chloé, Denis pass: +2 each.
    #    Shares Anne 3, Bruno 5, Chloé 5, Denis 5 (18). Nothing moves.
    {"pass": True},
    # 2 (Bruno out): Chloé plays simple, Denis and Anne pass (+2): shares 5, 5, 5, 7 (22).
    #    Chloé 5-2-2 wins: Anne 5, Bruno 5, Denis 7 pay her their shares (+17);
    #    prime 1 from Denis and Anne. Denis shows a charivari: 10 from each of the two
    #    others who play (Anne, Chloé), not from Bruno.
    #    Anne −5 −1 −10 = −16; Bruno −5; Chloé +17 +2 −10 = +9; Denis −7 −1 +20 = +12.
    {
        "hombre": "Chloé",
        "contract": "simple",
        "tricks": {"Chloé": 5, "Denis": 2, "Anne": 2},
        "bonuses": [{"player": "Denis", "hand": "charivari"}],
    },
    # 3 (Chloé out): empty poule: all four stake 3 (12); Anne, Bruno pass: 5, 5, 3, 3 (16).
    #    Denis fails sans prendre (4 tricks): they double the poule (+16: their share 19,
    #    poule 32) and pays 6 to Anne and Bruno.
    #    Nets: Anne −10, Bruno +1, Chloé +9, Denis 0.
    {"hombre": "Denis", "contract": "sans_prendre", "tricks": {"Denis": 4, "Anne": 3, "Bruno": 2}},
    # 4 (Denis out): no stake; Bruno, Chloé pass: shares Anne 5, Bruno 7, Chloé 5, Denis 19.
    #    Anne makes the vole: Bruno 7, Chloé 5, Denis 19 pay their shares; prime 12 from
    #    Bruno and Chloé. Anne +55. Nets: Anne +45, Bruno −18, Chloé −8, Denis −19.
    {"hombre": "Anne", "contract": "vole", "tricks": {"Anne": 9, "Bruno": 0, "Chloé": 0}},
]


def test_jetons_four_seats_by_hand():
    report = replay_file(game_file({"accounting": "jetons"}, JETONS_COUPS))
    steps = [dict(zip(PLAYERS, r.net)) for r in report.coups]
    assert steps == [
        {"Anne": 0, "Bruno": 0, "Chloé": 0, "Denis": 0},
        {"Anne": -16, "Bruno": -5, "Chloé": 9, "Denis": 12},
        {"Anne": -10, "Bruno": 1, "Chloé": 9, "Denis": 0},
        {"Anne": 45, "Bruno": -18, "Chloé": -8, "Denis": -19},
    ]
    assert [r.deal.pot for r in report.coups] == [12, 18, 12, 32]  # before the pass fees
    assert [r.pot for r in report.coups] == [18, 0, 32, 0]
    assert report.coups[0].deal.added == (3, 3, 3, 3)


# ---------------------------------------------------------------- danois (texte rates, ante 5)

DANISH_COUPS = [
    # 1 (Anne out) Anne antes 5. Bruno wins a jeu simple: Anne's 5 in the cagnotte
    #    is paid to Bruno, 1 from each defender (Chloé, Denis). Anne −5, Bruno +7, −1, −1.
    {"hombre": "Bruno", "contract": "jeu_simple", "tricks": {"Bruno": 5, "Chloé": 2, "Denis": 2}},
    # 2 (Bruno out) Bruno antes 5. Chloé's solo 4-4-1 is a bête: 2 to each defender
    #    (Denis, Anne). Anne −3, Bruno +7, Chloé −5, Denis +1.
    {"hombre": "Chloé", "contract": "solo", "tricks": {"Chloé": 4, "Denis": 4, "Anne": 1}},
    # 3 (Chloé out) Chloé antes 5: cagnotte Bruno 5 + Chloé 5. Denis loses a nolo ouvert
    #    with 3 tricks: codille to Anne (4 tricks): she takes the cagnotte (5 from Bruno,
    #    5 from Chloé), Denis pays her 3 for each defender (6), she hands them the jeton
    #    bonus. Anne +15, Bruno −5, Chloé −5, Denis −5.
    #    Nets: Anne +12, Bruno +2, Chloé −10, Denis −4.
    {"hombre": "Denis", "contract": "nolo_ouvert", "tricks": {"Denis": 3, "Anne": 4, "Bruno": 2}},
    # 4 (Denis out) Denis antes 5; all pass. Nothing moves.
    {"pass": True},
]


def test_danish_four_seats_by_hand():
    report = replay_file(game_file({"accounting": "danois"}, DANISH_COUPS))
    steps = [dict(zip(PLAYERS, r.net)) for r in report.coups]
    assert steps == [
        {"Anne": -5, "Bruno": 7, "Chloé": -1, "Denis": -1},
        {"Anne": -3, "Bruno": 7, "Chloé": -5, "Denis": 1},
        {"Anne": 12, "Bruno": 2, "Chloé": -10, "Denis": -4},
        {"Anne": 12, "Bruno": 2, "Chloé": -10, "Denis": -4},
    ]
    assert [r.deal.added for r in report.coups] == [
        (5, 0, 0, 0),
        (0, 5, 0, 0),
        (0, 0, 5, 0),
        (0, 0, 0, 5),
    ]
    assert report.shares == (0, 0, 0, 5)


# ---------------------------------------------------------------- the file and its refusals


@pytest.mark.parametrize(
    ("rules", "coups"),
    [
        ({"poule_system": "3-1"}, POULE_COUPS),
        ({"accounting": "jetons"}, JETONS_COUPS),
        ({"accounting": "danois"}, DANISH_COUPS),
    ],
)
def test_a_four_seat_file_is_written_back_as_read(rules, coups):
    data = game_file(rules, coups)
    game = kinds.load_file(data)
    dumped = kinds.dump_file(game)
    assert dumped["players"] == PLAYERS
    assert [c.get("tricks") for c in dumped["coups"]] == [c.get("tricks") for c in coups]
    report = kinds.dump_report(kinds.replay(game))
    assert [c["sits_out"] for c in report["coups"]] == ["Anne", "Bruno", "Chloé", "Denis"]
    assert report["next"]["sits_out"] == "Anne"
    json.dumps(report)
    kind = kinds.kind_of(game)
    text = kind.text(kinds.replay(game))
    assert "Anne deals and sits out" in text


def test_a_three_seat_report_has_no_sits_out():
    data = game_file({}, [{"pass": True}], PLAYERS[:3])
    report = kinds.dump_report(replay_file(data))
    assert "sits_out" not in report["coups"][0] and "sits_out" not in report["next"]


@pytest.mark.parametrize("rules", [{}, {"accounting": "jetons"}, {"accounting": "danois"}])
@pytest.mark.parametrize(
    ("coup", "message"),
    [
        (
            {"hombre": "Anne", "contract": "X", "tricks": {"Bruno": 5, "Chloé": 2, "Denis": 2}},
            "coup 1: Anne deals and sits out this coup, so cannot be the hombre",
        ),
        (
            {"hombre": "Bruno", "contract": "X", "tricks": {"Anne": 0, "Bruno": 7, "Chloé": 2}},
            "coup 1: Anne deals and sits out this coup: tricks name the three others",
        ),
        (
            {
                "hombre": "Bruno",
                "contract": "X",
                "tricks": {"Anne": 0, "Bruno": 7, "Chloé": 2, "Denis": 0},
            },
            "coup 1: Anne deals and sits out this coup: tricks name the three others",
        ),
        (
            {"hombre": "Bruno", "contract": "X", "tricks": {"Bruno": 7, "Chloé": 2}},
            "coup 1: tricks of Anne are missing",
        ),
    ],
)
def test_a_coup_that_makes_the_dealer_play_is_refused_in_one_line(rules, coup, message):
    contract = {None: "demande", "jetons": "simple", "danois": "jeu_simple"}
    coup = {**coup, "contract": contract[rules.get("accounting")]}
    with pytest.raises(GameError) as refused:
        replay_file(game_file(rules, [coup]))
    assert str(refused.value) == message


def test_a_bonus_hand_of_the_one_who_sits_out_is_refused():
    coup = {
        "hombre": "Bruno",
        "contract": "simple",
        "tricks": {"Bruno": 5, "Chloé": 2, "Denis": 2},
        "bonuses": [{"player": "Anne", "hand": "discorde"}],
    }
    with pytest.raises(GameError) as refused:
        replay_file(game_file({"accounting": "jetons"}, [coup]))
    assert str(refused.value) == (
        "coup 1: Anne deals and sits out this coup, so shows no bonus hand"
    )


def test_five_players_are_refused():
    with pytest.raises(GameError) as refused:
        kinds.load_file(game_file({}, [], [*PLAYERS, "Émile"]))
    assert "three or four" in str(refused.value)


# ---------------------------------------------------------------- properties, four seats


@st.composite
def four_seat_games(draw):
    system = draw(st.sampled_from(("poule", "jetons", "danois")))
    first = draw(st.integers(0, 3))
    count = draw(st.integers(0, 24))
    if system == "poule":
        rules = RuleSet(
            poule_system=draw(st.sampled_from(("3-2", "3-1", "2-1", "4-2"))),
            mark_value=draw(st.integers(1, 4)),
            poules_to_play=draw(st.integers(1, 6)),
            coups_to_play=draw(st.sampled_from((0, 0, 2, 5, 12))),
            end=draw(st.sampled_from(("share", "continue"))),
            cave=draw(st.integers(10, 300)),
        )
        contracts = [Contract.DEMANDE, Contract.SANS_PRENDRE, Contract.VOLE, Contract.RETOURNE]
    elif system == "jetons":
        rules = jetons.JetonsRules(coups_to_play=draw(st.integers(0, 30)))
        contracts = list(jetons.JetonsContract)
    else:
        rules = danois.DanishRules(rates=draw(st.sampled_from(("texte", "dlu"))))
        contracts = [
            c for c in danois.DanishContract if c is not danois.DanishContract.GRAND_TOURNE
        ]
    coups = []
    for n in range(1, count + 1):
        dealer = (first + n - 1) % 4
        if draw(st.integers(0, 5)) == 0:
            coups.append(
                {"poule": Coup(), "jetons": jetons.JetonsCoup(), "danois": danois.DanishCoup()}[
                    system
                ]
            )
            continue
        playing = playing_order(dealer, 4)
        hombre = draw(st.sampled_from(playing))
        a = draw(st.integers(0, 9))
        b = draw(st.integers(0, 9 - a))
        tricks = [0, 0, 0, 0]
        for seat, t in zip(playing, (a, b, 9 - a - b)):
            tricks[seat] = t
        contract = draw(st.sampled_from(contracts))
        if system == "poule":
            engaged = contract is not Contract.VOLE and tricks[hombre] >= 5 and draw(st.booleans())
            matadors = draw(st.sampled_from(MATADOR_COUNTS))
            coups.append(Coup(hombre, contract, tuple(tricks), matadors, engaged, out=dealer))
        elif system == "jetons":
            bonuses = ()
            if draw(st.booleans()):
                bonuses = ((draw(st.sampled_from(playing)), "yeux_de_grand_mere"),)
            coups.append(jetons.JetonsCoup(hombre, contract, tuple(tricks), bonuses, out=dealer))
        else:
            first_five = not contract.nolo and tricks[hombre] >= 5 and draw(st.booleans())
            coups.append(danois.DanishCoup(hombre, contract, tuple(tricks), first_five, out=dealer))
    game_type = {"poule": Game, "jetons": jetons.JetonsGame, "danois": danois.DanishGame}[system]
    game = game_type(tuple(PLAYERS), rules, first, tuple(coups))
    try:
        kinds.replay(game)
    except GameError as error:  # only "the game has ended": keep the coups before
        assert error.field == "coup"
        game = game.with_coups(coups[: error.coup - 1])
    return game


FOUR = settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow], deadline=None)


@FOUR
@given(four_seat_games())
def test_four_seat_nets_sum_to_zero_and_are_the_transfers(game):
    net = [0, 0, 0, 0]
    for result in kinds.replay(game).coups:
        out = result.deal.out
        for t in result.transfers:
            assert t.amount > 0 and t.payer != t.payee and isinstance(t.amount, int)
            assert t.payee != out or t.reason == "final_share"  # they never win a deal they sit out
            net[t.payer] -= t.amount
            net[t.payee] += t.amount
        assert tuple(net) == result.net and sum(result.net) == 0


@FOUR
@given(four_seat_games(), st.data())
def test_four_seat_prefix_replays_to_the_prefix_of_the_report(game, data):
    k = data.draw(st.integers(0, len(game.coups)))
    full = kinds.replay(game)
    assert kinds.replay(game.with_coups(game.coups[:k])).coups == full.coups[:k]


@FOUR
@given(four_seat_games())
def test_four_seat_files_round_trip(game):
    data = json.loads(json.dumps(kinds.dump_file(game)))
    assert kinds.load_file(data) == game
    report = kinds.dump_report(kinds.replay(game))
    assert kinds.dump_report(kinds.replay(kinds.load_file(data))) == report
    kind = kinds.kind_of(game)
    for coup in game.coups:
        assert kind.load_coup(kind.dump_coup(coup, game.players), game) == coup
    assert kind.text(kinds.replay(game))


@FOUR
@given(four_seat_games(), st.data())
def test_a_four_seat_replay_continued_from_a_prefix_is_the_whole_replay(game, data):
    # the app appends a coup by continuing the kept replay (GameKind.extend): with four
    # at the table the fold must carry who sits out, the pot's shares and the bêtes alike
    kind = kinds.kind_of(game)
    cut = data.draw(st.integers(0, len(game.coups)), label="cut")
    prefix = kind.replay(game.with_coups(game.coups[:cut]))
    assert kind.extend(prefix, game) == kind.replay(game)
