"""The club's order, one definition: the members' list, the cash box's pairing and the
largest remainder's ties all read it (clubs/seats.py ``club_order``).

It is by name case-folded as Python folds the whole of Unicode, then member number.
SQLite's ``collate nocase`` folds ASCII only: it listed Straussa before Strauß
("straussa" < "strauß", s before ß), while the rounding gave a tied cent to Strauß
("strauss" < "straussa"): the member the cash box's rule names "first in the club's order"
was not the one first on the club's page.
"""

from __future__ import annotations

from decimal import Decimal

from apps import fresh_database

from scorekeeper import clubs, store
from scorekeeper.clubs.purse import evening_purse
from scorekeeper.clubs.room import room_of
from scorekeeper.db import connect
from scorekeeper.rules.money import Money


def test_the_list_the_pairing_and_the_tied_cent_follow_one_order(tmp_path):
    from test_clubs_computed import seed

    db = connect(fresh_database(tmp_path / "order.sqlite"))
    club_id = clubs.create(db, "Le Cercle", Money(Decimal("0.025"), "EUR"), None)
    club = clubs.club(db, club_id)
    evening = clubs.evening(db, clubs.create_evening(db, club_id, "2026-11-28", "", club.version))
    names = ["anna", "Straussa", "Strauß"]

    def then(d, g):
        return clubs.add_table(d, evening, g, names)

    # the seed's first six coups (docs/rules/hombre.md §10): A −66, B −21, C +87 chips
    store.create(db, seed(*names, coups=6), then=then)
    club = clubs.club(db, club_id)
    listed = [m.name for m in clubs.members(db, club_id)]
    # case-folded: "anna" < "strauss" (Strauß) < "straussa"
    assert listed == ["anna", "Strauß", "Straussa"]
    # at 0.025 €: exact −165, −52.5, +217.5 cents; rounded down −165, −53, +217, one cent
    # short; the remainders 0, ½ (Straussa), ½ (Strauß): the tie to Strauß, first listed
    room = room_of(db, evening, club)
    by_name = {room.members[m].name: m for m in room.members}
    assert [room.members[m].name for m in room.order()] == listed
    purse = evening_purse(db, club, evening)
    assert purse is not None
    assert {room.members[m].name: c for m, c in purse.result.items()} == {
        "anna": -165,
        "Straussa": -53,
        "Strauß": 218,
    }
    assert purse.order == [by_name[n] for n in listed]
    # the pairing reads the same order: both debtors pay Strauß, anna first
    assert [(room.members[s.payer].name, s.amount) for s in purse.suggestions] == [
        ("anna", 165),
        ("Straussa", 53),
    ]
