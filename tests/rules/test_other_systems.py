"""The jetons and Danish money systems (docs/rules/jetons.md, docs/rules/danois.md).

Hand-computed games for every rule, the refusals, and zero-sum properties.
Seats A, B, C; A deals first, so in coup 1 B is premier and C second.
"""

from __future__ import annotations

import json

import pytest
from budget import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from test_cli import run_here

from scorekeeper.rules import kinds
from scorekeeper.rules.errors import GameError
from scorekeeper.rules.hombre.danois import DanishContract, DanishCoup, DanishGame, DanishRules
from scorekeeper.rules.hombre.danois import replay as replay_danish
from scorekeeper.rules.hombre.jetons import (
    BONUS_HANDS,
    JetonsContract,
    JetonsCoup,
    JetonsGame,
    JetonsRules,
)
from scorekeeper.rules.hombre.jetons import replay as replay_jetons


def file(accounting, *coups, **rules):
    return {
        "format": "scorekeeper-game/1",
        "game": "hombre",
        "players": ["A", "B", "C"],
        "rules": {"accounting": accounting, **rules},
        "coups": list(coups),
    }


def played(hombre, contract, a, b, c, **extra):
    return {"hombre": hombre, "contract": contract, "tricks": {"A": a, "B": b, "C": c}, **extra}


def report(data):
    return kinds.dump_report(kinds.replay(kinds.load_file(data)))


def moves(coup):
    return sorted((t["from"], t["to"], t["amount"], t["reason"]) for t in coup["transfers"])


# ---- jetons ----------------------------------------------------------------------------


def test_jetons_stakes_pass_fees_and_a_won_simple():
    r = report(file("jetons", {"pass": True}, played("B", "simple", 2, 5, 2)))
    first, second = r["coups"]
    assert first["added"] == {"A": 3, "B": 3, "C": 3} and first["poule"] == 9
    assert first["poule_after"] == 15  # three passes at 2
    assert second["added"] == {"A": 0, "B": 0, "C": 0}  # the poule is not empty: no new stake
    # A and C passed (2 each): A has 7 in, C 7, B 5; B takes it and 1 from each
    assert moves(second) == sorted(
        [
            ("A", "B", 7, "poule"),
            ("C", "B", 7, "poule"),
            ("A", "B", 1, "prime"),
            ("C", "B", 1, "prime"),
        ]
    )
    assert r["net"] == {"A": -8, "B": 16, "C": -8}
    assert r["poule"]["chips"] == 0 and r["next"]["added"] == {"A": 3, "B": 3, "C": 3}


@pytest.mark.parametrize(
    ("contract", "tricks", "won", "rate"),
    [
        ("simple", (3, 4, 2), True, 1),
        ("simple", (4, 4, 1), False, 1),  # equal to an opponent: not more than each
        ("sans_prendre", (2, 5, 2), True, 6),
        ("sans_prendre", (1, 4, 4), False, 6),  # fewer than five
        ("vole", (0, 9, 0), True, 12),
        ("vole", (1, 8, 0), False, 12),
    ],
)
def test_jetons_each_contract(contract, tricks, won, rate):
    r = report(file("jetons", played("B", contract, *tricks)))
    c = r["coups"][0]
    assert c["outcome"] == ("gagne" if won else "perd")
    if won:
        # stakes 3 each + A and C passed 2 each: A 5, C 5 in the poule
        assert r["net"] == {"A": -5 - rate, "B": 10 + 2 * rate, "C": -5 - rate}
    else:
        # the poule (3 + 5 + 5 = 13) is doubled by B, who pays each opponent the rate
        assert c["poule_after"] == 26
        assert r["poule"]["shares"] == {"A": 5, "B": 16, "C": 5}
        assert r["net"] == {"A": rate, "B": -2 * rate, "C": rate}


def test_jetons_doubled_poule_is_won_next_coup():
    r = report(file("jetons", played("B", "simple", 4, 4, 1), played("C", "simple", 2, 2, 5)))
    # after coup 1: A 5, B 16, C 5 (26). Coup 2: no stake, A and B pass (+2): A 7, B 18, C 5
    second = r["coups"][1]
    assert second["poule"] == 26
    assert ("A", "C", 7, "poule") in moves(second) and ("B", "C", 18, "poule") in moves(second)
    assert sum(r["net"].values()) == 0


