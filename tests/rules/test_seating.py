"""Someone else takes a seat between coups: who is paid what, per person (issue 35, point 6).

The expected figures come from the seed's worked example (hombre.md §10:
the seats' nets after coups 4, 5, 6 and 7 are 0/0/0, −60/−33/+93,
−66/−21/+87, −72/−9/+81; after coup 4 A's bête of 27 is in play and B's 72
and 108 are pending) and from the decision of docs/rules.md ("Someone takes a
seat"): a player who *takes over* a seat is handed the chips of the leaver's
open bêtes; one who *plays for* them changes only the name shown.
"""

import json
from pathlib import Path

import pytest
from budget import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from test_hombre_properties import FAST, games
from test_seats_properties import someone

from scorekeeper.rules import kinds, seating
from scorekeeper.rules.errors import GameError
from scorekeeper.rules.hombre.engine import replay
from scorekeeper.rules.seating import TAKES_OVER, SeatChange, person_tally

GOLDEN = Path(__file__).parents[1] / "golden"


def seed_file(**rules):
    data = json.loads((GOLDEN / "seed.game.json").read_text())
    data["rules"].update(rules)
    return data


def by_person(data):
    game, changes = kinds.load_seated(data)
    kind = kinds.kind_of(game)
    return person_tally(kind, game, changes, kind.replay(game))


def test_plays_for_him_leaves_the_money_with_the_absent_player():
    data = seed_file()
    data["seat_changes"] = [{"coup": 5, "seat": "B", "player": "Denis", "way": "plays_for"}]
    # Denis plays coups 5-7 at B's seat; B's seat ends at -9 as in the seed, all of it B's
    assert by_person(data) == {"A": -72, "B": -9, "C": 81, "Denis": 0}


def test_takes_over_each_keeps_his_coups_and_the_leaver_hands_over_his_open_betes():
    data = seed_file(take_over=True)
    data["seat_changes"] = [{"coup": 5, "seat": "B", "player": "Denis", "way": "takes_over"}]
    # B played coups 1-4: net 0, and leaves with their bêtes 72 + 108 = 180 open: they hand
    # their chips to Denis: B 0 - 180 = -180. Denis: the seat's coups 5-7 (-9 - 0 = -9)
    # + 180 = +171 (they won both bêtes back in coups 6 and 7: those are cancelled, they keep
    # the chips). A -72, C +81 as the seats. -72 - 180 + 171 + 81 = 0.
    assert by_person(data) == {"A": -72, "B": -180, "C": 81, "Denis": 171}


def test_takes_over_a_seat_whose_bete_another_player_wins():
    data = seed_file(take_over=True)
    data["seat_changes"] = [{"coup": 5, "seat": "A", "player": "Denis", "way": "takes_over"}]
    # A leaves after coup 4 (net 0) with their bête of 27 in play: they hand 27 to Denis.
    # Coup 5: C takes the poule and the bête: A's seat pays 33 + 27 = 60; coups 6, 7: 6 each.
    # A: 0 - 27 = -27 (their bête paid); Denis: -72 + 27 = -45 (their own stakes 33 + 6 + 6).
    assert by_person(data) == {"A": -27, "B": -9, "C": 81, "Denis": -45}


def test_takes_over_is_refused_at_a_1709_poule_without_the_house_rule():
    data = seed_file()
    data["seat_changes"] = [{"coup": 5, "seat": "B", "player": "Denis", "way": "takes_over"}]
    with pytest.raises(GameError) as refused:
        kinds.load_seated(data)
    assert refused.value.field == "seat_changes[1].way"


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"coup": 0, "seat": "B", "player": "Denis", "way": "plays_for"}, "seat_changes[1].coup"),
        ({"coup": 5, "seat": "Z", "player": "Denis", "way": "plays_for"}, "seat_changes[1].seat"),
        ({"coup": 5, "seat": "B", "player": "C", "way": "plays_for"}, "seat_changes[1].player"),
        ({"coup": 5, "seat": "B", "player": " ", "way": "plays_for"}, "seat_changes[1].player"),
        ({"coup": 5, "seat": "B", "player": "Denis", "way": "sits"}, "seat_changes[1].way"),
        ("Denis", "seat_changes[1]"),
    ],
)
def test_a_wrong_seat_change_is_refused_naming_its_field(change, field):
    data = seed_file()
    data["seat_changes"] = [change]
    with pytest.raises(GameError) as refused:
        kinds.load_seated(data)
    assert refused.value.field == field


def test_a_file_without_seat_changes_writes_as_before():
    data = seed_file()
    game, changes = kinds.load_seated(data)
    assert changes == ()
    assert kinds.dump_seated(game, changes) == kinds.dump_file(game)
    assert "seat_changes" not in kinds.dump_seated(game, changes)


