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