def test_jetons_bonus_hands_are_paid_by_each_other_player():
    r = report(
        file(
            "jetons",
            played(
                "B",
                "simple",
                2,
                5,
                2,
                bonuses=[
                    {"player": "A", "hand": "discorde"},
                    {"player": "B", "hand": "triomphante"},
                ],
            ),
            bonus=10,
        )
    )
    m = moves(r["coups"][0])
    assert ("B", "A", 10, "discorde") in m and ("C", "A", 10, "discorde") in m
    assert ("A", "B", 10, "triomphante") in m and ("C", "B", 10, "triomphante") in m
    assert sum(r["net"].values()) == 0


@pytest.mark.parametrize(
    ("coup", "message"),
    [
        (
            played("B", "simple", 2, 5, 2, bonuses=[{"player": "A", "hand": "triomphante"}]),
            "only the hombre",
        ),
        (
            played("B", "simple", 2, 5, 2, bonuses=[{"player": "A", "hand": "belote"}]),
            "unknown bonus hand",
        ),
        ({"pass": True, "bonuses": [{"player": "A", "hand": "charivari"}]}, "not when all passed"),
        (played("B", "demande", 2, 5, 2), "contract 'demande' is not one of simple"),
        (played("B", "simple", 2, 5, 3), "tricks sum to 10"),
    ],
)
def test_jetons_refusals(coup, message):
    with pytest.raises(GameError) as refused:
        kinds.replay(kinds.load_file(file("jetons", coup)))
    assert message in str(refused.value) and refused.value.coup == 1


def test_jetons_game_ends_after_its_coups_and_the_poule_goes_home():
    r = report(file("jetons", {"pass": True}, coups_to_play=1))
    assert r["finished"] is True and r["net"] == {"A": 0, "B": 0, "C": 0}
    with pytest.raises(GameError, match="the game ended with coup 1"):
        report(file("jetons", {"pass": True}, {"pass": True}, coups_to_play=1))


# ---- danois ---------------------------------------------------------------------------


def test_danish_won_takes_the_cagnotte_and_the_rate():
    r = report(file("danois", played("B", "solo", 2, 5, 2)))
    assert r["coups"][0]["added"] == {"A": 5, "B": 0, "C": 0}  # the dealer antes 5
    assert moves(r["coups"][0]) == sorted(
        [("A", "B", 5, "cagnotte"), ("A", "B", 2, "solo"), ("C", "B", 2, "solo")]
    )
    assert r["net"] == {"A": -7, "B": 9, "C": -2}


def test_danish_bete_pays_each_defender_and_the_cagnotte_stays():
    r = report(file("danois", played("B", "jeu_simple", 4, 4, 1)))
    assert moves(r["coups"][0]) == sorted(
        [("B", "A", 1, "jeu_simple"), ("B", "C", 1, "jeu_simple")]
    )
    assert r["poule"]["chips"] == 5 and r["next"]["poule"] == 10


def test_danish_puesta_is_void():
    r = report(file("danois", played("B", "solo_pique", 3, 3, 3)))
    assert r["coups"][0]["outcome"] == "puesta" and r["coups"][0]["transfers"] == []


def test_danish_codille_pays_the_best_defender_who_takes_the_cagnotte():
    r = report(file("danois", played("B", "nolo_pur", 2, 2, 5)))  # nolo: 2 tricks = codille
    c = r["coups"][0]
    assert (c["outcome"], c["codille"]) == ("codille", "C")
    # texte table: nolo pur codille 3 for each defender, both to C; C takes A's ante
    assert moves(c) == sorted([("B", "C", 6, "nolo_pur"), ("A", "C", 5, "cagnotte")])


def test_danish_nolo_ouvert_lost_by_codille_gets_the_jeton_bonus_back():
    # the source: the declarer of a failed nolo ouvert "peut recevoir un jeton bonus au cas
    # où il aurait réalisé au moins une levée". B plays nolo ouvert and takes 2 tricks:
    # codille to C (5 tricks); B pays C 2 x 3 = 6, C takes A's ante 5, and C, who receives
    # the codille, hands B one chip back. A -5, B -6 + 1 = -5, C +5 + 6 - 1 = +10.
    r = report(file("danois", played("B", "nolo_ouvert", 2, 2, 5)))
    assert r["rules"]["nolo_ouvert_bonus"] is True  # the source's rates: on by default
    assert moves(r["coups"][0]) == sorted(
        [("B", "C", 6, "nolo_ouvert"), ("A", "C", 5, "cagnotte"), ("C", "B", 1, "jeton_bonus")]
    )
    assert r["net"] == {"A": -5, "B": -5, "C": 10}
    # switched off: the codille as before (B -6, C +11)
    off = report(file("danois", played("B", "nolo_ouvert", 2, 2, 5), nolo_ouvert_bonus=False))
    assert off["net"] == {"A": -5, "B": -6, "C": 11}
    # a bête (one trick) is no codille: the hombre pays 5 to each, no chip comes back
    bete = report(file("danois", played("B", "nolo_ouvert", 4, 1, 4)))
    assert bete["net"] == {"A": 5, "B": -10, "C": 5}


