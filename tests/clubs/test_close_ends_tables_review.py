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


def close_and_reopen(db, club_id: int, evening) -> None:
    found = _club(db, club_id)
    closing.close(db, found, evening, found.version)
    found = _club(db, club_id)
    closing.reopen(db, found, evening, found.version)


def test_the_stops_and_reopenings_in_every_order_and_verify(db):
    club, evening = club_with_evening(db)
    game = table(db, evening, seed("Anne", "Bruno", "Chloé", coups=4))
    # stopped by its manager, closed, reopened: stays stopped
    store.stop(db, game)
    close_and_reopen(db, club.id, evening)
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
    close_and_reopen(db, club.id, evening)
    assert store.load(db, game).stopped
    outcome = verify(db)
    assert not outcome.faults, outcome.faults


def test_the_close_question_says_what_ending_each_table_does(client, app):
    """The close ends a table still playing as *We stop here* does: its question says what
    that does to each player, as the stop's own question does (templates/stop.html).

    The seed's first four coups (docs/rules.md's worked stop, 3-2): no chip has moved, 0
    each. Ended, A pays 27 / 3 = 9 to B and to C; B pays 72 / 3 + 108 / 3 = 60 to A and to
    C: Anne 60 − 2 × 9 = +42, Bruno 9 − 2 × 60 = −111, Chloé 9 + 60 = +69."""
    from test_close_ends_tables import seed_start
    from test_clubs import new_club, new_evening

    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-27")
    seed_start(client, evening, 4)
    page = client.get(f"/evenings/{evening}/close").data.decode()
    start = page.index('id="ends-1"')
    said = " ".join(page[start : page.index("</ul>", start)].split())
    for name, after in (("Anne", "+42"), ("Bruno", "−111"), ("Chloé", "+69")):
        assert f"{name} 0 → <b>{after}</b>" in said, said


def _taken_over(db, evening, way):
    """The seed's first two coups; Denis sits at Bruno's seat (``way``) from coup 3; coups
    3 and 4 played: the bêtes of coups 3-4 are open when the table ends."""
    from scorekeeper.clubs.seats import newcomer_seated

    full = seed("Anne", "Bruno", "Chloé", coups=4)
    game_id = table(db, evening, seed("Anne", "Bruno", "Chloé", coups=2))
    store.take_seat(db, game_id, 1, "Denis", way, then=newcomer_seated)
    for coup in full.coups[2:]:
        store.add_coup(db, game_id, coup)
    return game_id


def test_a_taken_seat_ends_with_the_evening_as_with_we_stop_here(db):
    """Who pays a seat's shared bêtes (Denis plays for Bruno from coup 3; the seed's 1709
    rules let nobody take over a seat's money): the same person, by the same figure, whether
    its manager stops the table or the evening's close ends it (two evenings, one table
    each, the same coups and seat change)."""
    club, first = club_with_evening(db, "2026-11-01")
    found = _club(db, club.id)
    second_id = clubs.create_evening(db, club.id, "2026-11-02", "", found.version)
    second = clubs.evening(db, second_id)
    assert second is not None
    stopped = _taken_over(db, first, "plays_for")
    closed = _taken_over(db, second, "plays_for")
    store.stop(db, stopped)
    found = _club(db, club.id)
    by_stop = closing.amounts(db, found, first)
    closing.close(db, found, second, found.version)
    found = _club(db, club.id)
    assert store.load(db, closed).stopped
    by_close = closing.result(db, found, second)
    assert by_close == by_stop and by_stop and sum(by_stop.values()) == 0


def test_a_refused_close_leaves_every_table_as_it_was(db):
    """Table 1 still playing, table 2 with Denis waiting to sit down: the close is refused
    at table 2, and table 1, which it had stopped first, plays on (one transaction)."""
    import pytest

    from scorekeeper.clubs.seats import newcomer_seated
    from scorekeeper.rules.errors import GameError

    club, evening = club_with_evening(db)
    first = table(db, evening, seed("Anne", "Bruno", "Chloé", coups=4))
    second = table(db, evening, seed("Eve", "Fanny", "Gilles", coups=2))
    store.take_seat(db, second, 1, "Denis", "plays_for", then=newcomer_seated)
    versions = {g: store.load(db, g).version for g in (first, second)}
    found = _club(db, club.id)
    with pytest.raises(GameError):
        closing.close(db, found, evening, found.version)
    assert not store.closings.closed(db, evening.id)
    assert {g: store.load(db, g).version for g in (first, second)} == versions
    assert not store.load(db, first).stopped
    assert _club(db, club.id).version == found.version
    assert not verify(db).faults


def test_the_close_question_names_the_table_that_would_refuse_it(client, app):
    """Dora plays for Bruno from the next coup: the close would be refused (store/stops.py
    ``evening_refusal``); its question says so before the manager confirms, not after."""
    from test_clubs import _hombre, new_club, new_evening
    from web import SEED_COUPS, enter

    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-27")
    data = {"player0": "Anne", "player1": "Bruno", "player2": "Chloé"}
    answer = client.post(f"/games/new?evening={evening}", data={**_hombre(), **data})
    game = answer.headers["Location"]
    for line in SEED_COUPS[:2]:
        assert enter(client, game, line).status_code in (200, 302)
    seat = {"seat": "1", "player": "Dora", "way": "plays_for"}
    assert client.post(game + "/seat", data=seat).status_code == 302
    page = " ".join(client.get(f"/evenings/{evening}/close").data.decode().split())
    assert "Table 1: Dora sits down for the next coup: take the seat back first" in page
    assert 'id="ends-1"' not in page