def test_the_team_games_newcomer_shares_his_team_points_from_his_deal():
    data = json.loads((GOLDEN / "brou.game.json").read_text())
    data["seat_changes"] = [{"coup": 3, "seat": "Bruno", "player": "Émile", "way": "takes_over"}]
    game, changes = kinds.load_seated(data)
    kind = kinds.kind_of(game)
    report = kind.replay(game)
    people = person_tally(kind, game, changes, report)
    # Bruno sits at seat 1 (eux): eux's points of deals 1-2 are theirs, Émile's from deal 3 on;
    # Anne and Chloé (nous) and Denis (eux) keep all their team marked. The count is 0-0
    # again after each partie, so a team's points are what it marked deal by deal
    nous = [r.scored[0] for r in report.coups]
    eux = [r.scored[1] for r in report.coups]
    assert people["Bruno"] == sum(eux[:2])
    assert people["Émile"] == sum(eux[2:])
    assert people["Anne"] == people["Chloé"] == sum(nous)
    assert people["Denis"] == sum(eux)


def test_the_replay_report_says_who_sat_from_which_coup():
    data = seed_file()
    data["seat_changes"] = [{"coup": 5, "seat": "B", "player": "Denis", "way": "plays_for"}]
    game, changes = kinds.load_seated(data)
    kind = kinds.kind_of(game)
    keys = seating.report_keys(kind, changes, kind.replay(game))
    assert keys["sittings"][1:3] == [
        {"seat": "B", "player": "B", "from_coup": 1, "to_coup": 4, "way": None, "for": "B"},
        {
            "seat": "B",
            "player": "Denis",
            "from_coup": 5,
            "to_coup": None,
            "way": "plays_for",
            "for": "B",
        },
    ]
    assert keys["by_person"]["Denis"] == 0


@st.composite
def seated_games(draw):
    game = draw(games(systems=("3-2", "3-1", "2-1")))
    from dataclasses import replace

    game = replace(game, rules=replace(game.rules, take_over=True))
    changes = []
    names = iter(["Denis", "Émile", "Fanny", "Gaston"])
    for _ in range(draw(st.integers(0, 3))):
        last = changes[-1].coup if changes else 1
        coup = draw(st.integers(last, len(game.coups) + 1))
        changes.append(
            SeatChange(
                coup, draw(st.integers(0, 2)), next(names), draw(st.sampled_from(seating.WAYS))
            )
        )
    return game, tuple(changes)


@FAST
@given(seated_games())
def test_nets_per_person_sum_to_zero_and_are_the_seats_nets_split_at_each_change(seated):
    game, changes = seated
    kind = kinds.kind_of(game)
    report = replay(game)
    people = person_tally(kind, game, changes, report)
    assert sum(people.values()) == 0
    # by hand: walk the coups; each coup's seat net goes to whoever's money the seat is then;
    # at a take-over the leaver hands over the chips of their open bêtes at that moment
    nets = [(0, 0, 0)] + [r.net for r in report.coups]
    expected = dict.fromkeys(game.players, 0)
    payer = list(game.players)
    for n in range(1, len(game.coups) + 2):
        for change in (c for c in changes if c.coup == n):
            if change.player in someone(game.players, changes):
                expected.setdefault(change.player, 0)
            if change.way == TAKES_OVER:
                open_betes = sum(
                    b.amount
                    for b in replay(game.with_coups(game.coups[: n - 1])).betes
                    if b.owner == change.seat and b.status in ("pending", "in_play")
                )
                expected[payer[change.seat]] -= open_betes
                expected[change.player] += open_betes
                payer[change.seat] = change.player
        if n <= len(game.coups):
            for seat in range(3):
                expected[payer[seat]] += nets[n][seat] - nets[n - 1][seat]
    assert people == expected


@settings(FAST, max_examples=examples(40, 120))
@given(seated_games())
def test_a_file_with_seat_changes_round_trips(seated):
    game, changes = seated
    text = json.dumps(kinds.dump_seated(game, changes), ensure_ascii=False)
    again, read = kinds.load_seated(json.loads(text))
    assert again == game
    assert read == changes
    assert json.dumps(kinds.dump_seated(again, read), ensure_ascii=False) == text