def test_danish_nolo_ouvert_bonus_follows_the_rates_unless_given():
    # the Union's schedule has no such chip: off with dlu, unless the file says so.
    # dlu nolo ouvert kruk 7 a defender: B pays C 14; C takes A's 5.
    dlu = report(file("danois", played("B", "nolo_ouvert", 2, 2, 5), rates="dlu"))
    assert dlu["rules"]["nolo_ouvert_bonus"] is False and dlu["net"]["B"] == -14
    on = report(
        file("danois", played("B", "nolo_ouvert", 2, 2, 5), rates="dlu", nolo_ouvert_bonus=True)
    )
    assert on["net"]["B"] == -13
    game = kinds.load_file(file("danois", rates="dlu"))
    assert kinds.load_file(kinds.dump_file(game)) == game
    assert kinds.dump_file(game)["rules"]["nolo_ouvert_bonus"] is False
    with pytest.raises(GameError, match=r"rules\.nolo_ouvert_bonus must be true or false"):
        kinds.load_file(file("danois", nolo_ouvert_bonus="yes"))


@pytest.mark.parametrize(
    ("tricks", "outcome"), [((4, 0, 5), "gagne"), ((4, 1, 4), "bete"), ((3, 2, 4), "codille")]
)
def test_danish_nolo_counts(tricks, outcome):
    assert (
        report(file("danois", played("B", "nolo_pur", *tricks)))["coups"][0]["outcome"] == outcome
    )


def test_danish_first_five_tricks_win_outright_for_one_chip_each():
    r = report(file("danois", played("B", "solo", 1, 5, 3, first_five=True)))
    assert moves(r["coups"][0]) == sorted(
        [("A", "B", 5, "cagnotte"), ("A", "B", 1, "solo"), ("C", "B", 1, "solo")]
    )


@pytest.mark.parametrize(
    ("contract", "dlu"),
    [
        ("jeu_simple", (1, 1, 2)),
        ("tourne", (2, 2, 3)),
        ("solo", (3, 3, 4)),
        ("solo_pique", (4, 4, 5)),
        ("nolo_pur", (4, 4, 5)),
        ("nolo_ouvert", (6, 6, 7)),
    ],
)
def test_danish_union_rates(contract, dlu):
    won, lost, kruk = dlu
    nolo = contract.startswith("nolo")
    win = (4, 0, 5) if nolo else (2, 5, 2)
    lose = (4, 1, 4) if nolo else (4, 4, 1)
    crush = (3, 2, 4) if nolo else (2, 3, 4)
    assert report(file("danois", played("B", contract, *win), rates="dlu"))["net"]["C"] == -won
    assert report(file("danois", played("B", contract, *lose), rates="dlu"))["net"]["C"] == lost
    r = report(file("danois", played("B", contract, *crush), rates="dlu"))
    assert ("B", "C", 2 * kruk, contract) in moves(r["coups"][0])


@pytest.mark.parametrize(
    ("coup", "message"),
    [
        (played("B", "grand_tourne", 2, 5, 2), "needs both black aces"),
        (played("B", "nolo_simple", 4, 0, 5, first_five=True), "not nolos"),
        (played("B", "solo", 3, 4, 2, first_five=True), "needs five tricks"),
        (played("B", "demande", 2, 5, 2), "contract 'demande' is not one of jeu_simple"),
    ],
)
def test_danish_refusals(coup, message):
    with pytest.raises(GameError) as refused:
        kinds.replay(kinds.load_file(file("danois", coup)))
    assert message in str(refused.value)


def test_unknown_settings_and_accounting_are_refused():
    with pytest.raises(GameError, match=r"rules\.poules_to_play: unknown rule"):
        kinds.load_file(file("danois", poules_to_play=20))
    unknown = r"rules\.accounting must be one of poule, jetons, danois, got 'bridge'"
    with pytest.raises(GameError, match=unknown):
        kinds.load_file(file("bridge"))
    with pytest.raises(GameError, match=r"rules\.rates must be texte or dlu"):
        kinds.load_file(file("danois", rates="x"))


