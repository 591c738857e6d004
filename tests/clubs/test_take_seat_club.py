"""A club table where someone took over a seat: the club bills both members (issue 35, pt 6).

The seed's worked example (hombre.md §10) at a club evening, the house rule
``take_over`` on; Denis takes over Bruno's seat for coups 5–7. docs/rules.md
("Someone takes a seat"): Bruno 0 − 180 (their bêtes 72 + 108 handed over) =
−180; Denis −9 + 180 = +171; Anne −72; Chloé +81.
"""

from __future__ import annotations

import pytest
from test_clubs_computed import club_with_evening, seed

from scorekeeper import clubs, store
from scorekeeper.clubs.closing import amounts, close
from scorekeeper.clubs.room import room_of
from scorekeeper.clubs.season import season_rows
from scorekeeper.clubs.seats import newcomer_seated
from scorekeeper.rules.kinds import load_file
from scorekeeper.rules.seating import PLAYS_FOR, TAKES_OVER


def seated_table(db, evening, way, seat=1):
    """The seed at a club table that lets a newcomer take over; Denis sits at ``seat`` (Bruno's
    by default) from coup 5, the ``way`` given, and the seed's coups 5 to 7 are played."""
    full = seed("Anne", "Bruno", "Chloé")
    rules = {**full.rules.to_mapping(), "take_over": True}
    first = load_file(
        {
            "format": "scorekeeper-game/1",
            "game": "hombre",
            "players": list(full.players),
            "rules": rules,
            "coups": [],
        }
    )
    game = first.with_coups(full.coups[:4])
    players = list(game.players)
    game_id = store.create(
        db, game, then=lambda db, gid: clubs.add_table(db, evening, gid, players)
    )
    store.take_seat(db, game_id, seat, "Denis", way, then=newcomer_seated)
    for coup in full.coups[4:]:
        store.add_coup(db, game_id, coup)
    return game_id


def test_the_room_and_the_cash_box_bill_both_members_of_a_seat_taken_over(db):
    club, evening = club_with_evening(db)
    seated_table(db, evening, TAKES_OVER)
    room = room_of(db, evening, club)
    by_name = {room.members[m].name: n for m, n in room.nets.items()}
    assert by_name == {"Anne": -72, "Bruno": -180, "Chloé": 81, "Denis": 171}
    pays = [(room.members[p.payer].name, room.members[p.payee].name, p.amount) for p in room.pays]
    # by name: Anne −72, Bruno −180, Chloé +81, Denis +171: Bruno → Denis 171,
    # Anne → Chloé 72, Bruno → Chloé 9
    assert sorted(pays) == [("Anne", "Chloé", 72), ("Bruno", "Chloé", 9), ("Bruno", "Denis", 171)]
    # the cash box posts each member's net at 0.05 € a chip: 171 × 5 = 855 cents for Denis
    cents = {room.members[m].name: c for m, c in amounts(db, club, evening).items()}
    assert cents == {"Anne": -360, "Bruno": -900, "Chloé": 405, "Denis": 855}
    rows = {r.member.name: r for r in season_rows(db, club, "0000-01-01", "9999-12-31")}
    assert {name: r.net for name, r in rows.items()} == by_name
    # Denis played coups 5-7 (3 coups, hombre twice: coups 6 and 7), Bruno coups 1-4
    assert (rows["Denis"].coups, rows["Bruno"].coups) == (3, 4)
    assert all(r.won - r.lost == r.net for r in rows.values())


def test_a_newcomer_who_plays_for_him_leaves_the_money_with_the_absent_member(db):
    club, evening = club_with_evening(db)
    seated_table(db, evening, PLAYS_FOR)
    room = room_of(db, evening, club)
    by_name = {room.members[m].name: n for m, n in room.nets.items()}
    assert by_name == {"Anne": -72, "Bruno": -9, "Chloé": 81, "Denis": 0}


def test_a_closed_evenings_table_takes_no_newcomer(db):
    club, evening = club_with_evening(db)
    game_id = seated_table(db, evening, PLAYS_FOR)
    found = clubs.club(db, club.id)
    assert found is not None
    close(db, found, evening, found.version)
    with pytest.raises(store.Closed):
        store.take_seat(db, game_id, 0, "Émile", PLAYS_FOR)
    assert len(store.load(db, game_id).seat_changes) == 1


def test_who_only_played_for_an_absent_member_has_no_table_in_the_season(db):
    """Denis played coups 5–7 for Bruno: the money and the coups were Bruno's (they are billed
    −9, docs/rules.md), so the season counts the table, its 7 coups and its evening for
    Bruno, and none for Denis — as the ratings, which rank only those staked. (A player
    who played one deal for an absent member at a Manille table was given a table of 0
    points, their average lowered by a deal that was not theirs.)"""
    club, evening = club_with_evening(db)
    seated_table(db, evening, PLAYS_FOR)
    rows = {r.member.name: r for r in season_rows(db, club, "0000-01-01", "9999-12-31")}
    assert "Denis" not in rows
    assert (rows["Bruno"].coups, rows["Bruno"].net, rows["Bruno"].evenings) == (7, -9, 1)


