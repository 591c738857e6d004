"""One rule for every chip system when someone takes over a seat (issue 42, point 4).

The newcomer never pays the leaver's losses nor collects their stake: what the
leaver has at stake is settled with the leaver (docs/rules.md, "Someone takes
a seat"). At the 1709 poule that is their open bêtes; at the jetons their part of
the poule, at the Danish contracts their part of the cagnotte: chips in the pot
"stay with their owners until it is won" (docs/rules/jetons.md §3), so when the
pot is won they pay its winner their part, and when the game ends with it unwon
their part returns to them and nothing moves.

Figures by hand from docs/rules/jetons.md (stake 3, pass fee 2, simple 1, a
loser doubles the poule) and docs/rules/danois.md (the dealer antes 5; texte
rates: jeu simple 1 / 1 / 1, solo 2 / 2 / 2).
"""

from collections import defaultdict
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_hombre_four import four_seat_games
from test_hombre_properties import games

from scorekeeper.rules import kinds, seating
from scorekeeper.rules.hombre import danois, jetons
from scorekeeper.rules.hombre.bonus_hands import possible
from scorekeeper.rules.hombre.engine import playing_order
from scorekeeper.rules.hombre.pot import PotOutcome, PotReason
from scorekeeper.rules.seating import TAKES_OVER, SeatChange, person_tally

PLAYERS = ["Anne", "Bruno", "Chloé"]


def played(hombre, contract, *tricks, players=PLAYERS):
    return {"hombre": hombre, "contract": contract, "tricks": dict(zip(players, tricks))}


def by_person(accounting, coups, changes, players=PLAYERS, **rules):
    data = {
        "format": "scorekeeper-game/1",
        "game": "hombre",
        "players": players,
        "first_dealer": players[0],
        "rules": {"accounting": accounting, **rules},
        "coups": coups,
        "seat_changes": changes,
    }
    game, read = kinds.load_seated(data)
    kind = kinds.kind_of(game)
    return person_tally(kind, game, read, kind.replay(game))


DENIS_FOR_ANNE = [{"coup": 2, "seat": "Anne", "player": "Denis", "way": "takes_over"}]
ANNE_FAILS = played("Anne", "simple", 2, 4, 3)
"""Coup 1: stakes 3 × 3 = 9; Bruno and Chloé pass, 2 each: 13; Anne (2 tricks to Bruno's
4) fails: she pays each a prime of 1 and doubles the poule: + 13, so her part is 3 + 13 =
16, Bruno's and Chloé's 5 each (26). Nets after coup 1: Anne −2, Bruno +1, Chloé +1."""


def test_jetons_the_newcomer_does_not_pay_the_leavers_part_of_the_poule():
    coups = [ANNE_FAILS, played("Bruno", "simple", 2, 5, 2)]
    # Coup 2 (no stake: the poule is not empty): Denis and Chloé pass, 2 each: Anne's seat
    # 18 (Anne's 16, Denis's 2), Chloé 7. Bruno wins: the poule (18 + 7) and a prime of 1
    # from each. Anne pays Bruno her 16: −2 − 16 = −18 (before issue 42 Denis paid them);
    # Denis their own 2 and the prime: −3; Bruno +1 + 25 + 2 = +28; Chloé +1 − 7 − 1 = −7.
    # −18 − 3 + 28 − 7 = 0.
    assert by_person("jetons", coups, DENIS_FOR_ANNE) == {
        "Anne": -18,
        "Bruno": 28,
        "Chloé": -7,
        "Denis": -3,
    }


def test_jetons_a_newcomer_who_wins_the_poule_is_paid_the_leavers_part_by_the_leaver():
    coups = [ANNE_FAILS, played("Anne", "simple", 5, 2, 2)]
    # Coup 2: Bruno and Chloé pass (7 each); Denis, at Anne's seat, wins: Bruno and Chloé
    # pay Denis their 7 and a prime of 1; Anne's 16 are in the poule Denis won: she pays Denis
    # them, as she would have paid Bruno (before issue 42 they went back to her for
    # nothing). Anne −2 − 16 = −18; Denis +16 + 16 = +32; Bruno and Chloé +1 − 8 = −7.
    assert by_person("jetons", coups, DENIS_FOR_ANNE) == {
        "Anne": -18,
        "Bruno": -7,
        "Chloé": -7,
        "Denis": 32,
    }


