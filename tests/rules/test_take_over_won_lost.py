"""A take-over's stake in the season's won and lost (brief "seats", point 1).

What a leaver had at stake when someone took their seat over (``GameKind.seat_debt``) is
their loss, handed to the newcomer (docs/rules.md, "Someone takes a seat"). The newcomer's
won and lost are what their own money did in their coups: the chips of that stake the seat
then paid on to another are not their loss, and the part of it they took back themselves is their
win; so won − lost is each one's net, the money the room and the cash box give them. The
season counted the whole stake as the newcomer's win and its chips paid on as their loss:
Denis, at Anne's seat from coup 5, "won 27" where they won nothing and "lost 72" where they
lost 45.
"""

import pytest
from hypothesis import HealthCheck, given, settings
from notation import SEED
from test_take_over_chips import ANNE_FAILS, DENIS_FOR_ANNE, played, seated_games

from scorekeeper.rules import kinds
from scorekeeper.rules.seating import payers, person_tally


def seed_file(changes):
    """The seed's seven coups (seats A, B, C), with these seat changes."""
    return {**SEED, "rules": {**SEED["rules"], "take_over": True}, "seat_changes": changes}


def records(data):
    game, changes = kinds.load_seated(data)
    kind = kinds.kind_of(game)
    report = kind.replay(game)
    owners = [payers(game.players, changes, n) for n in range(1, len(game.coups) + 1)]
    nets = person_tally(kind, game, changes, report)
    found = kind.person_records(report, owners, nets)
    return {name: (r.coups, r.won, r.lost, r.net) for name, r in found.items()}


def test_1709_the_leavers_bete_taken_by_another_is_his_loss_not_the_newcomers():
    # the seed (docs/rules/hombre.md §10), Denis takes over Anne's seat from coup 5.
    # Anne, coups 1–4: nothing moved (her bête of 27, made in coup 1, pending): won 0;
    # she hands it over (−27): lost 27, net −27.
    # Denis, coup 5: the seat pays Chloé the poule 33 and Anne's bête 27 — that 27 was
    # Anne's, handed to them: their own loss is 33; coups 6 and 7 the seat pays 6 each:
    # won 0, lost 33 + 6 + 6 = 45, net −72 + 27 = −45 (docs/rules.md).
    # Bruno and Chloé as the seed: Bruno won 6 + 6 + 6 + 6 = 24 (coups 6, 7), lost 33
    # (coup 5): −9; Chloé won 33 + 33 + 27 = 93 (coup 5), lost 6 + 6 = 12: +81.
    data = seed_file([{"coup": 5, "seat": "A", "player": "Denis", "way": "takes_over"}])
    assert records(data) == {
        "A": (4, 0, 27, -27),
        "B": (7, 24, 33, -9),
        "C": (7, 93, 12, 81),
        "Denis": (3, 0, 45, -45),
    }


def test_1709_the_bêtes_the_newcomer_takes_back_are_his_win():
    # Denis takes over Bruno's seat from coup 5: Bruno's bêtes 72 (coup 2) and 108
    # (coup 4), pending, are handed over: Bruno lost 180, won 0 (coups 1–4 moved nothing).
    # Denis wins both back themselves (coups 7 and 6: cancelled), keeping the 180: won
    # 6 + 6 + 6 + 6 = 24 in coups 6–7 and the 180, lost 33 (coup 5): 204 − 33 = +171.
    data = seed_file([{"coup": 5, "seat": "B", "player": "Denis", "way": "takes_over"}])
    found = records(data)
    assert found["B"] == (4, 0, 180, -180)
    assert found["Denis"] == (3, 204, 33, 171)


def test_jetons_the_leavers_part_of_the_poule_paid_to_its_winner_is_hers():
    # docs/rules.md, "Worked at the jetons": coup 1 Anne fails (primes 1 to each: −2,
    # her part of the poule 16); Denis takes over her seat; coup 2 Denis and Chloé pass
    # (2 each), Bruno wins: the seat pays them 16 + 2 and a prime of 1. Anne: lost 2 and
    # her 16 = 18. Denis: 16 of the 19 the seat paid were Anne's: lost 3, won 0.
    data = {
        "format": "scorekeeper-game/1",
        "game": "hombre",
        "players": ["Anne", "Bruno", "Chloé"],
        "first_dealer": "Anne",
        "rules": {"accounting": "jetons"},
        "coups": [ANNE_FAILS, played("Bruno", "simple", 2, 5, 2)],
        "seat_changes": DENIS_FOR_ANNE,
    }
    found = records(data)
    assert found["Anne"] == (1, 0, 18, -18)
    assert found["Denis"] == (1, 0, 3, -3)


def test_jetons_the_leavers_part_in_the_poule_the_newcomer_wins_is_his_win():
    # coup 2: Bruno and Chloé pass (7 each in all), Denis wins the poule at Anne's seat:
    # Bruno and Chloé pay Denis their 7 and a prime of 1 (8 + 8 = 16), and Anne her 16:
    # Denis won 16 + 16 = 32, lost 0; Anne lost 2 (coup 1) + 16 = 18.
    data = {
        "format": "scorekeeper-game/1",
        "game": "hombre",
        "players": ["Anne", "Bruno", "Chloé"],
        "first_dealer": "Anne",
        "rules": {"accounting": "jetons"},
        "coups": [ANNE_FAILS, played("Anne", "simple", 5, 2, 2)],
        "seat_changes": DENIS_FOR_ANNE,
    }
    found = records(data)
    assert found["Anne"][1:] == (0, 18, -18)
    assert found["Denis"][1:] == (32, 0, 32)


@pytest.mark.long
@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(seated_games())
def test_each_persons_won_less_lost_is_his_net(seated):
    """For random games of every system of l'Hombre with seat changes: no one's won or
    lost below zero, and won − lost is each one's net (``seating.person_tally``)."""
    game, changes = seated
    kind = kinds.kind_of(game)
    report = kind.replay(game)
    owners = [payers(game.players, changes, n) for n in range(1, len(game.coups) + 1)]
    nets = person_tally(kind, game, changes, report)
    found = kind.person_records(report, owners, nets)
    for name, r in found.items():
        assert r.won >= 0 and r.lost >= 0 and r.won - r.lost == nets[name], name