@pytest.mark.parametrize("accounting", ["jetons", "danois"])
def test_round_trip_and_the_command(tmp_path, accounting, capsys):
    data = file(
        accounting,
        played("B", "simple" if accounting == "jetons" else "solo", 2, 5, 2),
        {"pass": True, "note": "n"},
    )
    game = kinds.load_file(data)
    assert kinds.load_file(kinds.dump_file(game)) == game
    path = tmp_path / "g.json"
    path.write_text(json.dumps(data))
    done = run_here(capsys, "replay", str(path), "--json")
    assert done.returncode == 0 and json.loads(done.stdout)["accounting"] == accounting
    done = run_here(capsys, "settle", str(path))
    assert "Who pays whom" in done.stdout


# ---- zero sum --------------------------------------------------------------------------


@st.composite
def tricks(draw):
    a = draw(st.integers(0, 9))
    b = draw(st.integers(0, 9 - a))
    return (a, b, 9 - a - b)


@settings(max_examples=examples(60, 200), deadline=None)
@given(
    st.lists(
        st.one_of(
            st.none(),
            st.tuples(
                st.integers(0, 2),
                st.sampled_from(list(JetonsContract)),
                tricks(),
                st.lists(
                    st.tuples(st.integers(0, 2), st.sampled_from(BONUS_HANDS[:-1])),
                    unique=True,
                    max_size=3,
                ),
            ),
        ),
        max_size=30,
    )
)
def test_jetons_nets_sum_to_zero(coups):
    from scorekeeper.rules.hombre.bonus_hands import possible

    def dealt(bonuses):  # keep the hands one pack can deal together
        kept = []
        for b in bonuses:
            if possible(tuple(sorted([*kept, b]))):
                kept.append(b)
        return tuple(kept)

    game = JetonsGame(
        ("A", "B", "C"),
        JetonsRules(),
        0,
        tuple(
            JetonsCoup() if c is None else JetonsCoup(c[0], c[1], c[2], dealt(c[3])) for c in coups
        ),
    )
    for r in replay_jetons(game).coups:
        assert sum(r.net) == 0 and all(t.amount > 0 for t in r.transfers)


@settings(max_examples=examples(60, 200), deadline=None)
@given(
    st.lists(
        st.one_of(
            st.none(),
            st.tuples(
                st.integers(0, 2),
                st.sampled_from(list(DanishContract)),
                tricks(),
                st.booleans(),
            ),
        ),
        max_size=30,
    ),
    st.sampled_from(["texte", "dlu"]),
)
def test_danish_nets_sum_to_zero(coups, rates):
    built = []
    for c in coups:
        if c is None:
            built.append(DanishCoup())
            continue
        hombre, contract, t, five = c
        five = five and not contract.nolo and t[hombre] >= 5
        built.append(DanishCoup(hombre, contract, t, five, black_aces=True))
    report = replay_danish(DanishGame(("A", "B", "C"), DanishRules(rates=rates), 0, tuple(built)))
    for r in report.coups:
        assert sum(r.net) == 0
        for seat in range(3):
            assert r.caves[seat] * 100 + r.net[seat] >= 0


def test_danish_defenders_tied_above_the_hombre_is_a_codille_to_primaute():
    # jeu simple, B (premier) the hombre with 1 trick, A and C 4 each. Seed 004: bête is
    # "le même nombre de levées qu'un autre joueur" (B has not), codille "moins de levées
    # qu'un de ses adversaires" (B has): a codille. Defenders in order: C (second), A
    # (dealer): C has primauté and takes it: B pays C 2 x 1 (texte codille rate 1 for each
    # defender), C takes A's ante 5. A -5, B -2, C +7.
    r = report(file("danois", played("B", "jeu_simple", 4, 1, 4)))
    c = r["coups"][0]
    assert (c["outcome"], c["codille"], c["taker"]) == ("codille", "C", "C")
    assert moves(c) == sorted([("B", "C", 2, "jeu_simple"), ("A", "C", 5, "cagnotte")])
    assert r["net"] == {"A": -5, "B": -2, "C": 7}
    # the hombre tying one defender is still a bête (4-4-1): B pays 1 to each
    assert report(file("danois", played("B", "jeu_simple", 4, 4, 1)))["coups"][0]["outcome"] == (
        "bete"
    )


