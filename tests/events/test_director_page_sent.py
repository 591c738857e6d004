"""The director's page as a phone on a club's Wi-Fi gets it, at a championship's size.

Played on 2026-11-30 (helper play10, 544 manillen players at 136 tables, served by
``scorekeeper serve`` with no proxy): the page was sent as drawn, 552 kB (327 kB of them
the 136 tables' hidden QR codes), at every reload that follows each of the director's
actions; gzipped it is 91 kB. And locking table 97 brought the phone back to the top of
the round, 96 cards above the one just locked.
"""

from __future__ import annotations

from test_events import new_event, post


def _drawn(app, client):
    new_event(client, kind="manillen", seating="pairs", method="win_pct")
    names = "\n".join(f"Player {n:02d}" for n in range(1, 17))  # 16 players: 4 tables
    assert post(client, app, "players", names=names).status_code == 302
    assert post(client, app, "draw").status_code == 302


def test_a_lock_brings_the_director_back_to_the_table_locked(app):
    client = app.test_client()
    _drawn(app, client)
    locked = post(client, app, "lock", round="1", table="3")
    assert locked.status_code == 302
    assert locked.headers["Location"].endswith("/events/1#table-3")
    unlocked = post(client, app, "lock", round="1", table="3", unlock="y")
    assert unlocked.status_code == 302
    assert unlocked.headers["Location"].endswith("/events/1#table-3")
