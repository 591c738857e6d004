"""A newcomer who took a seat at a club table stays the member they were when they are renamed
(found by review10, 2026-11-30).

A newcomer's member was kept nowhere: ``seats.person_members`` looked them up by the name they
sat down under (``meant``) each time the room was read. Renamed on the member form
(docs/guide-organisers.md: a rename changes a member's name on the club's pages), they were
nobody: the room fell back to the seats' members and billed their whole seat to the member
who left it; a new member under their old name was then paid the newcomer's money. Their
member is kept with the seat change now (``seats.taken_seat``), as a seat's is.
"""

from __future__ import annotations

import re
import sqlite3

from notation import SEED
from test_clubs import club_version
from test_clubs_computed import club_with_evening, seed
from test_points_table_who_sat import table_with_newcomer
from test_take_seat_club import seated_table

from scorekeeper import clubs, store
from scorekeeper.clubs.room import room_of
from scorekeeper.clubs.seats import add_member, newcomer_seated, rename
from scorekeeper.rules.kinds import load_file
from scorekeeper.rules.seating import TAKES_OVER
from scorekeeper.store.audit import verify


def _nets(db, club_id: int, evening) -> dict[str, int]:
    room = room_of(db, evening, clubs.club(db, club_id))
    return {room.members[m].name: n for m, n in room.nets.items()}


def test_a_renamed_newcomer_keeps_his_money_and_a_new_namesake_gets_none(db):
    club, evening = club_with_evening(db)
    seated_table(db, evening, TAKES_OVER)  # Denis takes over Bruno's seat from coup 5
    # docs/rules.md "Someone takes a seat", the seed: Bruno 0 − 180 (their bêtes 72 + 108
    # handed over) = −180; Denis −9 + 180 = +171; Anne −72; Chloé +81 (sum 0)
    said = {"Anne": -72, "Bruno": -180, "Chloé": 81, "Denis": 171}
    assert _nets(db, club.id, evening) == said
    denis = next(m.id for m in clubs.members(db, club.id) if m.name == "Denis")
    rename(db, club.id, denis, "Denis Maes", "", clubs.club(db, club.id).version)
    # the same money under their new name; it read Bruno −9 (the seat's tally) and no Denis
    renamed = {"Anne": -72, "Bruno": -180, "Chloé": 81, "Denis Maes": 171}
    assert _nets(db, club.id, evening) == renamed
    # another Denis, who never sat there, joins the club: it read them +171
    add_member(db, club.id, "Denis", "", clubs.club(db, club.id).version)
    assert _nets(db, club.id, evening) == renamed
    assert not verify(db).faults  # the kept member is a fact on the club's log


def test_a_renamed_newcomer_is_named_anew_in_his_points_tables_teams_line(client, app):
    """The evening's points table names each member as they are now (play12): a newcomer who
    took a seat too, where their member was found by name only before the rename."""
    club, evening, _game = table_with_newcomer(client, app)  # Nous: Anne & Chloé
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        eve = conn.execute("select id from members where name = 'Eve'").fetchone()[0]
    data = {"name": "Eve Kok", "short_name": "", "version": club_version(app)}
    assert client.post(f"/clubs/{club}/members/{eve}", data=data).status_code == 302
    page = client.get(f"/evenings/{evening}").data.decode()
    assert "Eux: Eve Kok &amp; Denis" in page  # it read "Eux: Eve &amp; Denis"
    assert re.search(r"Eux: Eve &amp;", page) is None


def test_a_renamed_newcomer_who_comes_back_is_no_second_member(db):
    """Denis takes Bruno's seat over, is renamed Denis Maes, leaves it to Eve and comes back
    to it (found by review11): their comeback's member was looked up by the name they sat under,
    which no member has any more, and a second member "Denis" was made, who never played a
    coup, beside the one whose money it is."""
    club, evening = club_with_evening(db)
    full = seed("Anne", "Bruno", "Chloé")
    rules = {**full.rules.to_mapping(), "take_over": True}
    first = load_file({**SEED, "players": list(full.players), "rules": rules, "coups": []})
    players = list(first.players)
    add = lambda db, game_id: clubs.add_table(db, evening, game_id, players)  # noqa: E731
    game_id = store.create(db, first.with_coups(full.coups[:4]), then=add)
    store.take_seat(db, game_id, 1, "Denis", TAKES_OVER, then=newcomer_seated)
    store.add_coup(db, game_id, full.coups[4])
    denis = next(m.id for m in clubs.members(db, club.id) if m.name == "Denis")
    rename(db, club.id, denis, "Denis Maes", "", clubs.club(db, club.id).version)
    store.take_seat(db, game_id, 1, "Eve", TAKES_OVER, then=newcomer_seated)
    store.add_coup(db, game_id, full.coups[5])
    store.take_seat(db, game_id, 1, "Denis", TAKES_OVER, then=newcomer_seated)  # back
    store.add_coup(db, game_id, full.coups[6])
    names = [m.name for m in clubs.members(db, club.id)]
    assert names == ["Anne", "Bruno", "Chloé", "Denis Maes", "Eve"]  # it made a "Denis" too
    nets = _nets(db, club.id, evening)
    # each person of the table is their member, once; the seed's three seats sum to 0
    assert set(nets) == {"Anne", "Bruno", "Chloé", "Denis Maes", "Eve"}
    assert sum(nets.values()) == 0
    assert (nets["Anne"], nets["Chloé"]) == (-72, 81)  # their seats' tallies (seed §10)
    assert not verify(db).faults