@pytest.mark.parametrize(
    "name",
    [
        "jetons",
        "danois",
        "danois-dlu",
        "brou",
        "manille-classique",
        "manille-belge-4",
        "manille-belge-3",
    ],
)
def test_every_kind_splits_a_seat_taken_over_at_its_change(name):
    data = json.loads((GOLDEN / f"{name}.game.json").read_text())
    seat = data["players"][0]
    data["seat_changes"] = [{"coup": 2, "seat": seat, "player": "Zoé", "way": "takes_over"}]
    game, changes = kinds.load_seated(data)
    kind = kinds.kind_of(game)
    report = kind.replay(game)
    before = kind.replay(game.with_coups(game.coups[:1]))
    first = before.tally
    people = person_tally(kind, game, changes, report)
    # seat 0's side (its own, or team nous): coup 1 for the leaver, coups 2 on for Zoé; a
    # team game marks each coup's points (its count restarts after a partie or a manche);
    # in a pot system the leaver pays their part of the pot once it is won
    # (test_take_over_chips)
    if kind.teams:
        marked = [r.scored[0] for r in report.coups]
        assert (people[seat], people["Zoé"]) == (marked[0], sum(marked[1:]))
    else:
        won = any(getattr(r, "taker", None) is not None for r in report.coups[1:])
        part = before.shares[0] if won else 0  # only the pot systems have a taker
        assert people[seat] == first[0] - part
        assert people["Zoé"] == report.tally[0] - first[0] + part
    if kind.chips:
        assert sum(people.values()) == 0


def test_the_sitter_of_a_seat_is_the_last_to_sit_there_from_that_coup():
    players = ("Anne", "Bruno", "Chloé")
    changes = [
        SeatChange(5, 1, "Denis", "plays_for"),
        SeatChange(7, 1, "Émile", TAKES_OVER),
        SeatChange(7, 0, "Fanny", "plays_for"),
    ]
    # seat 1: Bruno in coups 1–4, Denis in 5–6, Émile from 7; seat 0: Anne until 6, Fanny
    assert [seating.sitter(players, changes, 1, n) for n in (4, 5, 6, 7)] == [
        "Bruno",
        "Denis",
        "Denis",
        "Émile",
    ]
    assert seating.sitter(players, changes, 0, 6) == "Anne"
    assert seating.seated(players, changes, 7) == ("Fanny", "Émile", "Chloé")


def test_a_newcomer_who_took_over_counts_his_caves_from_his_own_net():
    data = seed_file(take_over=True, cave=30)
    data["seat_changes"] = [{"coup": 5, "seat": "A", "player": "Denis", "way": "takes_over"}]
    game, changes = kinds.load_seated(data)
    kind = kinds.kind_of(game)
    report = kind.replay(game)
    nets = person_tally(kind, game, changes, report)
    # A's seat after coups 4-7: 0, -60, -66, -72: with caves of 30 the engine gives the seat
    # 3 (-72 needs 3 × 30 = 90). Denis sat down with A's bête of 27 handed over: 27, then
    # 27 - 60 = -33, -39, -45 (their -45 above): two caves of their own cover it (60 - 45 = 15).
    # A left: they hold no seat. B and C sat from the start: the engine's caves.
    assert report.caves[0] == 3
    assert seating.held_caves(report, changes, nets, 30) == {
        "Denis": 2,
        "B": report.caves[1],
        "C": report.caves[2],
    }


def test_a_newcomer_whose_every_coup_before_was_undone_holds_one_cave():
    """Denis took A's seat after coup 1, which was then undone: no coup played, and their
    change, at coup 2 in the file, has not begun; the seat is still A's, one cave and a
    net of 0 (the game page read the seat's net "before they sat down" from a coup that no
    longer was: a 500)."""
    data = seed_file(take_over=True, cave=30)
    data["coups"] = []
    data["seat_changes"] = [{"coup": 2, "seat": "A", "player": "Denis", "way": "takes_over"}]
    game, changes = kinds.load_seated(data)
    kind = kinds.kind_of(game)
    report = kind.replay(game)
    nets = person_tally(kind, game, changes, report)
    assert nets == {"A": 0, "B": 0, "C": 0, "Denis": 0}
    assert seating.held_caves(report, changes, nets, 30) == {"A": 1, "B": 1, "C": 1}


def test_a_stand_in_whose_coup_was_deleted_sat_for_nothing():
    """B played coup 2 for C, C was back from coup 3; coup 2 deleted: both changes begin at
    coup 2 and B's stretch holds no coup. The who-sat-when lines left them out; each
    person's result listed them at 0, and with it the room, the settlement and the
    command (a play-through). They are no one at this table now."""
    data = seed_file()
    data["seat_changes"] = [
        {"coup": 2, "seat": "C", "player": "Denis", "way": "plays_for"},
        {"coup": 3, "seat": "C", "player": "C", "way": "plays_for"},
    ]
    game, changes = kinds.load_seated(data)
    kind = kinds.kind_of(game)
    gone = seating.after_removal(changes, 2, len(game.coups))
    game = game.with_coups(game.coups[:1] + game.coups[2:])
    assert [c.coup for c in gone] == [2, 2]
    nets = person_tally(kind, game, gone, kind.replay(game))
    assert set(nets) == {"A", "B", "C"}
    assert [s.player for s in seating.sittings(game.players, gone) if s.way] in ([], ["C"])