def test_danish_nolo_codille_between_tied_defenders_goes_to_primaute():
    # coup 1: B is premier (the hombre), C second, A dealer: C has primauté over A
    r = report(file("danois", played("B", "nolo_simple", 3, 3, 3)))
    c = r["coups"][0]
    assert (c["outcome"], c["codille"]) == ("codille", "C")
    assert ("B", "C", 4, "nolo_simple") in moves(c)  # texte codille 2 for each defender


# ---- caves: the cost of a coup does not grow with the amounts -------------------------


def test_recave_is_arithmetic_not_one_cave_at_a_time():
    import signal

    from scorekeeper.rules.ledger import recave

    def too_slow(*_):
        raise TimeoutError("recave counts one cave at a time")

    # a net of -10**12 chips with caves of 1 chip: 10**12 caves. One at a time that is hours;
    # arithmetic, ceil(10**12 / 1) at once. -250 with caves of 100: 3 caves (300 - 250 = 50).
    previous = signal.signal(signal.SIGALRM, too_slow)
    signal.alarm(2)
    try:
        caves = [1, 1, 1]
        recave(caves, [-(10**12), -250, 40], 1)
        assert caves == [10**12, 250, 1]
        caves = [1, 1, 5]
        recave(caves, [-100, -250, -250], 100)
        assert caves == [1, 3, 5]  # exactly 0 needs no new cave; a cave is never given back
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


# ---- the end of a pot game: the pot goes home, the report says 0 -----------------------


def test_a_finished_jetons_game_reports_an_empty_poule():
    # coup 1 (A deals): stakes 3 each (9); A and C pass (+2 each): A 5, B 3, C 5 = 13;
    # B fails their simple 4-4-1 and doubles the poule (+13): A 5, B 16, C 5 = 26, and pays
    # the prime 1 to A and to C. The game ends: the 26 return to A, B, C; nothing moves.
    r = report(file("jetons", played("B", "simple", 4, 4, 1), coups_to_play=1))
    assert r["finished"] is True
    assert r["net"] == {"A": 1, "B": -2, "C": 1}
    assert r["poule"]["chips"] == 0 and r["poule"]["shares"] == {"A": 0, "B": 0, "C": 0}
    assert r["coups"][0]["poule_after"] == 0


def test_a_finished_danish_game_reports_an_empty_cagnotte(tmp_path, capsys):
    # coup 1: A deals and antes 5; all pass; the game ends: A's 5 return to A
    data = file("danois", {"pass": True}, coups_to_play=1)
    r = report(data)
    assert r["finished"] is True and r["net"] == {"A": 0, "B": 0, "C": 0}
    assert r["poule"]["chips"] == 0 and r["coups"][0]["poule_after"] == 0
    path = tmp_path / "g.json"
    path.write_text(json.dumps(data))
    done = run_here(capsys, "replay", str(path))
    assert "In the pot: 0 (empty)" in done.stdout
    assert "returned to whoever put it in (A 5)." in done.stdout


# ---- bonus hands one pack of 40 can deal together --------------------------------------

# Worked out by hand from each hand's cards (docs/rules/jetons.md §6), with the reason.
# Same player (their nine cards):
SAME_IMPOSSIBLE = {
    ("guinguette", "mirlire"),  # no black ace / both black aces
    ("guinguette", "triomphante"),  # no black ace / leads spadille, so holds it
    ("charivari", "mirlire"),  # four queens hold the queen of trumps; mirlire has none
    ("discorde", "mirlire"),  # the king of trumps
    ("fanatique", "mirlire"),  # the jack of trumps
    ("chicoree", "mirlire"),  # chicorée is king, queen, jack of trumps (+ ponte or 7)
}
# Two players (disjoint nines):
TWO_IMPOSSIBLE = {
    ("charivari", "charivari"),  # 4 + 4 queens out of 4
    ("discorde", "discorde"),
    ("fanatique", "fanatique"),
    ("chicoree", "chicoree"),  # one king, queen, jack of trumps
    ("mirlire", "mirlire"),  # 2 + 2 black aces out of 2
    ("partie_carree", "partie_carree"),  # 3 + 3 kings out of 4
    ("yeux_de_grand_mere", "yeux_de_grand_mere"),  # 2 + 2 red aces out of 2
    ("triomphante", "triomphante"),  # one spadille (and one hombre)
    ("charivari", "chicoree"),  # 4 queens + the queen of trumps
    ("charivari", "partie_carree"),  # 4 queens + a queen
    ("discorde", "chicoree"),  # 4 kings + the king of trumps
    ("discorde", "partie_carree"),  # 4 kings + 3 kings
    ("fanatique", "chicoree"),  # 4 jacks + the jack of trumps
    ("mirlire", "triomphante"),  # both black aces + spadille
}
# Possible, for instance: chicorée and yeux de grand-mère for two players (trumps black:
# the fourth chicorée card is the 7, not the red ace); partie carrée and mirlire for one
# (the three kings and the queen outside trumps); charivari and discorde for one (8 cards).


