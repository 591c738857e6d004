"""Which day a stored time falls on has one home (``clock.day_of``): the server's local day,
the calendar ``clock.today`` dates a new evening by.

The pages once showed a stored UTC time by its UTC date (``value[:10]``) and a club's
competition dated its round's evening by UTC's (``now()[:10]``), while an evening made on
the club's page took the server's date: at 23:30 UTC in a UTC+1 club, a table made that
minute read as the 27th, its evening as the 28th.
"""

from __future__ import annotations

import sqlite3
import time
from datetime import UTC, datetime

import pytest
from test_clubs import new_club
from web import NEW_GAME

from scorekeeper import clock

AT = datetime(2026, 11, 27, 23, 30, tzinfo=UTC)
"""23:30 UTC on the 27th: 00:30 on the 28th in a UTC+1 zone."""


@pytest.fixture
def plus_one(monkeypatch):
    """The server in a UTC+1 zone with no summer time (POSIX ``CET-1``), its clock at
    ``AT``; the zone is set back for the next test of this process."""

    class Moved(datetime):
        @classmethod
        def now(cls, tz=None):  # type: ignore[override]
            return AT if tz is None else AT.astimezone(tz)

    monkeypatch.setenv("TZ", "CET-1")
    time.tzset()
    monkeypatch.setattr(clock, "datetime", Moved)
    yield
    monkeypatch.undo()
    time.tzset()


def test_a_time_near_midnight_is_the_local_day_everywhere(plus_one, client, app):
    assert clock.now() == "2026-11-27T23:30:00+00:00"  # stored in UTC, as ever
    assert clock.today() == "2026-11-28"  # 23:30 + 1 h = 00:30 on the 28th
    assert clock.day_of(clock.now()) == clock.today()
    assert clock.day_of("2026-11-27T23:30:00") == "2026-11-28"  # no offset: UTC too
    assert clock.day_of("2026-11-27T22:59:59+00:00") == "2026-11-27"  # 23:59:59 local

    # A table made at that moment: the home page and its settlement say the 28th.
    made = client.post("/games/new", data=NEW_GAME)
    assert made.status_code == 302
    game = made.headers["Location"]
    home = client.get("/").text
    assert "Nov 28, 2026" in home and "Nov 27, 2026" not in home
    assert "11/28/26, 12:30" in home  # its last change, in the same zone (00:30 local)
    settlement = client.get(game + "/settlement").text
    assert "Game of November 28, 2026" in settlement

    # A club's new evening (its form's default) and a club competition's round: the 28th.
    club = new_club(client)
    assert 'value="2026-11-28"' in client.get(f"/clubs/{club}").text
    event = {"name": "Club cup", "kind": "hombre", "seating": "3", "format": "individual"}
    event |= {"method": "total", "rounds": "1", "deals": "", "clock": ""}
    response = client.post(f"/events/new?club={club}", data=event)
    assert response.status_code == 302, response.text[-800:]
    event_id = int(response.headers["Location"].rsplit("/", 1)[1])
    names = "Anne\nBruno\nChloé"
    data = {"version": _event_version(app, event_id), "names": names}
    assert client.post(f"/events/{event_id}/players", data=data).status_code == 302
    data = {"version": _event_version(app, event_id)}
    assert client.post(f"/events/{event_id}/draw", data=data).status_code == 302
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        days = conn.execute("select date from evenings where club_id = ?", [club]).fetchall()
    assert days == [("2026-11-28",)]
    page = client.get(f"/clubs/{club}").text
    assert page.count("November 28, 2026") == 2  # the competition's day and its evening's
    assert "November 27, 2026" not in page


def _event_version(app, event_id: int) -> str:
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        return str(
            conn.execute("select version from events where id = ?", [event_id]).fetchone()[0]
        )


def test_a_time_the_zone_cannot_move_is_shown_as_stored(plus_one, client, app):
    """The last instant a datetime holds, 9999-12-31T23:59:59 UTC, has no UTC+1 time: moved
    to the server's zone (``clock.local``) it was an OverflowError, not the ValueError the
    filters fall back on, and a game's row retyped so (an old or mended database) was a 500
    on the home page, where UTC's own dates are always shown."""
    made = client.post("/games/new", data=NEW_GAME)
    assert made.status_code == 302
    last = "9999-12-31T23:59:59+00:00"
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        conn.execute("update games set created_at = ?, updated_at = ?", [last, last])
    home = client.get("/")
    assert home.status_code == 200
    assert "Dec 31, 9999" in home.text  # its day as stored: no local day to say
    assert last in home.text  # its last change as stored
    with pytest.raises(ValueError):
        clock.day_of(last)
