"""The tie-break rule and its words in the event's count (play18, a Dutch manillen
championship): they said "jetons of punten" / "jetons ou points" in a game with no chips.
The event's kind says whether it counts chips or points (``kind.chips``); never a tag."""

from __future__ import annotations

from flask_babel import force_locale
from test_events import new_event

from scorekeeper.events.ranking import Line
from scorekeeper.web.events.words import tie_breaks


def test_a_manillen_event_says_points_and_a_hombre_event_chips(client, app):
    new_event(client, kind="manillen", seating="pairs", method="total")
    page = client.get("/events/1").text
    # manillen counts points (its kind has no chips): no "chips" in its tie-break rule
    assert "then the points scored there" in page
    assert "chips or points scored" not in page and "chips won" not in page
    with app.test_request_context(), force_locale("nl"):
        # two lines level on figure and wins, apart on the tables' count (raw 30 > 12)
        ahead = Line(1, False, "Anne", 2, (2,), 0, 1, 30)
        behind = Line(2, False, "Bert", 2, (2,), 0, 1, 12)
        assert tie_breaks([ahead, behind], chips=False) == ["voor op punten", ""]
        assert tie_breaks([ahead, behind], chips=True) == ["voor op jetons", ""]
    with app.test_request_context(), force_locale("fr"):
        assert tie_breaks([ahead, behind], chips=False) == ["devant aux points", ""]


def test_a_hombre_event_says_chips(client, app):
    new_event(client, kind="hombre", seating="3", method="total")
    page = client.get("/events/1").text
    assert "then the chips won there" in page and "points scored there" not in page
