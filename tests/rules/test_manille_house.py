"""Manillen's house rules (issue 29, docs/rules/manille.md §10): hand-computed deals.

Four players: Nous (seats 0, 2), Eux (1, 3); the points entered are Nous's.
Three: the dealer's points; the dealer marks 2 × (points − 30), each
opponent 30 − points. A deal's steps: sans-atout 1, contré 1, sur-contré 2,
the carried 30–30, 60–0 with ``all_tricks``; multiplied ×2**steps, added
×(1 + steps), bounded by ``cap``.
"""

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_web_sheets import FOUR as NAMES
from test_web_sheets import errors, new_sheet, report

from scorekeeper import cli
from scorekeeper.rules import kinds
from scorekeeper.rules.errors import GameError
from scorekeeper.rules.kinds import load_file as load_manille
from scorekeeper.rules.manille import belge
from scorekeeper.rules.manille.belge import ManillenCoup as Deal
from scorekeeper.rules.manille.belge import ManillenGame, ManillenRules
from scorekeeper.rules.manille.house import HOUSE

ROWS = {row.key: row for row in HOUSE}

FOUR = ("Anne", "Bruno", "Chloé", "Denis")
THREE = ("Anne", "Bruno", "Chloé")
NOUS, EUX = 0, 1


def play(*deals, players=FOUR, first=0, **rules):
    return belge.replay(ManillenGame(players, ManillenRules(**rules), first, deals))


def marks(report):
    return [d.scored for d in report.coups]


def file(rules, coups=(), players=FOUR):
    return {
        "format": "scorekeeper-game/1",
        "game": "manille",
        "players": list(players),
        "first_dealer": players[0],
        "rules": {"variant": "belge", **rules},
        "coups": list(coups),
    }


# --- 1. a game to a number of points ----------------------------------------


def test_a_boom_of_101_ends_on_the_deal_that_reaches_it():
    r = play(
        Deal("pique", points=50),  # 20 × 1 = 20 → 20–0
        Deal("sans-atout", 1, points=45),  # 15 × 4 (sans-atout, contré) = 60 → 80–0
        Deal("coeur", points=30),  # 30–30: nothing, the next ×2
        Deal("trefle", points=40),  # 10 × 2 = 20 → 100–0, short of 101
        Deal("pique", points=31),  # 1 → 101: Nous has won
        target=101,
    )
    assert marks(r) == [(20, 0), (60, 0), (0, 0), (20, 0), (1, 0)]
    assert r.totals == (101, 0) and r.finished and r.winners == (NOUS,)
    assert [d.finished for d in r.coups] == [False] * 4 + [True]
    assert r.next_dealer is None
    with pytest.raises(GameError, match="the game ended with coup 5"):
        play(*r.game.coups, Deal("pique", points=40), target=101)


def test_three_players_both_past_the_target_on_one_deal_the_higher_wins():
    r = play(
        Deal("pique", points=20),  # dealer Anne: −20; Bruno, Chloé +10 → (−20, 10, 10)
        Deal("pique", points=32),  # dealer Bruno: +4; −2 each → (−22, 14, 8)
        Deal("coeur", points=30),  # dealer Chloé: 30–30, the next ×2
        Deal("sans-atout", points=0),  # dealer Anne ×4: 2 × −30 × 4 = −240; +120 each
        players=THREE,
        target=61,
    )
    assert r.totals == (-262, 134, 128) and sum(r.totals) == 0
    assert r.finished and r.winners == (1,)  # Bruno 134 and Chloé 128 both past 61


def test_three_players_equal_past_the_target_play_on():
    r = play(
        Deal("pique", points=20),  # dealer Anne: (−20, 10, 10)
        Deal("pique", points=30),  # dealer Bruno: 30–30, carry 1 step
        Deal("pique", points=30),  # dealer Chloé: 30–30 again, carry 2 steps
        Deal("sans-atout", points=0),  # dealer Anne ×8: −480; +240 each → (−500, 250, 250)
        players=THREE,
        target=61,
    )
    assert r.totals == (-500, 250, 250) and not r.finished and r.winners == ()
    r = play(*r.game.coups, Deal("pique", points=40), players=THREE, target=61)
    # dealer Bruno: 2 × 10 = +20; −10 each → (−510, 270, 240): Bruno wins alone
    assert r.totals == (-510, 270, 240) and r.finished and r.winners == (1,)


def test_a_target_one_deal_can_mark_is_refused_in_the_file():
    with pytest.raises(GameError, match="more than 30, what one deal can mark") as error:
        kinds.replay(load_manille(file({"target": 30})))
    assert error.value.field == "rules.target"
    kinds.replay(load_manille(file({"target": 31})))
    with pytest.raises(GameError, match="more than 60"):  # three: the dealer's 2 × 30
        kinds.replay(load_manille(file({"target": 60}, players=THREE)))
    with pytest.raises(GameError, match="more than 60"):  # four, 60–0 counting 60
        kinds.replay(load_manille(file({"target": 60, "all_tricks": True})))


