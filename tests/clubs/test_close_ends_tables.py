"""Closing an evening ends its tables still playing as *We stop here* would (store/stops.py
``with_evening``; docs/rules.md, "A table that stops here"): the money it posts never leaves a
1709 bête open and unpaid.

The play-through of 2026-11-29 closed an evening whose l'Hombre table still held Anne's
bête of 27: the close posted her −45 chips, while *We stop here* on the same table gave her
−63 (her bête shared, 9 to each other player). The evening's money hung on whether the
manager had stopped the table before closing, and the closed table's settlement said both
"Final" and "27 — pending, played until none is left".

The seed's first four coups (docs/rules.md's worked stop, 3-2, 3 chips a mark): A's bête
of 27 is in play, B's 72 and 108 are pending, and no chip has moved. Ended: A pays 27 / 3 = 9
to B and to C; B pays 72 / 3 + 108 / 3 = 24 + 36 = 60 to A and to C. Nets A +42, B −111,
C +69; at 5 cents a chip +210, −555, +345 cents.
"""

from __future__ import annotations

from test_clubs import club_version, new_club, new_evening
from test_clubs_computed import club_with_evening, seed, table

from scorekeeper import clubs, store
from scorekeeper.clubs import accounts, closing
from scorekeeper.clubs.season import season_rows

ENDED = {"Anne": 210, "Bruno": -555, "Chloé": 345}
"""The seed's four coups ended, in cents at 5 cents a chip (module docstring)."""


def test_closing_ends_the_tables_and_reopening_plays_on_only_those_it_ended(db):
    club, evening = club_with_evening(db)
    playing = table(db, evening, seed("Anne", "Bruno", "Chloé", coups=4))
    stopped = table(db, evening, seed("Denis", "Eve", "Fanny", coups=4))
    store.stop(db, stopped)  # its manager's "We stop here", before the close
    ids = {m.name: m.id for m in clubs.members(db, club.id)}
    assert closing.amounts(db, club, evening) == {  # open: the stopped table's only
        ids["Denis"]: 210,
        ids["Eve"]: -555,
        ids["Fanny"]: 345,
    }
    found = clubs.club(db, club.id)
    assert found is not None
    assert closing.close(db, found, evening, found.version) == closing.Closed(6, again=False)
    posted = {ids[n]: c for n, c in ENDED.items()}
    posted |= {ids["Denis"]: 210, ids["Eve"]: -555, ids["Fanny"]: 345}
    assert accounts.accounts(db, club.id).balances() == posted
    assert store.load(db, playing).stopped and store.load(db, playing).replay().finished
    found = clubs.club(db, club.id)
    assert found is not None
    season = {r.member.id: r for r in season_rows(db, found, evening.date, evening.date)}
    assert {m: r.cents for m, r in season.items()} == posted
    assert season[ids["Bruno"]].net == -111 and season[ids["Anne"]].net == 42
    # reopened: the table the close ended plays on; the one its manager stopped stays so
    closing.reopen(db, found, evening, found.version)
    assert not store.load(db, playing).stopped and store.load(db, stopped).stopped
    assert closing.amounts(db, found, evening).get(ids["Anne"], 0) == 0  # open: as it stands
    found = clubs.club(db, club.id)
    assert found is not None
    # the same end: no change
    assert closing.close(db, found, evening, found.version) == closing.Closed(0, again=True)
    assert accounts.accounts(db, club.id).balances() == posted


def test_an_evening_is_not_closed_while_someone_waits_to_sit_down(client, app):
    """Dora plays for Bruno from the next coup: the table cannot end before it (she would sit
    at a game over). The close is refused, naming the table and her, and nothing changes."""
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-27")
    game = seed_start(client, evening, 2)
    seat = {"seat": "1", "player": "Dora", "way": "plays_for"}
    assert client.post(game + "/seat", data=seat).status_code == 302
    closed = {"version": club_version(app), "confirmed": "1"}
    page = client.post(f"/evenings/{evening}/close", data=closed, follow_redirects=True)
    said = " ".join(page.data.decode().split())
    assert "Table 1: Dora sits down for the next coup: take the seat back first" in said
    assert "The evening is closed" not in said
    db = store_of(app)
    game_id = int(game.rstrip("/").rsplit("/", 1)[1])
    assert not store.closings.closed(db, evening) and not store.load(db, game_id).stopped
    assert accounts.accounts(db, club).entries == []


def seed_start(client, evening: int, coups: int) -> str:
    """An l'Hombre table of the evening (Anne, Bruno, Chloé) with the seed's first ``coups``
    entered through its page: its address."""
    from test_clubs import _hombre
    from web import SEED_COUPS, enter

    data = {"player0": "Anne", "player1": "Bruno", "player2": "Chloé"}
    answer = client.post(f"/games/new?evening={evening}", data={**_hombre(), **data})
    assert answer.status_code == 302, answer.data.decode()[-1500:]
    game = answer.headers["Location"]
    for line in SEED_COUPS[:coups]:
        assert enter(client, game, line).status_code in (200, 302)
    return game


def store_of(app):
    from scorekeeper.db import connect

    return connect(app.config["DATABASE"])