def test_the_season_counts_a_leavers_stake_as_his_loss_not_the_newcomers_win(db):
    """Denis takes over Anne's seat from coup 5 (docs/rules.md: Anne hands over her bête of
    27, −27; Denis −72 + 27 = −45). In coup 5 the seat pays Chloé the poule 33 and Anne's
    bête 27, which was Anne's: Denis lost 33 + 6 + 6 = 45 of their own (coups 6, 7: 6 each)
    and won nothing; Anne lost her 27. The season gave Denis won 27, lost 72 (brief "seats",
    point 1). Its net is each one's money: the room's chips, the cash box's cents (5 a chip).
    """
    club, evening = club_with_evening(db)
    seated_table(db, evening, TAKES_OVER, seat=0)  # Denis takes over Anne's seat
    room = room_of(db, evening, club)
    nets = {room.members[m].name: n for m, n in room.nets.items()}
    assert nets == {"Anne": -27, "Bruno": -9, "Chloé": 81, "Denis": -45}
    cents = {room.members[m].name: c for m, c in amounts(db, club, evening).items()}
    assert cents == {"Anne": -135, "Bruno": -45, "Chloé": 405, "Denis": -225}
    rows = {r.member.name: r for r in season_rows(db, club, "0000-01-01", "9999-12-31")}
    assert {n: (r.won, r.lost, r.net, r.cents) for n, r in rows.items()} == {
        "Anne": (0, 27, -27, -135),
        "Bruno": (24, 33, -9, -45),  # the seed's seat B: coups 6, 7 +12 each, coup 5 −33
        "Chloé": (93, 12, 81, 405),  # coup 5: 33 + 33 + 27; coups 6, 7: −6 each
        "Denis": (0, 45, -45, -225),
    }


def test_the_evenings_fee_is_checked_for_who_sat_the_money_stays_the_absent_members(db):
    """Whose evening is a stand-in's (brief "seats", point 2; docs/rules.md, "Plays for
    the absent player"). Denis plays for Bruno from coup 5: the money and the coups are
    Bruno's (−9, 7 coups, their evening in the season, as the ratings), the room lists Denis
    at 0, and both sat at the table: the cash box's fee form checks both for the evening's
    fee, as it checks everyone who came."""
    club, evening = club_with_evening(db)
    seated_table(db, evening, PLAYS_FOR)
    room = room_of(db, evening, club)
    assert {room.members[m].name for m in room.players()} == {"Anne", "Bruno", "Chloé", "Denis"}


def test_an_absent_member_played_for_from_the_first_coup_is_not_checked_for_the_fee(db):
    """Denis plays for Bruno from coup 1: Bruno never came. Their money is at the table (the
    seed's seat B: −9) and the season counts its coups and evening for them, their record;
    the evening's fee is for who came: Anne, Chloé and Denis, not Bruno (the fee form
    checked Bruno, who was not there)."""
    club, evening = club_with_evening(db)
    full = seed("Anne", "Bruno", "Chloé")
    game = full.with_coups(())
    players = list(game.players)
    game_id = store.create(
        db, game, then=lambda db, gid: clubs.add_table(db, evening, gid, players)
    )
    store.take_seat(db, game_id, 1, "Denis", PLAYS_FOR, then=newcomer_seated)
    for coup in full.coups:
        store.add_coup(db, game_id, coup)
    room = room_of(db, evening, club)
    assert {room.members[m].name for m in room.players()} == {"Anne", "Chloé", "Denis"}
    assert {room.members[m].name: n for m, n in room.nets.items()} == {
        "Anne": -72,
        "Bruno": -9,
        "Chloé": 81,
        "Denis": 0,
    }
    rows = {r.member.name: r for r in season_rows(db, club, "0000-01-01", "9999-12-31")}
    assert "Denis" not in rows
    assert (rows["Bruno"].coups, rows["Bruno"].net, rows["Bruno"].evenings) == (7, -9, 1)


def test_a_newcomer_typed_two_ways_on_one_evening_is_one_member(db):
    """Brief "seats", point 4: "Hélène" takes over Bruno's seat at table 1, "helene " and
    "HÉLÈNE" sit down at tables 2 and 3 the same evening: one member, as the names rule
    has it (case, accents and spaces aside, ``names.clash``), her three tables hers: the
    seed with Denis's figures (docs/rules.md) three times, −9 + 180 = +171 each: 513.
    "Hélène Martin" is another name: another member, never merged by the server."""
    club, evening = club_with_evening(db)
    full = seed("Anne", "Bruno", "Chloé")
    rules = {**full.rules.to_mapping(), "take_over": True}
    first = load_file(
        {
            "format": "scorekeeper-game/1",
            "game": "hombre",
            "players": list(full.players),
            "rules": rules,
            "coups": [],
        }
    )
    game = first.with_coups(full.coups[:4])
    players = list(game.players)
    for typed in ("Hélène", "helene ", "HÉLÈNE", "Hélène Martin"):
        game_id = store.create(
            db, game, then=lambda db, gid: clubs.add_table(db, evening, gid, players)
        )
        store.take_seat(db, game_id, 1, typed, TAKES_OVER, then=newcomer_seated)
        for coup in full.coups[4:]:
            store.add_coup(db, game_id, coup)
    room = room_of(db, evening, club)
    nets = {room.members[m].name: n for m, n in room.nets.items()}
    # four tables: Anne 4 × −72, Bruno 4 × −180, Chloé 4 × 81; Hélène 3 × 171, her
    # namesake Hélène Martin 171
    assert nets == {
        "Anne": -288,
        "Bruno": -720,
        "Chloé": 324,
        "Hélène": 513,
        "Hélène Martin": 171,
    }
