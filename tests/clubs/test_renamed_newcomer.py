"""A newcomer who took a seat at a club table stays the member he was when he is renamed
(found by review10, 2026-11-30; NOT FIXED: strict xfail, a reproducer for the lead).

A newcomer's member is not kept anywhere: ``seats.person_members`` looks him up by the
name he sat down under (``meant``) each time the room is read. Rename him on the member
form (docs/guide-organisers.md: a rename changes a member's name on the club's pages) and
the lookup fails, so the room falls back to the seats' members and bills the whole seat to
the member who left it; make a new member under the old name and he is paid the
newcomer's money. The fix needs the newcomer's member kept when he sits down (a row the
undo of the seat change removes, on the club's facts), not a lookup by name.
"""

from __future__ import annotations

import pytest
from test_clubs_computed import club_with_evening
from test_take_seat_club import seated_table

from scorekeeper import clubs
from scorekeeper.clubs.room import room_of
from scorekeeper.clubs.seats import add_member, rename
from scorekeeper.rules.seating import TAKES_OVER


def _nets(db, club_id: int, evening) -> dict[str, int]:
    room = room_of(db, evening, clubs.club(db, club_id))
    return {room.members[m].name: n for m, n in room.nets.items()}


@pytest.mark.xfail(strict=True, reason="a newcomer's member is looked up by name (review10)")
def test_a_renamed_newcomer_keeps_his_money_and_a_new_namesake_gets_none(db):
    club, evening = club_with_evening(db)
    seated_table(db, evening, TAKES_OVER)  # Denis takes over Bruno's seat from coup 5
    # docs/rules.md "Someone takes a seat", the seed: Bruno 0 − 180 (his bêtes 72 + 108
    # handed over) = −180; Denis −9 + 180 = +171; Anne −72; Chloé +81 (sum 0)
    said = {"Anne": -72, "Bruno": -180, "Chloé": 81, "Denis": 171}
    assert _nets(db, club.id, evening) == said
    denis = next(m.id for m in clubs.members(db, club.id) if m.name == "Denis")
    rename(db, club.id, denis, "Denis Maes", "", clubs.club(db, club.id).version)
    # the same money under his new name; it read Bruno −9 (the seat's tally) and no Denis
    renamed = {"Anne": -72, "Bruno": -180, "Chloé": 81, "Denis Maes": 171}
    assert _nets(db, club.id, evening) == renamed
    # another Denis, who never sat there, joins the club: it read him +171
    add_member(db, club.id, "Denis", "", clubs.club(db, club.id).version)
    assert _nets(db, club.id, evening) == renamed
