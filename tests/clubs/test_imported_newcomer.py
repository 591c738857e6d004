"""A game file imported as a club evening's table, someone taking a seat in it: the club
bills the newcomer as it bills one who sat down at the table (found by review11, 2026-11-30).

``clubs.add_table`` linked the file's players to members and nothing else: the file's
newcomer was made no member and kept no ``seats`` row of seat −p (``seats.taken_seat``),
so ``person_members`` found nobody of their name and the room, the season and the cash box
fell back to the seats' members: their whole stretch billed to the member who left the seat.
"""

from __future__ import annotations

import json

from notation import SEED
from test_clubs import new_club, new_evening

from scorekeeper import clubs
from scorekeeper.clubs.room import room_of
from scorekeeper.db import get_db
from scorekeeper.store.audit import verify

NAMES = {"A": "Anne", "B": "Bruno", "C": "Chloé"}


def seed_played(players: list[str] | None = None) -> dict[str, object]:
    """The seed (hombre.md §10) played by ``players`` (its A, B, C; Anne, Bruno, Chloé): its
    coups name them."""
    names = dict(zip("ABC", players or list(NAMES.values()), strict=True))
    coups = []
    for item in SEED["coups"]:
        item = dict(item)
        if "hombre" in item:
            item["hombre"] = names[item["hombre"]]
            item["tricks"] = {names[k]: v for k, v in item["tricks"].items()}
        coups.append(item)
    return {**SEED, "players": list(names.values()), "coups": coups}


def seed_file(
    players: list[str] | None = None, seat: str = "Bruno", newcomer: str = "Denis"
) -> dict[str, object]:
    """The seed played by ``players`` (``seed_played``), the house rule ``take_over`` on,
    ``newcomer`` taking over the seat of ``seat`` from coup 5 (the file names a seat by its
    player): Denis takes over Bruno's."""
    played = seed_played(players)
    return {
        **played,
        "rules": {**SEED["rules"], "take_over": True},
        "seat_changes": [{"coup": 5, "seat": seat, "player": newcomer, "way": "takes_over"}],
    }


def _nets(app, club: int, evening: int) -> dict[str, int]:
    with app.app_context():
        db = get_db()
        found = clubs.evening(db, evening)
        assert found is not None
        room = room_of(db, found, clubs.club(db, club))
        return {room.members[m].name: n for m, n in room.nets.items()}


def test_an_imported_newcomer_is_billed_as_one_who_sat_down(client, app):
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-03")
    text = json.dumps(seed_file(), ensure_ascii=False)
    answer = client.post(f"/games/import?evening={evening}", data={"text": text})
    assert answer.status_code == 302
    # docs/rules.md "Someone takes a seat", the seed: Bruno 0 − 180 (their bêtes 72 + 108
    # handed over) = −180; Denis −9 + 180 = +171; Anne −72; Chloé +81 (sum 0). It read
    # Bruno −9 (the seat's whole tally) and no Denis.
    said = {"Anne": -72, "Bruno": -180, "Chloé": 81, "Denis": 171}
    assert _nets(app, club, evening) == said
    with app.app_context():
        denis = next(m for m in clubs.members(get_db(), club) if m.name == "Denis")
        version = str(clubs.club(get_db(), club).version)
    data = {"name": "Denis Maes", "short_name": "", "version": version}
    assert client.post(f"/clubs/{club}/members/{denis.id}", data=data).status_code == 302
    renamed = {"Anne": -72, "Bruno": -180, "Chloé": 81, "Denis Maes": 171}
    assert _nets(app, club, evening) == renamed  # their member renamed: the same money
    with app.app_context():
        assert not verify(get_db()).faults  # the newcomer's member is on the club's log
