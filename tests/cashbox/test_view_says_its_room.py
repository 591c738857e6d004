"""An evening not closed is settled on its room: the plain cash box and the evening's view say
it from one fact (fix30a).

The plain cash box says "An evening not closed is settled on its room…" (``#pending``) above
its balances, which leave such an evening out; the view of one evening (``?evening=``) drew
the same balances and never said it, even of an evening closed and then reopened, because it
asked whether the page listed open rooms of its own, and a view lists none. Both now ask
``open_rooms.settled_on_rooms``: an evening they speak of is not closed, something of it
left on its room (the rooms' *left*), the plain page of every evening, a view of its own.

The club's chip is worth 0.25 €; its evening plays the seed's first six coups (as
test_paid_then_reopened): Anne −66, Bruno −21, Chloé +87 chips, −16.50, −5.25 and +21.75 €
on the room while it is open. Closing stops the table as "We stop here" (Bruno's pending
bête of 72 shared): Anne −42, Bruno −69, Chloé +111 chips, −10.50, −17.25, +27.75 € posted.
"""

from __future__ import annotations

from test_close_keeps_paid import balances
from test_clubs import new_evening
from test_one_purse_web import suggestions
from test_paid_then_reopened import club_at_a_quarter, six_coups, step

DAY = "2026-11-30"
SAID = "An evening not closed is settled on its room"


def says(page: str) -> bool:
    """Whether the page says an evening not closed is settled on its room."""
    found = 'id="pending"' in page
    assert found == (SAID in page)  # the sentence is the paragraph's, nowhere else
    return found


def test_closed_reopened_and_closed_again_both_views_say_it_or_neither(client, app):
    club = club_at_a_quarter(client)
    evening = new_evening(client, app, club, DAY)
    six_coups(client, evening)
    plain, view = f"/clubs/{club}/cash", f"/clubs/{club}/cash?evening={evening}"

    def both() -> tuple[bool, bool]:
        return says(client.get(plain).data.decode()), says(client.get(view).data.decode())

    # open: Anne [0, 1650) and Bruno [1650, 2175) against Chloé [0, 2175), on the room only;
    # nothing posted, so the balances above are nobody's on either view
    assert both() == (True, True)
    shown = client.get(view).data.decode()
    assert suggestions(shown) == [("Anne", "Chloé", "16.50"), ("Bruno", "Chloé", "5.25")]
    assert balances(shown) == balances(client.get(plain).data.decode()) == {}

    step(client, app, evening, "close")
    # closed: posted, in the balances, where the box asks it: neither view says it
    assert both() == (False, False)
    assert balances(client.get(view).data.decode()) == {
        "Anne": "−10.50", "Bruno": "−17.25", "Chloé": "+27.75",
    }  # fmt: skip

    step(client, app, evening, "reopen")
    # reopened (nothing paid): the room is back at −16.50, −5.25, +21.75 and each balance
    # (the close's −10.50, −17.25, +27.75 with its change, −6.00, +12.00, −6.00, provisional)
    # less what is left on the room (the same) is nil: both views say where it is settled
    assert both() == (True, True)
    for page in (plain, view):
        assert balances(client.get(page).data.decode()) == {}
    assert suggestions(client.get(view).data.decode()) == [
        ("Anne", "Chloé", "16.50"), ("Bruno", "Chloé", "5.25"),
    ]  # fmt: skip

    step(client, app, evening, "close")
    # closed again, nothing changed: posted again as before, neither says it
    assert both() == (False, False)


def test_a_view_says_it_of_its_own_evening_only(client, app):
    """Two evenings, the first closed, the second open: the plain page says it (the second
    is not closed, something left on its room), the second's view too, the first's not —
    its result is posted, in the balances it shows."""
    club = club_at_a_quarter(client)
    first = new_evening(client, app, club, DAY)
    six_coups(client, first)
    step(client, app, first, "close")
    second = new_evening(client, app, club, "2026-12-01")
    six_coups(client, second)
    assert says(client.get(f"/clubs/{club}/cash").data.decode())
    assert says(client.get(f"/clubs/{club}/cash?evening={second}").data.decode())
    closed = client.get(f"/clubs/{club}/cash?evening={first}").data.decode()
    assert not says(closed)
    # the first's view: its posted results are the balances (−10.50, −17.25, +27.75), the
    # second's open −16.50, −5.25, +21.75 on its room, apart
    assert balances(closed) == {"Anne": "−10.50", "Bruno": "−17.25", "Chloé": "+27.75"}