def test_jetons_a_poule_left_at_the_end_returns_to_the_leaver():
    coups = [ANNE_FAILS, {"pass": True}]
    # Coup 2, the last of 2: all pass (2 each); the game ends with the poule unwon and each
    # part returns to whoever put it in: Anne's 16 to Anne, Denis's 2 to Denis; nothing moves.
    assert by_person("jetons", coups, DENIS_FOR_ANNE, coups_to_play=2) == {
        "Anne": -2,
        "Bruno": 1,
        "Chloé": 1,
        "Denis": 0,
    }


def test_jetons_two_newcomers_in_turn_each_pays_only_his_own_part():
    changes = [
        *DENIS_FOR_ANNE,
        {"coup": 3, "seat": "Anne", "player": "Émile", "way": "takes_over"},
    ]
    coups = [ANNE_FAILS, {"pass": True}, played("Bruno", "simple", 2, 5, 2)]
    # Coup 2: all pass (Denis 2, Bruno 2, Chloé 2): Anne's seat 16 + 2, Bruno 7, Chloé 7.
    # Coup 3: Émile and Chloé pass (2 each): the seat 20, Chloé 9; Bruno wins, paid 20 + 9
    # and a prime of 1 each. Anne pays her 16, Denis their 2, Émile their 2 and the prime:
    # Anne −2 − 16 = −18, Denis −2, Émile −3; Bruno +1 + 29 + 2 = +32; Chloé +1 − 9 − 1 = −9.
    assert by_person("jetons", coups, changes) == {
        "Anne": -18,
        "Bruno": 32,
        "Chloé": -9,
        "Denis": -2,
        "Émile": -3,
    }


DANES = ["Jens", "Mette", "Søren"]


def test_danish_the_newcomer_does_not_pay_the_leavers_ante():
    coups = [
        played("Mette", "solo", 4, 4, 1, players=DANES),
        played("Søren", "jeu_simple", 2, 2, 5, players=DANES),
    ]
    changes = [{"coup": 2, "seat": "Jens", "player": "Lars", "way": "takes_over"}]
    # Coup 1: Jens deals and antes 5; Mette's solo ties Jens at 4: a bête, she pays each
    # defender 2; the cagnotte (Jens 5) stays. Coup 2: Mette deals and antes 5; Søren wins
    # a jeu simple: the cagnotte (Jens's 5, Mette's 5) and 1 from each defender. Jens pays
    # Søren their ante: +2 − 5 = −3 (before issue 42 Lars paid it); Lars only the rate: −1;
    # Mette −4 − 5 − 1 = −10; Søren +2 + 10 + 2 = +14. −3 − 1 − 10 + 14 = 0.
    assert by_person("danois", coups, changes, players=DANES) == {
        "Jens": -3,
        "Mette": -10,
        "Søren": 14,
        "Lars": -1,
    }


def test_danish_the_leaver_of_a_seat_played_for_him_pays_his_part_once_won():
    coups = [
        {"pass": True},
        played("Mette", "jeu_simple", 1, 7, 1, players=DANES),
    ]
    changes = [
        {"coup": 2, "seat": "Jens", "player": "Lars", "way": "plays_for"},
        {"coup": 2, "seat": "Mette", "player": "Karen", "way": "takes_over"},
    ]
    # Coup 1: Jens deals and antes 5, all pass. Coup 2: Mette's seat (Karen takes it over)
    # deals and antes 5; Karen wins: the cagnotte (Jens's 5) and 1 from each defender. Lars
    # plays for Jens: the seat's money stays Jens's, −5 − 1 = −6; Mette had nothing in it:
    # 0; Karen +5 + 1 + 1 = +7 (her own ante returns to her); Søren −1. −6 + 7 − 1 = 0.
    assert by_person("danois", coups, changes, players=DANES) == {
        "Jens": -6,
        "Mette": 0,
        "Søren": -1,
        "Lars": 0,
        "Karen": 7,
    }