def test_the_impossible_pairs_are_derived_from_the_hands_cards():
    from scorekeeper.rules.hombre.bonus_hands import impossible_pairs

    order = {hand: i for i, hand in enumerate(BONUS_HANDS)}
    same, two = set(), set()
    for first, second, one_player in impossible_pairs(BONUS_HANDS):
        pair = tuple(sorted((first, second), key=order.get))
        (same if one_player else two).add(pair)
    key = order.get
    assert same == {tuple(sorted(p, key=key)) for p in SAME_IMPOSSIBLE}
    assert two == {tuple(sorted(p, key=key)) for p in TWO_IMPOSSIBLE}


@pytest.mark.parametrize(
    ("bonuses", "message"),
    [
        (
            [("A", "charivari"), ("C", "charivari")],
            "coup 1: charivari and charivari cannot both be dealt: the pack has four queens",
        ),
        (
            [("A", "guinguette"), ("A", "mirlire")],
            "coup 1: guinguette and mirlire cannot be one player's: a guinguette has no black ace",
        ),
        (
            [("A", "discorde"), ("C", "partie_carree")],
            "coup 1: discorde and partie_carree cannot both be dealt: the pack has four kings",
        ),
        (
            [("C", "mirlire"), ("B", "triomphante")],
            "coup 1: mirlire and triomphante cannot both be dealt: the pack has two black aces",
        ),
        (
            [("A", "chicoree"), ("A", "mirlire")],
            "a mirlire has no face card of trumps",
        ),
        (  # each pair fits in nine cards, the three do not: 4 + 4 + 4 = 12
            [("A", "charivari"), ("A", "discorde"), ("A", "fanatique")],
            "coup 1: these bonus hands cannot all be dealt from one pack of 40: "
            "charivari, discorde, fanatique",
        ),
    ],
)
def test_bonus_hands_one_pack_cannot_deal_are_refused(bonuses, message):
    coup = played("B", "simple", 2, 5, 2, bonuses=[{"player": p, "hand": h} for p, h in bonuses])
    with pytest.raises(GameError) as refused:
        kinds.replay(kinds.load_file(file("jetons", coup)))
    assert message in str(refused.value) and refused.value.field == "bonuses"


def test_bonus_hands_one_pack_can_deal_are_accepted():
    # B's chicorée and A's yeux (black trumps); C's charivari and discorde (8 cards);
    # three guinguettes at once (both black aces in the talon)
    for bonuses in (
        [("A", "yeux_de_grand_mere"), ("B", "chicoree"), ("B", "triomphante")],
        [("C", "charivari"), ("C", "discorde"), ("A", "fanatique")],
        [("A", "guinguette"), ("B", "guinguette"), ("C", "guinguette")],
        [("A", "partie_carree"), ("A", "mirlire"), ("C", "yeux_de_grand_mere")],
    ):
        coup = played(
            "B", "simple", 2, 5, 2, bonuses=[{"player": p, "hand": h} for p, h in bonuses]
        )
        r = report(file("jetons", coup))
        # poule from A and C, the prime from A and C, each bonus from the two others
        assert len(r["coups"][0]["transfers"]) == 2 + 2 + 2 * len(bonuses)


def test_the_command_refuses_two_charivari_in_one_line(tmp_path, capsys):
    coup = played(
        "B",
        "simple",
        2,
        5,
        2,
        bonuses=[{"player": "A", "hand": "charivari"}, {"player": "C", "hand": "charivari"}],
    )
    path = tmp_path / "g.json"
    path.write_text(json.dumps(file("jetons", {"pass": True}, {"pass": True}, coup)))
    done = run_here(capsys, "replay", str(path))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == (
        "error: coup 3: charivari and charivari cannot both be dealt: the pack has four queens\n"
    )
