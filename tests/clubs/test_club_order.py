"""The club's order, one definition: the members' list reads it (clubs/seats.py
``club_order``); the largest remainder's ties and the cash box's pairing are by member number
(``tie_order``, ``pay_order``: a rename moved a cent by name, test_money_ties_by_number.py,
and reshuffled who pays whom, test_pairing_by_number.py).

It is by name in Unicode's root collation (names.order_key, the same for every reader),
then member number. SQLite's ``collate nocase`` folds ASCII only: it listed Straussa
before Strauß ("straussa" < "strauß", s before ß), while the rounding gave a tied cent to
Strauß; and a ``casefold`` key put Éva after Frida (é after z) while the page listed her
first: the member the cash box's rule names "first in the club's order" was not the one
first on the club's page.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from apps import fresh_database

from scorekeeper import clubs, store
from scorekeeper.clubs.purse import evening_purse
from scorekeeper.clubs.room import room_of
from scorekeeper.db import connect
from scorekeeper.rules.money import Money


@pytest.mark.parametrize(
    ("names", "listed", "money"),
    [
        # Strauß reads as Strauss, before Straussa (SQLite's nocase put ß after s)
        (["anna", "Straussa", "Strauß"], ["anna", "Strauß", "Straussa"], (-165, -52, 217)),
        # Éva among the E's, before Frida (a casefold key put é after z)
        (["anna", "Frida", "Éva Durand"], ["anna", "Éva Durand", "Frida"], (-165, -52, 217)),
    ],
)
def test_the_list_the_pairing_and_the_tied_cent_follow_one_order(tmp_path, names, listed, money):
    from test_clubs_computed import seed

    db = connect(fresh_database(tmp_path / "order.sqlite"))
    club_id = clubs.create(db, "Le Cercle", Money(Decimal("0.025"), "EUR"), None)
    club = clubs.club(db, club_id)
    evening = clubs.evening(db, clubs.create_evening(db, club_id, "2026-11-28", "", club.version))

    def then(d, g):
        return clubs.add_table(d, evening, g, names)

    # the seed's first six coups (docs/rules/hombre.md §10): A −66, B −21, C +87 chips
    store.create(db, seed(*names, coups=6), then=then)
    club = clubs.club(db, club_id)
    assert [m.name for m in clubs.members(db, club_id)] == listed
    # at 0.025 €: exact −165, −52.5, +217.5 cents; rounded down −165, −53, +217, one cent
    # short; the remainders 0, ½ (seat B), ½ (seat C): the tie to B, member 2 (seated and
    # so numbered before C, member 3), though C is first in the list: no rename moves it
    room = room_of(db, evening, club)
    by_name = {room.members[m].name: m for m in room.members}
    assert [room.members[m].name for m in room.tables[0].order()] == names  # by number
    purse = evening_purse(db, club, evening)
    assert purse is not None
    assert {room.members[m].name: c for m, c in purse.result.items()} == dict(
        zip(names, money, strict=True)
    )
    assert purse.order == [by_name[n] for n in names]  # by number, as seated: no rename moves it
    # the pairing reads that order: both debtors pay C, anna (member 1) first
    assert [(room.members[s.payer].name, s.amount) for s in purse.suggestions] == [
        ("anna", 165),
        (names[1], 52),
    ]