# ---- every system: the person's net of an independent model ---------------------------


def tricks_for(draw, playing, seats):
    a = draw(st.integers(0, 9))
    b = draw(st.integers(0, 9 - a))
    tricks = [0] * seats
    for seat, t in zip(playing, (a, b, 9 - a - b)):
        tricks[seat] = t
    return tuple(tricks)


@st.composite
def pot_games(draw, accounting=None, rates=("texte", "dlu")):
    """A random game of the jetons or the Danish system, three or four at the table."""
    seats = draw(st.sampled_from((3, 4)))
    first = draw(st.integers(0, seats - 1))
    if accounting is None:
        accounting = draw(st.sampled_from(("jetons", "danois")))
    if accounting == "jetons":
        rules = jetons.JetonsRules(coups_to_play=draw(st.sampled_from((0, 0, 4, 12))))
    else:
        rules = danois.DanishRules(
            rates=draw(st.sampled_from(rates)),
            coups_to_play=draw(st.sampled_from((0, 0, 4, 12))),
            nolo_ouvert_bonus=draw(st.booleans()),
        )
    coups = []
    for n in range(1, draw(st.integers(0, 24)) + 1):
        dealer = (first + n - 1) % seats
        out = dealer if seats == 4 else None
        playing = playing_order(dealer, seats)
        if draw(st.integers(0, 4)) == 0:
            coups.append(
                jetons.JetonsCoup() if rules.accounting == "jetons" else danois.DanishCoup()
            )
            continue
        hombre = draw(st.sampled_from(playing))
        tricks = tricks_for(draw, playing, seats)
        if rules.accounting == "jetons":
            bonuses = []
            for hand in draw(st.lists(st.sampled_from(jetons.BONUS_HANDS[:-1]), max_size=2)):
                bonus = (draw(st.sampled_from(playing)), hand)
                if bonus not in bonuses and possible(tuple(sorted([*bonuses, bonus]))):
                    bonuses.append(bonus)
            contract = draw(st.sampled_from(list(jetons.JetonsContract)))
            coups.append(jetons.JetonsCoup(hombre, contract, tricks, tuple(bonuses), out=out))
        else:
            contract = draw(st.sampled_from(list(danois.DanishContract)))
            five = not contract.nolo and tricks[hombre] >= 5 and draw(st.booleans())
            coups.append(danois.DanishCoup(hombre, contract, tricks, five, True, out=out))
    names = ("Anne", "Bruno", "Chloé", "Denis")[:seats]
    game_type = jetons.JetonsGame if rules.accounting == "jetons" else danois.DanishGame
    game = game_type(names, rules, first, tuple(coups))
    if rules.coups_to_play:  # the game ends there: no coup can follow
        game = game.with_coups(coups[: rules.coups_to_play])
    return game


@st.composite
def changes_for(draw, game):
    """0 to 3 seat changes, taking over or playing for, in the order of their coups."""
    changes = []
    names = iter(["Émile", "Fanny", "Gaston"])
    for _ in range(draw(st.sampled_from((0, 1, 1, 2, 2, 3)))):
        last = changes[-1].coup if changes else 1
        changes.append(
            SeatChange(
                draw(st.integers(last, len(game.coups) + 1)),
                draw(st.integers(0, len(game.players) - 1)),
                next(names),
                draw(st.sampled_from((TAKES_OVER, TAKES_OVER, seating.PLAYS_FOR))),
            )
        )
    return tuple(changes)