def test_a_target_has_no_fixed_deals_and_no_sans_atout_owed():
    for key in ("deals", "sans_atout"):
        with pytest.raises(GameError, match=f"rules.{key}: a game to a number of points"):
            load_manille(file({"target": 101, key: 2}))
    ten = [{"trump": "pique", "points": 40}] * 10  # 10 deals of 10 without a sans-atout
    r = belge.replay(load_manille(file({"target": 101}, ten)))
    assert r.owed == (0, 0) and r.totals == (100, 0) and not r.finished
    r = belge.replay(load_manille(file({"target": 101}, [*ten, ten[0]])))
    assert r.finished and r.totals == (110, 0)  # the 11th deal: 110 ≥ 101


def test_a_target_of_0_is_none_and_the_deals_are_kept():
    # docs/rules/manille.md §10: `target` "0 (none: `deals`)" — 0 is the default, no target,
    # so a file saying so beside its deals is a game of 20 deals, as if `target` were absent
    game = load_manille(file({"target": 0, "deals": 20}))
    assert game.rules == load_manille(file({"deals": 20})).rules
    assert game.rules.target == 0 and game.rules.deals == 20
    ten = [{"trump": "pique", "points": 40}] * 10  # Nous marks 10 a deal (40 - 30)
    r = belge.replay(load_manille(file({"target": 0, "deals": 10, "sans_atout": 0}, ten)))
    assert r.finished and r.totals == (100, 0)  # ended by its 10 deals: 10 x 10


# --- 2. doubling added (Kent1) ----------------------------------------------


def test_doubling_added_instead_of_multiplied():
    deals = (
        Deal("sans-atout", 2, points=50),  # steps 1 + 2 = 3: added ×4 = 80; multiplied ×8 = 160
        Deal("pique", points=30),  # 30–30: one step carried
        Deal("coeur", 1, points=40),  # steps 1 + 1 = 2: added ×3 = 30; multiplied ×4 = 40
    )
    added = play(*deals, doubling="added")
    assert [d.multiplier for d in added.coups] == [4, 1, 3]
    assert marks(added) == [(80, 0), (0, 0), (30, 0)]
    assert [d.multiplier for d in play(*deals).coups] == [8, 1, 4]


# --- 3. all tricks -----------------------------------------------------------


def test_a_deal_taken_60_0_counts_60():
    r = play(
        Deal("pique", points=60),  # 30 × 2 = 60
        Deal("pique", points=0),  # Eux took all: 60
        Deal("coeur", 1, points=60),  # contré and all: 2 steps, ×4 = 120
        Deal("coeur", renonce=EUX),  # a renonce marks a 60–0: 60
        all_tricks=True,
    )
    assert marks(r) == [(60, 0), (0, 60), (120, 0), (60, 0)]
    added = play(Deal("coeur", 1, points=60), all_tricks=True, doubling="added")
    assert marks(added) == [(90, 0)]  # 2 steps added: ×3
    three = play(Deal("pique", points=60), players=THREE, all_tricks=True)
    assert marks(three) == [(120, -60, -60)]  # dealer 2 × 30 × 2; 30 × 2 each


# --- 4. a cap on the multiplier ----------------------------------------------


def test_the_multiplier_is_capped():
    r = play(
        Deal("sans-atout", 2, points=45),  # ×8 capped at ×4: 60
        Deal("pique", points=30),
        Deal("pique", points=30),  # two ties: the next ×4
        Deal("sans-atout", points=40),  # ×8 capped at ×4: 40
        cap=4,
    )
    assert [d.multiplier for d in r.coups] == [4, 1, 2, 4]
    assert marks(r)[0] == (60, 0) and marks(r)[3] == (40, 0)
    with pytest.raises(GameError, match="at least ×2") as error:
        load_manille(file({"cap": 1}))
    assert error.value.field == "rules.cap"


# --- 5. what a 30–30 carries ------------------------------------------------


def test_a_tie_carries_its_whole_multiplier():
    deals = (
        Deal("sans-atout", 1, points=30),  # a tie at ×4 (2 steps)
        Deal("pique", points=40),  # ours: ×2 = 20; whole: 3 steps, ×8 = 80
    )
    assert marks(play(*deals)) == [(0, 0), (20, 0)]
    assert marks(play(*deals, tie_carry="whole")) == [(0, 0), (80, 0)]
    # Kent1 added: the tie's ×3 carried: 1 + 3 = ×4 = 40
    assert marks(play(*deals, tie_carry="whole", doubling="added")) == [(0, 0), (40, 0)]
    whole = play(*deals[:1], tie_carry="whole")
    assert whole.carry == 8 and whole.coups[0].carries == 8


