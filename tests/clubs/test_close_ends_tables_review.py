"""Hostile review of the evening's close ending its tables (store/stops.py ``with_evening``)."""

from __future__ import annotations

from test_clubs_computed import club_with_evening, seed, table

from scorekeeper import clubs, store
from scorekeeper.clubs import closing
from scorekeeper.store.audit import verify


def _club(db, club_id):
    found = clubs.club(db, club_id)
    assert found is not None
    return found


def test_the_stops_and_reopenings_in_every_order_and_verify(db):
    club, evening = club_with_evening(db)
    game = table(db, evening, seed("Anne", "Bruno", "Chloé", coups=4))
    # stopped by its manager, closed, reopened: stays stopped
    store.stop(db, game)
    found = _club(db, club.id)
    closing.close(db, found, evening, found.version)
    found = _club(db, club.id)
    closing.reopen(db, found, evening, found.version)
    assert store.load(db, game).stopped
    # its manager takes the stop back; closed: stopped by the close; reopened: plays on
    store.resume(db, game)
    found = _club(db, club.id)
    closing.close(db, found, evening, found.version)
    assert store.load(db, game).stopped
    found = _club(db, club.id)
    closing.reopen(db, found, evening, found.version)
    assert not store.load(db, game).stopped
    # stopped by its manager now, closed and reopened: stays stopped
    store.stop(db, game)
    found = _club(db, club.id)
    closing.close(db, found, evening, found.version)
    found = _club(db, club.id)
    closing.reopen(db, found, evening, found.version)
    assert store.load(db, game).stopped
    outcome = verify(db)
    assert not outcome.faults, outcome.faults


def test_the_close_question_says_what_ending_each_table_does(client, app):
    """The close ends a table still playing as *We stop here* does: its question says what
    that does to each player, as the stop's own question does (templates/stop.html).

    The seed's first four coups (docs/rules.md's worked stop, 3-2): no chip has moved, 0
    each. Ended, A pays 27 / 3 = 9 to B and to C; B pays 72 / 3 + 108 / 3 = 60 to A and to
    C: Anne 60 − 2 × 9 = +42, Bruno 9 − 2 × 60 = −111, Chloé 9 + 60 = +69."""
    from test_clubs import _hombre, new_club, new_evening
    from web import SEED_COUPS, enter

    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-27")
    data = {"player0": "Anne", "player1": "Bruno", "player2": "Chloé"}
    answer = client.post(f"/games/new?evening={evening}", data={**_hombre(), **data})
    assert answer.status_code == 302, answer.data.decode()[-1500:]
    game = answer.headers["Location"]
    for line in SEED_COUPS[:4]:
        assert enter(client, game, line).status_code in (200, 302)
    page = client.get(f"/evenings/{evening}/close").data.decode()
    start = page.index('id="ends-1"')
    said = " ".join(page[start : page.index("</ul>", start)].split())
    for name, after in (("Anne", "+42"), ("Bruno", "−111"), ("Chloé", "+69")):
        assert f"{name} 0 → <b>{after}</b>" in said, said