def pot_model(game, changes, report):
    """Each person's net, the pot kept per person: every chip put in is written against
    whoever's money the seat is in that coup; whoever's money the winning seat is takes
    every other person's part; a pot left at the end goes back, nothing moving. The coups'
    other payments (primes, rates, bonus hands, the jeton bonus) go from and to whoever's
    money the seats are in that coup. Only the coups' outcomes come from the report.
    Returns the nets and what each person has in the pot at the end."""
    rules = game.rules
    net = defaultdict(int, dict.fromkeys(game.players, 0))
    pot = defaultdict(int)
    payer = list(game.players)
    for c in changes:
        net[c.player] += 0
    for n, result in enumerate(report.coups, 1):
        for c in changes:
            if c.coup == n and c.way == TAKES_OVER:
                payer[c.seat] = c.player
        deal, coup = result.deal, result.coup
        if rules.accounting == "jetons":
            if not sum(pot.values()):  # an empty poule: everyone stakes, the one out too
                for seat in range(len(game.players)):
                    pot[payer[seat]] += rules.stake
            for seat in deal.order:  # every one who plays says "je passe" but the hombre
                if seat != coup.hombre:
                    pot[payer[seat]] += rules.pass_fee
            if result.outcome is PotOutcome.PERD:  # they double the poule
                pot[payer[coup.hombre]] += sum(pot.values())
        else:
            pot[payer[deal.dealer]] += rules.ante
        if result.taker is not None:
            winner = payer[result.taker]
            for person, part in pot.items():
                net[person] -= part
                net[winner] += part
            pot.clear()
        for t in result.transfers:
            if t.reason not in (PotReason.POULE, PotReason.CAGNOTTE):
                net[payer[t.payer]] -= t.amount
                net[payer[t.payee]] += t.amount
        if result.finished:
            pot.clear()
    return dict(net), {person: part for person, part in pot.items() if part}


def poule_model(game, changes, report):
    """The 1709 poule: each coup's seat nets go to whoever's money the seat is in that
    coup; at a take-over the leaver hands the newcomer the chips of the seat's bêtes open
    after the coup before (made by then, not yet won, cancelled or shared: the register)."""
    net = dict.fromkeys([*game.players, *(c.player for c in changes)], 0)
    payer = list(game.players)
    before = (0,) * len(game.players)
    for n in range(1, len(game.coups) + 2):
        for c in changes:
            if c.coup == n and c.way == TAKES_OVER:
                cut = min(n - 1, len(game.coups))
                open_betes = sum(
                    b.amount
                    for b in report.betes
                    if b.owner == c.seat
                    and b.made_in <= cut
                    and (b.settled_in is None or b.settled_in > cut)
                )
                net[payer[c.seat]] -= open_betes
                net[c.player] += open_betes
                payer[c.seat] = c.player
        if n <= len(game.coups):
            after = report.coups[n - 1].net
            for seat, (a, b) in enumerate(zip(after, before)):
                net[payer[seat]] += a - b
            before = after
    return net


@st.composite
def seated_games(draw):
    """A random game of any system of l'Hombre (the 1709 poule also with four), with 0 to 3
    seat changes."""
    system = draw(st.integers(0, 3))
    if system < 2:
        game = draw(games(systems=("3-2", "3-1", "2-1")) if system == 0 else four_seat_games())
        if not kinds.kind_of(game).betes:
            return game, draw(changes_for(game))
        game = replace(game, rules=replace(game.rules, take_over=True))
    else:
        game = draw(pot_games())
    return game, draw(changes_for(game))


@pytest.mark.long
@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(seated_games())
def test_each_persons_net_is_the_models_and_the_nets_sum_to_zero(seated):
    game, changes = seated
    kind = kinds.kind_of(game)
    report = kind.replay(game)
    people = person_tally(kind, game, changes, report)
    if kind.betes:
        assert people == poule_model(game, changes, report)
    else:
        nets, pot = pot_model(game, changes, report)
        assert people == nets
        # what lies in the pot now is written against the same people (the settlement's pot)
        parts = defaultdict(int)
        for _seat, person, chips in kind.pot_parts(game, changes, report):
            parts[person] += chips
        assert parts == pot
    assert sum(people.values()) == 0