def test_house_rules_combine_with_contre_and_ties():
    r = play(
        Deal("pique", points=30),  # carry 1 step
        Deal("sans-atout", 2, points=30),  # its own 1 + 2 + 1 carried = 4 steps, a tie
        Deal("coeur", 1, points=60),  # whole: 5 carried + contré 1 + 60–0 1 = 7 steps
        doubling="added",
        tie_carry="whole",
        all_tricks=True,
        cap=6,
    )
    # added: ×(1 + 7) = 8, capped at 6: 30 × 6 = 180
    assert [d.multiplier for d in r.coups] == [1, 5, 6] and marks(r)[2] == (180, 0)


# --- properties --------------------------------------------------------------

DEALS = st.lists(
    st.tuples(
        st.sampled_from(belge.TRUMPS),
        st.sampled_from((0, 0, 1, 2)),
        st.sampled_from((30, 0, 60)) | st.integers(0, 60),
    ),
    max_size=20,
)
HOUSE = st.fixed_dictionaries(
    {
        "doubling": st.sampled_from(ROWS["doubling"].values),
        "all_tricks": st.booleans(),
        "cap": st.sampled_from((0, 2, 4, 16)),
        "tie_carry": st.sampled_from(ROWS["tie_carry"].values),
        "target": st.sampled_from((0, 121, 151)),
    }
)


@given(DEALS, HOUSE, st.sampled_from((THREE, FOUR)))
def test_any_settings_totals_are_the_deals_sum_and_three_sum_to_zero(deals, house, players):
    coups = [Deal(t, c, points=p) for t, c, p in deals]
    try:
        r = play(*coups, players=players, sans_atout=0, **house)
    except GameError as error:  # the deals went on past the end
        assert "no coup can follow" in str(error)
        return
    for side in range(len(r.totals)):
        assert r.totals[side] == sum(d.scored[side] for d in r.coups)
    if players == THREE:
        assert all(sum(d.scored) == 0 for d in r.coups)
    if house["cap"]:
        assert all(d.multiplier <= house["cap"] for d in r.coups)


@given(DEALS)
def test_default_house_rules_are_todays_replay(deals):
    """Today's arithmetic, written out: the seed's product and ×2 per 30–30 in a row."""
    coups = [Deal(t, c, points=p) for t, c, p in deals]
    r = play(*coups, sans_atout=0)
    carry, totals = 1, [0, 0]
    for deal, result in zip(coups, r.coups):
        factor = belge.multiplier(deal, carry)
        totals[0] += max(deal.points - 30, 0) * factor
        totals[1] += max(30 - deal.points, 0) * factor
        carry = carry * 2 if deal.points == 30 else 1
        assert result.multiplier == factor
    assert r.totals == tuple(totals)


# --- the new-game form, the settlement's words, the command ------------------


def test_the_form_refuses_a_target_and_a_cap_beside_their_fields(client):
    base = {**NAMES, "first_dealer": "0", "create": "1", "variant": "belge"}
    response = client.post("/games/new/manille", data={**base, "target": "30"})
    assert response.status_code == 422
    assert errors(response) == ["The target must be more than 30, what one deal can mark"]
    page = response.data.decode()
    assert page.index('name="target"') < page.index("more than 30") < page.index('name="cap"')
    response = client.post("/games/new/manille", data={**base, "cap": "1"})
    assert errors(response) == ["A cap on the multiplier is at least ×2 (0: no cap)"]
    page = response.data.decode()
    assert page.index('name="cap"') < page.index("at least ×2") < page.index('name="tie_carry"')


def test_house_rules_and_presets_reach_the_file_and_the_settlement(client):
    game = new_sheet(
        client,
        "manille",
        variant="belge",
        target="121",
        doubling="added",
        all_tricks="y",
        cap="6",
        tie_carry="whole",
    )
    rules = report(client, game)["rules"]
    assert rules == {
        "variant": "belge",
        "target": 121,
        "doubling": "added",
        "all_tricks": True,
        "cap": 6,
        "tie_carry": "whole",
    }
    settlement = client.get(game + "/settlement").data.decode()
    assert (
        "manillen: to 121 points, contre, sans-atout and 30–30 each add one to the multiplier, "
        "60–0 counts 60, the multiplier at most ×6, a 30–30 carries its whole multiplier"
    ) in settlement
    # a named practice fills the fields left as drawn; a field typed wins (issue 35)
    boom = new_sheet(client, "manille", variant="belge", house="halve_boom", cap="3")
    assert report(client, boom)["rules"] == {"variant": "belge", "target": 61, "cap": 3}
    plain = new_sheet(client, "manille", variant="belge")  # today's default: the seed's deals
    assert report(client, plain)["rules"] == {"variant": "belge", "deals": 20, "sans_atout": 2}


def test_the_command_lists_the_house_rules_and_presets(capsys):
    cli.main(["rules"])
    out = capsys.readouterr().out
    assert "manillen (rules.variant=belge) settings" in out
    assert "  boom         manillen, to 101 points" in out
    assert "  tournament   manillen, 20 deals, 2 sans-atout each, the multiplier at most ×4" in out
