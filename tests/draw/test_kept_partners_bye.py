"""Manillen partners kept from round 1 with an odd count: the bye turns (fix26b).

The first round's partners were the later rounds' fixed pairs, and the player that round
left over had none: ``draw.units.make_units`` made them ``alone``, out of every later
round. A careful director turns the bye: the one whose turn it is sits out and their partner
plays the round with the player who had none (``draw.sitting_out.by_turn``,
docs/competitions.md "Byes"). Nobody sits out twice before everybody once; the partners of
round 1 sit together whenever both play, but the one pair the bye breaks.
"""

from __future__ import annotations

from collections import Counter

from budget import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.events.drawing import Drawn, DrawRequest, Entry, draw, kept_pairs
from scorekeeper.events.rounds import first_partners


def _round(names: tuple[str, ...], history: tuple[Drawn, ...], seed: int, planned: int) -> Drawn:
    """A round drawn as ``events.rounds.draw_round`` draws it with ``new_partners`` off."""
    pairs: tuple[tuple[str, str], ...] = ()
    turn: tuple[str, ...] = ()
    if history:
        kept = first_partners(history[0], set(names))
        pairs, turn = kept_pairs(names, kept, history, seed + len(history) + 1)
    request = DrawRequest(
        tuple(Entry(n) for n in names),
        "individual",
        "pairs",
        history,
        seed + len(history) + 1,
        pairs,
        None,
        seed + 1,
        planned,
        turn,
    )
    return draw(request)


def _partners(drawn: Drawn) -> set[frozenset[str]]:
    return {frozenset(p) for t in drawn.tables for p in ((t[0], t[2]), (t[1], t[3]))}


@settings(max_examples=examples(10, 200), deadline=None)
@given(
    count=st.integers(min_value=5, max_value=17).filter(lambda n: n % 2 == 1),
    rounds=st.integers(min_value=2, max_value=7),
    seed=st.integers(min_value=0, max_value=10**6),
)
def test_no_second_bye_before_everybody_has_had_one(count, rounds, seed):
    names = tuple(f"P{k:02d}" for k in range(count))
    history: tuple[Drawn, ...] = ()
    for _ in range(rounds):
        drawn = _round(names, history, seed, rounds)
        seated = [name for table in drawn.tables for name in table]
        # valid: tables of two pairs, every player seated or out, once
        assert all(len(table) == 4 for table in drawn.tables)
        assert sorted([*seated, *drawn.sitting_out]) == sorted(names)
        assert len(drawn.tables) == count // 4  # as many tables as the count fills
        if history:
            # the first round's partners sit face to face while both play; a pair is broken
            # only by a player out by turn (their partner plays with a stand-in)
            kept = {frozenset(p) for p in first_partners(history[0], set(names))}
            both = {p for p in kept if p <= set(seated)}
            assert both <= _partners(drawn)
            assert all(p & set(drawn.sitting_out) for p in kept - both)
        history = (*history, drawn)
        byes = Counter(name for past in history for name in past.sitting_out)
        got = [byes[name] for name in names]
        # nobody twice before everybody once (and so on): the byes differ by one at most
        assert max(got) - min(got) <= 1, (count, [past.sitting_out for past in history])


def test_nine_players_each_sits_out_once_in_nine_rounds():
    """Nine players, partners kept: two tables, one out a round. Before, the one round 1
    left over sat out all nine rounds; now each of the nine sits out once (9 rounds x 1 out
    = 9 byes, one each), and the player out of round 1 plays round 2 with the partner of
    the one out then."""
    names = tuple(f"P{k}" for k in range(1, 10))
    history: tuple[Drawn, ...] = ()
    for _ in range(9):
        history = (*history, _round(names, history, 11, 9))
    assert sorted(name for past in history for name in past.sitting_out) == sorted(names)
    first_out, second_out = history[0].sitting_out[0], history[1].sitting_out[0]
    (partner,) = {a if b == second_out else b for a, b in first_partners(history[0], set(names))
                  if second_out in (a, b)}  # fmt: skip
    assert frozenset((first_out, partner)) in _partners(history[1])
