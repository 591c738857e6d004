"""The seat page says, before the manager chooses, what a leaver hands over if someone takes
their seat over: their open bêtes, and the net they leave with (a play-through: Denis left a table
of four at −9 on the standing and was −105 once Émile had taken their seat over — their bête of 96,
made in their coup 3, went with them — while the page had only said "each keeps what he won or
lost").

The seed's worked example (hombre.md §10; docs/rules.md, "Someone takes a seat"): after coup 4
no chip has moved, Anne's bête of 27 is in play and Bruno's 72 and 108 are pending.
"""

import json

from test_take_seat import seed_until, take
from web import report


def taking_over_allowed(client, game):
    data = json.loads(client.get(game + "/game.json").data)
    data["rules"]["take_over"] = True
    response = client.post("/games/import", data={"text": json.dumps(data)})
    assert response.status_code == 302
    return response.headers["Location"]


def test_the_seat_page_says_what_each_leaver_would_hand_over_and_leave_with(client):
    game = taking_over_allowed(client, seed_until(client, 4))
    page = client.get(game + "/seat").get_data(as_text=True)
    # Anne: net 0, her bête 27 handed over: 0 − 27 = −27
    assert (
        "If someone takes over the seat of Anne, Anne hands over the open bêtes, 27 chips:"
        " −27 on leaving." in page
    )
    # Bruno: net 0, their bêtes 72 + 108 = 180 handed over: 0 − 180 = −180
    assert (
        "If someone takes over the seat of Bruno, Bruno hands over the open bêtes, 180 chips:"
        " −180 on leaving." in page
    )
    assert "the seat of Chloé" not in page  # no bête of hers is open: nothing to hand over
    # and what the page said is what the take-over does
    assert take(client, game, "1", "Denis", "takes_over").status_code == 302
    assert report(client, game)["by_person"]["Bruno"] == -180


def test_in_french_the_seat_is_elided_and_nothing_is_said_where_nobody_may_take_over(client):
    game = taking_over_allowed(client, seed_until(client, 4))
    page = client.get(game + "/seat", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert (
        "Si quelqu’un reprend la place d’Anne, Anne remet ses bêtes ouvertes, 27 jetons\u202f:"
        " −27 en partant." in page
    )
    # the 1709 rules without the house rule: a newcomer only plays for them, nothing is handed
    plain = seed_until(client, 4)
    assert "hands over the open bêtes" not in client.get(plain + "/seat").get_data(as_text=True)
